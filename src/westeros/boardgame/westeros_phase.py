"""The Westeros phase (R3.2–R3.4), the Westeros cards (R3.4) and Game of Thrones (R3.8).

``WesterosPhase`` advances the round, reveals the three cards (Winter Is Coming at once,
R3.3), moves the wildling threat (R3.2.3), then pushes one :class:`ResolveWesterosCard` per
card, in deck order; each resolves completely, is discarded (R3.2.5) and checks for a win.

Every card's text is one entry of :data:`WESTEROS_TEXTS`, keyed by the card's base id (the
data row in ``data/westeros_cards.json`` gives its name, deck, copies, wildling icon, chooser
and options). A chooser card (R3.4.1) resolves as the option its chooser picked: the entry the
option names (``supply``, ``mustering``, ``clash_of_kings``, ``game_of_thrones``) or one of the
option entries below (``no_defense``, ``no_march_plus1``, ``nothing``). Adding a card is one data
row plus one ``@westeros_text`` entry. A Feast for Crows' deck I (X-AFFC-3) keeps its texts in
:mod:`westeros.boardgame.westeros_cards_affc`, registered here.

The entries of other phases' effects import their steps when they run (those modules import
this one's neighbours, and tests stand in for them).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame import victory
from westeros.boardgame.bidding import ClashOfKings
from westeros.boardgame.mustering import MusteringRound
from westeros.boardgame.state import BoardGame
from westeros.boardgame.supply import UpdateSupply
from westeros.boardgame.westeros_cards_affc import AFFC_TEXTS
from westeros.boardgame.westeros_cards_mod import MOD_TEXTS
from westeros.boardgame.wildlings import WildlingAttack
from westeros.engine import Choice, Decision, Step

# R3.4.1 the dominance token naming a card's chooser -> the track that carries it
CHOOSER_TRACK = {
    "iron_throne": "iron_throne",
    "messenger_raven": "kings_court",
    "valyrian_steel_blade": "fiefdoms",
}
CHOOSER_NAME = {
    "iron_throne": "Iron Throne",
    "messenger_raven": "Messenger Raven",
    "valyrian_steel_blade": "Valyrian Steel Blade",
}

# (game, the chooser's option or None) -> the steps that carry out the rest
Resolve = Callable[[BoardGame, str | None], list[Step]]


# ------------------------------------------------------------------------------------------
# the card texts (R3.4)
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WesterosText:
    """What a Westeros card (or a chooser card's option) does.

    ``resolve(g, option)`` applies an immediate effect and returns the steps that carry out
    the rest (``option``: what a chooser card's chooser picked, R3.4.1);
    ``barred``: the order tokens a restriction bars this round (R3.4); ``reshuffle``: the card
    never resolves, its deck is shuffled when it is revealed (Winter Is Coming, R3.3).
    """

    resolve: Resolve
    barred: frozenset[str] = frozenset()
    reshuffle: bool = False


WESTEROS_TEXTS: dict[str, WesterosText] = {}


def westeros_text(*ids: str) -> Callable[[Resolve], Resolve]:
    """Register a function as the text of the cards (or options) ``ids``."""

    def register(resolve: Resolve) -> Resolve:
        for base_id in ids:
            assert base_id not in WESTEROS_TEXTS, base_id
            WESTEROS_TEXTS[base_id] = WesterosText(resolve)
        return resolve

    return register


def _restriction(base_id: str, *tokens: str) -> None:
    """R3.4 / R3.2.6: a card (or option) that bars order tokens in this round's Planning."""
    barred = frozenset(tokens)
    WESTEROS_TEXTS[base_id] = WesterosText(lambda g, _: restrict(g, barred), barred)


def _never_resolved(g: BoardGame, option: str | None) -> list[Step]:  # pragma: no cover
    raise AssertionError("Winter Is Coming is replaced when revealed (R3.3)")


@westeros_text("supply")
def _supply(g: BoardGame, option: str | None) -> list[Step]:
    """R3.5: update the supply track, then reconcile."""
    return [UpdateSupply()]


@westeros_text("mustering")
def _mustering(g: BoardGame, option: str | None) -> list[Step]:
    """R3.6: every house musters in turn order."""
    return [MusteringRound()]


@westeros_text("clash_of_kings")
def _clash_of_kings(g: BoardGame, option: str | None) -> list[Step]:
    """R3.7: the three auctions."""
    return [ClashOfKings()]


@westeros_text("game_of_thrones")
def _game_of_thrones(g: BoardGame, option: str | None) -> list[Step]:
    """R3.8: power income."""
    game_of_thrones(g)
    return []


@westeros_text("wildlings_attack")
def _wildlings_attack(g: BoardGame, option: str | None) -> list[Step]:
    """R3.4: the wildlings attack at the current threat, even at 0 (F34)."""
    g.emit(E.WILDLINGS_ATTACK_CARD(strength=g.wildling_threat))
    return [WildlingAttack(g.wildling_threat)]


@westeros_text("last_days_of_summer", "nothing")
def _nothing(g: BoardGame, option: str | None) -> list[Step]:
    """Last Days of Summer, and the option ``nothing`` of the chooser cards."""
    g.emit(E.WESTEROS_NOTHING())
    return []


@westeros_text(
    "a_throne_of_blades", "dark_wings_dark_words", "put_to_the_sword", "the_burden_of_power"
)
def _chosen_option(g: BoardGame, option: str | None) -> list[Step]:
    """D2–D4: A Throne of Blades, Dark Wings Dark Words, Put to the Sword (and The Burden of
    Power, X-AFFC-D3) resolve as the option their chooser picked for everybody."""
    assert option is not None
    return WESTEROS_TEXTS[option].resolve(g, None)


_restriction("sea_of_storms", "raid", "raid*")
_restriction("rains_of_autumn", "march+1*")
_restriction("feast_for_crows", "consolidate", "consolidate*")
_restriction("web_of_lies", "support+0", "support+1*")
_restriction("storm_of_swords", "defense+1", "defense+2*")
_restriction("no_defense", "defense+1", "defense+2*")  # Put to the Sword (D4)
_restriction("no_march_plus1", "march+1*")  # Put to the Sword (D4)
WESTEROS_TEXTS["winter_is_coming"] = WesterosText(_never_resolved, reshuffle=True)  # R3.3
for _base_id, _resolve in AFFC_TEXTS.items():  # A Feast for Crows' deck I (X-AFFC-3)
    westeros_text(_base_id)(_resolve)
for _base_id, _resolve in MOD_TEXTS.items():  # Mother of Dragons' deck IV (X-MOD-7.4)
    westeros_text(_base_id)(_resolve)


def text_of(card: str) -> WesterosText:
    """The entry of a Westeros card id (``"I:supply"``)."""
    return WESTEROS_TEXTS[T.WESTEROS_CARD_BY_ID[card].base_id]


def option_text(option: str) -> str:
    """``Supply``, ``no Defense orders``, ``nothing``: a chooser option as players read it."""
    return E.westeros_option_text(option, WESTEROS_TEXTS[option].barred)


# ------------------------------------------------------------------------------------------
# revealing (R3.2.2, R3.3)
# ------------------------------------------------------------------------------------------


def reveal(g: BoardGame, deck: int) -> str:
    """R3.2.2 / R3.3: take the top card of a deck; Winter Is Coming is shuffled back with the
    deck and its discard pile (F31) and a new card revealed, as often as needed (R3.3.2)."""
    while True:
        pile = g.westeros_decks[deck]
        if not pile:  # cannot happen in a 10-round game; keep the game going regardless
            pile = g.rng.shuffled(g.westeros_discards[deck])
            g.westeros_discards[deck] = ()
        card, rest = pile[0], pile[1:]
        g.westeros_decks[deck] = rest
        g.emit(E.WESTEROS_REVEALED(deck=deck, card=card))
        if not text_of(card).reshuffle:
            return card
        # R3.3.1 (errata E9): deck + discard pile + Winter Is Coming itself
        g.westeros_decks[deck] = g.rng.shuffled((*rest, *g.westeros_discards[deck], card))
        g.westeros_discards[deck] = ()
        g.emit(E.WINTER_IS_COMING(deck=deck, card=card))


# ------------------------------------------------------------------------------------------
# Game of Thrones (R3.8) and restrictions (R3.4)
# ------------------------------------------------------------------------------------------


def trade_ports(g: BoardGame, house: str) -> list[str]:
    """R8.6: ports the house controls holding its ships, with no enemy ship in their sea."""
    out = []
    for area in g.map.area_ids:
        info = g.map.areas[area]
        if info.kind != "port" or g.controller(area) != house or g.owner(area) != house:
            continue
        assert info.port_sea is not None
        if g.owner(info.port_sea) in (None, house):
            out.append(area)
    return out


def power_income(g: BoardGame, house: str) -> int:
    """R3.8.1: crowns of the controlled land areas plus one per trading port (R8.6)."""
    crowns = sum(g.map.areas[a].power for a in g.controlled_areas(house) if g.map.areas[a].is_land)
    return crowns + len(trade_ports(g, house))


def game_of_thrones(g: BoardGame) -> None:
    """R3.8: every house collects its power income, capped by the Pool, in turn order."""
    for house in g.turn_order():
        income = power_income(g, house)
        gained = g.gain_power(house, income)
        g.emit(E.POWER_COLLECTED(house=house, income=income, gained=gained, power=g.power[house]))


def restrict(g: BoardGame, barred: frozenset[str]) -> list[Step]:
    """R3.4 / R3.2.6: bar order tokens in this round's Planning phase."""
    g.restrictions = g.restrictions | barred
    g.emit(E.WESTEROS_RESTRICTION(barred=sorted(barred)))
    return []


# ------------------------------------------------------------------------------------------
# the phase (R3.2)
# ------------------------------------------------------------------------------------------


class WesterosPhase(Step):
    """R3.2.1–R3.2.3: round marker, reveal (R3.3), wildling threat; then the cards in order."""

    def run(self, g: BoardGame) -> None:
        g.phase = "westeros"
        g.round += 1  # R3.2.1
        g.emit(E.WESTEROS_PHASE(round=g.round))
        cards = tuple(reveal(g, deck) for deck in sorted(g.westeros_decks))  # R3.2.2, X-MOD-7.3
        g.last_westeros_cards = cards
        steps: list[Step] = []
        icons = sum(1 for c in cards if T.WESTEROS_CARD_BY_ID[c].wildling_icon)
        if icons:  # R3.2.3 (F32: a Winter Is Coming replacement counts too)
            before = g.wildling_threat
            g.wildling_threat = min(T.WILDLING_MAX, before + T.WILDLING_STEP * icons)
            g.emit(E.WILDLING_ICONS(icons=icons, before=before, after=g.wildling_threat))
            if g.wildling_threat >= T.WILDLING_MAX:  # stop counting, attack at once (R4.2 a)
                g.emit(E.THREAT_MAXED(threat=g.wildling_threat))
                steps.append(WildlingAttack(g.wildling_threat))
        steps += [ResolveWesterosCard(c) for c in cards]  # R3.2.4 in the order I, II, III (IV)
        g.push(*steps)


class ResolveWesterosCard(Step):
    """R3.2.4–R3.2.5: resolve one card completely, discard it, check for a win (R9.2).

    ``stage`` is ``"effect"`` then ``"done"`` (the card's sub-steps have finished);
    ``choice`` is the chooser's option (D2–D4) once made.
    """

    def __init__(self, card: str, stage: str = "effect", choice: str | None = None) -> None:
        self.card = card
        self.stage = stage
        self.choice = choice

    def decisions(self, g: BoardGame) -> list[Decision]:
        info = T.WESTEROS_CARD_BY_ID[self.card]
        if self.stage != "effect" or info.chooser is None or self.choice is not None:
            return []
        holder = g.holder(CHOOSER_TRACK[info.chooser])  # R3.4.1 holder when the card resolves
        options = ", ".join(option_text(o) for o in info.options)
        return [
            D.WESTEROS_CHOICE.ask(
                g.seat_of(holder),
                f"{T.house_name(holder)} ({CHOOSER_NAME[info.chooser]}): {info.name} — "
                f"choose for everybody: {options}",
                info.options,
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        info = T.WESTEROS_CARD_BY_ID[self.card]
        if self.stage == "done":
            pile = g.westeros_discards.get(info.deck, ())
            g.westeros_discards[info.deck] = (*pile, self.card)  # R3.2.5
            victory.check_win(g)
            return
        g.emit(E.WESTEROS_RESOLVING(card=self.card))
        if info.chooser is not None:  # D2–D4
            assert self.choice is not None
            holder = g.holder(CHOOSER_TRACK[info.chooser])
            barred = sorted(WESTEROS_TEXTS[self.choice].barred)
            g.emit(
                E.WESTEROS_CHOSEN(house=holder, card=self.card, option=self.choice, barred=barred)
            )
        self.stage = "done"
        g.push(*WESTEROS_TEXTS[info.base_id].resolve(g, self.choice), self)

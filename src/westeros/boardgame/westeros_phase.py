"""The Westeros phase (R3.2–R3.4) and Game of Thrones (R3.8).

``WesterosPhase`` advances the round, reveals the three cards (Winter Is Coming at once,
R3.3), moves the wildling threat (R3.2.3), then pushes one :class:`ResolveWesterosCard` per
card, in deck order; each resolves completely, is discarded (R3.2.5) and checks for a win.
"""

from __future__ import annotations

from westeros.boardgame import tables as T
from westeros.boardgame import victory
from westeros.boardgame.state import BoardGame
from westeros.engine import Choice, Decision, Step

WINTER_IS_COMING = "winter_is_coming"

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

# R3.4 planning restrictions: base card id (or Put to the Sword option) -> barred token ids
RESTRICTIONS: dict[str, frozenset[str]] = {
    "sea_of_storms": frozenset({"raid", "raid*"}),
    "rains_of_autumn": frozenset({"march+1*"}),
    "feast_for_crows": frozenset({"consolidate", "consolidate*"}),
    "web_of_lies": frozenset({"support+0", "support+1*"}),
    "storm_of_swords": frozenset({"defense+1", "defense+2*"}),
    "no_defense": frozenset({"defense+1", "defense+2*"}),
    "no_march_plus1": frozenset({"march+1*"}),
}

OPTION_NAMES = {
    "supply": "Supply",
    "mustering": "Mustering",
    "clash_of_kings": "Clash of Kings",
    "game_of_thrones": "Game of Thrones",
    "no_defense": "no Defense orders",
    "no_march_plus1": "no March +1 order",
    "nothing": "nothing",
}
RESTRICTION_NAMES = {
    "sea_of_storms": "no Raid orders",
    "rains_of_autumn": "no March +1 order",
    "feast_for_crows": "no Consolidate Power orders",
    "web_of_lies": "no Support orders",
    "storm_of_swords": "no Defense orders",
    "no_defense": "no Defense orders",
    "no_march_plus1": "no March +1 order",
}


def card_name(card_id: str) -> str:
    card = T.WESTEROS_CARD_BY_ID[card_id]
    return f"{card.name} ({card_id.split(':')[0]})"


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
        g.say(f"Westeros deck {deck}: {card_name(card)} is revealed")
        if T.WESTEROS_CARD_BY_ID[card].base_id != WINTER_IS_COMING:
            return card
        # R3.3.1 (errata E9): deck + discard pile + Winter Is Coming itself
        g.westeros_decks[deck] = g.rng.shuffled((*rest, *g.westeros_discards[deck], card))
        g.westeros_discards[deck] = ()
        g.say(
            f"Winter Is Coming: Westeros deck {deck} is shuffled with its discard pile "
            "and a new card is revealed"
        )


def trade_ports(g: BoardGame, house: str) -> list[str]:
    """R8.6: ports the house controls holding its ships, with no enemy ship in their sea."""
    out = []
    for area in T.AREA_IDS:
        info = T.AREAS[area]
        if info.kind != "port" or g.controller(area) != house or g.owner(area) != house:
            continue
        assert info.port_sea is not None
        if g.owner(info.port_sea) in (None, house):
            out.append(area)
    return out


def power_income(g: BoardGame, house: str) -> int:
    """R3.8.1: crowns of the controlled land areas plus one per trading port (R8.6)."""
    crowns = sum(T.AREAS[a].power for a in g.controlled_areas(house) if T.AREAS[a].is_land)
    return crowns + len(trade_ports(g, house))


def game_of_thrones(g: BoardGame) -> None:
    """R3.8: every house collects its power income, capped by the Pool, in turn order."""
    for house in g.turn_order():
        income = power_income(g, house)
        gained = g.gain_power(house, income)
        capped = f" (the Pool holds only {gained})" if gained < income else ""
        g.say(
            f"Game of Thrones: {T.house_name(house)} collects {gained} power{capped}, "
            f"now {g.power[house]} available"
        )


def restrict(g: BoardGame, key: str) -> None:
    """R3.4 / R3.2.6: bar order tokens in this round's Planning phase."""
    g.restrictions = g.restrictions | RESTRICTIONS[key]
    g.say(f"This round {RESTRICTION_NAMES[key]} may be placed")


class WesterosPhase(Step):
    """R3.2.1–R3.2.3: round marker, reveal (R3.3), wildling threat; then the cards in order."""

    def run(self, g: BoardGame) -> None:
        g.phase = "westeros"
        g.round += 1  # R3.2.1
        g.say(f"Round {g.round}: Westeros phase")
        cards = tuple(reveal(g, deck) for deck in (1, 2, 3))  # R3.2.2
        g.last_westeros_cards = cards
        steps: list[Step] = []
        icons = sum(1 for c in cards if T.WESTEROS_CARD_BY_ID[c].wildling_icon)
        if icons:  # R3.2.3 (F32: a Winter Is Coming replacement counts too)
            before = g.wildling_threat
            g.wildling_threat = min(T.WILDLING_MAX, before + T.WILDLING_STEP * icons)
            g.say(
                f"{icons} wildling icon{'s' if icons > 1 else ''}: the wildling threat goes "
                f"from {before} to {g.wildling_threat}"
            )
            if g.wildling_threat >= T.WILDLING_MAX:  # stop counting, attack at once (R4.2 a)
                from westeros.boardgame.wildlings import WildlingAttack

                g.say(f"The wildling threat reaches {T.WILDLING_MAX}: the wildlings attack")
                steps.append(WildlingAttack(g.wildling_threat))
        steps += [ResolveWesterosCard(c) for c in cards]  # R3.2.4 in the order I, II, III
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
        options = ", ".join(OPTION_NAMES[o] for o in info.options)
        return [
            Decision(
                g.seat_of(holder),
                "westeros_choice",
                f"{T.house_name(holder)} ({CHOOSER_NAME[info.chooser]}): {info.name} — "
                f"choose for everybody: {options}",
                info.options,
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.stage == "done":
            deck = T.WESTEROS_CARD_BY_ID[self.card].deck
            g.westeros_discards[deck] = (*g.westeros_discards[deck], self.card)  # R3.2.5
            victory.check_win(g)
            return
        info = T.WESTEROS_CARD_BY_ID[self.card]
        g.say(f"Resolving {card_name(self.card)}")
        effect = info.base_id
        if info.chooser is not None:
            assert self.choice is not None
            holder = g.holder(CHOOSER_TRACK[info.chooser])
            g.say(f"{T.house_name(holder)} chooses {OPTION_NAMES[self.choice]}")
            effect = self.choice
        self.stage = "done"
        g.push(*self.effect_steps(g, effect), self)

    def effect_steps(self, g: BoardGame, effect: str) -> list[Step]:
        """Apply an immediate effect, or return the steps that carry it out."""
        if effect == "supply":
            from westeros.boardgame.supply import UpdateSupply

            return [UpdateSupply()]
        if effect == "mustering":
            from westeros.boardgame.mustering import MusteringRound

            return [MusteringRound()]
        if effect == "clash_of_kings":
            from westeros.boardgame.bidding import ClashOfKings

            return [ClashOfKings()]
        if effect == "game_of_thrones":
            game_of_thrones(g)
        elif effect == "wildlings_attack":  # even at threat 0 (F34)
            from westeros.boardgame.wildlings import WildlingAttack

            g.say(f"The wildlings attack with strength {g.wildling_threat}")
            return [WildlingAttack(g.wildling_threat)]
        elif effect in RESTRICTIONS:
            restrict(g, effect)
        elif effect in ("nothing", "last_days_of_summer"):
            g.say("Nothing happens")
        else:  # pragma: no cover - the catalogue is closed
            raise AssertionError(f"unknown Westeros effect {effect!r}")
        return []

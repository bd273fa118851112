"""The 42 base house cards' texts (R7.5, R7.12): one :class:`Ability` per card with text,
registered by card id in :data:`ABILITIES`, grouped by house. A card without text has none. The
A Dance with Dragons cards register theirs in :mod:`westeros.boardgame.house_cards_adwd`, with
the windows of X1.1 (``before_resolution``, ``final_strength_override`` with ``overrides``);
Mother of Dragons' in :mod:`westeros.boardgame.house_cards_mod`.

A combat (:mod:`westeros.boardgame.combat`) asks a card's ability at each timing window of
R7.5.2; inside one window the two sides resolve in turn order (FAQ). The hooks of an ability,
in the order a combat meets them:

1. ``cancel`` — Tyrion (D18 ``tyrion``: ``"cancel"``/``"keep"``);
2. ``immediately`` — Aeron (``aeron``: ``"pass"`` or a card id), Doran (``doran``: a track id),
   Mace (``mace``: ``"footman"``/``"routed_footman"``, asked only when it matters), Queen of
   Thorns (``queen_of_thorns``: an area id; mandatory);
3. continuous modifiers, applied whenever strength is computed: ``units`` (Kevan, Victarion,
   Salladhor; in turn order, F10), ``stats`` (Stannis, Davos, Theon, Asha, Nymeria),
   ``opponent_stats`` (Balon) and ``order_bonus`` (Catelyn);
4. ``outcome`` — Tywin, Renly (``renly``: an area id, ``"<area>:routed"`` or ``"pass"``),
   Cersei (``cersei``: an area id or ``"pass"``), Roose;
5. casualties, retreat, move-in — ``prevents_casualties`` (Blackfish), ``chooses_retreat``
   (Robb), ``blocks_move_in`` (Arianne); ``after_casualties``, once the casualties are taken,
   before the retreat (Beric Dondarrion, Mother of Dragons);
6. ``after`` — Patchface (``patchface``: a card id or ``"pass"``); ``moves_march_order``
   (Loras) in clean up.

A window text is a :class:`Text`: ``ask`` returns the decision to take (or None: nothing to
choose) and ``act`` applies the choice (None when nothing was asked). Texts change the state and
the fight record (:class:`~westeros.boardgame.fight.Fight`); the combat decides when they run.

Adding a house card (an expansion): one row in ``data/house_cards.json`` (``timing`` not null
when it has text) and, if it has text, one ``_ability("card_id", hook=..., says=...)`` entry
here under its house with the hooks it uses and the line its ``E.CARD_TEXT(card=..., ...)``
events read as (without ``says`` they read as a generic line). Nothing else names a card.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import Fight
from westeros.boardgame.state import TRACKS, BoardGame, Side, Unit
from westeros.engine import Decision

Window = Literal[
    "cancel",
    "immediately",
    "before_resolution",
    "final_strength_override",
    "outcome",
    "after_casualties",
    "after",
]


@dataclass(frozen=True, slots=True)
class Contribution:
    """One unit's strength in a combat: the side it counts for, its role (``attacking``,
    ``defending`` or ``supporting``), where it stands and its current value."""

    side: Side
    role: str
    area: str
    unit: Unit
    value: int


@dataclass(frozen=True, slots=True)
class CardStats:
    """A played card's strength and icons after text modifiers (R7.5.1, R7.8.1)."""

    strength: int = 0
    swords: int = 0
    fortifications: int = 0


Ask = Callable[[BoardGame, Fight, Side], Decision | None]
Act = Callable[[BoardGame, Fight, Side, str | None], None]
UnitModifier = Callable[
    [BoardGame, Fight, Side, tuple[Contribution, ...]], tuple[Contribution, ...]
]
CardModifier = Callable[[BoardGame, Fight, Side, CardStats], CardStats]
SidePredicate = Callable[[Fight, Side], bool]
Override = Callable[[BoardGame, Fight, Side], tuple[Side, int] | None]


@dataclass(frozen=True, slots=True)
class Text:
    act: Act
    ask: Ask | None = None


def _never(f: Fight, side: Side) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class Ability:
    """A card's whole text: every hook it uses (``side`` is the side playing the card)."""

    cancel: Text | None = None
    immediately: Text | None = None
    before_resolution: Text | None = None  # X1.1: pay or pick at reveal time
    final_strength_override: Text | None = None  # X1.1: logs the override below
    overrides: Override | None = None  # X1.1: (the side, its final strength) or None
    units: UnitModifier | None = None
    stats: CardModifier | None = None
    opponent_stats: CardModifier | None = None  # changes the opponent's printed values
    order_bonus: Callable[[int], int] | None = None
    outcome: Text | None = None
    prevents_casualties: bool = False
    chooses_retreat: SidePredicate = _never  # the side picks the loser's retreat area
    blocks_move_in: SidePredicate = _never  # the winning attacker may not move in
    moves_march_order: SidePredicate = _never  # the March order moves into the area
    after_casualties: Text | None = None  # X-MOD-10.9 Beric: once casualties are taken
    after: Text | None = None

    def text(self, window: Window) -> Text | None:
        text: Text | None = getattr(self, window)
        return text


NO_TEXT = Ability()
ABILITIES: dict[str, Ability] = {}


def _ability(card: str, says: Callable[[E.Fields], str] | None = None, **hooks: object) -> None:
    """Register a card's whole text: its hooks and (``says``) the line its event reads as."""
    assert card in T.HOUSE_CARD_BY_ID and card not in ABILITIES, card
    ABILITIES[card] = Ability(**hooks)  # type: ignore[arg-type]
    if says is not None:
        E.CARD_LINES[card] = says


def ability(card: str | None) -> Ability:
    """The text of a played card (none for no card or a card without text)."""
    return NO_TEXT if card is None else ABILITIES.get(card, NO_TEXT)


def side_ability(f: Fight, side: Side) -> Ability:
    """The text of the side's revealed card, none while it is ignored (X1.2)."""
    return NO_TEXT if side in f.ignored else ability(f.card(side))


# -- how a combat reads the abilities ---------------------------------------------------------


def card_stats(g: BoardGame, f: Fight, side: Side) -> CardStats:
    """R7.5.1 / R7.8.1: the side's revealed card after modifiers; strength never below 0."""
    card = f.card(side)
    if card is None:
        return CardStats()
    printed = T.HOUSE_CARD_BY_ID[f.side_pair(f.copied, side) or card]  # Qyburn's copy
    paid = f.side_pair(f.paid, side)  # Aeron (ADwD): +1 per power token discarded
    stats = CardStats(printed.strength + paid, printed.swords, printed.fortifications)
    against = side_ability(f, side.other).opponent_stats
    if against is not None:
        stats = against(g, f, side, stats)
    own = side_ability(f, side).stats
    if own is not None:
        stats = own(g, f, side, stats)
    return replace(stats, strength=max(0, stats.strength))


def apply_unit_modifiers(
    g: BoardGame, f: Fight, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    """R7.5.2 window 3: unit modifiers of both cards, in turn order (F10)."""
    for side in f.sides_in_turn_order(g):
        modifier = side_ability(f, side).units
        if modifier is not None:
            units = modifier(g, f, side, units)
    return units


def order_bonus(f: Fight, side: Side, bonus: int) -> int:
    modifier = side_ability(f, side).order_bonus
    return bonus if modifier is None else modifier(bonus)


def prevents_casualties(f: Fight, side: Side) -> bool:
    return side_ability(f, side).prevents_casualties


def casualties_prevented(g: BoardGame, f: Fight, side: Side, cause: str) -> bool:
    """R7.9.5, Q16: the side's card prevents casualties of ``cause`` (logged when it does)."""
    card = f.card(side)
    if card is None or not prevents_casualties(f, side):
        return False
    g.emit(E.CARD_TEXT(card=card, house=f.house(side), cause=cause))
    return True


def _side_whose(f: Fight, hook: Callable[[Ability], SidePredicate]) -> Side | None:
    """The first side whose revealed card's ``hook`` holds for it, if any."""
    for side in (Side.ATTACKER, Side.DEFENDER):
        if hook(side_ability(f, side))(f, side):
            return side
    return None


def final_overrides(g: BoardGame, f: Fight) -> dict[Side, int]:
    """X1.1 final_strength_override: the final strengths set by the texts, in turn order."""
    out: dict[Side, int] = {}
    for side in f.sides_in_turn_order(g):
        hook = side_ability(f, side).overrides
        result = None if hook is None else hook(g, f, side)
        if result is not None:
            out[result[0]] = result[1]
    return out


def retreat_chooser(f: Fight) -> Side | None:
    """The side whose card lets it choose the loser's retreat area, if any (R7.10.7)."""
    return _side_whose(f, lambda a: a.chooses_retreat)


def blocking_card(f: Fight) -> str | None:
    """The card that keeps the winning attacker out of the area, if any (F15)."""
    side = _side_whose(f, lambda a: a.blocks_move_in)
    return None if side is None else f.card(side)


def march_order_mover(f: Fight) -> str | None:
    """The card that moves the March order into the conquered area, if any (R7.12.9)."""
    side = _side_whose(f, lambda a: a.moves_march_order)
    return None if side is None else f.card(side)


# -- helpers for the texts ----------------------------------------------------------------------


def card_name(card: str) -> str:
    return T.HOUSE_CARD_BY_ID[card].name


def _h(house: str) -> str:
    return T.house_name(house)


def _seat(g: BoardGame, f: Fight, side: Side) -> int:
    return g.seat_for(f.house(side))


def discard_from_hand(g: BoardGame, house: str, card: str) -> None:
    """Move a card from hand to the discard pile; hand recovery (R1.11.3, F7): if the hand is
    now empty, every other discarded card returns and this one stays discarded."""
    hand = list(g.hands[house])
    hand.remove(card)
    discards = (*g.discards[house], card)
    if hand:
        g.hands[house] = tuple(hand)
        g.discards[house] = discards
        return
    g.hands[house] = tuple(c for c in discards if c != card)
    g.discards[house] = (card,)
    g.emit(E.HAND_RECOVERED(house=house, cards=list(g.hands[house])))


def remove_from_game(g: BoardGame, house: str, card: str) -> None:
    """X1.3: the card leaves the house's set for good (out of hand and discard pile); hand
    recovery (R1.11.3) then works with the cards that remain."""
    g.hands[house] = tuple(c for c in g.hands[house] if c != card)
    g.discards[house] = tuple(c for c in g.discards[house] if c != card)
    g.emit(E.CARD_REMOVED(house=house, card=card))


def ask_keep(kind: D.DecisionKind, g: BoardGame, f: Fight, side: Side, prompt: str) -> Decision:
    """A card that may go back into hand instead of being discarded (Reek X-ADWD-4.4, Lysa
    Arryn X-MOD-4.2) asks ``keep`` or ``discard``."""
    return kind.ask(_seat(g, f, side), prompt, ("keep", "discard"))


def keep_card(
    g: BoardGame, f: Fight, side: Side, choice: str | None, card: str, **fields: object
) -> None:
    """``keep``: the side's card goes back into hand (not discarded in clean up, so no hand
    recovery for it)."""
    if choice != "keep":
        return
    f.kept = f.kept | {side}
    g.emit(E.CARD_TEXT(card=card, house=f.house(side), **fields))


def _attacking_plus_one(kind: str) -> UnitModifier:
    """Kevan (E11) and Victarion (E10): attacking, each participating (supporting included),
    non-routed ``kind`` of the card's house gets +1 more (routed units stay 0, R1.4.4)."""

    def modifier(
        g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
    ) -> tuple[Contribution, ...]:
        if side is not Side.ATTACKER:
            return units
        mine = Unit(f.house(side), kind)  # standing units only
        return tuple(
            replace(x, value=x.value + 1) if x.side == side and x.unit == mine else x for x in units
        )

    return modifier


def _optional(
    seat: int, kind: D.DecisionKind, prompt: str, targets: tuple[str, ...]
) -> Decision | None:
    """A "may" text of the side's card: one of ``targets`` or ``"pass"`` (None: no target)."""
    if not targets:
        return None
    return kind.ask(seat, prompt, (*targets, "pass"))


def _winner_may(
    kind: D.DecisionKind,
    prompt: Callable[[BoardGame, Fight, Side], str],
    targets: Callable[[BoardGame, Fight, Side], tuple[str, ...]],
) -> Ask:
    """The ask of an on-victory "may" text: the winner picks one of ``targets`` or passes."""

    def ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
        if f.winner is not side:
            return None
        return _optional(_seat(g, f, side), kind, prompt(g, f, side), targets(g, f, side))

    return ask


def _remove_order(g: BoardGame, f: Fight, side: Side, card: str, area: str) -> None:
    """Queen of Thorns, Cersei: the order in ``area`` is removed."""
    order = g.orders.pop(area)
    g.emit(
        E.CARD_TEXT(
            card=card, house=f.house(side), victim=order.house, area=area, token=order.token
        )
    )


def _winner(f: Fight, side: Side) -> bool:
    return f.winner is side


# ================================================================================== Stark

# Eddard Stark, Greatjon Umber, Ser Rodrik Cassel: no text.

# -- Robb Stark (R7.10.7, R7.12.1, F4): the winner picks the loser's retreat area --------------
_ability("robb_stark", chooses_retreat=_winner)


# -- Roose Bolton (R7.12.2, F5): on defeat the discard pile, Roose included, returns ----------
def _roose_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if f.winner is None or f.winner is side:
        return
    house = f.house(side)
    g.hands[house] = (*g.hands[house], *g.discards[house])
    g.discards[house] = ()
    f.kept = f.kept | {side}  # Roose itself is not discarded in clean up
    g.emit(E.CARD_TEXT(card="roose_bolton", house=house, cards=list(g.hands[house])))


_ability(
    "roose_bolton",
    outcome=Text(_roose_act),
    says=lambda f: f"Roose Bolton: {E.house(f['house'])} takes its whole discard pile back "
    "into hand",
)

# -- The Blackfish (R7.9.5, Q16): no casualties from card texts, swords or Tides cards ---------
_BLACKFISH_LINES = {
    "swords": "The Blackfish: {} takes no sword casualties",
    "skull": "The Blackfish: {} ignores the skull",
    "mace_tyrell": "The Blackfish: Mace Tyrell destroys no footman",
}
_ability(
    "the_blackfish",
    prevents_casualties=True,
    says=lambda f: _BLACKFISH_LINES[f["cause"]].format(E.house(f["house"])),
)

# -- Catelyn Stark: the Defense order in the embattled area counts double -----------------------
_ability("catelyn_stark", order_bonus=lambda bonus: 2 * bonus)


# ================================================================================== Lannister

# Ser Gregor Clegane, Ser Jaime Lannister, The Hound: no text.


# -- Tywin Lannister: on victory gain 2 power ---------------------------------------------------
def _tywin_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if f.winner is not side:
        return
    house = f.house(side)
    gained = g.gain_power(house, 2)
    g.emit(E.CARD_TEXT(card="tywin_lannister", house=house, gained=gained))


_ability(
    "tywin_lannister",
    outcome=Text(_tywin_act),
    says=lambda f: f"Tywin Lannister: {E.house(f['house'])} gains {f['gained']} power",
)

# -- Ser Kevan Lannister (E11): attacking, participating Lannister footmen +1 more -------------
_ability("ser_kevan_lannister", units=_attacking_plus_one("footman"))


# -- Tyrion Lannister (R7.12.5, F11): cancel the opponent's card; it chooses another -----------
def _tyrion_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    opponent = side.other
    card = f.card(opponent)
    if card is None:
        return None
    return D.TYRION.ask(
        _seat(g, f, side),
        f"Tyrion Lannister: cancel {_h(f.house(opponent))}'s {card_name(card)}? It returns to "
        "hand and a different card must be played",
        ("cancel", "keep"),
    )


def _tyrion_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice != "cancel":
        return
    opponent = side.other
    card = f.card(opponent)
    assert card is not None
    f.excluded = (*f.excluded, card)
    f.set_card(opponent, None)  # chosen again by the "recard" entry (R7.12 Tyrion)
    f.queue = (("recard", opponent), *f.queue)
    g.emit(
        E.CARD_TEXT(
            card="tyrion_lannister",
            house=f.house(side),
            victim=f.house(opponent),
            cancelled=card,
        )
    )


_ability(
    "tyrion_lannister",
    cancel=Text(_tyrion_act, _tyrion_ask),
    says=lambda f: f"Tyrion Lannister cancels {E.card_name(f['cancelled'])}: it returns to "
    f"{E.house(f['victim'])}'s hand",
)


# -- Cersei Lannister (R7.12.10): on victory remove one order of the loser anywhere ------------
def _cersei_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    loser = f.house(side.other)
    return tuple(
        a
        for a in g.map.area_ids
        if (o := g.orders.get(a)) is not None
        and o.house == loser
        and a != f.area  # removed anyway (R7.11 step 1) …
        and not f.is_starting_march(g, a)  # … or step 2
    )


_cersei_ask = _winner_may(
    D.CERSEI,
    lambda g, f, side: f"Cersei Lannister: remove one order of {_h(f.house(side.other))}, or pass",
    _cersei_targets,
)


def _cersei_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is not None and choice != "pass":
        _remove_order(g, f, side, "cersei_lannister", choice)


_ability("cersei_lannister", outcome=Text(_cersei_act, _cersei_ask), says=E.order_removed_text)


# ================================================================================== Baratheon

# Brienne of Tarth, Melisandre: no text.


# -- Stannis Baratheon: +1 if the opponent is higher on the Iron Throne track ------------------
def _stannis(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    me, them = f.house(side), f.house(side.other)
    if g.position("iron_throne", them) < g.position("iron_throne", me):
        return replace(stats, strength=stats.strength + 1)
    return stats


_ability("stannis_baratheon", stats=_stannis)


# -- Renly Baratheon (R7.12.3, F8): on victory upgrade a participating footman to a knight -----
def _renly_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    house = f.house(side)
    if g.pool_left(house, "knight") <= 0:
        return ()
    places: list[tuple[str, tuple[Unit, ...]]] = [(f.area, f.combat_units(g, side))]
    places += [(a, g.units.get(a, ())) for a, h in f.valid_support(g, side) if h == house]
    out: list[str] = []
    for area, units in places:
        footmen = [u for u in units if u.house == house and u.kind == "footman"]
        routed = {u.routed for u in footmen}
        if footmen and area not in out:
            out.append(area)
            if routed == {True, False}:
                out.append(str(D.RENLY.format(area, "routed")))
    return tuple(out)


_renly_ask = _winner_may(
    D.RENLY,
    lambda g, f, side: "Renly Baratheon: upgrade one participating footman to a knight (its "
    "area; '<area>:routed' for a routed one) or pass",
    _renly_targets,
)


def _renly_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    parts = D.RENLY.parse(choice)
    area = parts["area"]
    house = f.house(side)
    units = f.combat_units(g, side) if area == f.area else g.units[area]
    footmen = [u for u in units if u.house == house and u.kind == "footman"]
    want_routed = "routed" in parts or all(u.routed for u in footmen)
    old = next(u for u in footmen if u.routed == want_routed)
    new = Unit(house, "knight", old.routed)  # a routed footman becomes a routed knight (F8)
    if area == f.area:
        f.replace_unit(g, side, old, new)
    else:
        g.replace_unit(area, old, new)
    g.emit(E.CARD_TEXT(card="renly_baratheon", house=house, area=area, routed=old.routed))


_ability(
    "renly_baratheon",
    outcome=Text(_renly_act, _renly_ask),
    says=lambda f: f"Renly Baratheon: {E.house(f['house'])} upgrades a footman in "
    f"{E.area(f['area'])} to a knight",
)


# -- Ser Davos Seaworth: +1 strength and +1 sword if Stannis is in the discard pile -------------
def _davos(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if "stannis_baratheon" in g.discards[f.house(side)]:
        return replace(stats, strength=stats.strength + 1, swords=stats.swords + 1)
    return stats


_ability("ser_davos_seaworth", stats=_davos)


# -- Salladhor Saan (R7.12.4, F9, F10): if supported, non-Baratheon ships are worth 0 ----------
def _salladhor(
    g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    if not f.supported(g, side):
        return units
    house = f.house(side)
    return tuple(
        replace(x, value=0) if x.unit.kind == "ship" and x.unit.house != house else x for x in units
    )


_ability("salladhor_saan", units=_salladhor)


# -- Patchface (R7.12.2, F5, F6): after combat, discard one card of the opponent's hand -------
def _patchface_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    victim = f.house(side.other)
    hand = g.hands[victim]
    names = ", ".join(card_name(x) for x in hand)
    return _optional(
        _seat(g, f, side),
        D.PATCHFACE,
        f"Patchface: {_h(victim)}'s hand is {names}. Discard one card or pass",
        hand,
    )


def _patchface_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    victim = f.house(side.other)
    g.emit(E.CARD_TEXT(card="patchface", house=f.house(side), victim=victim, discarded=choice))
    discard_from_hand(g, victim, choice)


_ability(
    "patchface",
    after=Text(_patchface_act, _patchface_ask),
    says=lambda f: f"Patchface: {E.house(f['victim'])} discards {E.card_name(f['discarded'])}",
)


# ================================================================================== Greyjoy

# Euron Crow's Eye, Dagmar Cleftjaw: no text.

# -- Victarion Greyjoy (E10): attacking, participating Greyjoy ships +1 more --------------------
_ability("victarion_greyjoy", units=_attacking_plus_one("ship"))

# -- Balon Greyjoy: the opponent's card has printed strength 0 ---------------------------------
_ability("balon_greyjoy", opponent_stats=lambda g, f, side, stats: replace(stats, strength=0))


# -- Theon Greyjoy: defending a castle/stronghold area: +1 strength, +1 sword ------------------
def _theon(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if side is Side.DEFENDER and g.map.areas[f.area].has_castle:
        return replace(stats, strength=stats.strength + 1, swords=stats.swords + 1)
    return stats


_ability("theon_greyjoy", stats=_theon)


# -- Asha Greyjoy (R7.12.11): not supported: +2 swords, +1 fortification -----------------------
def _asha(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if f.supported(g, side):
        return stats
    return replace(stats, swords=stats.swords + 2, fortifications=stats.fortifications + 1)


_ability("asha_greyjoy", stats=_asha)


# -- Aeron Damphair (R7.5.3, F11): pay 2 power to swap Aeron for another card ------------------
def _aeron_others(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    return tuple(x for x in g.hands[f.house(side)] if x != "aeron_damphair")


def _aeron_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    house = f.house(side)
    others = _aeron_others(g, f, side)
    if g.power[house] < 2 or not others:
        return None
    return D.AERON.ask(
        _seat(g, f, side),
        f"Aeron Damphair: discard 2 of your {g.power[house]} power to play another card "
        "instead (card) or pass",
        ("pass", *others),
    )


def _aeron_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    g.discard_power(house, 2)
    discard_from_hand(g, house, "aeron_damphair")
    f.set_card(side, choice)
    g.emit(E.CARD_TEXT(card="aeron_damphair", house=house, played=choice))
    if ability(choice).immediately is not None:  # R7.5.3 the new card's immediately text
        f.queue = (("immediately", side), *f.queue)


_ability(
    "aeron_damphair",
    immediately=Text(_aeron_act, _aeron_ask),
    says=lambda f: f"Aeron Damphair: {E.house(f['house'])} discards 2 power and plays "
    f"{E.card_name(f['played'])} instead",
)


# ================================================================================== Tyrell

# Randyll Tarly, Ser Garlan Tyrell, Margaery Tyrell, Alester Florent: no text.


# -- Mace Tyrell (R7.12.6, F16, Q16): destroy one attacking/defending footman of the opponent --
def _mace_footmen(g: BoardGame, f: Fight, side: Side) -> list[Unit]:
    return [u for u in f.combat_units(g, side.other) if u.kind == "footman"]


def _mace_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    if prevents_casualties(f, side.other):
        return None
    if {u.routed for u in _mace_footmen(g, f, side)} != {True, False}:
        return None  # the choice does not matter
    return D.MACE.ask(
        _seat(g, f, side),
        f"Mace Tyrell: destroy a standing or a routed footman of {_h(f.house(side.other))}?",
        ("footman", "routed_footman"),
    )


def _mace_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    victim = side.other
    if casualties_prevented(g, f, victim, "mace_tyrell"):
        return
    footmen = _mace_footmen(g, f, side)
    target = None
    if footmen and choice == "routed_footman":
        target = next(u for u in footmen if u.routed)
    elif footmen:
        target = next((u for u in footmen if not u.routed), footmen[0])
    if target is not None:
        f.destroy_unit(g, victim, target)
    g.emit(
        E.CARD_TEXT(
            card="mace_tyrell",
            house=f.house(side),
            victim=f.house(victim),
            area=f.area,
            units=E.units_field(() if target is None else (target,)),
        )
    )


_ability(
    "mace_tyrell",
    immediately=Text(_mace_act, _mace_ask),
    says=lambda f: (
        f"Mace Tyrell destroys a footman of {E.house(f['victim'])}"
        if f["units"]
        else f"Mace Tyrell: {E.house(f['victim'])} has no footman in the combat"
    ),
)

# -- Ser Loras Tyrell (R7.12.9, F15): attacking and winning, the March order moves in ----------
_ability(
    "ser_loras_tyrell",
    moves_march_order=lambda f, side: side is Side.ATTACKER and f.winner is side,
    says=lambda f: f"Ser Loras Tyrell: the March order moves into {E.area(f['area'])}",
)


# -- Queen of Thorns (R7.12.7, F17): remove one adjacent opponent order ------------------------
def _qot_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    victim = f.house(side.other)
    around = g.map.areas[f.area].neighbors
    return tuple(
        a
        for a in g.map.area_ids
        if a in around
        and (o := g.orders.get(a)) is not None
        and o.house == victim
        and not f.is_starting_march(g, a)
    )


def _qot_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    targets = _qot_targets(g, f, side)
    if not targets:
        return None
    return D.QUEEN_OF_THORNS.ask(
        _seat(g, f, side),
        f"Queen of Thorns: remove one order of {_h(f.house(side.other))} next to "
        f"{T.area_name(f.area)}",
        targets,  # the text is mandatory (no "may", D18)
    )


def _qot_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is not None:  # None: no order to remove
        _remove_order(g, f, side, "queen_of_thorns", choice)


_ability("queen_of_thorns", immediately=Text(_qot_act, _qot_ask), says=E.order_removed_text)


# ================================================================================== Martell

# The Red Viper, Areo Hotah, Obara Sand, Darkstar: no text.


# -- Nymeria Sand: defending +1 fortification, attacking +1 sword ------------------------------
def _nymeria(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    if side is Side.DEFENDER:
        return replace(stats, fortifications=stats.fortifications + 1)
    return replace(stats, swords=stats.swords + 1)


_ability("nymeria_sand", stats=_nymeria)

# -- Arianne Martell (F15, D23): defending and losing, the attacker does not move in ----------
_ability(
    "arianne_martell",
    blocks_move_in=lambda f, side: side is Side.DEFENDER and f.winner is Side.ATTACKER,
    says=lambda f: f"Arianne Martell: {E.house(f['victim'])} may not move in; its units "
    f"return to {E.area(f['to'])}",
)


# -- Doran Martell (R7.12.8, F12, F13): the opponent goes to the bottom of one track ----------
def _doran_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    return D.DORAN.ask(
        _seat(g, f, side),
        f"Doran Martell: move {_h(f.house(side.other))} to the last position of which "
        "influence track?",
        TRACKS,
    )


def _doran_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None:
        return
    victim = f.house(side.other)
    g.set_track(choice, [*(h for h in g.tracks[choice] if h != victim), victim])
    g.emit(E.CARD_TEXT(card="doran_martell", house=f.house(side), victim=victim, track=choice))


_ability(
    "doran_martell",
    immediately=Text(_doran_act, _doran_ask),
    says=lambda f: f"Doran Martell moves {E.house(f['victim'])} to the bottom of the "
    f"{E.TRACK_NAMES[f['track']]} track",
)

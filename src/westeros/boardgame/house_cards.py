"""The 42 house cards' texts (R7.5, R7.12), one section per card with text, registered by id.

A combat (:class:`westeros.boardgame.combat.Combat`) calls them at the timing windows of
R7.5.2; inside one window the two sides resolve in turn order (FAQ):

1. ``cancel`` — Tyrion (D18 ``tyrion``: ``"cancel"``/``"keep"``);
2. ``immediately`` — Aeron (``aeron``: ``"pass"`` or a card id), Doran (``doran``: a track id),
   Mace (``mace``: ``"footman"``/``"routed_footman"``, asked only when it matters), Queen of
   Thorns (``queen_of_thorns``: an area id; mandatory);
3. continuous modifiers — :data:`UNIT_MODIFIERS` (Kevan, Victarion, Salladhor),
   :data:`CARD_MODIFIERS` (Stannis, Davos, Theon, Asha, Nymeria), :data:`OPPONENT_MODIFIERS`
   (Balon) and :data:`ORDER_BONUS_MODIFIERS` (Catelyn), applied whenever strength is computed;
4. ``outcome`` — Tywin, Renly (``renly``: an area id, ``"<area>:routed"`` or ``"pass"``),
   Cersei (``cersei``: an area id or ``"pass"``), Roose;
5. casualties, retreat, move-in — :func:`prevents_casualties` (Blackfish),
   :func:`retreat_chooser` (Robb), :func:`blocks_move_in` (Arianne);
6. ``after`` — Patchface (``patchface``: a card id or ``"pass"``); then clean up moves the March
   order for Loras (:func:`moves_march_order`).

A window text is a :class:`Text`: ``ask`` returns the decision to take (or None: nothing to
choose) and ``act`` applies the choice (None when nothing was asked). Texts only change the
state and the combat step's fields; the combat step decides when they run.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from westeros.boardgame import tables as T
from westeros.boardgame.planning import order_label
from westeros.boardgame.state import TRACK_NAMES, TRACKS, BoardGame, Unit
from westeros.engine import Decision

if TYPE_CHECKING:
    from westeros.boardgame.combat import Combat

WINDOWS: tuple[str, ...] = ("cancel", "immediately", "outcome", "after")


@dataclass(frozen=True, slots=True)
class Contribution:
    """One unit's strength in a combat: the side it counts for, its role (``attacking``,
    ``defending`` or ``supporting``), where it stands and its current value."""

    side: str
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


Ask = Callable[[BoardGame, "Combat", str], Decision | None]
Act = Callable[[BoardGame, "Combat", str, str | None], None]
UnitModifier = Callable[
    [BoardGame, "Combat", str, tuple[Contribution, ...]], tuple[Contribution, ...]
]
CardModifier = Callable[[BoardGame, "Combat", str, CardStats], CardStats]


@dataclass(frozen=True, slots=True)
class Text:
    act: Act
    ask: Ask | None = None


TEXTS: dict[str, dict[str, Text]] = {w: {} for w in WINDOWS}
UNIT_MODIFIERS: dict[str, UnitModifier] = {}
CARD_MODIFIERS: dict[str, CardModifier] = {}
OPPONENT_MODIFIERS: dict[str, CardModifier] = {}  # change the opponent's printed values
ORDER_BONUS_MODIFIERS: dict[str, Callable[[int], int]] = {}


def _register(window: str, card: str, act: Act, ask: Ask | None = None) -> None:
    assert card in T.HOUSE_CARD_BY_ID, card
    TEXTS[window][card] = Text(act, ask)


# -- helpers --------------------------------------------------------------------------------------


def card_name(card: str) -> str:
    return T.HOUSE_CARD_BY_ID[card].name


def _h(house: str) -> str:
    return T.house_name(house)


def _seat(g: BoardGame, c: Combat, side: str) -> int:
    return g.seat_of(c.house(side))


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
    g.say(f"{_h(house)} takes its other {len(g.hands[house])} house cards back into hand")


def card_stats(g: BoardGame, c: Combat, side: str) -> CardStats:
    """R7.5.1 / R7.8.1: the side's revealed card after modifiers; strength never below 0."""
    card = c.card(side)
    if card is None:
        return CardStats()
    printed = T.HOUSE_CARD_BY_ID[card]
    stats = CardStats(printed.strength, printed.swords, printed.fortifications)
    opponent = c.card(c.other(side))
    if opponent is not None and opponent in OPPONENT_MODIFIERS:
        stats = OPPONENT_MODIFIERS[opponent](g, c, side, stats)
    if card in CARD_MODIFIERS:
        stats = CARD_MODIFIERS[card](g, c, side, stats)
    return replace(stats, strength=max(0, stats.strength))


def apply_unit_modifiers(
    g: BoardGame, c: Combat, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    """R7.5.2 window 3: unit modifiers of both cards, in turn order (F10)."""
    for side in c.sides_in_turn_order(g):
        card = c.card(side)
        if card is not None and card in UNIT_MODIFIERS:
            units = UNIT_MODIFIERS[card](g, c, side, units)
    return units


def order_bonus(c: Combat, side: str, bonus: int) -> int:
    card = c.card(side)
    if card is not None and card in ORDER_BONUS_MODIFIERS:
        return ORDER_BONUS_MODIFIERS[card](bonus)
    return bonus


def _attacking_plus_one(kind: str) -> UnitModifier:
    """Kevan (E11) and Victarion (E10): attacking, each participating (supporting included),
    non-routed ``kind`` of the card's house gets +1 more (routed units stay 0, R1.4.4)."""

    def modifier(
        g: BoardGame, c: Combat, side: str, units: tuple[Contribution, ...]
    ) -> tuple[Contribution, ...]:
        if side != "attacker":
            return units
        mine = Unit(c.house(side), kind)  # standing units only
        return tuple(
            replace(x, value=x.value + 1) if x.side == side and x.unit == mine else x for x in units
        )

    return modifier


def _optional(
    g: BoardGame, c: Combat, side: str, kind: str, prompt: str, targets: tuple[str, ...]
) -> Decision | None:
    """A "may" text of the side's card: one of ``targets`` or ``"pass"`` (None: no target)."""
    if not targets:
        return None
    return Decision(_seat(g, c, side), kind, prompt, (*targets, "pass"))


def _remove_order(g: BoardGame, card: str, area: str) -> None:
    """Queen of Thorns, Cersei: the order in ``area`` is removed."""
    order = g.orders.pop(area)
    g.say(
        f"{card_name(card)} removes {_h(order.house)}'s {order_label(order.token)} order "
        f"in {T.area_name(area)}"
    )


# ================================================================================== Stark

# Eddard Stark, Greatjon Umber, Ser Rodrik Cassel: no text.


# -- Robb Stark (R7.10.7, R7.12.1, F4): the winner picks the loser's retreat area --------------
def retreat_chooser(c: Combat) -> str | None:
    """The side whose Robb Stark lets it choose the loser's retreat area, if any."""
    if c.winner is not None and c.card(c.winner) == "robb_stark":
        return c.winner
    return None


# -- Roose Bolton (R7.12.2, F5): on defeat the discard pile, Roose included, returns ----------
def _roose_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if c.winner is None or c.winner == side:
        return
    house = c.house(side)
    g.hands[house] = (*g.hands[house], *g.discards[house])
    g.discards[house] = ()
    c.flags = c.flags | {f"keep:{side}"}  # Roose itself is not discarded in clean up
    g.say(f"Roose Bolton: {_h(house)} takes its whole discard pile back into hand")


_register("outcome", "roose_bolton", _roose_act)


# -- The Blackfish (R7.9.5, Q16): no casualties from card texts, swords or Tides cards ---------
def prevents_casualties(c: Combat, side: str) -> bool:
    return c.card(side) == "the_blackfish"


# -- Catelyn Stark: the Defense order in the embattled area counts double -----------------------
ORDER_BONUS_MODIFIERS["catelyn_stark"] = lambda bonus: 2 * bonus


# ================================================================================== Lannister

# Ser Gregor Clegane, Ser Jaime Lannister, The Hound: no text.


# -- Tywin Lannister: on victory gain 2 power ---------------------------------------------------
def _tywin_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if c.winner != side:
        return
    house = c.house(side)
    gained = g.gain_power(house, 2)
    g.say(f"Tywin Lannister: {_h(house)} gains {gained} power")


_register("outcome", "tywin_lannister", _tywin_act)


# -- Ser Kevan Lannister (E11): attacking, participating Lannister footmen +1 more -------------
UNIT_MODIFIERS["ser_kevan_lannister"] = _attacking_plus_one("footman")


# -- Tyrion Lannister (R7.12.5, F11): cancel the opponent's card; it chooses another -----------
def _tyrion_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    opponent = c.other(side)
    card = c.card(opponent)
    if card is None:
        return None
    return Decision(
        _seat(g, c, side),
        "tyrion",
        f"Tyrion Lannister: cancel {_h(c.house(opponent))}'s {card_name(card)}? It returns to "
        "hand and a different card must be played",
        ("cancel", "keep"),
    )


def _tyrion_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice != "cancel":
        return
    opponent = c.other(side)
    card = c.card(opponent)
    assert card is not None
    c.excluded = (*c.excluded, card)
    c.set_card(opponent, None)  # chosen again by the "recard" entry (R7.12 Tyrion)
    c.queue = (f"recard:{opponent}", *c.queue)
    g.say(
        f"Tyrion Lannister cancels {card_name(card)}: it returns to {_h(c.house(opponent))}'s hand"
    )


_register("cancel", "tyrion_lannister", _tyrion_act, _tyrion_ask)


# -- Cersei Lannister (R7.12.10): on victory remove one order of the loser anywhere ------------
def _cersei_targets(g: BoardGame, c: Combat, side: str) -> tuple[str, ...]:
    loser = c.house(c.other(side))
    return tuple(
        a
        for a in T.AREA_IDS
        if (o := g.orders.get(a)) is not None
        and o.house == loser
        and a != c.area  # removed anyway (R7.11 step 1) …
        and not c.is_starting_march(g, a)  # … or step 2
    )


def _cersei_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    if c.winner != side:
        return None
    return _optional(
        g,
        c,
        side,
        "cersei",
        f"Cersei Lannister: remove one order of {_h(c.house(c.other(side)))} (area) or pass",
        _cersei_targets(g, c, side),
    )


def _cersei_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is not None and choice != "pass":
        _remove_order(g, "cersei_lannister", choice)


_register("outcome", "cersei_lannister", _cersei_act, _cersei_ask)


# ================================================================================== Baratheon

# Brienne of Tarth, Melisandre: no text.


# -- Stannis Baratheon: +1 if the opponent is higher on the Iron Throne track ------------------
def _stannis(g: BoardGame, c: Combat, side: str, stats: CardStats) -> CardStats:
    me, them = c.house(side), c.house(c.other(side))
    if g.position("iron_throne", them) < g.position("iron_throne", me):
        return replace(stats, strength=stats.strength + 1)
    return stats


CARD_MODIFIERS["stannis_baratheon"] = _stannis


# -- Renly Baratheon (R7.12.3, F8): on victory upgrade a participating footman to a knight -----
def _renly_targets(g: BoardGame, c: Combat, side: str) -> tuple[str, ...]:
    house = c.house(side)
    if g.pool_left(house, "knight") <= 0:
        return ()
    places: list[tuple[str, tuple[Unit, ...]]] = [(c.area, c.combat_units(g, side))]
    places += [(a, g.units.get(a, ())) for a, h in c.valid_support(g, side) if h == house]
    out: list[str] = []
    for area, units in places:
        footmen = [u for u in units if u.house == house and u.kind == "footman"]
        routed = {u.routed for u in footmen}
        if footmen and area not in out:
            out.append(area)
            if routed == {True, False}:
                out.append(f"{area}:routed")
    return tuple(out)


def _renly_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    if c.winner != side:
        return None
    return _optional(
        g,
        c,
        side,
        "renly",
        "Renly Baratheon: upgrade one participating footman to a knight (its area; "
        "'<area>:routed' for a routed one) or pass",
        _renly_targets(g, c, side),
    )


def _renly_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    area, _, routed = choice.partition(":")
    house = c.house(side)
    units = c.combat_units(g, side) if area == c.area else g.units[area]
    footmen = [u for u in units if u.house == house and u.kind == "footman"]
    want_routed = bool(routed) or all(u.routed for u in footmen)
    old = next(u for u in footmen if u.routed == want_routed)
    new = Unit(house, "knight", old.routed)  # a routed footman becomes a routed knight (F8)
    if area == c.area:
        c.replace_unit(g, side, old, new)
    else:
        g.replace_unit(area, old, new)
    g.say(f"Renly Baratheon: {_h(house)} upgrades a footman in {T.area_name(area)} to a knight")


_register("outcome", "renly_baratheon", _renly_act, _renly_ask)


# -- Ser Davos Seaworth: +1 strength and +1 sword if Stannis is in the discard pile -------------
def _davos(g: BoardGame, c: Combat, side: str, stats: CardStats) -> CardStats:
    if "stannis_baratheon" in g.discards[c.house(side)]:
        return replace(stats, strength=stats.strength + 1, swords=stats.swords + 1)
    return stats


CARD_MODIFIERS["ser_davos_seaworth"] = _davos


# -- Salladhor Saan (R7.12.4, F9, F10): if supported, non-Baratheon ships are worth 0 ----------
def _salladhor(
    g: BoardGame, c: Combat, side: str, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    if not c.supported(g, side):
        return units
    house = c.house(side)
    return tuple(
        replace(x, value=0) if x.unit.kind == "ship" and x.unit.house != house else x for x in units
    )


UNIT_MODIFIERS["salladhor_saan"] = _salladhor


# -- Patchface (R7.12.2, F5, F6): after combat, discard one card of the opponent's hand -------
def _patchface_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    victim = c.house(c.other(side))
    hand = g.hands[victim]
    names = ", ".join(card_name(x) for x in hand)
    return _optional(
        g,
        c,
        side,
        "patchface",
        f"Patchface: {_h(victim)}'s hand is {names}. Discard one card or pass",
        hand,
    )


def _patchface_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    victim = c.house(c.other(side))
    g.say(f"Patchface: {_h(victim)} discards {card_name(choice)}")
    discard_from_hand(g, victim, choice)


_register("after", "patchface", _patchface_act, _patchface_ask)


# ================================================================================== Greyjoy

# Euron Crow's Eye, Dagmar Cleftjaw: no text.


# -- Victarion Greyjoy (E10): attacking, participating Greyjoy ships +1 more --------------------
UNIT_MODIFIERS["victarion_greyjoy"] = _attacking_plus_one("ship")


# -- Balon Greyjoy: the opponent's card has printed strength 0 ---------------------------------
OPPONENT_MODIFIERS["balon_greyjoy"] = lambda g, c, side, stats: replace(stats, strength=0)


# -- Theon Greyjoy: defending a castle/stronghold area: +1 strength, +1 sword ------------------
def _theon(g: BoardGame, c: Combat, side: str, stats: CardStats) -> CardStats:
    if side == "defender" and T.AREAS[c.area].has_castle:
        return replace(stats, strength=stats.strength + 1, swords=stats.swords + 1)
    return stats


CARD_MODIFIERS["theon_greyjoy"] = _theon


# -- Asha Greyjoy (R7.12.11): not supported: +2 swords, +1 fortification -----------------------
def _asha(g: BoardGame, c: Combat, side: str, stats: CardStats) -> CardStats:
    if c.supported(g, side):
        return stats
    return replace(stats, swords=stats.swords + 2, fortifications=stats.fortifications + 1)


CARD_MODIFIERS["asha_greyjoy"] = _asha


# -- Aeron Damphair (R7.5.3, F11): pay 2 power to swap Aeron for another card ------------------
def _aeron_others(g: BoardGame, c: Combat, side: str) -> tuple[str, ...]:
    return tuple(x for x in g.hands[c.house(side)] if x != "aeron_damphair")


def _aeron_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    house = c.house(side)
    others = _aeron_others(g, c, side)
    if g.power[house] < 2 or not others:
        return None
    return Decision(
        _seat(g, c, side),
        "aeron",
        f"Aeron Damphair: discard 2 of your {g.power[house]} power to play another card "
        "instead (card) or pass",
        ("pass", *others),
    )


def _aeron_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = c.house(side)
    g.discard_power(house, 2)
    discard_from_hand(g, house, "aeron_damphair")
    c.set_card(side, choice)
    g.say(f"Aeron Damphair: {_h(house)} discards 2 power and plays {card_name(choice)} instead")
    if choice in TEXTS["immediately"]:  # R7.5.3 the new card's immediately text
        c.queue = (f"immediately:{side}", *c.queue)


_register("immediately", "aeron_damphair", _aeron_act, _aeron_ask)


# ================================================================================== Tyrell

# Randyll Tarly, Ser Garlan Tyrell, Margaery Tyrell, Alester Florent: no text.


# -- Mace Tyrell (R7.12.6, F16, Q16): destroy one attacking/defending footman of the opponent --
def _mace_footmen(g: BoardGame, c: Combat, side: str) -> list[Unit]:
    return [u for u in c.combat_units(g, c.other(side)) if u.kind == "footman"]


def _mace_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    if prevents_casualties(c, c.other(side)):
        return None
    if {u.routed for u in _mace_footmen(g, c, side)} != {True, False}:
        return None  # the choice does not matter
    return Decision(
        _seat(g, c, side),
        "mace",
        f"Mace Tyrell: destroy a standing or a routed footman of {_h(c.house(c.other(side)))}?",
        ("footman", "routed_footman"),
    )


def _mace_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    victim = c.other(side)
    if prevents_casualties(c, victim):
        g.say("The Blackfish: Mace Tyrell destroys no footman")
        return
    footmen = _mace_footmen(g, c, side)
    if not footmen:
        g.say(f"Mace Tyrell: {_h(c.house(victim))} has no footman in the combat")
        return
    if choice == "routed_footman":
        target = next(u for u in footmen if u.routed)
    else:
        target = next((u for u in footmen if not u.routed), footmen[0])
    c.destroy_unit(g, victim, target)
    g.say(f"Mace Tyrell destroys a footman of {_h(c.house(victim))}")


_register("immediately", "mace_tyrell", _mace_act, _mace_ask)


# -- Ser Loras Tyrell (R7.12.9, F15): attacking and winning, the March order moves in ----------
def moves_march_order(c: Combat) -> bool:
    return c.winner == "attacker" and c.card("attacker") == "ser_loras_tyrell"


# -- Queen of Thorns (R7.12.7, F17): remove one adjacent opponent order ------------------------
def _qot_targets(g: BoardGame, c: Combat, side: str) -> tuple[str, ...]:
    victim = c.house(c.other(side))
    around = T.AREAS[c.area].neighbors
    return tuple(
        a
        for a in T.AREA_IDS
        if a in around
        and (o := g.orders.get(a)) is not None
        and o.house == victim
        and not c.is_starting_march(g, a)
    )


def _qot_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    targets = _qot_targets(g, c, side)
    if not targets:
        return None
    return Decision(
        _seat(g, c, side),
        "queen_of_thorns",
        f"Queen of Thorns: remove one order of {_h(c.house(c.other(side)))} next to "
        f"{T.area_name(c.area)} (area)",
        targets,  # the text is mandatory (no "may", D18)
    )


def _qot_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is not None:  # None: no order to remove
        _remove_order(g, "queen_of_thorns", choice)


_register("immediately", "queen_of_thorns", _qot_act, _qot_ask)


# ================================================================================== Martell

# The Red Viper, Areo Hotah, Obara Sand, Darkstar: no text.


# -- Nymeria Sand: defending +1 fortification, attacking +1 sword ------------------------------
def _nymeria(g: BoardGame, c: Combat, side: str, stats: CardStats) -> CardStats:
    if side == "defender":
        return replace(stats, fortifications=stats.fortifications + 1)
    return replace(stats, swords=stats.swords + 1)


CARD_MODIFIERS["nymeria_sand"] = _nymeria


# -- Arianne Martell (F15): defending and losing, the attacker does not move in ---------------
def blocks_move_in(c: Combat) -> bool:
    return c.winner == "attacker" and c.card("defender") == "arianne_martell"


# -- Doran Martell (R7.12.8, F12, F13): the opponent goes to the bottom of one track ----------
def _doran_ask(g: BoardGame, c: Combat, side: str) -> Decision | None:
    return Decision(
        _seat(g, c, side),
        "doran",
        f"Doran Martell: move {_h(c.house(c.other(side)))} to the last position of which "
        "influence track?",
        TRACKS,
    )


def _doran_act(g: BoardGame, c: Combat, side: str, choice: str | None) -> None:
    if choice is None:
        return
    victim = c.house(c.other(side))
    g.set_track(choice, [*(h for h in g.tracks[choice] if h != victim), victim])
    g.say(f"Doran Martell moves {_h(victim)} to the bottom of the {TRACK_NAMES[choice]} track")


_register("immediately", "doran_martell", _doran_act, _doran_ask)

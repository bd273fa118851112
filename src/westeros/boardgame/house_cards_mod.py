"""The house cards of Mother of Dragons: House Arryn's deck (X-MOD-4.2), House Targaryen's decks
A and B (X-MOD-5.8) and the seven shared vassal cards (X-MOD-10.9). One :class:`~westeros.
boardgame.house_cards.Ability` per card with text, registered in the same table as the base
cards (:data:`~westeros.boardgame.house_cards.ABILITIES`); the data rows are in
``data/house_cards_mod.json``.

A vassal's card is played, and its choices made, by the vassal's commander (X-MOD-10.7): every
decision here goes to ``g.seat_for`` the deciding house and names the vassal it is made for
(``g.for_vassal``). "The opponent" is the house on the other side, a vassal included (X-MOD-10.8,
XF10): a vassal has no power tokens and no discard pile, so texts that take its power or its
discarded cards find nothing (X-MOD-4.3, X-MOD-10.10).

Windows and decisions (X-MOD-D10):

* Arryn — Lysa Arryn ``outcome`` (kind ``lysa_arryn``: ``"keep"``/``"discard"``); Ser Vardis
  Egen, Godric Borrell ``stats``; Anya Waynwood ``outcome`` (automatic, players only, X-MOD-4.4);
  Robert Arryn ``after`` (kind ``robert_arryn``: one of the weakest cards or ``"pass"``).
* Vassals — Varys ``after``; Syrio Forel ``units``; Jaqen H'ghar ``cancel`` (a random card);
  Jon Connington ``after`` (kind ``jon_connington``: an area or ``"pass"``); Beric Dondarrion
  ``after_casualties`` (kind ``beric_dondarrion``: a unit kind or ``<kind>:routed``, asked only
  when it matters);
  Bronn ``before_resolution`` (kind ``bronn``, asked of the opponent: ``"pay"``/``"pass"``).
* Targaryen A — Khal Drogo ``stats`` and ``after``; Xaro Xhoan Daxos ``units``; Daenerys
  ``stats``; Viserys ``before_resolution`` (kind ``viserys``: a card or ``"pass"``) and
  ``after``; Illyrio Mopatis ``after``.
* Targaryen B — Daenerys ``after``; Captain Groleo ``stats``; Rakharo ``units``; Missandei
  ``outcome`` (kind ``missandei``: a card or ``"pass"``).

A card removed from the game by its own text (Robert Arryn, Khal Drogo, Viserys, Illyrio) leaves
in the ``after`` window, once the clean up has discarded it (X1.3).
"""

from __future__ import annotations

from dataclasses import replace

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import Fight, pair_with
from westeros.boardgame.house_cards import (
    CardStats,
    Contribution,
    Text,
    _ability,
    _h,
    _optional,
    _seat,
    ability,
    ask_keep,
    discard_from_hand,
    keep_card,
    remove_from_game,
)
from westeros.boardgame.state import BoardGame, Side, Unit
from westeros.engine import Decision

ANYA_GAIN = 3  # X-MOD-4.2: Arryn and each supporting player gain 3 power tokens
VARDIS_WEAK = 2  # X-MOD-4.2: an opponent's card of printed strength 2 or less
BRONN_COST = 2  # X-MOD-10.9: the opponent discards 2 power tokens
ILLYRIO_RICH = 5  # X-MOD-5.8: with 5 or more available power Illyrio leaves the game
MISSANDEI_MARGIN = 2  # X-MOD-5.8: lost by 2 combat strength or less
DAENERYS_BONUS = 2  # X-MOD-5.8 deck A: +2 with a dragon in the embattled area
RAKHARO_BONUS = 2  # X-MOD-5.9, XE5: each knight there +2 more


def _printed(card: str) -> int:
    return T.HOUSE_CARD_BY_ID[card].strength


def _lost(f: Fight, side: Side) -> bool:
    return f.winner is not None and f.winner is not side


def _count(units: tuple[Unit, ...], house: str, kind: str) -> int:
    """Standing units of ``kind`` of ``house`` (a routed unit adds nothing, R1.4.4)."""
    return sum(1 for u in units if u.house == house and u.kind == kind and not u.routed)


def _each_in_area(
    f: Fight, side: Side, units: tuple[Contribution, ...], kind: str, bonus: int
) -> tuple[Contribution, ...]:
    """Each standing ``kind`` of the side in the embattled area (not supporting ones,
    X-MOD-5.9) adds ``bonus`` more."""
    mine = Unit(f.house(side), kind)
    return tuple(
        replace(x, value=x.value + bonus)
        if x.side == side and x.role != "supporting" and x.unit == mine
        else x
        for x in units
    )


# ================================================================================== Arryn (MoD)

# Bronze Yohn Royce, Harry Hardyng: no text.


# -- Lysa Arryn (X-MOD-4.2): defending with a Defense order and winning, may go back to hand ----
def _defends_with_defense_order(g: BoardGame, f: Fight, side: Side) -> bool:
    order = g.orders.get(f.area)
    return (
        side is Side.DEFENDER
        and order is not None
        and order.house == f.house(side)
        and order.type == "defense"
    )


def _lysa_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    if f.winner is not side or not _defends_with_defense_order(g, f, side):
        return None
    return ask_keep(
        D.LYSA_ARRYN,
        g,
        f,
        side,
        f"Lysa Arryn: {_h(f.house(side))} won defending with a Defense order. Take Lysa Arryn "
        "back into hand (keep) or discard it?",
    )


def _lysa_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    keep_card(g, f, side, choice, "lysa_arryn_mod")


_ability(
    "lysa_arryn_mod",
    outcome=Text(_lysa_act, _lysa_ask),
    says=lambda f: f"Lysa Arryn: {E.house(f['house'])} takes Lysa Arryn back into hand",
)


# -- Ser Vardis Egen (X-MOD-4.2): against a printed 2 or less, +1 strength, 2 fortifications ---
def _vardis(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    card = f.card(side.other)
    if card is None or _printed(card) > VARDIS_WEAK:
        return stats
    return replace(stats, strength=stats.strength + 1, fortifications=stats.fortifications + 2)


_ability("ser_vardis_egen", stats=_vardis)


# -- Godric Borrell (X-MOD-4.2): defending a sea area, +1 per adjacent land area held ---------
def _godric(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    area = g.areas[f.area]
    if side is not Side.DEFENDER or not area.is_sea:
        return stats
    house = f.house(side)
    held = sum(1 for a in area.neighbors if g.areas[a].is_land and g.controller(a) == house)
    return replace(stats, strength=stats.strength + held)


_ability("godric_borrell", stats=_godric)


# -- Anya Waynwood (X-MOD-4.2, X-MOD-4.4): winning, Arryn and its supporting players gain 3 ----
def _anya_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if f.winner is not side:
        return
    house = f.house(side)
    helpers = [h for _a, h in f.valid_support(g, side) if not g.is_vassal(h)]  # X-MOD-4.4
    gained = {h: g.gain_power(h, ANYA_GAIN) for h in dict.fromkeys((house, *helpers))}
    g.emit(E.CARD_TEXT(card="anya_waynwood", house=house, gained=gained))


_ability(
    "anya_waynwood",
    outcome=Text(_anya_act),
    says=lambda f: "Anya Waynwood: "
    + ", ".join(f"{E.house(h)} gains {n} power" for h, n in f["gained"].items()),
)


# -- Robert Arryn (X-MOD-4.2, X-MOD-4.3): defending, may remove itself and the opponent's -----
# weakest discarded card from the game
def _robert_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    victim = f.house(side.other)
    if side is not Side.DEFENDER or g.is_vassal(victim):  # X-MOD-4.3, XF11: no discard pile
        return ()
    pile = g.discards[victim]
    weakest = min((_printed(c) for c in pile), default=0)
    return tuple(c for c in pile if _printed(c) == weakest)


def _robert_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    victim = f.house(side.other)
    return _optional(
        _seat(g, f, side),
        D.ROBERT_ARRYN,
        f"Robert Arryn: remove Robert Arryn and the weakest card of {_h(victim)}'s discard pile "
        "from the game (card) or pass",
        _robert_targets(g, f, side),
    )


def _robert_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house, victim = f.house(side), f.house(side.other)
    g.emit(E.CARD_TEXT(card="robert_arryn", house=house, victim=victim, removed=choice))
    remove_from_game(g, house, "robert_arryn")
    remove_from_game(g, victim, choice)


_ability(
    "robert_arryn",
    after=Text(_robert_act, _robert_ask),
    says=lambda f: f"Robert Arryn: {E.house(f['house'])} removes Robert Arryn and "
    f"{E.house(f['victim'])}'s {E.card_name(f['removed'])} from the game",
)


# ================================================================================== vassals

# Janos Slynt: no text.


# -- Varys (X-MOD-10.9): after the combat the vassal goes to the top of the Fiefdoms track -----
def _varys_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    house = f.house(side)
    track = g.tracks["fiefdoms"]
    if track[0] != house:
        g.set_track("fiefdoms", (house, *(h for h in track if h != house)))
    g.emit(E.CARD_TEXT(card="varys", house=house, was=track.index(house) + 1))


_ability(
    "varys",
    after=Text(_varys_act),
    says=lambda f: f"Varys: {E.house(f['house'])} moves from position {f['was']} to the top "
    "of the Fiefdoms track",
)


# -- Syrio Forel (X-MOD-10.9): the vassal defending, non-vassal footmen are worth 0 -------------
def _syrio(
    g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    if side is not Side.DEFENDER:
        return units
    return tuple(
        replace(x, value=0) if x.unit.kind == "footman" and not g.is_vassal(x.unit.house) else x
        for x in units
    )


_ability("syrio_forel", units=_syrio)


# -- Jaqen H'ghar (X-MOD-10.9): the opponent's card returns; a random card of its hand plays ---
def _jaqen_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    opponent = side.other
    old = f.card(opponent)
    if old is None:
        return
    victim = f.house(opponent)
    hand = tuple(c for c in g.hands[victim] if c not in f.excluded)  # the old card included
    new = g.rng.choice(hand)
    f.set_card(opponent, new)
    g.emit(
        E.CARD_TEXT(
            card="jaqen_h_ghar", house=f.house(side), victim=victim, cancelled=old, played=new
        )
    )
    if ability(new).cancel is not None and ("cancel", opponent) not in f.queue:
        f.queue = (("cancel", opponent), *f.queue)  # the new card's cancel text resolves too


_ability(
    "jaqen_h_ghar",
    cancel=Text(_jaqen_act),
    says=lambda f: f"Jaqen H'ghar: {E.card_name(f['cancelled'])} returns to "
    f"{E.house(f['victim'])}'s hand; {E.card_name(f['played'])}, drawn at random, is played "
    "instead",
)


# -- Jon Connington (X-MOD-10.9): the vassal lost: its commander may muster a vassal knight ----
def _own_count(g: BoardGame, house: str, area: str) -> int:
    units = g.units.get(area, ())
    return len(units) if units and units[0].house == house else 0


def _jon_targets(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    house = f.house(side)
    if not _lost(f, side) or g.pool_left(house, "knight") <= 0:
        return ()
    places = [f.retreat_to] if f.retreat_to is not None and f.retreated else []
    places += [a for a, h in g.homes.items() if h == house]
    return tuple(
        a
        for a in dict.fromkeys(places)
        if g.areas[a].is_land
        and g.controller(a) == house
        and g.complies_with(house, {a: _own_count(g, house, a) + 1})  # R1.5.4
    )


def _jon_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    targets = _jon_targets(g, f, side)
    if not targets:
        return None
    house = f.house(side)
    return D.JON_CONNINGTON.ask(
        _seat(g, f, side),
        f"Jon Connington: muster a knight for {_h(house)} (area) or pass",
        (*targets, "pass"),
        **g.for_vassal(house),
    )


def _jon_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    g.add_unit(choice, Unit(house, "knight"))
    g.emit(E.CARD_TEXT(card="jon_connington", house=house, area=choice))


_ability(
    "jon_connington",
    after=Text(_jon_act, _jon_ask),
    says=lambda f: f"Jon Connington: a knight of {E.house(f['house'])} is mustered in "
    f"{E.area(f['area'])}",
)


# -- Beric Dondarrion (X-MOD-10.9): the vassal won: it destroys one of its units there ---------
def _beric_options(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    """The units the commander may pick: each kind (a standing one) and ``<kind>:routed`` (a
    routed one), in unit order; with the automatic setting one per kind (a routed one
    first, being worth least now)."""
    units = f.combat_units(g, side)
    auto = g.automatic(_seat(g, f, side))
    out: list[str] = []
    for kind in T.UNIT_TYPES:
        states = {u.routed for u in units if u.kind == kind}
        if states and auto:
            out.append(kind)
            continue
        if False in states:
            out.append(kind)
        if True in states:
            out.append(str(D.BERIC_DONDARRION.format(kind, "routed")))
    return tuple(out)


def _beric_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    options = _beric_options(g, f, side)
    if f.winner is not side or len(options) <= 1:
        return None  # the choice does not matter
    return D.BERIC_DONDARRION.ask(
        _seat(g, f, side),
        f"Beric Dondarrion: {_h(f.house(side))} won; destroy one of its units in "
        f"{T.area_name(f.area)} (a kind, or <kind>:routed)",
        options,
        **g.for_vassal(f.house(side)),
    )


def _beric_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    units = f.combat_units(g, side)
    if f.winner is not side or not units:
        return  # a garrison alone: nothing to destroy
    parts = D.BERIC_DONDARRION.parse(choice or _beric_options(g, f, side)[0])
    same = [u for u in units if u.kind == parts["unit"]]
    if "routed" in parts or g.automatic(_seat(g, f, side)):
        victim = next((u for u in same if u.routed), same[0])
    else:
        victim = next((u for u in same if not u.routed), same[0])
    f.destroy_unit(g, side, victim)
    g.emit(
        E.CARD_TEXT(
            card="beric_dondarrion",
            house=f.house(side),
            area=f.area,
            units=E.units_field((victim,)),
        )
    )


_ability(
    "beric_dondarrion",
    after_casualties=Text(_beric_act, _beric_ask),
    says=lambda f: f"Beric Dondarrion: {E.house(f['house'])} destroys one of its own units in "
    f"{E.area(f['area'])}",
)


# -- Bronn (X-MOD-10.9): the opponent may discard 2 power to make Bronn's strength 0 ----------
def _bronn_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    payer = f.house(side.other)
    if g.power[payer] < BRONN_COST:
        return None  # a vassal has none (X-MOD-10.10)
    return D.BRONN.ask(
        g.seat_for(payer),
        f"Bronn: discard {BRONN_COST} of your {g.power[payer]} power to make the strength of "
        f"{_h(f.house(side))}'s Bronn 0?",
        ("pay", "pass"),
    )


def _bronn_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice != "pay":
        return
    payer = f.house(side.other)
    g.discard_power(payer, BRONN_COST)
    f.paid = pair_with(f.paid, side, -_printed("bronn"))
    g.emit(E.CARD_TEXT(card="bronn", house=f.house(side), victim=payer))


_ability(
    "bronn",
    before_resolution=Text(_bronn_act, _bronn_ask),
    says=lambda f: f"Bronn: {E.house(f['victim'])} discards {BRONN_COST} power and Bronn's "
    "strength is 0",
)


# ================================================================================== Targaryen A


def _remove_own(card: str) -> Text:
    """An ``after`` text: the played card leaves the game (X1.3)."""

    def act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
        remove_from_game(g, f.house(side), card)

    return Text(act)


# Arstan Whitebeard, Ser Jorah Mormont: no text.


# -- Khal Drogo (X-MOD-5.8): +1 strength and +1 sword per knight there; then removed ----------
def _drogo(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    knights = _count(f.combat_units(g, side), f.house(side), "knight")
    return replace(stats, strength=stats.strength + knights, swords=stats.swords + knights)


_ability("khal_drogo", stats=_drogo, after=_remove_own("khal_drogo"))


# -- Xaro Xhoan Daxos (X-MOD-5.9, XE4): more ships there: each of them +1 more ------------------
def _xaro(
    g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    mine = sum(1 for u in f.combat_units(g, side) if u.kind == "ship")
    theirs = sum(1 for u in f.combat_units(g, side.other) if u.kind == "ship")
    return _each_in_area(f, side, units, "ship", 1) if mine > theirs else units


_ability("xaro_xhoan_daxos", units=_xaro)


# -- Daenerys Targaryen (A): +2 if a dragon is in the embattled area (either side's) -----------
def _daenerys_a(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    units = (*f.combat_units(g, side), *f.combat_units(g, side.other))
    if any(u.kind == "dragon" for u in units):
        return replace(stats, strength=stats.strength + DAENERYS_BONUS)
    return stats


_ability("daenerys_targaryen_a", stats=_daenerys_a)


# -- Viserys Targaryen (X-MOD-5.8, X-MOD-5.10): may discard a card for its printed strength; ---
# losing, Viserys is removed from the game
def _viserys_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    others = tuple(c for c in g.hands[f.house(side)] if c != "viserys_targaryen")
    return _optional(
        _seat(g, f, side),
        D.VISERYS,
        "Viserys Targaryen: discard another card of your hand to add its printed strength "
        "(card) or pass",
        others,
    )


def _viserys_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    discard_from_hand(g, house, choice)  # its own text does nothing (X-MOD-5.10, XF20)
    added = _printed(choice)
    f.paid = pair_with(f.paid, side, f.side_pair(f.paid, side) + added)
    g.emit(E.CARD_TEXT(card="viserys_targaryen", house=house, discarded=choice, added=added))


def _viserys_after(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if _lost(f, side):
        remove_from_game(g, f.house(side), "viserys_targaryen")


_ability(
    "viserys_targaryen",
    before_resolution=Text(_viserys_act, _viserys_ask),
    after=Text(_viserys_after),
    says=lambda f: f"Viserys Targaryen: {E.house(f['house'])} discards "
    f"{E.card_name(f['discarded'])} for +{f['added']} strength",
)


# -- Illyrio Mopatis (X-MOD-5.8): gain the difference in power; rich, Illyrio leaves ----------
def _illyrio_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    house = f.house(side)
    gained = g.gain_power(house, f.difference())  # X1.4
    g.emit(E.CARD_TEXT(card="illyrio_mopatis", house=house, gained=gained))
    if g.power[house] >= ILLYRIO_RICH:
        remove_from_game(g, house, "illyrio_mopatis")


_ability(
    "illyrio_mopatis",
    after=Text(_illyrio_act),
    says=lambda f: f"Illyrio Mopatis: {E.house(f['house'])} gains {f['gained']} power",
)


# ================================================================================== Targaryen B

# Daario Naharis, Grey Worm, Strong Belwas: no text.


# -- Daenerys Targaryen (B): the opponent discards the difference in available power ----------
def _daenerys_b_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    victim = f.house(side.other)
    lost = g.discard_power(victim, f.difference())  # X1.4; a vassal has none (X-MOD-10.10)
    g.emit(E.CARD_TEXT(card="daenerys_targaryen_b", house=f.house(side), victim=victim, lost=lost))


_ability(
    "daenerys_targaryen_b",
    after=Text(_daenerys_b_act),
    says=lambda f: f"Daenerys Targaryen: {E.house(f['victim'])} discards {f['lost']} power",
)


# -- Captain Groleo (X-MOD-5.8): attacking a land area by ship transport, +1 per ship around ---
def _by_ship_transport(g: BoardGame, f: Fight) -> bool:
    """Land units that reach a land area not adjacent to the one they left were carried by
    ships (R6.4.3); dragons flying alone were not (X-MOD-6.3)."""
    return f.area not in g.areas[f.from_area].neighbors and any(
        u.kind != "dragon" for u in f.attackers
    )


def _groleo(g: BoardGame, f: Fight, side: Side, stats: CardStats) -> CardStats:
    area = g.areas[f.area]
    if side is not Side.ATTACKER or not area.is_land or not _by_ship_transport(g, f):
        return stats
    house = f.house(side)
    ships = sum(1 for a in area.neighbors for u in g.units.get(a, ()) if u == Unit(house, "ship"))
    return replace(stats, strength=stats.strength + ships)


_ability("captain_groleo", stats=_groleo)


# -- Rakharo (X-MOD-5.9, XE5): a land area without castle: each knight there +2 more ----------
def _rakharo(
    g: BoardGame, f: Fight, side: Side, units: tuple[Contribution, ...]
) -> tuple[Contribution, ...]:
    area = g.areas[f.area]
    if not area.is_land or area.has_castle:
        return units
    return _each_in_area(f, side, units, "knight", RAKHARO_BONUS)


_ability("rakharo", units=_rakharo)


# -- Missandei (X-MOD-5.8): lost by 2 or less: may take another discarded card back -----------
def _missandei_ask(g: BoardGame, f: Fight, side: Side) -> Decision | None:
    if not _lost(f, side) or f.difference() > MISSANDEI_MARGIN:
        return None
    return _optional(
        _seat(g, f, side),
        D.MISSANDEI,
        "Missandei: take a card of your discard pile back into hand (card) or pass",
        tuple(c for c in g.discards[f.house(side)] if c != "missandei"),
    )


def _missandei_act(g: BoardGame, f: Fight, side: Side, choice: str | None) -> None:
    if choice is None or choice == "pass":
        return
    house = f.house(side)
    g.discards[house] = tuple(c for c in g.discards[house] if c != choice)
    g.hands[house] = (*g.hands[house], choice)
    g.emit(E.CARD_TEXT(card="missandei", house=house, returned=choice))


_ability(
    "missandei",
    outcome=Text(_missandei_act, _missandei_ask),
    says=lambda f: f"Missandei: {E.house(f['house'])} takes {E.card_name(f['returned'])} back "
    "into hand",
)

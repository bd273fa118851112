"""Combat (R7, D16–D21): the flow of a fight against a house, stage by stage.

A march pushes a combat with :func:`start_combat` (R6.4.8): the attacking units are held on
the fight record ``g.fight`` (:class:`~westeros.boardgame.fight.Fight`) until they move in or
retreat, so the board keeps one house per area; the March order may still stand in
``from_area`` (its modifier counts from ``march_token`` either way). The defender is the house
with units in the area or, with none, the owner of its garrison.

:data:`FLOW` lists the stages of R7.2 (E3), each one decision at a time or an automatic step:

* ``begin`` — the defender and the forces are announced (R7.1);
* ``support`` — the call for support (kinds ``support``, ``support_areas``,
  ``accept_support``; R7.3, D16; :mod:`westeros.boardgame.support`);
* ``initial`` — initial strength is logged (R7.4); with Tides of Battle the 24 cards are
  shuffled into a fresh deck (E8);
* ``cards`` — attacker and defender choose a house card at once, secretly (kind
  ``house_card``: a card id of the hand, D17), then both are revealed;
* ``cancel``, ``immediately``, ``before_resolution`` (X1.1) — the card texts of these timing
  windows (R7.5.2,
  :mod:`westeros.boardgame.house_cards`), sides in turn order; a Tyrion cancel adds a
  ``recard`` entry (kind ``house_card`` again without the cancelled card);
* ``draw`` (Tides) — each side draws a Tides of Battle card (R7.7.2);
* ``final_strength_override`` (X1.1) — texts that set a final strength say so here; the
  value replaces the side's final strength from then on (``strengths``), and the blade is not
  offered to that side;
* ``blade`` — the VSB holder in the combat, if unused (kind ``blade``; with Tides first
  ``"redraw"``/``"keep"``, then the cards are revealed; then ``"+1"``/``"no"``; R7.6, R7.7.3);
* ``victor`` — final strength (never below 0) and the victor, ties to Fiefdoms (R7.8);
* ``outcome`` — card texts (Tywin, Renly, Cersei, Roose);
* ``casualties`` / ``casualty`` — garrison, automatic destruction of routed units and siege
  engines, then sword and skull casualties one at a time (kind ``casualty``: a unit kind;
  R7.9, R7.7.5); ``after_casualties`` — card texts once casualties are taken (Beric
  Dondarrion, X-MOD-10.9);
* ``retreat`` (kind ``retreat``: an area id) and ``retreat_casualty`` (kind
  ``retreat_casualty``: a unit kind, supply losses of the chosen area) — R7.10, D21;
* ``cleanup`` — R7.11 steps 1–3; ``after`` — card texts (step 4, Patchface); ``finish`` —
  steps 5–6 (E2, ports, victory).

Played cards stay in their owner's hand (hands are public, R1.14.2) until clean up step 3; the
record holds which card each side plays (secret until revealed). This module names no card: every
card text is an ability of :mod:`westeros.boardgame.house_cards`.
"""

from __future__ import annotations

from collections.abc import Sequence

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import house_cards as HC
from westeros.boardgame import (
    house_cards_adwd,  # noqa: F401  (registers the ADwD texts)
    house_cards_affc,  # noqa: F401  (registers the AFfC texts)
    house_cards_mod,  # noqa: F401  (registers the Mother of Dragons texts)
)
from westeros.boardgame import tables as T
from westeros.boardgame.fight import (
    COMBAT,
    Fight,
    FightStep,
    SideStrength,
    Stage,
    start_fight,
)
from westeros.boardgame.geography import transport_targets
from westeros.boardgame.state import SIDES, BoardGame, Order, Side, Unit, supply_complies
from westeros.boardgame.support import (
    order_modifier,
    support_act,
    support_ask,
    support_enter,
    unit_value,
)
from westeros.boardgame.vassals import (
    blade_side,
    draw_vassal_cards,
    return_vassal_cards,
    vassal_victory,
)
from westeros.boardgame.victory import settle_control
from westeros.engine import Decision

NO_CARD = ""  # the side fights without a house card (Tyrion with no other card, R7.12)

# -- retreat geometry (R7.10.3, R6.4.3) ----------------------------------------------------------


def retreat_areas(
    g: BoardGame, house: str, area: str, ships: bool, exclude: str | None
) -> list[str]:
    """R7.10.3: areas adjacent to ``area`` or reached by ship transport (land units), friendly
    or uncontrolled and empty, without neutral force, not impassable, not ``exclude``. Ships go
    to sea areas, or to a port whose land area the house controls (F40)."""
    info = g.map.areas[area]
    if ships:
        found = {
            n
            for n in info.neighbors
            if g.map.areas[n].is_sea or (g.map.areas[n].is_port and g.controller(n) == house)
        }
    else:
        found = {n for n in info.neighbors if g.map.areas[n].is_land} | transport_targets(
            g, house, area
        )
    found.discard(area)
    if exclude is not None:
        found.discard(exclude)
    return [
        a
        for a in g.map.area_ids
        if a in found
        and a not in g.impassable
        and a not in g.neutral
        and g.controller(a) in (house, None)
        and g.owner(a) in (house, None)
    ]


def retreat_cost(g: BoardGame, house: str, leaving: str | None, target: str, count: int) -> int:
    """R7.10.4: the fewest of ``count`` retreating units to destroy so that ``house`` complies
    with supply (and the 3-ship port limit, R8.2) once they stand in ``target``."""
    sizes = {a: len(us) for a, us in g.units.items() if us[0].house == house and a != leaving}
    there = sizes.get(target, 0)
    for lost in range(count + 1):
        after = dict(sizes)
        after[target] = there + count - lost
        if g.map.areas[target].is_port and after[target] > T.MAX_SHIPS_IN_PORT:
            continue
        if supply_complies(after.values(), g.supply[house]):
            return lost
    return count


# -- strength (R7.4, R7.8) -------------------------------------------------------------------


def contributions(g: BoardGame, f: Fight) -> tuple[HC.Contribution, ...]:
    """Every unit's strength for its side, after card modifiers (R7.4.2, R7.5.2 window 3)."""
    units: list[HC.Contribution] = [
        HC.Contribution(Side.ATTACKER, "attacking", f.area, u, unit_value(g, u, f.area, True))
        for u in f.attackers
    ]
    units += [
        HC.Contribution(Side.DEFENDER, "defending", f.area, u, unit_value(g, u, f.area, False))
        for u in f.combat_units(g, Side.DEFENDER)
    ]
    for side in SIDES:
        for area, _house in f.valid_support(g, side):
            units += [
                HC.Contribution(
                    side, "supporting", area, u, unit_value(g, u, f.area, side is Side.ATTACKER)
                )
                for u in g.units.get(area, ())
            ]
    return HC.apply_unit_modifiers(g, f, tuple(units))


def strengths(g: BoardGame, f: Fight) -> dict[Side, SideStrength]:
    """Both sides' strength as far as it is known now (cards and tides once revealed)."""
    units = contributions(g, f)
    overrides = HC.final_overrides(g, f)  # X1.1
    out: dict[Side, SideStrength] = {}
    for side in SIDES:
        if side is Side.ATTACKER:
            order = T.ORDER_KINDS[f.march_token].modifier  # R7.4.1 March modifier
            garrison = 0
        else:
            bonus = order_modifier(g, f.area, "defense", f.defender)
            order = HC.order_bonus(f, side, bonus)
            garrison = f.garrison(g)
        bonus_support = sum(  # R7.3.4 Support +1
            order_modifier(g, a, "support") for a, _h in f.valid_support(g, side)
        )
        stats = HC.card_stats(g, f, side)
        tide = f.tide(side)
        out[side] = SideStrength(
            units=sum(x.value for x in units if x.side == side and x.role != "supporting"),
            order=order,
            garrison=garrison,
            support=bonus_support
            + sum(x.value for x in units if x.side == side and x.role == "supporting"),
            card=stats.strength,
            blade=1 if f.blade_side is side else 0,
            tide=tide.strength if tide else 0,
            swords=stats.swords + (tide.swords if tide else 0),
            fortifications=stats.fortifications + (tide.fortifications if tide else 0),
            skulls=tide.skulls if tide else 0,
            override=overrides.get(side),
        )
    return out


def _strength_field(st: dict[Side, SideStrength], final: bool) -> dict[str, dict[str, int]]:
    return {side: st[side].parts(final) for side in SIDES}


def _houses(f: Fight) -> dict[str, str]:
    return {"attacker": f.attacker, "defender": f.defender, "area": f.area}


def _cards_field(f: Fight) -> dict[str, str | None]:
    return {side: f.card(side) for side in SIDES}


# -- begin, initial, cards (R7.1, R7.4, R7.5.1) ------------------------------------------------


def _begin(g: BoardGame, f: Fight, choice: str | None) -> bool:
    owner = g.owner(f.area)
    home = g.garrison_owner(f.area)  # R1.7.2 a garrison defends for its house (X-ADWD-2.8)
    f.defender = owner if owner is not None else (home or "")
    assert f.defender and f.defender != f.attacker, (f.area, f.defender)
    g.emit(
        E.COMBAT_BEGIN(
            **_houses(f),
            from_area=f.from_area,
            units=E.units_field(f.attackers),
            defending=E.units_field(f.combat_units(g, Side.DEFENDER)),
            garrison=f.garrison(g),
        )
    )
    return True


def _initial(g: BoardGame, f: Fight, choice: str | None) -> bool:
    st = strengths(g, f)
    f.initial = (st[Side.ATTACKER], st[Side.DEFENDER])
    g.emit(
        E.COMBAT_INITIAL(**_houses(f), from_area=f.from_area, strength=_strength_field(st, False))
    )
    if g.tides:  # R7.7.1 / E8: a fresh deck of all 24 cards before the cards are chosen
        deck = list(g.rng.shuffled([c.id for c in T.TIDES_OF_BATTLE]))
        for card in g.tides_next:  # fixed by a scenario (builder.tides_top)
            deck.remove(card)
        f.tides_deck = (*g.tides_next, *deck)
        g.tides_next = ()
    if g.vassals:  # X-MOD-10.7 the commander draws 3 vassal cards for a vassal
        draw_vassal_cards(g, f)
    return True


def _initial_text(g: BoardGame, f: Fight) -> str:
    st = strengths(g, f)
    return f"{st[Side.ATTACKER].initial} vs {st[Side.DEFENDER].initial}"


def _cards_ask(g: BoardGame, f: Fight) -> list[Decision]:
    return [
        D.HOUSE_CARD.ask(
            g.seat_for(f.house(side)),
            f"{T.house_name(f.house(side))}: choose a house card for the combat in "
            f"{T.area_name(f.area)} ({_initial_text(g, f)})",
            g.hands[f.house(side)],
            **g.for_vassal(f.house(side)),
        )
        for side in SIDES
        if f.chosen_card(side) is None and g.hands[f.house(side)]
    ]


def _cards_record(g: BoardGame, f: Fight, house: str, card: str) -> None:
    side = (
        Side.ATTACKER
        if house == f.attacker and f.chosen_card(Side.ATTACKER) is None
        else (Side.DEFENDER)
    )
    f.set_card(side, card)


def _reveal(g: BoardGame, f: Fight, choice: str | None) -> bool:
    for side in SIDES:
        if f.chosen_card(side) is None:
            f.set_card(side, NO_CARD)  # an empty hand (never in a legal game)
    f.revealed = True
    g.emit(E.CARDS_REVEALED(**_houses(f), cards=_cards_field(f)))
    return True


# -- card text windows (R7.5.2) ------------------------------------------------------------------


def _window(name: HC.Window) -> Stage:
    """A timing window: the texts of both cards for it, sides in turn order (R7.5.2)."""

    def enter(g: BoardGame, f: Fight) -> None:
        f.queue = tuple(
            (name, side)
            for side in f.sides_in_turn_order(g)
            if HC.side_ability(f, side).text(name) is not None
        )

    return Stage(name, _window_act, _window_ask, enter)


def _recard_choices(g: BoardGame, f: Fight, side: Side) -> tuple[str, ...]:
    return tuple(c for c in g.hands[f.house(side)] if c not in f.excluded)


def _window_ask(g: BoardGame, f: Fight) -> list[Decision]:
    if not f.queue:
        return []
    window, side = f.queue[0]
    if window == "recard":
        choices = _recard_choices(g, f, side)
        if not choices:
            return []
        return [
            D.HOUSE_CARD.ask(
                g.seat_for(f.house(side)),
                f"{T.house_name(f.house(side))}: your card was cancelled; choose a "
                "different house card",
                choices,
                **g.for_vassal(f.house(side)),
            )
        ]
    text = HC.side_ability(f, side).text(window)  # type: ignore[arg-type]
    if text is None or text.ask is None:
        return []
    decision = text.ask(g, f, side)
    return [decision] if decision is not None else []


def _window_act(g: BoardGame, f: Fight, choice: str | None) -> bool:
    if not f.queue:
        return True
    (window, side), f.queue = f.queue[0], f.queue[1:]
    if window == "recard":
        f.set_card(side, choice or NO_CARD)
        g.emit(E.CARD_REPLAYED(**_houses(f), side=side, cards=_cards_field(f)))
        return False
    text = HC.side_ability(f, side).text(window)  # type: ignore[arg-type]
    if text is not None:
        text.act(g, f, side, choice)
    return False


# -- Tides of Battle and the Valyrian Steel Blade (R7.6, R7.7) -----------------------------------


def _draw(g: BoardGame, f: Fight, choice: str | None) -> bool:
    f.drawn = (f.tides_deck[0], f.tides_deck[1])
    f.tides_deck = f.tides_deck[2:]
    g.emit(E.TIDES_DRAWN(**_houses(f)))
    return True


def _blade_side(g: BoardGame, f: Fight) -> Side | None:
    """R7.6: the VSB holder's side while unused; never a side whose final strength a text sets
    (X1.1 final_strength_override)."""
    holder = g.holder("fiefdoms")
    side = None if g.vsb_used else blade_side(g, f, holder)  # X-MOD-10.7 for a vassal too
    if side is not None and side in HC.final_overrides(g, f):
        return None
    return side


def _blade_ask(g: BoardGame, f: Fight) -> list[Decision]:
    side = _blade_side(g, f)
    if side is None:
        return []
    seat = g.seat_for(f.house(side))
    if g.tides and not f.tides_shown:
        return [
            D.BLADE.ask(
                seat,
                f"Valyrian Steel Blade: you drew the Tides of Battle card "
                f"'{f.drawn_tide(side)}'. Use the blade to draw another one?",
                ("redraw", "keep"),
                **g.for_vassal(f.house(side)),
            )
        ]
    st = strengths(g, f)
    return [
        D.BLADE.ask(
            seat,
            f"Valyrian Steel Blade: add +1 to your strength? (now {st[side].final} vs "
            f"{st[side.other].final})",
            ("+1", "no"),
            **g.for_vassal(f.house(side)),
        )
    ]


def _blade(g: BoardGame, f: Fight, choice: str | None) -> bool:
    side = _blade_side(g, f)
    if choice == "redraw" and side is not None:
        g.vsb_used = True
        new, f.tides_deck = f.tides_deck[0], f.tides_deck[1:]
        f.set_tide(side, new)
        g.emit(E.BLADE_REDRAW(**_houses(f), house=f.house(side)))
    if choice in ("redraw", "keep"):
        _show_tides(g, f)  # R7.7.3; the +1 may follow
        return False
    if choice == "+1" and side is not None:
        g.vsb_used = True
        f.blade_side = side
        g.emit(E.BLADE_PLUS_ONE(**_houses(f), house=f.house(side)))
    if g.tides and not f.tides_shown:
        _show_tides(g, f)
    return True


def _show_tides(g: BoardGame, f: Fight) -> None:
    f.tides_shown = True
    g.emit(E.TIDES_REVEALED(**_houses(f), tides={s: f.drawn_tide(s) for s in SIDES}))


# -- victor (R7.8) -------------------------------------------------------------------------------


def _victor(g: BoardGame, f: Fight, choice: str | None) -> bool:
    st = strengths(g, f)
    fa, fd = st[Side.ATTACKER].final, st[Side.DEFENDER].final
    if fa != fd:
        f.winner = Side.ATTACKER if fa > fd else Side.DEFENDER
    else:  # R7.8.3 tie: higher on the Fiefdoms track
        a, d = g.position("fiefdoms", f.attacker), g.position("fiefdoms", f.defender)
        f.winner = Side.ATTACKER if a < d else Side.DEFENDER
    f.final = (st[Side.ATTACKER], st[Side.DEFENDER])
    strength = _strength_field(st, True)
    g.emit(E.COMBAT_FINAL(**_houses(f), strength=strength))
    g.emit(E.COMBAT_WON(**_houses(f), winner=f.winner, strength=strength, tie=fa == fd))
    if g.vassals:
        vassal_victory(g, f)  # X-MOD-10.7 its commander gains 1 power
    return True


# -- casualties (R7.9, R7.7.5) -------------------------------------------------------------------


def _casualties(g: BoardGame, f: Fight, choice: str | None) -> bool:
    win, lose = f.sides()
    if lose is Side.DEFENDER and f.area in g.garrisons:  # R7.9.1
        del g.garrisons[f.area]
        g.emit(E.GARRISON_REMOVED(area=f.area, house=f.defender))
    doomed = [u for u in f.combat_units(g, lose) if u.routed or u.kind == "siege_engine"]
    for u in doomed:  # R7.9.2 / F18
        f.destroy_unit(g, lose, u)
    if doomed:
        _log_losses(g, f, lose, doomed, "routed")
    st = strengths(g, f)
    kills: list[tuple[Side, int, str]] = []
    swords = max(0, st[win].swords - st[lose].fortifications)  # R7.9.3
    if swords and not HC.casualties_prevented(g, f, lose, "swords"):
        kills.append((lose, swords, "swords"))
    if g.tides:  # R7.7.5 skulls hit the opposing side, whoever won
        for side in f.sides_in_turn_order(g):
            skulls = st[side.other].skulls
            if skulls and not HC.casualties_prevented(g, f, side, "skull"):
                kills.append((side, skulls, "skull"))
    f.kills = tuple(kills)
    return True


def _log_losses(g: BoardGame, f: Fight, side: Side, units: Sequence[Unit], cause: str) -> None:
    g.emit(
        E.CASUALTIES(
            house=f.house(side), side=side, area=f.area, units=E.units_field(units), cause=cause
        )
    )


def _casualty_pool(g: BoardGame, f: Fight, side: Side, cause: str) -> list[Unit]:
    """Units that may be chosen: never routed (R1.4.4); siege engines only by skulls."""
    return [
        u
        for u in f.combat_units(g, side)
        if not u.routed and (cause == "skull" or u.kind != "siege_engine")
    ]


def _destroy_decisions(
    g: BoardGame,
    f: Fight,
    side: Side,
    kind: D.DecisionKind,
    pool: Sequence[Unit],
    count: int,
    prompt: str,
) -> list[Decision]:
    """D20 / D21: the side names the kind of the next unit of ``pool`` it destroys —
    asked only when the kind matters (fewer victims than units, two kinds or more)."""
    kinds = tuple(k for k in T.ALL_UNIT_TYPES if any(u.kind == k for u in pool))
    if count <= 0 or count >= len(pool) or len(kinds) <= 1:
        return []
    house = f.house(side)
    seat, prompt = g.seat_for(house), f"{T.house_name(house)}: {prompt}"
    return [kind.ask(seat, prompt, kinds, **g.for_vassal(house))]


def _destroy_chosen(
    g: BoardGame, f: Fight, side: Side, pool: Sequence[Unit], count: int, choice: str | None
) -> list[Unit]:
    """Destroy one unit of the chosen kind or, when nothing was asked, the first ``count``
    units of ``pool`` (all of one kind, or all of them); returns the victims."""
    if choice is not None:
        victims = [next(u for u in pool if u.kind == choice)]
    else:
        victims = list(pool[:count])
    for u in victims:
        f.destroy_unit(g, side, u)
    return victims


def _casualty_ask(g: BoardGame, f: Fight) -> list[Decision]:
    if not f.kills:
        return []
    side, count, cause = f.kills[0]
    what = "sword casualties" if cause == "swords" else "a skull"
    return _destroy_decisions(
        g,
        f,
        side,
        D.CASUALTY,
        _casualty_pool(g, f, side, cause),
        count,
        f"destroy a unit in {T.area_name(f.area)} ({count} to destroy, {what})",
    )


def _casualty(g: BoardGame, f: Fight, choice: str | None) -> bool:
    if not f.kills:
        return True
    side, count, cause = f.kills[0]
    victims = _destroy_chosen(g, f, side, _casualty_pool(g, f, side, cause), count, choice)
    if victims:
        _log_losses(g, f, side, victims, cause)
    count -= len(victims)
    if count > 0 and _casualty_pool(g, f, side, cause):
        f.kills = ((side, count, cause), *f.kills[1:])
    else:
        f.kills = f.kills[1:]
    return False


# -- retreat and routing (R7.10) -------------------------------------------------------------------


def retreat_options(g: BoardGame, f: Fight) -> dict[str, int]:
    """Legal retreat areas of the loser with the fewest losses (R7.10.2–R7.10.4, Q6,
    R7.12.1 for Robb); empty when the units cannot retreat (F26, R7.10.5)."""
    _win, lose = f.sides()
    units = f.combat_units(g, lose)
    if not units:
        return {}
    house = f.house(lose)
    ships = units[0].kind == "ship"
    costs: dict[str, int] = {}
    if lose is Side.ATTACKER:
        if g.controller(f.from_area) in (house, None):  # R7.10.2; else F26
            costs[f.from_area] = 0
        if HC.retreat_chooser(f) is not None:  # R7.12.1 (b), (c): never breaking supply
            for a in retreat_areas(g, house, f.area, ships, None):
                if a not in costs and retreat_cost(g, house, None, a, len(units)) == 0:
                    costs[a] = 0
    else:
        for a in retreat_areas(g, house, f.area, ships, f.from_area):
            costs[a] = retreat_cost(g, house, f.area, a, len(units))
    if not costs:
        return {}
    least = min(costs.values())
    return {a: n for a, n in costs.items() if n == least}


def _retreat_ask(g: BoardGame, f: Fight) -> list[Decision]:
    options = retreat_options(g, f)
    if len(options) <= 1:
        return []
    _win, lose = f.sides()
    chooser = HC.retreat_chooser(f) or lose
    losses = next(iter(options.values()))
    cost = f"; it loses {losses} unit(s) to supply" if losses else ""
    return [
        D.RETREAT.ask(
            g.seat_for(f.house(chooser)),
            f"{T.house_name(f.house(chooser))}: where do the units of "
            f"{T.house_name(f.house(lose))} retreat from {T.area_name(f.area)}{cost}?",
            tuple(a for a in g.map.area_ids if a in options),
            **g.for_vassal(f.house(chooser)),
        )
    ]


def _retreat(g: BoardGame, f: Fight, choice: str | None) -> bool:
    _win, lose = f.sides()
    units = f.combat_units(g, lose)
    if not units:
        return True
    options = retreat_options(g, f)
    if not options:  # R7.10.5, F26
        for u in units:
            f.destroy_unit(g, lose, u)
        g.emit(
            E.NO_RETREAT(house=f.house(lose), side=lose, area=f.area, units=E.units_field(units))
        )
        return True
    target = choice if choice is not None else next(iter(options))
    f.retreat_to = target
    f.retreat_losses = options[target]
    return True


def _retreat_casualty_ask(g: BoardGame, f: Fight) -> list[Decision]:
    assert f.retreat_to is not None
    _win, lose = f.sides()
    return _destroy_decisions(
        g,
        f,
        lose,
        D.RETREAT_CASUALTY,
        f.combat_units(g, lose),
        f.retreat_losses,
        f"destroy a retreating unit to keep supply in {T.area_name(f.retreat_to)} "
        f"({f.retreat_losses} to destroy)",
    )


def _retreat_casualty(g: BoardGame, f: Fight, choice: str | None) -> bool:
    assert f.retreat_to is not None
    _win, lose = f.sides()
    house = f.house(lose)
    units = f.combat_units(g, lose)
    if f.retreat_losses > 0 and units:
        victims = _destroy_chosen(g, f, lose, units, f.retreat_losses, choice)
        f.retreat_losses -= len(victims)
        g.emit(
            E.RETREAT_LOSSES(house=house, side=lose, to=f.retreat_to, units=E.units_field(victims))
        )
        return False
    target = f.retreat_to
    if lose is Side.ATTACKER:
        f.attackers = ()
    else:
        g.units.pop(f.area, None)  # the loser's units are all of the area's units
    for u in units:  # R7.10.6 retreated units are routed
        g.add_unit(target, Unit(house, u.kind, True))
    if units:
        f.retreated = units
        g.emit(
            E.RETREAT(house=house, side=lose, area=f.area, to=target, units=E.units_field(units))
        )
    return True


# -- clean up (R7.11) ---------------------------------------------------------------------------


def _cleanup(g: BoardGame, f: Fight, choice: str | None) -> bool:
    if f.winner is Side.ATTACKER:  # step 1
        blocker = HC.blocking_card(f)
        if f.attackers and blocker is not None:  # D23: they return where they came from
            units = f.release(g, f.from_area)
            g.emit(
                E.CARD_TEXT(
                    card=blocker,
                    house=f.defender,
                    victim=f.attacker,
                    to=f.from_area,
                    units=E.units_field(units),
                )
            )
        elif f.attackers:
            token = g.power_tokens.get(f.area)
            if token is not None and token != f.attacker:
                del g.power_tokens[f.area]  # to the Power Pool
            units = f.release(g, f.area)
            g.emit(E.MOVE_IN(house=f.attacker, area=f.area, units=E.units_field(units)))
        order = g.orders.get(f.area)
        if order is not None and order.house == f.defender:
            del g.orders[f.area]
    # step 2: the March order is removed (or moved into the conquered area by a card)
    if f.is_starting_march(g, f.from_area):
        del g.orders[f.from_area]
    mover = HC.march_order_mover(f)
    if mover is not None:
        g.orders[f.area] = Order(f.attacker, f.march_token)
        g.emit(E.CARD_TEXT(card=mover, house=f.attacker, area=f.area, token=f.march_token))
    for side in SIDES:  # step 3: cards discarded, hand recovery
        card = f.card(side)
        if card is None or side in f.kept or f.house(side) in g.vassals:
            continue  # X-MOD-10.7 a vassal's cards return to the shared deck (finish)
        HC.discard_from_hand(g, f.house(side), card)
    return True


def _finish(g: BoardGame, f: Fight, choice: str | None) -> bool:
    for area in [a for a in g.orders if a not in g.units]:  # step 5 (E2)
        order = g.orders.pop(area)
        g.emit(E.ORDER_REMOVED_NO_UNITS(house=order.house, area=area, token=order.token))
    assert not f.attackers, "every attacking unit has moved in, returned or retreated"
    g.emit(
        E.COMBAT_OVER(
            **_houses(f),
            from_area=f.from_area,
            winner=f.winner,
            initial=_parts(f.initial, False),
            final=_parts(f.final, True),
            cards=_cards_field(f),
            tides={s: f.drawn_tide(s) for s in SIDES} if g.tides else None,
            casualties={s: f.casualties_field(s) for s in SIDES},
            retreat=None
            if f.retreat_to is None or not f.retreated
            else {"to": f.retreat_to, "units": E.units_field(f.retreated)},
        )
    )
    if g.vassals:
        return_vassal_cards(g, f)  # X-MOD-10.7 all return to the shared deck
    g.fight = None  # the fight is over before ports and victory are checked
    settle_control(g)  # step 6 (R1.3.8): ports, then the win
    return True


def _parts(st: tuple[SideStrength, ...], final: bool) -> dict[str, dict[str, int]]:
    return {side: s.parts(final) for side, s in zip(SIDES, st, strict=True)}


def _tides_on(g: BoardGame, f: Fight) -> bool:
    return g.tides


def _retreating(g: BoardGame, f: Fight) -> bool:
    return f.retreat_to is not None


FLOW: tuple[Stage, ...] = (
    Stage("begin", _begin),  # R7.1
    Stage("support", support_act, support_ask, support_enter),  # R7.3
    Stage("initial", _initial),  # R7.4
    Stage("cards", _reveal, _cards_ask, record=_cards_record),  # R7.5.1
    _window("cancel"),  # R7.5.2; X1.2 "ignore text" cancels
    _window("immediately"),
    _window("before_resolution"),  # X1.1 pay or pick at reveal time, in turn order
    Stage("draw", _draw, when=_tides_on),  # R7.7.2
    _window("final_strength_override"),  # X1.1 (applied to every final strength)
    Stage("blade", _blade, _blade_ask),  # R7.6, R7.7.3
    Stage("victor", _victor),  # R7.8
    _window("outcome"),
    Stage("casualties", _casualties),  # R7.9.1–R7.9.3
    Stage("casualty", _casualty, _casualty_ask),  # D20
    _window("after_casualties"),  # X-MOD-10.9 Beric Dondarrion
    Stage("retreat", _retreat, _retreat_ask),  # R7.10
    Stage("retreat_casualty", _retreat_casualty, _retreat_casualty_ask, when=_retreating),
    Stage("cleanup", _cleanup),  # R7.11 steps 1–3
    _window("after"),  # step 4
    Stage("finish", _finish),  # steps 5–6
)


class Combat(FightStep):
    """Runs a combat (R7) from the call for support to the clean up: :data:`FLOW`."""

    FLOW = FLOW


def start_combat(
    g: BoardGame,
    attacker: str,
    from_area: str,
    area: str,
    attackers: tuple[Unit, ...],
    march_token: str,
) -> None:
    """Start a combat (R7): ``attackers`` are already off ``from_area`` and held by the fight."""
    start_fight(g, Combat(), COMBAT, attacker, from_area, area, attackers, march_token)

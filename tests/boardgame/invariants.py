"""Invariants checked after every applied choice of random whole games (R1, R5.2, R9)."""

from __future__ import annotations

from collections import Counter

from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.affc import DEALT
from westeros.boardgame.fight import COMBAT
from westeros.boardgame.ports import PortTakeover
from westeros.boardgame.sea_orders import sea_tokens
from westeros.boardgame.state import BoardGame
from westeros.boardgame.supply import Reconcile, UpdateSupply
from westeros.boardgame.victory import MAX_VICTORY_POINTS


def _fight_areas(g: BoardGame) -> set[str]:
    """Start and embattled areas of a fight in progress or about to start: there the board is
    in a transient state until the fight's clean up (R6.4.8, R6.5.2, R7.11 steps 1–6)."""
    f = g.fight
    return set() if f is None else {f.from_area, f.area}


def _check_unit_places(g: BoardGame) -> None:
    """A unit is in exactly one place — an area or the fight's held attackers — and only a
    running game holds attackers (issue #8 fix 1: units never vanish, R1.4.2, R9.2)."""
    if g.phase == "over":
        assert g.fight is None, "a fight outlived the game: its held units vanished"
    held = () if g.fight is None else g.fight.attackers
    for house in g.houses:
        pool = T.unit_pool(house)  # Targaryen's own (X-MOD-5.7)
        for kind in T.ALL_UNIT_TYPES:
            on_board = sum(
                1 for us in g.units.values() for u in us if (u.house, u.kind) == (house, kind)
            )
            in_fight = sum(1 for u in held if (u.house, u.kind) == (house, kind))
            assert on_board + in_fight == pool[kind] - g.pool_left(house, kind)
            assert on_board + in_fight <= pool[kind], f"{house} exceeds its {kind} pool"


def check_invariants(g: BoardGame) -> None:
    for area, units in g.units.items():
        info = g.areas[area]
        assert units, f"empty unit tuple kept for {area}"
        assert len({u.house for u in units}) == 1, f"two houses in {area} (R1.3.6)"
        assert area not in g.impassable, f"units in impassable {area} (R1.1.4)"
        assert area not in g.neutral, f"units on a neutral force in {area} (R1.8)"
        for u in units:
            if info.kind == "land":
                assert u.kind != "ship", f"ship on land in {area}"
            else:
                assert u.kind == "ship", f"land unit at sea in {area}"
        if info.kind == "port":
            assert len(units) <= T.MAX_SHIPS_IN_PORT, f"more than 3 ships in {area} (R8.2)"
            taking_over = any(isinstance(s, PortTakeover) and s.port == area for s in g.stack)
            # R6.5.2: during a neutral-force support call the marchers have not left yet
            validating = info.port_land in _fight_areas(g)
            owner_ok = g.controller(area) == units[0].house  # settled before a win (R1.3.8)
            assert taking_over or validating or owner_ok, f"ships in a foreign port {area} (R8.1)"
    _check_unit_places(g)
    for house in g.houses:
        assert g.power[house] >= 0
        assert g.power_in_pool(house) >= 0, f"{house} has more than 20 power tokens (R1.6.1)"
        assert 0 <= g.supply[house] <= T.MAX_SUPPLY
        assert len(g.hands[house]) + len(g.discards[house]) == 7
        assert set(g.hands[house]) | set(g.discards[house]) == {c.id for c in g.house_deck(house)}
    for area, house in g.power_tokens.items():
        assert g.areas[area].kind == "land", f"power token on {area} (R1.3.3)"
        assert g.owner(area) in (None, house), f"power token under enemy units in {area}"
    check_objectives(g)
    for track in ("iron_throne", "fiefdoms", "kings_court"):
        assert sorted(g.tracks[track]) == sorted(g.houses)
    assert 0 <= g.wildling_threat <= T.WILDLING_MAX and g.wildling_threat % 2 == 0
    assert 1 <= g.round <= g.setup.last_round  # X-ADWD-2.2
    if g.phase == "planning":  # R5.2 (Doran may move a house down later, F13)
        for house in g.houses:
            special = sum(1 for o in g.orders.values() if o.house == house and o.special)
            assert special <= g.stars(house), f"{house} has too many special orders (R5.2)"
    check_sea_orders(g)
    if g.phase == "action":
        # the March order and the embattled area of a fight in progress (F16, R7.11 steps 2, 5)
        fighting = _fight_areas(g)
        for area, order in g.orders.items():
            if area in fighting:  # the March order of a combat in progress (R7.11 step 2)
                continue
            assert g.owner(area) == order.house, f"order without units in {area} (R5.1)"
    if not any(isinstance(s, Reconcile | UpdateSupply) for s in g.stack):
        f = g.fight  # R7.10.4 a retreat may cost units for supply, chosen one at a time
        retreating = (
            {f.house(f.winner.other)}
            if f is not None and f.kind == COMBAT and f.stage == "retreat_casualty" and f.winner
            else set()
        )
        for house in g.houses:  # R1.5.4 no action breaks supply; R3.5.2 reconcile at once
            if house not in retreating:
                assert g.complies(house), f"{house} breaks supply (R1.5)"


def check_sea_orders(g: BoardGame) -> None:
    """X-MOD-9.1: sea order tokens lie only on ships (sea areas and ports), only for player
    houses of a game with sea orders, and a house never uses more copies of a token than it has
    (R1.10)."""
    used = Counter((o.house, o.token) for o in g.orders.values())
    for area, order in g.orders.items():
        if order.token in T.SEA_ORDER_COUNTS:
            assert g.areas[area].kind in ("sea", "port"), f"sea order on land in {area}"
            assert sea_tokens(g, order.house), f"{order.house} has no sea order tokens"
    for (house, token), n in used.items():
        assert n <= {**T.ORDER_COUNTS, **sea_tokens(g, house)}.get(token, n), (house, token)


def check_objectives(g: BoardGame) -> None:
    """X-AFFC-2.8, X-AFFC-4: the 28 objective cards are conserved — deck + hands + scored (+ a
    pool some Westeros card holds on its step, ``objective_pool``) — each in one place; victory
    points stay within 0..7 (X-AFFC-4.1). Other scenarios hold no objective state."""
    if not g.is_affc():
        assert not (g.objective_deck or g.objective_hands or g.victory_points)
        return
    held = [c for s in g.stack for c in getattr(s, "objective_pool", ())]
    places = [
        *g.objective_deck,
        *(c for h in g.houses for c in g.objective_hands[h]),
        *(c for h in g.houses for c in g.objectives_scored[h]),
        *held,
    ]
    assert sorted(places) == sorted(O.OBJECTIVES), "objective cards lost or doubled"
    for house in g.houses:
        assert 0 <= g.victory_points[house] <= MAX_VICTORY_POINTS
        assert len(g.objective_hands[house]) <= DEALT


def check_ended(g: BoardGame) -> None:
    assert g.phase == "over" and not g.pending()
    assert g.winner == g.ranking[0] and sorted(g.ranking) == sorted(g.houses)
    assert g.round <= g.setup.last_round
    if g.is_affc():  # X-AFFC-4.5, X-AFFC-4.6: the winner has the most victory points
        assert g.victory_points[g.winner] == max(g.victory_points.values())

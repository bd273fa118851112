"""March orders (R6.4, D14); the hand-off to combat (R7) and neutral-force attacks (R6.5).

A march is chosen in small steps: the order (``march_order``), then one unit move at a time
(``march_move``: ``"<unit_kind>><destination>"`` or ``"done"``), then, if the house empties a
land area where it may keep control, whether to leave a power token (``march_token``).
Only moves after which the plan can still end supply-compliant (R6.4.6, F24, Q14) and, against
a neutral force, strong enough with every Support order that could back it (R6.5.1) are
offered; "done" only for such a plan.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from typing import NamedTuple

from westeros.boardgame import decisions as D
from westeros.boardgame import dragons
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.combat import start_combat
from westeros.boardgame.geography import destinations, is_hostile
from westeros.boardgame.neutral import start_neutral_attack
from westeros.boardgame.state import BoardGame, Unit, supply_complies
from westeros.boardgame.support import can_support, support_value, unit_value
from westeros.boardgame.victory import settle_control
from westeros.engine import Decision, Event, Step
from westeros.engine.decision import Choice

# Hostile destinations (combat R7, neutral forces R6.5) are offered; the flag lets tests and
# tools study marches without attacks.
ATTACKS_ENABLED = True


def start_attack(
    g: BoardGame,
    house: str,
    from_area: str,
    target: str,
    units: tuple[Unit, ...],
    order_token: str,
) -> None:
    """Start the combat (R7) of a march (neutral-force attacks: ``start_neutral_attack``).

    Called when the march's units leave ``from_area`` (R6.4.8), before the port check of the
    starting area and the win check: ``units`` (the attacking units, already taken off
    ``from_area``) are held by the fight record ``g.fight`` until they move in, return or
    retreat (R7.10.2); the combat step runs beneath any port takeover. Should the game end
    first (R9.2), they stay in ``from_area`` (``fight.abandon_fight``). The March order is
    still on the board in ``from_area`` (its modifier counts, R7.4.1; Queen of Thorns may not
    remove it); the combat removes it in clean up (R7.11 step 2, or moves it for Loras).
    """
    start_combat(g, house, from_area, target, units, order_token)


# ------------------------------------------------------------------------------ queries


def _units_data(kinds: Sequence[str]) -> list[dict[str, object]]:
    """Standing units of ``kinds`` as event data (:func:`events.units_field`)."""
    return [{"kind": kind, "routed": False} for kind in kinds]


def neutral_shortfall(
    g: BoardGame, house: str, start: str, area: str, attackers: Sequence[str]
) -> int:
    """R6.5.1: the strength an attack from ``start`` on the neutral force in ``area`` still
    lacks with the attacking units ``attackers`` (kinds), the March modifier and every Support
    order that could back it. Plans that can never make it up are illegal whatever support is
    declared (R6.5.2), so they are not offered."""
    order = g.orders.get(start)
    modifier = order.modifier if order is not None else 0
    support = sum(
        support_value(g, a, area, True)
        for a in g.map.areas[area].neighbors
        if (o := g.orders.get(a)) is not None and o.type == "support" and can_support(g, a, area)
    )
    units = sum(unit_value(g, Unit(house, kind), area, True) for kind in attackers)
    return g.neutral[area] - modifier - support - units


def _partitions(n: int, parts: int, cap: int, top: int | None = None) -> Iterator[tuple[int, ...]]:
    """Ways to write ``n`` as at most ``parts`` positive parts ≤ ``cap``, non-increasing."""
    if n == 0:
        yield ()
        return
    if parts == 0:
        return
    for first in range(min(n, cap, n if top is None else top), 0, -1):
        for rest in _partitions(n - first, parts - 1, cap, first):
            yield (first, *rest)


def plan_can_comply(
    g: BoardGame,
    house: str,
    start: str,
    moves: Sequence[tuple[str, str]],
    target: str | None,
    free: int,
    peaceful: Sequence[str],
    reach: tuple[int, Sequence[int]] | None = None,
) -> bool:
    """R6.4.6 / F24 / Q14: can the march plan ``moves`` (``target`` = its hostile destination,
    if any) be completed into a legal plan by moving up to ``free`` more units to the
    ``peaceful`` destinations or to ``target``, the rest staying? With ``free = 0``: is the plan
    itself legal.

    Legal: the board after all non-combat moves (moves happen at once, F24) complies with the
    house's supply (a) with the attackers still in ``start`` and (b) with them in ``target``;
    ports hold at most 3 ships (R8.2). Only unit counts matter, so destinations with the same
    current size are interchangeable and are searched as one group.

    ``reach`` (a neutral-force target, R6.5.1): the strength the planned attack still lacks
    (:func:`neutral_shortfall`) and the values of the ``free`` units, best first; the plan must
    also be able to make it up with the units it adds to the attack (the weakest ones go to the
    peaceful destinations, where any unit may go).
    """
    sizes = {a: len(us) for a, us in g.units.items() if us[0].house == house}
    supply = g.supply[house]
    planned = Counter(d for _, d in moves if d != target)
    attackers = sum(1 for _, d in moves if d == target) if target is not None else 0
    bins = set(peaceful) | set(planned)
    fixed = [s for a, s in sizes.items() if a not in bins and a != start and a != target]
    start_a = sizes.get(start, 0) - sum(planned.values())  # attackers still at home (a)
    groups: Counter[tuple[int, bool]] = Counter()
    for d in bins:
        z = sizes.get(d, 0) + planned[d]
        port = g.map.areas[d].is_port
        if port and z > T.MAX_SHIPS_IN_PORT:
            return False
        groups[(z, port)] += 1
    group_list = sorted(groups.items())

    def leaf(acc: list[int], used: int, left: int) -> bool:
        at_home = start_a - used
        if not supply_complies([*fixed, *acc, at_home], supply):  # (a)
            return False
        if target is None:
            return True
        for extra in range(left + 1):  # (b) attackers in the target
            there = attackers + extra
            if reach is not None and sum(reach[1][:extra]) < reach[0]:
                continue  # R6.5.1 too weak for the neutral force
            if supply_complies([*fixed, *acc, at_home - there, there], supply):
                return True
        return False

    def search(i: int, left: int, acc: list[int], used: int) -> bool:
        if i == len(group_list):
            return leaf(acc, used, left)
        (z, port), count = group_list[i]
        cap = T.MAX_SHIPS_IN_PORT - z if port else left
        for n in range(left + 1):
            for parts in _partitions(n, count, cap):
                grown = [z + p for p in parts] + [z] * (count - len(parts))
                if search(i + 1, left - n, acc + grown, used + n):
                    return True
        return False

    return search(0, free, [], 0)


# ------------------------------------------------------------------------------ the step


class _Trial(NamedTuple):
    """What :meth:`ResolveMarch.move_choices` tries each move against: the plan's hostile
    destination, the start's peaceful destinations and all its destinations (R6.4.2)."""

    target: str | None
    peaceful: list[str]
    dests: list[str]


class ResolveMarch(Step):
    """R6.4 / D14: ``house`` resolves one of its March orders.

    Decisions: ``march_order`` (choices: areas holding its March orders), then ``march_move``
    repeatedly (``"<unit_kind>><destination>"``, e.g. ``"footman>moat_cailin"``, or
    ``"done"``), then ``march_token`` (``"yes"``/``"no"``) when R6.4.7 allows a power token.
    An attack is handed off with :func:`start_attack` when the units leave (R6.4.8).
    """

    def __init__(
        self,
        house: str,
        area: str | None = None,
        moves: tuple[tuple[str, str], ...] = (),
        done: bool = False,
        token: bool | None = None,
        neutral: str | None = None,
        excluded: tuple[str, ...] = (),
    ) -> None:
        self.house = house
        self.area = area
        self.moves = moves
        self.done = done
        self.token = token
        self.neutral = neutral  # neutral-force area attacked first (R6.5.2)
        self.excluded = excluded  # neutral areas this order failed to take (R6.5.2)

    # -- decisions -------------------------------------------------------------------------
    def decisions(self, g: BoardGame) -> list[Decision]:
        seat = g.seat_for(self.house)
        name = T.house_name(self.house)
        if self.area is None:
            areas = g.orders_of(self.house, "march")
            if not areas:
                return []
            prompt = f"{name}: choose a March order to resolve"
            return [D.MARCH_ORDER.ask(seat, prompt, areas, **g.for_vassal(self.house))]
        if not self.done:
            planned = ", ".join(f"{k} → {T.area_name(d)}" for k, d in self.moves) or "nothing"
            prompt = (
                f"{name}: march from {T.area_name(self.area)} — move one unit, or carry out "
                f"the march (planned: {planned})"
            )
            choices = self.move_choices(g)
            return [
                D.MARCH_MOVE.ask(
                    seat,
                    prompt,
                    choices,
                    area=self.area,
                    planned=len(self.moves),
                    plan=",".join(f"{k}>{d}" for k, d in self.moves),  # for the map's arrows
                    blocked=self._blocked(g, choices),
                    **g.for_vassal(self.house),
                )
            ]
        if self.token is None and self.token_allowed(g) and self.house not in g.vassals:
            prompt = (
                f"{name}: leave a power token in {T.area_name(self.area)} "
                f"({g.power[self.house]} available)?"
            )
            return [D.MARCH_TOKEN.ask(seat, prompt, ("yes", "no"), area=self.area)]
        return []

    def _plan_target(self, g: BoardGame) -> str | None:
        for _, d in self.moves:
            if is_hostile(g, self.house, d):
                return d
        return None

    def _unplanned(self, g: BoardGame, moves: Sequence[tuple[str, str]]) -> Counter[str]:
        """Kinds of the start's movable (non-routed, R1.4.4) units not yet in ``moves``."""
        assert self.area is not None
        left = Counter(u.kind for u in g.units.get(self.area, ()) if not u.routed)
        left.subtract(k for k, _ in moves)
        return +left

    def _completes(
        self,
        g: BoardGame,
        moves: tuple[tuple[str, str], ...],
        target: str | None,
        peaceful: Sequence[str] | None,
        dests: Sequence[str] | None = None,
    ) -> bool:
        """Whether ``moves`` (hostile destination ``target``) can end as a legal plan by
        sending more units to ``peaceful`` or ``target`` (``peaceful`` None: as it stands):
        supply (R6.4.6, F24, Q14) and, against a neutral force, its strength (R6.5.1).
        ``dests``: the start's :func:`destinations` when the caller has them."""
        assert self.area is not None
        left = self._unplanned(g, moves)
        free = 0 if peaceful is None else left.total()
        reach = None
        if target is not None and target in g.neutral:
            planned = [k for k, d in moves if d == target]
            lacking = neutral_shortfall(g, self.house, self.area, target, planned)
            joiners = list(left.elements())
            if dests is None:
                dests = destinations(g, self.house, self.area)
            if target not in dests:  # X-MOD-6.3 a flight
                joiners = [k for k in joiners if k == T.DRAGON]  # only dragons may join it
            values = sorted(
                (unit_value(g, Unit(self.house, k), target, True) for k in joiners),
                reverse=True,
            )
            reach = (lacking, values[:free])
        return plan_can_comply(g, self.house, self.area, moves, target, free, peaceful or (), reach)

    def _blocked(self, g: BoardGame, choices: tuple[str, ...]) -> str:
        """Why the plan cannot be carried out as it stands (R6.4.6), for the player: the
        attack on a neutral force is too weak so far (R6.5.1), or the plan breaks supply
        (R6.4.6); "" when "done" is a choice."""
        if "done" in choices:
            return ""
        return "neutral_force" if self._plan_target(g) in g.neutral else "supply"

    def move_choices(self, g: BoardGame) -> tuple[str, ...]:
        """The legal ``march_move`` choices for the current plan (``"done"`` then ``"reset"``
        last; ``"reset"`` at the table only, once a unit is planned).

        Hot (bots): the choices are plain f-strings of the ``march_move`` grammar
        ``<unit>><to>`` rather than ``D.MARCH_MOVE.format`` calls."""
        assert self.area is not None
        left = self._unplanned(g, self.moves)
        kinds = [k for k in T.ALL_UNIT_TYPES if left[k] > 0]
        target = self._plan_target(g)
        choices: list[str] = []
        dests = None
        if kinds:
            dests = destinations(g, self.house, self.area)
            peaceful = [d for d in dests if not is_hostile(g, self.house, d)]
            trial = _Trial(target, peaceful, dests)
            for d in dests:
                choices.extend(self._choices_to(g, d, d not in peaceful, kinds, trial))
            if T.DRAGON in kinds:  # X-MOD-6.3 / X-MOD-Q10 dragons alone fly to any land area
                for d in dragons.flight_destinations(g, self.house, self.area, self.moves, dests):
                    hostile = is_hostile(g, self.house, d)
                    choices.extend(self._choices_to(g, d, hostile, [T.DRAGON], trial))
        # R6.4.6: "done" only when the plan itself is legal (the empty plan always is)
        if not self.moves or self._completes(g, self.moves, target, None, dests):
            choices.append("done")
        if self.moves and g.config.get("planning") == "table":
            choices.append("reset")  # at the table: start the plan again (nothing moved yet)
        return tuple(choices)

    def _choices_to(
        self, g: BoardGame, d: str, hostile: bool, kinds: Sequence[str], trial: _Trial
    ) -> list[str]:
        """The ``march_move`` choices sending one unit of ``kinds`` to ``d`` (``hostile``:
        entering it is an attack, R6.4.4) (R6.4.5, R6.4.6, R6.5.1)."""
        target, peaceful, dests = trial
        if not hostile:
            trial_target = target
        elif ATTACKS_ENABLED and target in (None, d) and d not in self.excluded:
            trial_target = d  # R6.4.5 one attack per order; R6.5.2 failed ones excluded
        else:
            return []
        if trial_target is not None and trial_target in g.neutral:
            # R6.5.1 each kind's strength counts against a neutral force
            return [
                f"{k}>{d}"
                for k in kinds
                if self._completes(g, (*self.moves, (k, d)), trial_target, peaceful, dests)
            ]
        if self._completes(g, (*self.moves, (kinds[0], d)), trial_target, peaceful, dests):
            return [f"{k}>{d}" for k in kinds]  # kinds do not matter for supply
        return []

    def token_allowed(self, g: BoardGame) -> bool:
        """R6.4.7: all units leave a land area that is not the house's own home area and holds
        no power token, and the house has an available power token (enemy home allowed). A
        vassal has none but always leaves one, free (X-MOD-10.6)."""
        assert self.area is not None
        info = g.map.areas[self.area]
        return (
            info.is_land
            and g.homes.get(self.area) != self.house  # X-AFFC-2.2 The Eyrie is Arryn's
            and self.area not in g.power_tokens
            and (g.power[self.house] > 0 or self.house in g.vassals)
            and len(self.moves) > 0
            and len(self.moves) == len(g.units.get(self.area, ()))
        )

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        assert isinstance(choice, str)
        if self.area is None:
            self.area = choice
        elif not self.done:
            if choice == "done":
                self.done = True
            elif choice == "reset":
                self.moves = ()
            else:
                move = D.MARCH_MOVE.parse(choice)
                self.moves = (*self.moves, (move["unit"], move["to"]))
        else:
            self.token = choice == "yes"

    # -- resolution ------------------------------------------------------------------------
    def _units_to(self, dest: str) -> tuple[Unit, ...]:
        return tuple(Unit(self.house, k) for k, d in self.moves if d == dest)

    def _leave_token(self, g: BoardGame) -> None:
        """R6.4.7 leave a power token in the emptied start area."""
        assert self.area is not None
        if self.house not in g.vassals:  # X-MOD-10.6 a vassal's token is free
            g.power[self.house] -= 1
        g.power_tokens[self.area] = self.house
        g.emit(E.POWER_TOKEN_PLACED(house=self.house, area=self.area))

    def _march_event(self, start: str, dest: str, kinds: Sequence[str], attack: bool) -> Event:
        return E.MARCH(
            house=self.house, from_area=start, to=dest, units=_units_data(kinds), attack=attack
        )

    def run(self, g: BoardGame) -> None:
        if self.area is None:
            return  # no March order left
        house, start = self.house, self.area
        if self.token is None and house in g.vassals and self.token_allowed(g):
            self.token = True  # X-MOD-10.6 a vassal always leaves a power token
        if self.neutral is not None:
            if self.neutral in g.neutral:  # R6.5.2 too weak: the plan is illegal, plan again
                undone = bool(self.token)
                if undone:  # nothing of the illegal plan happens, its power token included
                    del g.power_tokens[start]
                    if house not in g.vassals:
                        g.power[house] += 1
                g.emit(E.MARCH_REPLAN(house=house, area=start, token_undone=undone))
                g.push(ResolveMarch(house, start, excluded=(*self.excluded, self.neutral)))
                return
        else:
            target = self._plan_target(g)
            if target is not None and target in g.neutral:
                # R6.5.2: the call for support and the strength test come before any move
                attackers = self._units_to(target)
                for unit in attackers:
                    g.remove_unit(start, unit)
                if self.token:  # R6.4.7 / R8.5: the start stays controlled if the attack wins
                    self._leave_token(g)
                self.neutral = target
                g.push(self)
                start_neutral_attack(g, house, start, target, attackers, g.orders[start].token)
                return
        order = g.orders.get(start)
        target = None if self.neutral is not None else self._plan_target(g)
        if target is None:
            g.orders.pop(start, None)  # R6.4.1 (with an attack the combat removes it, R7.11)
        # R6.4.8 all units leave at once (attackers count as gone from the start)
        for kind, dest in self.moves:
            if dest != self.neutral:  # neutral-force attackers have moved in already
                g.remove_unit(start, Unit(house, kind))
        if self.token and start not in g.power_tokens:  # R6.4.7 (placed already, R6.5.2)
            self._leave_token(g)
        by_dest: dict[str, list[str]] = {}
        for kind, dest in self.moves:
            by_dest.setdefault(dest, []).append(kind)
        for dest, kinds in by_dest.items():
            if dest in (target, self.neutral):
                continue
            owner = g.power_tokens.get(dest)
            if owner is not None and owner != house:  # F20 enemy power token -> Pool
                del g.power_tokens[dest]
                g.emit(E.POWER_TOKEN_REMOVED(house=owner, area=dest))
            for kind in kinds:
                g.add_unit(dest, Unit(house, kind))
            g.emit(self._march_event(start, dest, kinds, attack=False))
        if not self.moves:
            g.emit(E.MARCH_STAY(house=house, area=start))
        if target is not None:
            g.emit(self._march_event(start, target, by_dest[target], attack=True))
            assert order is not None  # the attackers are held by the fight from now on
            start_attack(g, house, start, target, self._units_to(target), order.token)
        settle_control(g)  # R6.4.8 / R8.5, then R6.4.10 / R9.2 (ends the game at 7)

"""Mother of Dragons vassals (X-MOD-10): the houses in play that no player plays.

* :class:`ChooseCommanders` — X-MOD-10.3, XF12: at the start of every Planning phase the
  commands end and, in Iron Throne order, each player picks all the vassals it commands this
  round at once (``choose_vassals``) or passes its markers on; the last player takes the rest.
* :class:`VassalOrders` — X-MOD-10.4, X-MOD-Q5: after the players' orders each commander, in
  turn order, places its vassals' own tokens (``vassal_order``), at most 2 areas per vassal,
  face down; they are revealed with the players' orders. A restriction of R3.4 bars the vassal
  tokens of its order types (XF14, XF33).
* :class:`ResolveVassalMuster` — X-MOD-10.4, XF15: in the Consolidate Power step the
  Defense +1/Muster order lets the commander muster for the vassal in its home.
* queries the rules ask: :func:`friendly` (X-MOD-10.5, XF16–XF18), :func:`player_houses`,
  :func:`knows` (what a seat's house may see of a vassal), the vassal combat deck (X-MOD-10.7).

Every decision made for a vassal goes to its commander's seat (``g.seat_for``) and names the
vassal in its prompt (and, for the kinds of this module, in its context).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.fight import Fight
from westeros.boardgame.mustering import Muster, can_muster_in
from westeros.boardgame.state import SIDES, BoardGame, Order, Side
from westeros.engine import Choice, ConfigError, Decision, Step, shown

MAX_VASSAL_ORDERS = 2  # X-MOD-Q5: each vassal receives orders in at most 2 areas
VASSAL_HAND = 3  # X-MOD-10.7: the commander draws 3 vassal cards for a combat
RAID_SUPPORT = "vassal_raid_support+1"
DEFENSE_MUSTER = "vassal_defense_muster+1"


# -- who is who (X-MOD-10.1, X-MOD-10.5) ---------------------------------------------------------


def player_houses(g: BoardGame) -> tuple[str, ...]:
    """The houses played by a seat, in turn order (vassals take part in the turn order, XF13,
    but never plan their own orders, bid, nor face the wildlings)."""
    if not g.vassals:  # every game but Mother of Dragons: asked at every order placed
        return g.turn_order()
    return tuple(h for h in g.turn_order() if h not in g.vassals)


def command(g: BoardGame, house: str) -> str:
    """The house at the head of ``house``'s command: itself, or its vassal's commander (a
    vassal not yet handed out stands alone)."""
    return g.commanders.get(house, house) if house in g.vassals else house


def friendly(g: BoardGame, a: str | None, b: str | None) -> bool:
    """X-MOD-10.5, XF16–XF18: two different houses under one command (a commander and its
    vassal, or two vassals of one commander) never attack, raid or support against each other."""
    if not g.vassals or a is None or b is None or a == b:
        return False
    return command(g, a) == command(g, b)


def knows(g: BoardGame, me: str | None, house: str) -> bool:
    """Whether the seat playing ``me`` sees ``house``'s secrets: its own, or its vassal's
    (face-down orders, drawn vassal cards, X-MOD-10.4, X-MOD-10.7)."""
    return me is not None and (house == me or (house in g.vassals and command(g, house) == me))


def holder_of(g: BoardGame, track: str) -> str:
    """X-MOD-10.6: the dominance token of a track goes to the highest player house on it."""
    return next(h for h in g.tracks[track] if h not in g.vassals)


def delegated(config: dict[str, Any], decision: Decision) -> bool:
    """Whether the seat left this decision to the server's bot (X-MOD-10.3): a seat listed in
    the config's ``vassal_bots`` leaves the choice of its vassals and every decision made for
    them to the bot."""
    if decision.seat not in config.get("vassal_bots", ()):
        return False
    return decision.kind == D.CHOOSE_VASSALS.name or decision.about("vassal") is not None


def check_vassal_bots(config: dict[str, Any], players: int) -> dict[str, list[int]]:
    """The config's ``vassal_bots``: the seats (0..players-1, each once) that leave their
    vassals to the server's bot; only in Mother of Dragons games."""
    if "vassal_bots" not in config:
        return {}
    seats = config["vassal_bots"]
    if config.get("scenario") != "mod":
        raise ConfigError("vassal_bots is a setting of scenario 'mod' only")
    ok = isinstance(seats, list) and all(type(s) is int and 0 <= s < players for s in seats)
    if not ok or len(set(seats)) != len(seats):
        problem = f"must list distinct seats 0..{players - 1}, not {shown(seats)}"
        raise ConfigError(f"vassal_bots {problem}")
    return {"vassal_bots": sorted(seats)}


# -- commanders (X-MOD-10.3, XF12) ---------------------------------------------------------------


def markers(g: BoardGame) -> tuple[int, ...]:
    """X-MOD-10.3: the vassal markers of each player in Iron Throne order: the vassals divided
    by the players, one more for the first players while there is a remainder."""
    players = len(player_houses(g))
    share, extra = divmod(len(g.vassals), players)
    return tuple(share + (1 if i < extra else 0) for i in range(players))


def vassal_choices(unclaimed: tuple[str, ...], count: int) -> tuple[str, ...]:
    """XF12: every set of up to ``count`` unclaimed vassals (largest first), then ``pass``."""
    out: list[str] = []
    for size in range(min(count, len(unclaimed)), 0, -1):
        out.extend(str(D.CHOOSE_VASSALS.format(*combo)) for combo in combinations(unclaimed, size))
    out.append("pass")
    return tuple(out)


class ChooseCommanders(Step):
    """X-MOD-10.3 (X-MOD-D1): the commands end; in Iron Throne order each player takes its
    markers (plus the markers passed to it) and picks all its vassals at once (XF12), or
    passes; the last player takes every vassal left.

    ``position``: index of the player asked among :func:`player_houses`; ``passed``: markers
    handed on to it; ``started``: the old commands have ended; ``chosen``: the recorded choice.
    """

    def __init__(
        self,
        position: int = 0,
        passed: int = 0,
        started: bool = False,
        chosen: str | None = None,
    ) -> None:
        self.position = position
        self.passed = passed
        self.started = started
        self.chosen = chosen

    def _unclaimed(self, g: BoardGame) -> tuple[str, ...]:
        return tuple(v for v in g.vassals if v not in g.commanders)

    def _count(self, g: BoardGame) -> int:
        return markers(g)[self.position] + self.passed

    def _asks(self, g: BoardGame) -> bool:
        """Whether the player at ``position`` has a choice (not the last, markers, vassals)."""
        last = self.position == len(player_houses(g)) - 1
        return not last and self._count(g) > 0 and bool(self._unclaimed(g))

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None or not self.started or not self._asks(g):
            return []
        house = player_houses(g)[self.position]
        unclaimed, count = self._unclaimed(g), self._count(g)
        names = ", ".join(T.house_name(v) for v in unclaimed)
        prompt = (
            f"{T.house_name(house)}: choose up to {count} vassal(s) to command this round "
            f"({names}), all at once, or pass your markers on"
        )
        return [
            D.CHOOSE_VASSALS.ask(
                g.seat_of(house), prompt, vassal_choices(unclaimed, count), markers=count
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        if not self.started:  # X-MOD-10.3 the previous commands end
            if g.commanders:
                g.emit(E.VASSALS_RELEASED(vassals=sorted(g.commanders)))
            g.commanders = {}
            self.started = True
        players = player_houses(g)
        while self.position < len(players):
            if self.chosen is None and self._asks(g):
                g.push(self)
                return
            house, count = players[self.position], self._count(g)
            if self.position == len(players) - 1:  # the last player takes all that remain
                taken = self._unclaimed(g)
            elif self.chosen is None or self.chosen == "pass":
                taken = ()
            else:
                taken = tuple(D.CHOOSE_VASSALS.parse(self.chosen)["vassal"])
            self.chosen = None
            for vassal in taken:
                g.commanders[vassal] = house
            passed = max(0, count - len(taken))
            if count or taken:
                g.emit(E.VASSALS_COMMANDED(house=house, vassals=list(taken), passed=passed))
            self.passed = passed
            self.position += 1


# -- orders (X-MOD-10.4, XF14, XF15, XF33, X-MOD-Q5) ---------------------------------------------


def barred_tokens(g: BoardGame) -> frozenset[str]:
    """The vassal tokens a restriction of R3.4 bars: Storm of Swords (no Defense) both Defense
    tokens (XF14, XF33); Web of Lies (no Support) or Sea of Storms (no Raid) the Raid/Support
    token. Rains of Autumn (no March +1) and Feast for Crows (no Consolidate Power) none."""
    types = {T.ORDER_KINDS[t].type for t in g.restrictions}
    out: set[str] = set()
    if "defense" in types:
        out |= {DEFENSE_MUSTER, "vassal_defense+3"}
    if types & {"raid", "support"}:
        out.add(RAID_SUPPORT)
    return frozenset(out)


def vassal_tokens(g: BoardGame, vassal: str) -> tuple[str, ...]:
    """X-MOD-10.4: the vassal's own tokens not on the board and not barred, in token order
    (the Raid/Support token kept as Support still counts as placed)."""
    used = {o.token for o in g.orders.values() if o.house == vassal}
    if T.VASSAL_SUPPORT_FACE in used:
        used.add(RAID_SUPPORT)
    barred = barred_tokens(g)
    return tuple(t for t in T.VASSAL_ORDER_COUNTS if t not in used and t not in barred)


def vassal_order_choices(g: BoardGame, vassal: str) -> tuple[str, ...]:
    """``<area>:<token>`` for every area holding the vassal's units without an order, while it
    has fewer than 2 orders (X-MOD-Q5), then ``done``."""
    out: list[str] = []
    if len(g.orders_of(vassal)) < MAX_VASSAL_ORDERS:
        tokens = vassal_tokens(g, vassal)
        for area in g.areas_of(vassal):
            if area not in g.orders:
                out.extend(str(D.VASSAL_ORDER.format(area, t)) for t in tokens)
    return (*out, "done")


class VassalOrders(Step):
    """X-MOD-10.4 (X-MOD-D2): after all players' orders, each commander in turn order places
    its vassals' orders, one vassal after the other, one token at a time, then ``done``.

    ``done``: the vassals finished; ``chosen``: the recorded choice for the current vassal.
    """

    def __init__(self, done: frozenset[str] = frozenset(), chosen: str | None = None) -> None:
        self.done = done
        self.chosen = chosen

    def current(self, g: BoardGame) -> str | None:
        """The vassal being ordered: commanders in turn order, their vassals in turn order."""
        players = player_houses(g)
        left = [v for v in g.turn_order() if v in g.vassals and v not in self.done]
        left.sort(key=lambda v: players.index(command(g, v)))
        return left[0] if left else None

    def decisions(self, g: BoardGame) -> list[Decision]:
        vassal = self.current(g)
        if self.chosen is not None or vassal is None:
            return []
        choices = vassal_order_choices(g, vassal)
        if choices == ("done",):
            return []  # nothing to place: finished without a decision
        placed = len(g.orders_of(vassal))
        prompt = (
            f"{T.house_name(vassal)} (vassal of {T.house_name(command(g, vassal))}): place an "
            f"order ({placed} of at most {MAX_VASSAL_ORDERS}), or done"
        )
        return [D.VASSAL_ORDER.ask(g.seat_for(vassal), prompt, choices, vassal=vassal)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        vassal = self.current(g)
        if vassal is None:
            return
        choice, self.chosen = self.chosen, None
        if choice is not None and choice != "done":
            parts = D.VASSAL_ORDER.parse(choice)
            g.orders[parts["area"]] = Order(vassal, parts["token"])  # face down (R5.1)
        elif choice is not None or vassal_order_choices(g, vassal) == ("done",):
            self.done = self.done | {vassal}
            count = len(g.orders_of(vassal))
            g.emit(E.VASSAL_ORDERS_DONE(house=vassal, commander=command(g, vassal), count=count))
        g.push(self)


def keep_as_support(g: BoardGame, house: str, area: str, token: str) -> bool:
    """X-MOD-10.4: a vassal's Raid/Support token not used to raid stays as Support +1.
    Returns True when it did (the caller then leaves the order on the board)."""
    if token != RAID_SUPPORT:
        return False
    g.orders[area] = Order(house, T.VASSAL_SUPPORT_FACE)
    g.emit(E.VASSAL_SUPPORT_KEPT(house=house, area=area))
    return True


def muster_orders(g: BoardGame, house: str) -> list[str]:
    """X-MOD-10.4, XF15: the vassal's Defense +1/Muster orders in an area it may muster in (its
    home, X-MOD-10.6), resolved in the Consolidate Power step."""
    if house not in g.vassals:
        return []
    return [
        a
        for a in g.orders_of(house, "defense")
        if g.orders[a].token == DEFENSE_MUSTER and can_muster_in(g, house, a)
    ]


def cycle_houses(g: BoardGame, types: frozenset[str]) -> set[str]:
    """The houses with an order to resolve in an order cycle (R6.2): one of the cycle's
    ``types`` (Iron Bank orders with Consolidate Power, X-MOD-9.2), or in the Consolidate Power
    step a vassal's Defense +1/Muster order (X-MOD-10.4). One pass over the orders: it is asked
    at every turn of every cycle."""
    houses = {o.house for o in g.orders.values() if o.type in types}
    if "consolidate" in types and g.vassals:
        houses.update(h for h in g.vassals if muster_orders(g, h))
    return houses


class ResolveVassalMuster(Step):
    """X-MOD-10.4, XF15: the commander musters for the vassal in the area of its Defense
    +1/Muster order (``vassal_muster``: muster or pass); the order is then removed."""

    def __init__(self, house: str, chosen: str | None = None) -> None:
        self.house = house
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        areas = muster_orders(g, self.house)
        if self.chosen is not None or not areas:
            return []
        prompt = (
            f"{T.house_name(self.house)} (vassal of {T.house_name(command(g, self.house))}): "
            f"muster in {T.area_name(areas[0])} with its Defense +1/Muster order?"
        )
        return [
            D.VASSAL_MUSTER.ask(
                g.seat_for(self.house), prompt, ("muster", "pass"), vassal=self.house
            )
        ]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        areas = muster_orders(g, self.house)
        if not areas:
            return
        area, muster = areas[0], self.chosen == "muster"
        del g.orders[area]
        g.emit(E.VASSAL_MUSTER_ORDER(house=self.house, area=area, muster=muster))
        if muster:
            g.push(Muster(self.house, (area,)))


# -- combat (X-MOD-10.7) -------------------------------------------------------------------------


VASSAL_DECK = tuple(c.id for c in T.VASSAL_CARDS)


def vassal_deck() -> tuple[str, ...]:
    """The shared vassal deck's card ids (``T.VASSAL_CARDS``, X-MOD-10.7, X-MOD-10.9)."""
    return VASSAL_DECK


def draw_vassal_cards(g: BoardGame, f: Fight) -> None:
    """X-MOD-10.7: for each vassal in the combat its commander draws 3 random cards of the
    shared deck (two vassals draw from one deck), seen by the commander's seat only."""
    for side in SIDES:
        vassal = f.house(side)
        if vassal not in g.vassals:
            continue
        taken = {c for h in (f.attacker, f.defender) if h in g.vassals for c in g.hands[h]}
        deck = [c for c in vassal_deck() if c not in taken]
        hand = tuple(g.rng.shuffled(deck)[:VASSAL_HAND])
        g.hands[vassal] = hand
        commander = command(g, vassal)
        g.emit(
            E.VASSAL_CARDS_DRAWN.secret(
                (g.seat_of(commander),),
                ("cards",),
                house=vassal,
                commander=commander,
                cards=list(hand),
            )
        )


def return_vassal_cards(g: BoardGame, f: Fight) -> None:
    """X-MOD-10.7: every drawn vassal card returns to the shared deck (no discard pile)."""
    for side in SIDES:
        vassal = f.house(side)
        if vassal in g.vassals and (g.hands[vassal] or g.discards[vassal]):
            g.hands[vassal] = ()
            g.discards[vassal] = ()
            g.emit(E.VASSAL_CARDS_RETURNED(house=vassal))


def vassal_victory(g: BoardGame, f: Fight) -> None:
    """X-MOD-10.7: when a vassal wins a combat its commander gains 1 power token."""
    if f.winner is None:
        return
    vassal = f.house(f.winner)
    if vassal in g.vassals and vassal in g.commanders:
        commander = g.commanders[vassal]
        gained = g.gain_power(commander, 1)
        g.emit(E.VASSAL_VICTORY_POWER(house=vassal, commander=commander, gained=gained))


def blade_side(g: BoardGame, f: Fight, holder: str) -> Side | None:
    """X-MOD-10.7: the blade holder's side, or the side of a vassal it commands (the
    Valyrian Steel Blade may be used for a vassal)."""
    side = f.side_of(holder)
    if side is None and g.vassals:
        side = next((s for s in SIDES if command(g, f.house(s)) == holder), None)
    return side

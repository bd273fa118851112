"""Planning phase (R5, D11, D12): assign orders, reveal them, then the Messenger Raven.

``PlanningPhase()`` pushes, in this order:

* :class:`AssignOrders` — R5.1 one order per area holding the house's units, secret and
  simultaneous (every house with an area left has one ``place_order`` decision open, for its
  next area in map order); R5.3 in turn order, one house after the other, when some house has
  fewer placeable tokens than areas needing orders. Placed orders go straight onto the board
  (``g.orders``); the view hides them until ``g.orders_revealed`` (R1.14.1).
  With the config ``planning: "table"`` :class:`TableOrders` instead: every house places,
  changes and removes its orders in any order, then readies (``plan_orders``). In Mother of
  Dragons the sea order tokens join the tokens offered for areas on ships (X-MOD-9.1,
  :mod:`sea_orders`).
* :class:`RevealOrders` — R5.4.
* :class:`MessengerRaven` — R5.5 (errata timing: end of the Reveal step, FAQ E4, Q1).
* :class:`EndPlanning` — planning restrictions end with this Planning phase (R3.2.6). They are
  cleared after the Raven because the Raven's replacement must obey them (R5.5.1, Q10).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.sea_orders import barred, on_ships, sea_tokens
from westeros.boardgame.state import BoardGame, Order
from westeros.boardgame.vassals import ChooseCommanders, VassalOrders, player_houses
from westeros.engine import Choice, Decision, Step

# -- legal tokens (R5.1, R5.2) ---------------------------------------------------------------


def order_areas(g: BoardGame, house: str) -> list[str]:
    """R5.1: the areas (land, sea or port) holding at least one of the house's units, map order.

    Areas held only by a power token, a home emblem or a garrison need no order.
    """
    return g.areas_of(house)


def _used(g: BoardGame, house: str, exclude: str | None) -> tuple[dict[str, int], int]:
    """The house's tokens on the board, token -> copies (``exclude``: an area not counted),
    and how many of them are special. A plain dict: this is asked at every order placed."""
    used: dict[str, int] = {}
    for a, o in g.orders.items():
        if o.house == house and a != exclude:
            used[o.token] = used.get(o.token, 0) + 1
    return used, sum(n for t, n in used.items() if T.ORDER_KINDS[t].special)


def placeable_tokens(
    g: BoardGame, house: str, exclude: str | None = None, area: str | None = None
) -> tuple[str, ...]:
    """The distinct token ids the house may place now (R5.2), in token order.

    A copy must be left of the house's 15 tokens (R1.10), special tokens are limited by the
    King's Court stars (R2.3, R5.2), and restricted tokens are never placeable (R3.4, Q10).
    ``exclude``: an area whose order is not counted as placed (the Raven's swap, R5.5.1).
    ``area``: where the token would go; on ships the house's sea tokens join them
    (X-MOD-9.1, barred with their twins, R3.4); None: the 15 tokens only.
    """
    used, specials = _used(g, house, exclude)
    specials_left = specials < g.stars(house)
    restricted = g.restrictions
    tokens = tuple(
        t
        for t, count in T.ORDER_COUNTS.items()
        if t not in restricted
        and used.get(t, 0) < count
        and (specials_left or not T.ORDER_KINDS[t].special)
    )
    if area is None:
        return tokens
    sea = sea_tokens(g, house)
    if not sea or not on_ships(g, area):
        return tokens
    return tokens + tuple(t for t, n in sea.items() if used.get(t, 0) < n and not barred(g, t))


def _left(g: BoardGame, house: str, used: Mapping[str, int], specials: int) -> tuple[int, int]:
    """The tokens the house could still place (R5.3): the regular ones left plus as many
    special ones left as its remaining stars allow (restricted ones excluded), and its sea
    tokens left (X-MOD-9.1)."""
    regular = special = 0
    for t, count in T.ORDER_COUNTS.items():
        if t in g.restrictions:
            continue
        left = max(0, count - used.get(t, 0))
        if T.ORDER_KINDS[t].special:
            special += left
        else:
            regular += left
    stars_left = max(0, g.stars(house) - specials)
    sea_left = (n - used.get(t, 0) for t, n in sea_tokens(g, house).items() if not barred(g, t))
    sea = sum(max(0, n) for n in sea_left)
    return regular + min(special, stars_left), sea


def placeable_count(g: BoardGame, house: str, areas: Iterable[str] = ()) -> int:
    """How many more tokens the house could place in all (R5.3): every regular token left plus
    as many special tokens left as its remaining stars allow, restricted ones excluded; its sea
    tokens left count for the areas on ships among ``areas`` only (X-MOD-9.1)."""
    tokens, sea = _left(g, house, *_used(g, house, None))
    if not sea:
        return tokens
    return tokens + min(sea, sum(1 for a in areas if on_ships(g, a)))


def _most(
    g: BoardGame, house: str, areas: Sequence[str], used: Mapping[str, int], specials: int
) -> int:
    """R5.1, R5.3: how many of ``areas`` the house could order with the tokens ``used`` left
    aside (sea tokens only on ships, X-MOD-9.1)."""
    tokens, sea = _left(g, house, used, specials)
    return min(len(areas), tokens + min(sea, sum(1 for a in areas if on_ships(g, a))))


def spare_choices(
    g: BoardGame, house: str, areas: Sequence[str], choices: tuple[str, ...]
) -> tuple[str, ...]:
    """X-MOD-9.1 with R5.1: of the ``choices`` for ``areas[0]`` (tokens, or ``"none"``: no
    order), those after which the other areas can still get as many orders as the house could
    give them all, so that a regular token put on ships never leaves a land area without an
    order that a sea token could have spared. Without sea tokens, or off ships, all pass."""
    if not sea_tokens(g, house) or not on_ships(g, areas[0]):
        return choices
    used, specials = _used(g, house, None)
    best = _most(g, house, areas, used, specials)
    kept = []
    for choice in choices:
        after = used.copy()
        placed = choice != "none"
        if placed:
            after[choice] = after.get(choice, 0) + 1
        extra = placed and T.ORDER_KINDS[choice].special
        if placed + _most(g, house, areas[1:], after, specials + extra) == best:
            kept.append(choice)
    return tuple(kept)


# -- the phase ---------------------------------------------------------------------------------


class PlanningPhase(Step):
    """R5: assign orders (simultaneous, or in turn order under R5.3), reveal, Messenger Raven."""

    def run(self, g: BoardGame) -> None:
        g.phase = "planning"
        g.orders_revealed = False
        g.orders.clear()  # every order was removed in Clean Up (R6.7.1); start from an empty board
        if g.vassals:  # X-MOD-10.3 the vassals are handed out first
            g.push(ChooseCommanders(), PlayersPlan())
        else:
            PlayersPlan().run(g)


class PlayersPlan(Step):
    """R5.1–R5.5 for the player houses; with vassals (X-MOD-10.4) their commanders order them
    after the players' orders, before the reveal."""

    def run(self, g: BoardGame) -> None:
        short = [
            h
            for h in player_houses(g)
            if placeable_count(g, h, areas := order_areas(g, h)) < len(areas)
        ]
        g.emit(E.PLANNING(short=short))  # R5.3 when some house is short
        assign: Step = (
            TableOrders(bool(short))
            if g.config.get("planning") == "table"
            else AssignOrders(bool(short))
        )
        vassal_orders = (VassalOrders(),) if g.vassals else ()
        g.push(assign, *vassal_orders, RevealOrders(), MessengerRaven(), EndPlanning())


class AssignOrders(Step):
    """R5.1–R5.3 (D11): one ``place_order`` decision per house and area, one area at a time.

    ``sequential`` (R5.3): only the first house in turn order with areas left is asked, and it
    may answer ``"none"`` while it has fewer placeable tokens than areas left, so it places all
    its placeable tokens and chooses which areas stay empty (``skipped``).
    ``chosen`` is the recorded (house, area, token-or-none), applied by ``run``.
    """

    def __init__(
        self,
        sequential: bool,
        skipped: frozenset[str] = frozenset(),
        chosen: tuple[str, str, str] | None = None,
    ) -> None:
        self.sequential = sequential
        self.skipped = skipped
        self.chosen = chosen

    def areas_left(self, g: BoardGame, house: str) -> list[str]:
        return [a for a in order_areas(g, house) if a not in g.orders and a not in self.skipped]

    def _lefts(self, g: BoardGame) -> list[tuple[str, list[str]]]:
        """Every player house in turn order with its :meth:`areas_left` (one pass over the
        units: this runs at every order placed)."""
        held, orders, skipped = g.areas_by_house(), g.orders, self.skipped
        return [
            (h, [a for a in held.get(h, ()) if a not in orders and a not in skipped])
            for h in player_houses(g)
        ]

    def _asked(self, g: BoardGame) -> list[tuple[str, list[str]]]:
        """The houses asked now, each with its areas still without an order."""
        asked = [(h, left) for h, left in self._lefts(g) if left]
        return asked[:1] if self.sequential else asked

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        out: list[Decision] = []
        for house, areas in self._asked(g):
            tokens = placeable_tokens(g, house, area=areas[0])
            if not tokens:
                return []  # nothing to choose: run leaves the area empty (R5.3)
            choices: tuple[str, ...] = tokens
            if self.sequential and placeable_count(g, house, areas) < len(areas):
                choices += ("none",)  # R5.3 which areas stay without an order
            choices = spare_choices(g, house, areas, choices)  # X-MOD-9.1
            prompt = f"{T.house_name(house)}: order for {T.area_name(areas[0])}"
            out.append(D.PLACE_ORDER.ask(g.seat_of(house), prompt, choices, area=areas[0]))
        return out

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        house = g.house_of(seat)
        self.chosen = (house, self.areas_left(g, house)[0], str(choice))

    def run(self, g: BoardGame) -> None:
        if self.chosen is not None:
            house, area, token = self.chosen
            self.chosen = None
            if token == "none":
                self.skipped = self.skipped | {area}
                g.emit(E.ORDER_SKIPPED(house=house, area=area))
            else:
                g.orders[area] = Order(house, token)  # face down until RevealOrders
        again = False  # some house still has areas to order
        for house, left in self._lefts(g):  # R5.3 a house out of tokens: the rest stay empty
            stuck = _stuck(g, house, left)
            if stuck:
                self.skipped = self.skipped | set(stuck)
                g.emit(E.ORDERS_EXHAUSTED(house=house, areas=stuck))
            again = again or len(stuck) < len(left)  # the stuck areas are some of ``left``
        if again:
            g.push(self)


def _stuck(g: BoardGame, house: str, left: list[str]) -> list[str]:
    """R5.3: the areas among ``left`` for which the house has no token left: all or none of
    them, unless only sea tokens are left, which go on ships only (X-MOD-9.1)."""
    if not left or placeable_tokens(g, house):
        return []
    if not sea_tokens(g, house) or not _left(g, house, *_used(g, house, None))[1]:
        return left
    return [a for a in left if not on_ships(g, a)]


def _may_ready(g: BoardGame, house: str, areas: list[str], empty: list[str]) -> bool:
    """R5.1, R5.3: every area holding the house's units has an order, or no token is left to
    place; with sea tokens (X-MOD-9.1), as many areas have orders as its tokens could cover."""
    if not empty:
        return True
    if not sea_tokens(g, house):
        return not placeable_tokens(g, house)
    return len(areas) - len(empty) >= _most(g, house, areas, {}, 0)


class TableOrders(Step):
    """R5.1–R5.3 (D11) as at the table (config ``planning: "table"``): one ``plan_orders``
    decision per house with areas to order, open until the house is ready.

    A house places, changes or removes its orders in any order (``place:<area>:<token>``,
    ``remove:<area>``; R5.2 and R3.4 limit the tokens offered as for :class:`AssignOrders`),
    and is ``ready`` once every area holding its units has an order, or no token is left to
    place (R5.3: the areas left stay empty). Orders go on the board face down at once
    (``g.orders``), so a reload shows them. Simultaneously (R5.1) a ready house keeps an idle
    decision to take its readiness back (``unready``) until every house is ready; under R5.3
    (``sequential``) only the first house in turn order that is not ready is asked, and its
    readiness is final. ``ready``: the ready houses; ``chosen``: the recorded (house, choice).
    """

    def __init__(
        self,
        sequential: bool,
        ready: frozenset[str] = frozenset(),
        chosen: tuple[str, str] | None = None,
    ) -> None:
        self.sequential = sequential
        self.ready = ready
        self.chosen = chosen

    def planning(self, g: BoardGame) -> list[str]:
        """The houses with areas to order, in turn order (the others have nothing to do)."""
        return [h for h in player_houses(g) if order_areas(g, h)]

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        houses = self.planning(g)
        left = [h for h in houses if h not in self.ready]
        if not left:
            return []
        if self.sequential:  # R5.3 one house after the other
            return [self._plan(g, left[0])]
        return [self._idle(g, h, left) if h in self.ready else self._plan(g, h) for h in houses]

    def _plan(self, g: BoardGame, house: str) -> Decision:
        areas = order_areas(g, house)
        choices: list[str] = []
        for area in areas:
            tokens = placeable_tokens(
                g, house, exclude=area, area=area
            )  # R5.2: its own not counted
            order = g.orders.get(area)
            choices.extend(f"place:{area}:{t}" for t in tokens if order is None or t != order.token)
        choices.extend(f"remove:{a}" for a in areas if a in g.orders)
        empty = [a for a in areas if a not in g.orders]
        if _may_ready(g, house, areas, empty):
            choices.append("ready")
        name = T.house_name(house)
        placed = len(areas) - len(empty)
        prompt = f"{name}: place your orders ({placed} of {len(areas)} areas), then ready"
        context: dict[str, str | int] = {"placed": placed, "areas": len(areas)}
        if empty:
            context["area"] = empty[0]  # the next area without an order, map order
        return D.PLAN_ORDERS.ask(g.seat_of(house), prompt, choices, **context)

    def _idle(self, g: BoardGame, house: str, left: list[str]) -> Decision:
        others = ", ".join(T.house_name(h) for h in left)
        prompt = f"{T.house_name(house)}: ready — waiting for {others}"
        return D.PLAN_ORDERS.ask_idle(g.seat_of(house), prompt, ("unready",))

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = (g.house_of(seat), str(choice))

    def run(self, g: BoardGame) -> None:
        assert self.chosen is not None
        (house, choice), self.chosen = self.chosen, None
        parts = D.PLAN_ORDERS.parse(choice)
        if choice == "ready":
            self.ready = self.ready | {house}
            for area in order_areas(g, house):  # R5.3 the areas left without an order
                if area not in g.orders:
                    g.emit(E.ORDER_SKIPPED(house=house, area=area))
            g.emit(E.ORDERS_READY(house=house))
        elif choice == "unready":
            self.ready = self.ready - {house}
            g.emit(E.ORDERS_UNREADY(house=house))
        elif parts["action"] == "place":
            g.orders[parts["area"]] = Order(house, parts["token"])  # face down (R5.1)
        else:
            del g.orders[parts["area"]]
        if any(h not in self.ready for h in self.planning(g)):
            g.push(self)


def ready_houses(g: BoardGame) -> list[str]:
    """The houses ready with their orders while planning at the table (public), else none."""
    step = g.stack[-1] if g.stack else None
    return sorted(step.ready) if isinstance(step, TableOrders) else []


class RevealOrders(Step):
    """R5.4: all orders are turned face up at once."""

    def run(self, g: BoardGame) -> None:
        g.orders_revealed = True
        revealed = {h: {a: g.orders[a].token for a in g.orders_of(h)} for h in g.turn_order()}
        g.emit(E.ORDERS_REVEALED(orders={h: o for h, o in revealed.items() if o}))
        for house, orders in revealed.items():
            if orders:
                g.emit(E.HOUSE_ORDERS(house=house, orders=orders))


def raven_replacements(g: BoardGame, house: str, area: str) -> tuple[str, ...]:
    """R5.5.1: tokens the Raven holder may put in ``area`` instead of its order there.

    R5.2 applies with the removed token not counted; restricted tokens are barred (Q10);
    the same token id again would change nothing, so it is not offered.
    """
    current = g.orders[area].token
    return tuple(t for t in placeable_tokens(g, house, exclude=area, area=area) if t != current)


class MessengerRaven(Step):
    """R5.5 (D12): the King's Court holder, if the Raven is unused, may replace one of its
    orders, or look at the top wildling card (then keep it on top or put it at the bottom),
    or pass (the Raven stays unused).

    ``stage``: ``"choose"`` (kind ``raven``), ``"replace"`` (kind ``raven_replace`` for
    ``area``) or ``"wildling"`` (kind ``raven_wildling``). ``chosen`` is the recorded choice.
    """

    def __init__(
        self, stage: str = "choose", area: str | None = None, chosen: str | None = None
    ) -> None:
        self.stage = stage
        self.area = area
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None or g.raven_used:
            return []
        holder = g.holder("kings_court")
        seat, name = g.seat_of(holder), T.house_name(holder)
        if self.stage == "replace":
            assert self.area is not None
            prompt = f"{name}: Messenger Raven — new order for {T.area_name(self.area)}"
            tokens = raven_replacements(g, holder, self.area)
            return [D.RAVEN_REPLACE.ask(seat, prompt, tokens, area=self.area)]
        if self.stage == "wildling":
            card = g.raven_peek or g.wildling_deck[0]  # R5.5.2: the card the holder looked at
            prompt = (
                f"{name}: Messenger Raven — keep {T.WILDLING_CARD_BY_ID[card].name} on top of "
                "the wildling deck or put it at the bottom?"
            )
            return [D.RAVEN_WILDLING.ask(seat, prompt, ("keep", "bottom"), card=card)]
        choices = [
            D.RAVEN.format("replace", a)
            for a in g.orders_of(holder)
            if raven_replacements(g, holder, a)
        ]
        if g.wildling_deck:
            choices.append("look")
        choices.append("pass")
        return [D.RAVEN.ask(seat, f"{name}: use the Messenger Raven?", choices)]

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.chosen is None:
            return  # the Raven was already used this round (R1.9.6)
        holder = g.holder("kings_court")
        choice, self.chosen = self.chosen, None
        if self.stage == "choose":
            if choice == "pass":  # R5.5.3 the token stays unused
                g.emit(E.RAVEN_PASS(house=holder))
            elif choice == "look":  # R5.5.2 privately (R1.14.1): only the holder sees the card
                g.raven_peek = g.wildling_deck[0]
                g.raven_peek_house = holder
                seat = g.seat_of(holder)
                g.emit(E.RAVEN_LOOK.secret((seat,), ("card",), house=holder, card=g.raven_peek))
                self.stage = "wildling"
                g.push(self)
            else:
                self.stage = "replace"
                self.area = D.RAVEN.parse(choice)["area"]
                g.push(self)
        elif self.stage == "replace":  # R5.5.1
            assert self.area is not None
            old = g.orders[self.area].token
            g.orders[self.area] = Order(holder, choice)
            g.raven_used = True
            g.emit(E.RAVEN_REPLACE(house=holder, area=self.area, old=old, new=choice))
        else:  # R5.5.2 keep on top or put at the bottom
            bottom = choice == "bottom"
            if bottom:
                deck = g.wildling_deck
                g.wildling_deck = (*deck[1:], deck[0])
            g.emit(E.RAVEN_WILDLING(house=holder, bottom=bottom))
            g.raven_used = True


class EndPlanning(Step):
    """R3.2.6: planning restrictions last for this Planning phase only."""

    def run(self, g: BoardGame) -> None:
        g.restrictions = frozenset()

"""Secret bids (R3.7.2, R4.3.2, D7): shared helpers for Clash of Kings and wildling attacks,
and the Clash of Kings itself (R3.7, D8).

A bidding step announces every bidder's available power (R1.6.4, F42), keeps its bids in a
field ``bids: tuple[tuple[str, int], ...]`` (house, amount), asks every house that has not bid
yet at once (nothing is logged before the reveal, R1.14.1), and reveals the bids in turn order
and pays them all to the Pool at once.

With the config ``planning: "table"`` the bids are asked by :class:`TableBids` instead, pushed
above the bidding step by :func:`open_bids`: every house sets and changes its bid, confirms it
(``ready``) and may take the confirmation back (``unready``) until all have confirmed; then the
bids go to the bidding step, which reveals them as above.
"""

from __future__ import annotations

from collections.abc import Iterator

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame import targaryen
from westeros.boardgame.state import TRACK_NAMES, BoardGame
from westeros.engine import Choice, Decision, Step

Bids = tuple[tuple[str, int], ...]


def bid_decisions(
    g: BoardGame, houses: tuple[str, ...], bids: Bids, what: str, **context: str | int
) -> list[Decision]:
    """One secret :data:`~decisions.BID` decision per house still to bid: 0..available power.

    The prompt announces the house's available power (R1.6.4, FAQ F42). A house with no
    power bids 0 automatically (R4.3.2): callers record it with :func:`auto_bids` first.
    """
    done = {h for h, _ in bids}
    return [
        D.BID.ask(
            g.seat_for(h),
            f"{T.house_name(h)}: secret bid for {what} (you have {g.power[h]} power)",
            range(g.power[h] + 1),
            **context,
        )
        for h in houses
        if h not in done
    ]


def auto_bids(g: BoardGame, houses: tuple[str, ...], bids: Bids) -> Bids:
    """Record a bid of 0 for every house with no available power (it has no choice)."""
    done = {h for h, _ in bids}
    return bids + tuple((h, 0) for h in houses if h not in done and g.power[h] == 0)


def announce_power(g: BoardGame, houses: tuple[str, ...]) -> None:
    """R1.6.4 / F42: before a bid every house announces its available power."""
    g.emit(E.POWER_ANNOUNCED(power=[{"house": h, "power": g.power[h]} for h in houses]))


class BidStep(Step):
    """A step that holds an auction's bids (the Clash of Kings, a wildling attack)."""

    bids: Bids


def open_bids(
    g: BoardGame, step: BidStep, houses: tuple[str, ...], what: str, **context: str | int
) -> None:
    """Push ``step`` back at its bid stage (its automatic zero bids recorded). At the table
    (config ``planning: "table"``) :class:`TableBids` goes above it and asks the houses with
    power; their confirmed bids are added to ``step.bids`` when all have confirmed."""
    asked = tuple(h for h in houses if h not in dict(step.bids))
    if g.config.get("planning") == "table" and asked:
        g.push(TableBids(asked, what, tuple(context.items()), tuple((h, 0) for h in asked)), step)
    else:
        g.push(step)


class TableBids(Step):
    """R3.7.2, R4.3.2 (D7) as at the table (config ``planning: "table"``): one ``plan_bid``
    decision per house of ``houses`` (the bidders with power), open until all have confirmed.

    A house's secret bid starts at 0; it sets or changes it (an amount 0..its power), then
    confirms it (``ready``); a confirmed house keeps an idle decision to take the confirmation
    back (``unready``) until every house has confirmed. Who has confirmed is public (events and
    the view's ``ready``), the amounts are not (R1.14.1): nothing about them is logged before
    the reveal. ``what``/``context``: the auction, for the prompt and the decision's context;
    ``bids``: every asked house's current bid; ``chosen``: the recorded (house, choice).
    """

    def __init__(
        self,
        houses: tuple[str, ...],
        what: str,
        context: tuple[tuple[str, str | int], ...],
        bids: Bids,
        ready: frozenset[str] = frozenset(),
        chosen: tuple[str, Choice] | None = None,
    ) -> None:
        self.houses = houses
        self.what = what
        self.context = context
        self.bids = bids
        self.ready = ready
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None:
            return []
        left = [h for h in self.houses if h not in self.ready]
        if not left:
            return []
        return [self._idle(g, h, left) if h in self.ready else self._bid(g, h) for h in self.houses]

    def _bid(self, g: BoardGame, house: str) -> Decision:
        amount, power = dict(self.bids)[house], g.power[house]
        prompt = (
            f"{T.house_name(house)}: secret bid for {self.what} — {amount} of your {power} "
            "power; change it or confirm"
        )
        choices: list[Choice] = [n for n in range(power + 1) if n != amount]
        choices.append("ready")
        context = dict(self.context) | {"bid": amount, "power": power}
        return D.PLAN_BID.ask(g.seat_of(house), prompt, choices, **context)

    def _idle(self, g: BoardGame, house: str, left: list[str]) -> Decision:
        amount = dict(self.bids)[house]
        others = ", ".join(T.house_name(h) for h in left)
        prompt = f"{T.house_name(house)}: bid of {amount} confirmed — waiting for {others}"
        context = dict(self.context) | {"bid": amount, "power": g.power[house]}
        return D.PLAN_BID.ask_idle(g.seat_of(house), prompt, ("unready",), **context)

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        self.chosen = (g.house_of(seat), choice)

    def run(self, g: BoardGame) -> None:
        assert self.chosen is not None
        (house, choice), self.chosen = self.chosen, None
        if choice == "ready":
            self.ready = self.ready | {house}
            g.emit(E.BID_READY(house=house))
        elif choice == "unready":
            self.ready = self.ready - {house}
            g.emit(E.BID_UNREADY(house=house))
        else:  # a new amount: secret, nothing logged (R1.14.1)
            self.bids = tuple((h, int(choice) if h == house else a) for h, a in self.bids)
        if any(h not in self.ready for h in self.houses):
            g.push(self)
            return
        holder = g.stack[-1]  # the bidding step below, at its bid stage (open_bids)
        assert isinstance(holder, BidStep)
        holder.bids = (*holder.bids, *self.bids)


def unrevealed_bids(g: BoardGame) -> Iterator[tuple[str, int]]:
    """Every bid made and not yet revealed (R3.7.2, R4.3.2: its tokens are in the bidder's
    hand): a bidding step's at its ``"bid"`` stage, and at the table those of
    :class:`TableBids`, set or confirmed."""
    for step in g.stack:
        if getattr(step, "stage", None) == "bid" or isinstance(step, TableBids):
            yield from getattr(step, "bids", ())


def ready_bidders(g: BoardGame) -> list[str]:
    """The houses that have confirmed their bids while bidding at the table (public)."""
    step = g.stack[-1] if g.stack else None
    return sorted(step.ready) if isinstance(step, TableBids) else []


def add_bid(g: BoardGame, bids: Bids, seat: int, amount: int) -> Bids:
    return (*bids, (g.house_of(seat), int(amount)))


def pay_bids(g: BoardGame, bids: Bids, order: tuple[str, ...]) -> Bids:
    """Reveal the bids together, listed in ``order`` (turn order) whoever bid first, and put
    every bid token into the Pool (R3.7.2, R4.3.3). Returns the bids in that order."""
    amounts = dict(bids)
    revealed = tuple((h, amounts[h]) for h in order if h in amounts)
    for house, amount in revealed:
        g.discard_power(house, amount)
    g.emit(E.BIDS_REVEALED(bids=[{"house": h, "amount": a} for h, a in revealed]))
    return revealed


AUCTION_TRACKS = ("iron_throne", "fiefdoms", "kings_court")  # R3.7.1 auction order


def tied_groups(bids: Bids, order: tuple[str, ...]) -> list[tuple[int, tuple[str, ...]]]:
    """Bids grouped by amount, highest first: ``[(amount, houses), ...]``, each group's houses
    listed in ``order`` (e.g. turn order)."""
    amount = dict(bids)
    levels = sorted(set(amount.values()), reverse=True)
    return [(a, tuple(h for h in order if amount.get(h) == a)) for a in levels]


class ClashOfKings(BidStep):
    """R3.7: three auctions (Iron Throne, Fiefdoms, King's Court), each with secret bids (D7).

    Fields: ``auction`` indexes :data:`AUCTION_TRACKS`; ``stage`` is ``"start"`` (record the
    automatic zero bids), ``"bid"`` (secret bids open), ``"handout"`` (Targaryen hands out its
    bid, one token per decision, ``left`` still to give, X-MOD-5.3, XF25) or ``"order"`` (bids
    revealed, positions being filled; Targaryen takes no part and stays last, X-MOD-5.1);
    ``placed`` lists the houses placed so far, position 1 first; ``choice`` is a tie-break
    choice (or a hand-out's receiver) not yet applied. Tied groups are ordered by the Iron
    Throne holder (D8), one position at a time: the holder before the auction for the Iron
    Throne track (the track is only replaced when the auction is complete), the new holder for
    the other two (R3.7.3).
    """

    left: int = 0  # set on the step only while Targaryen hands out (the state hash of others)

    def __init__(
        self,
        auction: int = 0,
        stage: str = "start",
        bids: Bids = (),
        placed: tuple[str, ...] = (),
        choice: str | None = None,
    ) -> None:
        self.auction = auction
        self.stage = stage
        self.bids = bids
        self.placed = placed
        self.choice = choice

    @property
    def track(self) -> str:
        return AUCTION_TRACKS[self.auction]

    def bidders(self, g: BoardGame) -> tuple[str, ...]:
        return g.turn_order()

    def open_tie(self, g: BoardGame) -> tuple[int, tuple[str, ...]] | None:
        """The best bid group with unplaced houses, if two or more of them remain unplaced."""
        for amount, group in tied_groups(self.bids, g.turn_order()):
            left = tuple(h for h in group if h not in self.placed)
            if left:
                return (amount, left) if len(left) >= 2 else None
        return None

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.stage == "bid":
            return bid_decisions(
                g,
                self.bidders(g),
                self.bids,
                f"the {TRACK_NAMES[self.track]} track",
                track=self.track,
            )
        if self.stage == "handout" and self.choice is None:
            return [targaryen.handout_decision(g, self.left, self.track)]
        if self.stage == "order" and self.choice is None:
            tie = self.open_tie(g)
            if tie is not None:
                amount, left = tie
                holder = g.holder("iron_throne")
                names = ", ".join(T.house_name(h) for h in left)
                return [
                    D.TIE_BREAK.ask(
                        g.seat_of(holder),
                        f"{T.house_name(holder)} (Iron Throne): {names} tied with {amount} for "
                        f"the {TRACK_NAMES[self.track]} track; who takes position "
                        f"{len(self.placed) + 1}?",
                        left,
                        track=self.track,
                    )
                ]
        return []

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        if self.stage == "bid":
            self.bids = add_bid(g, self.bids, seat, int(choice))
        else:
            self.choice = str(choice)

    def run(self, g: BoardGame) -> None:
        if self.stage == "start":
            if self.auction == 0:
                g.emit(E.CLASH_OF_KINGS())
            g.emit(E.AUCTION(track=self.track))
            announce_power(g, self.bidders(g))  # R3.7.2 / F42
            self.bids = auto_bids(g, self.bidders(g), ())
            self.stage = "bid"
            what = f"the {TRACK_NAMES[self.track]} track"
            open_bids(g, self, self.bidders(g), what, track=self.track)
            return
        if self.stage == "bid":
            self.bids = pay_bids(g, self.bids, self.bidders(g))  # R3.7.2 all go to the Pool
            if targaryen.handout_amount(g, self.bids):  # X-MOD-5.3 before ties, XF25
                self.left = targaryen.handout_amount(g, self.bids)
            self.stage = "handout"
        if self.stage == "handout":
            if self.choice is not None:
                self.bids = targaryen.hand_out(g, self.bids, self.choice)
                self.left -= 1
                self.choice = None
            if self.left > 0:
                g.push(self)
                return
            self.bids = targaryen.without_targaryen(self.bids)  # X-MOD-5.1 it stays last
            self.stage = "order"
        if self.choice is not None:
            holder = g.holder("iron_throne")
            g.emit(
                E.TIE_PLACED(
                    house=holder,
                    placed=self.choice,
                    position=len(self.placed) + 1,
                    track=self.track,
                )
            )
            self.placed = (*self.placed, self.choice)
            self.choice = None
        # R3.7.3 place by descending bid while no tie needs the Iron Throne holder
        while len(self.placed) < len(self.bids) and self.open_tie(g) is None:
            for _, group in tied_groups(self.bids, g.turn_order()):
                left = [h for h in group if h not in self.placed]
                if left:
                    self.placed = (*self.placed, left[0])
                    break
        if len(self.placed) < len(self.bids):
            g.push(self)
            return
        # R3.7.4 dominance token follows position 1; Targaryen keeps the last space (X-MOD-5.1)
        g.set_track(self.track, (*self.placed, *targaryen.unplaced(g, self.placed)))
        g.emit(E.TRACK_ORDER(track=self.track, order=list(self.placed)))
        if self.auction + 1 < len(AUCTION_TRACKS):
            g.push(ClashOfKings(self.auction + 1))

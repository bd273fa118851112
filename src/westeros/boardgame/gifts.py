"""Gifts of power tokens in Mother of Dragons (X-MOD-11.1, X-MOD-D9, XE1, XF40).

A player may give any number of its available power tokens to another player at any time,
except during a combat, where only in the call for support (XE1); the receiver may refuse
(XF40); vassals neither give nor receive (X-MOD-11.1). With config ``gifting`` (Mother of
Dragons only, on by default, X-MOD-1.4).

In a turn-based engine "at any time" is: whenever the game stops for a decision. The game's
standing step (``PlayedGame.standing_step``) is a :class:`GiftDesk`: at every stop it opens one
**idle** ``gift`` decision for each player house that may give now (``Decision.idle``: the game
never waits for it, bots never take it), beside the seat's other decisions, awaited ones
included. The choice ``<house>:<amount>`` is recorded like any other (a record replays it)
and pushes :class:`OfferedGift` above the step that was waiting: the receiver's awaited
``accept_gift`` (accept or refuse). Then the game goes on where it was; the waiting step asks
its decisions again from the new state (a bid's range, a power payment).

What may be given (``giftable``): the house's available power, less the tokens of a secret
bid it has made and not yet revealed (they are in its hand, R3.7.2, R4.3.2), and to each
receiver at most what its Power Pool can return (R1.6.1: the giver's tokens go back to its own
Pool, the receiver takes as many from its own).
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.bidding import unrevealed_bids
from westeros.boardgame.fight import current
from westeros.boardgame.state import BoardGame
from westeros.engine import Ask, Choice, Decision, Step


def uses_gifts(g: BoardGame) -> bool:
    """X-MOD-1.4: gifts are used in Mother of Dragons unless the config turns them off."""
    return g.is_mod() and bool(g.config.get("gifting", True))


def held_for_bids(g: BoardGame) -> Counter[str]:
    """The power each house holds for a secret bid made and not yet revealed (R3.7.2, R4.3.2;
    at the table too, confirmed or not): not available to give."""
    held: Counter[str] = Counter()
    for house, amount in unrevealed_bids(g):
        held[house] += amount
    return held


def giftable(g: BoardGame, house: str) -> int:
    """The available power tokens the house may give now (X-MOD-11.1)."""
    return max(0, g.power[house] - held_for_bids(g)[house])


def gifts_open(g: BoardGame) -> bool:
    """X-MOD-11.1, XE1: gifts may be offered now: not while a gift waits for its answer, and
    in a combat (or a neutral-force attack) only during its call for support."""
    if g.phase == "over" or (g.stack and isinstance(g.stack[-1], OfferedGift)):
        return False
    f = current(g)
    return f is None or f.stage == "support"


@lru_cache(maxsize=4096)
def _offers(limits: tuple[tuple[str, int], ...]) -> tuple[str, ...]:
    """``<house>:<amount>`` for each receiver and amount 1..its limit (D.GIFT's grammar, written
    out and kept: this runs at every stop)."""
    return tuple(f"{receiver}:{n}" for receiver, most in limits for n in range(1, most + 1))


class GiftDesk(Step):
    """The standing step of a game with gifts (X-MOD-11.1): one idle ``gift`` decision per
    player house that may give now; ``chosen`` is the recorded (giver, receiver, amount)."""

    def __init__(self, chosen: tuple[str, str, int] | None = None) -> None:
        self.chosen = chosen

    def decisions(self, g: BoardGame) -> list[Decision]:
        if self.chosen is not None or not gifts_open(g):
            return []
        held = held_for_bids(g)
        pools = {h: g.power_in_pool(h) for h in g.seat_houses}
        out = []
        for seat, giver in enumerate(g.seat_houses):  # vassals have no seat: they never give
            most = g.power[giver] - held[giver]
            # every other player's house (seat order), up to what its Pool can return
            limits = tuple(
                (r, n) for r in g.seat_houses if r != giver and (n := min(most, pools[r])) > 0
            )
            if limits:
                prompt = f"{T.house_name(giver)}: give power tokens to another player?"
                out.append(D.GIFT.ask_idle(seat, prompt, _offers(limits), power=most))
        return out

    def choose(self, g: BoardGame, seat: int, choice: Choice) -> None:
        parts = D.GIFT.parse(choice)
        self.chosen = (g.house_of(seat), parts["house"], int(parts["amount"]))

    def run(self, g: BoardGame) -> None:
        assert self.chosen is not None
        giver, receiver, amount = self.chosen
        g.emit(E.GIFT_OFFERED(house=giver, receiver=receiver, amount=amount))
        g.push(OfferedGift(giver, receiver, amount))


class OfferedGift(Ask):
    """X-MOD-11.1, XF40: the receiver accepts the offered power tokens or refuses them."""

    def __init__(self, giver: str, receiver: str, amount: int) -> None:
        super().__init__()
        self.giver = giver
        self.receiver = receiver
        self.amount = amount

    def ask(self, g: BoardGame) -> Decision | None:
        prompt = (
            f"{T.house_name(self.receiver)}: {T.house_name(self.giver)} offers you "
            f"{self.amount} power — accept or refuse?"
        )
        return D.ACCEPT_GIFT.ask(
            g.seat_of(self.receiver),
            prompt,
            ("accept", "refuse"),
            house=self.giver,
            amount=self.amount,
        )

    def act(self, g: BoardGame, choice: Choice | None) -> None:
        fields = {"house": self.giver, "receiver": self.receiver, "amount": self.amount}
        if choice == "refuse":  # XF40 the giver keeps its tokens
            g.emit(E.GIFT_REFUSED(**fields))
            return
        paid = g.discard_power(self.giver, self.amount)  # to the giver's Pool (R1.6.1) …
        g.gain_power(self.receiver, paid)  # … and as many from the receiver's
        g.emit(E.GIFT_ACCEPTED(**fields))

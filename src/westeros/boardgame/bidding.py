"""Secret bids (R3.7.2, R4.3.2, D7): shared helpers for Clash of Kings and wildling attacks.

A bidding step keeps its bids in a field ``bids: tuple[tuple[str, int], ...]`` (house, amount),
asks every house that has not bid yet at once, and pays all bids to the Pool when revealed.
"""

from __future__ import annotations

from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.engine import Decision

Bids = tuple[tuple[str, int], ...]


def bid_decisions(g: BoardGame, houses: tuple[str, ...], bids: Bids, what: str) -> list[Decision]:
    """One secret ``bid`` decision per house still to bid: integers 0..available power.

    The prompt announces the house's available power (R1.6.4, FAQ F42). A house with no
    power bids 0 automatically (R4.3.2): callers record it with :func:`auto_bids` first.
    """
    done = {h for h, _ in bids}
    return [
        Decision(
            g.seat_of(h),
            "bid",
            f"{T.house_name(h)}: secret bid for {what} (you have {g.power[h]} power)",
            tuple(range(g.power[h] + 1)),
        )
        for h in houses
        if h not in done
    ]


def auto_bids(g: BoardGame, houses: tuple[str, ...], bids: Bids) -> Bids:
    """Record a bid of 0 for every house with no available power (it has no choice)."""
    done = {h for h, _ in bids}
    return bids + tuple((h, 0) for h in houses if h not in done and g.power[h] == 0)


def add_bid(g: BoardGame, bids: Bids, seat: int, amount: int) -> Bids:
    return (*bids, (g.house_of(seat), int(amount)))


def pay_bids(g: BoardGame, bids: Bids) -> None:
    """Reveal the bids, log them, and put every bid token into the Pool (R3.7.2, R4.3.3)."""
    for house, amount in bids:
        g.discard_power(house, amount)
    g.say("Bids: " + ", ".join(f"{T.house_name(h)} {a}" for h, a in bids))

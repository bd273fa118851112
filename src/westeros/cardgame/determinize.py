"""Determinization (C1.9): a copy of the card game in which everything one seat may not know
is drawn again, from public facts only, so that the sample carries no secret of the real game.
Search bots play on such copies, never on the real game.

Drawn again:

* every other player's hidden cards: hand, deck and face-down cards in play (setup cards, a
  face-down duplicate) are pooled, the pool sorted (its real order is a secret too), shuffled
  and dealt back into the same places (a face-down setup place takes a card that may be set
  up, C5.8.2; the setup limits of C5.8.1 and C5.8.3 are not drawn again);
* the seat's own deck order;
* plots chosen but not revealed (C7.2) and titles taken but not revealed (C21.2), from what
  the seat could know of them;
* the random generator, from ``seed`` alone; the sample's ``seed`` is ``seed``;
* the log: only what the seat may read (others' secret fields redacted).

The seat to decide is the real one: what a seat is asked never depends on another seat's
hidden cards (windows, docs/cardgame-engine.md).
"""

from __future__ import annotations

from westeros.cardgame.melee import SelectTitles
from westeros.cardgame.phases import ChoosePlots
from westeros.cardgame.setup import SetupCards
from westeros.cardgame.state import CardGame
from westeros.engine import Rng

_MIX = 0x9E3779B97F4A7C15
SETUP_TYPES = ("character", "location", "attachment")  # C5.8.2


def determinize(g: CardGame, seat: int, seed: int) -> CardGame:
    """A new game: ``g`` as ``seat`` knows it, the unknown parts drawn with ``seed``."""
    out = g.clone()
    rng = Rng((seed * _MIX + 0x5BD1E995) & ((1 << 64) - 1))
    out.seed = seed
    out.rng = Rng(rng.next64())
    out.log = [e.for_seat(seat) for e in g.log]
    for p in out.players:
        if p.seat == seat:
            p.deck = list(rng.shuffled(sorted(p.deck)))
        else:
            _redeal(out, p.seat, rng)
    for step in out.stack:
        if isinstance(step, ChoosePlots):
            step.chosen = tuple(
                (s, c if s == seat else rng.choice(sorted(out.players[s].plots)))
                for s, c in step.chosen
            )
        elif isinstance(step, SelectTitles):
            _titles(out, step, seat, rng)
    out.changed()
    out.invalidate()
    return out


def _redeal(g: CardGame, seat: int, rng: Rng) -> None:
    """Deal ``seat``'s hidden cards again: face-down places, then the hand, then the deck."""
    p = g.players[seat]
    down = sorted(c for c, r in g.play.items() if r.facedown and r.controller == seat)
    down = [c for c in down if g.owner[c] == seat]
    pool = list(rng.shuffled(sorted(p.hand + p.deck + down)))
    moved: dict[int, int] = {}
    for old in down:
        setup = g.play[old].parent is None
        new = next(c for c in pool if not setup or g.defs[c].type in SETUP_TYPES)
        pool.remove(new)
        moved[old] = new
    records = {old: g.play.pop(old) for old in down}
    for old, new in moved.items():
        g.play[new] = records[old]
        g.where[new] = "play" if records[old].parent is None else g.where[old]
    p.hand, p.deck = pool[: len(p.hand)], pool[len(p.hand) :]
    for c in p.hand:
        g.where[c] = "hand"
    for c in p.deck:
        g.where[c] = "deck"
    for step in g.stack:
        if isinstance(step, SetupCards):
            step.placed = tuple(moved.get(c, c) for c in step.placed)


def _titles(g: CardGame, step: SelectTitles, seat: int, rng: Rng) -> None:
    """C21.2: titles others took (and those set aside) are drawn again from the titles the
    seat was not offered; titles taken after the seat from those it was offered."""
    if not step.pool:
        return
    taken = dict(step.taken)
    left = [c for c in step.pool if c not in taken.values()]
    own = taken.get(seat)
    after: list[int] = []
    seen: list[int] | None = None  # the titles the seat was offered, if it was
    if own is not None:
        order = [s for s, _ in step.taken]
        after = order[order.index(seat) + 1 :]
        seen = left + [taken[s] for s in after] + [own]
    elif step.next_seat(g) == seat:
        seen = list(left)
    pool = sorted(c for c in range(len(g.defs)) if g.where[c] == "pool")
    unseen = list(rng.shuffled([c for c in pool if seen is None or c not in seen]))
    offered = list(rng.shuffled(sorted(c for c in seen or [] if c != own)))
    step.taken = tuple(
        (s, c if s == seat else offered.pop() if s in after else unseen.pop())
        for s, c in step.taken
    )
    if seen is None:
        left = [unseen.pop() for _ in left]
    elif own is not None:
        left = offered
    step.pool = (*left, *(c for _, c in step.taken))

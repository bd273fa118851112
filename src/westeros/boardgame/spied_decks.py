"""What a seat knows of a Westeros deck's order through its Spymaster loan (X-MOD-8.1, R1.14),
read from the log as that seat may read it, for :mod:`~westeros.boardgame.determinize`.

The deck is a row of cells, top first: the known cells on top and at the bottom, the unknown
middle between them. A known cell carries a label: the cells of one label hold the cards of its
group in an order the seat does not know (a card the seat saw in place is a group of one); a
``None`` cell holds one of the cards no group names, as the middle does. Replayed from the last
reshuffle of the deck on (Winter Is Coming, R3.3.1; Rodrik the Reader, X-ADWD-4.2), by public
facts and the seat's own looks only — never by comparing with the real order:

* a card revealed (R3.2.2) leaves the first cell (its group loses the card);
* the seat's own look puts the cards it saw where it put them, each its own group;
* another seat's look takes the top 2 cells and puts ``moved`` (public) of them under the
  bottom, the rest back on top: the cards of the groups it took may be in any of their cells
  now (one group), or, if it took a middle card, in none the seat can name (``None``).

A sample (:meth:`Known.arrange`) deals each group's cards into its cells and the other cards into
the rest, each shuffled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from westeros.boardgame import events as E
from westeros.engine import Event, Rng

LOOK = 2  # Spymaster looks at the top 2 cards (X-MOD-8.1)
_RESETS = frozenset({E.WINTER_IS_COMING.name, E.RODRIK_SEARCH.name})
SPY_EVENTS = _RESETS | {E.WESTEROS_REVEALED.name, E.SPYMASTER.name}  # the events read

Label = int | None


@dataclass
class Known:
    """The seat's knowledge of one deck of ``size`` cards (see the module's docstring). A
    deck holds copies of a card: a group is a list of card ids, copies repeated."""

    size: int
    top: list[Label] = field(default_factory=list)
    bottom: list[Label] = field(default_factory=list)
    groups: dict[int, list[str]] = field(default_factory=dict)
    labels: int = 0  # labels handed out so far

    def _new(self, cards: list[str]) -> int:
        self.labels += 1
        self.groups[self.labels] = sorted(cards)
        return self.labels

    def _pop(self) -> Label:
        """The first cell leaves the row: its label (None for the middle's)."""
        middle = self.size - len(self.top) - len(self.bottom)
        self.size -= 1
        if self.top:
            return self.top.pop(0)
        return None if middle > 0 else self.bottom.pop(0)

    def _take(self, count: int) -> list[Label]:
        return [self._pop() for _ in range(min(count, self.size))]

    def reveal(self, card: str) -> bool:
        """R3.2.2: the top card is revealed; False when that contradicts the knowledge."""
        if self.size <= 0:
            return False
        label = self._pop()
        if label is None:
            return True  # a card no group names (another copy may be named elsewhere)
        if card not in self.groups[label]:
            return False
        self.groups[label].remove(card)
        return True

    def own_look(self, top: Sequence[str], bottom: Sequence[str]) -> None:
        """The seat looked at the top cards and put ``top`` back on top, ``bottom`` under."""
        seen = [*top, *bottom]
        unplaced = list(seen)
        for label in self._take(len(seen)):
            group = self.groups.get(label) if label is not None else None
            card = next((c for c in unplaced if group is not None and c in group), None)
            if group is not None and card is not None:
                group.remove(card)
                unplaced.remove(card)
        self.size += len(seen)
        self.top[:0] = [self._new([c]) for c in top]
        self.bottom += [self._new([c]) for c in bottom]

    def other_look(self, moved: int) -> None:
        """Another seat looked at the top cards and put ``moved`` of them under."""
        taken = self._take(LOOK)
        touched = {label for label in taken if label is not None}
        cards = [c for k in sorted(touched) for c in self.groups.pop(k)]
        label = None if None in taken else self._new(cards)
        self.top = [label if x in touched else x for x in self.top]
        self.bottom = [label if x in touched else x for x in self.bottom]
        self.size += len(taken)
        self.top[:0] = [label] * (len(taken) - moved)
        self.bottom += [label] * moved

    @property
    def anything(self) -> bool:
        """Whether the seat knows more than the deck's cards."""
        return any(self.groups.values())

    def arrange(self, cards: Sequence[str], rng: Rng) -> tuple[str, ...] | None:
        """A sample of the deck holding ``cards`` (the real deck's, in any order), or None
        when the knowledge does not fit them (then the caller shuffles the whole deck)."""
        middle = len(cards) - len(self.top) - len(self.bottom)
        cells = [*self.top, *([None] * middle), *self.bottom]
        rest = Counter(cards)
        named = Counter(c for group in self.groups.values() for c in group)
        if middle < 0 or named - rest:
            return None  # cannot happen: the knowledge is read from true events
        piles: dict[Label, list[str]] = {
            k: list(rng.shuffled(sorted(v))) for k, v in sorted(self.groups.items())
        }
        piles[None] = list(rng.shuffled(sorted((rest - named).elements())))
        if any(cells.count(k) != len(pile) for k, pile in piles.items()):
            return None
        return tuple(piles[label].pop() for label in cells)


def known_order(
    log: Sequence[Event], me: str, deck: int, size: int, looking: Sequence[str] = ()
) -> Known | None:
    """What ``me`` knows of deck ``deck`` (``size`` cards now), read from ``log`` as the seat
    may read it; ``looking``: the top cards its Spymaster shows it now. None when it knows
    nothing beyond the deck's cards."""
    events = [e for e in log if e.kind in SPY_EVENTS and e.fields.get("deck") == deck]
    start = max((i + 1 for i, e in enumerate(events) if e.kind in _RESETS), default=0)
    events = events[start:]
    mine = E.SPYMASTER.name
    if not looking and not any(e.kind == mine and e.fields.get("house") == me for e in events):
        return None
    reveals = sum(1 for e in events if e.kind == E.WESTEROS_REVEALED.name)
    known = Known(size + reveals)
    for e in events:
        if e.kind == E.WESTEROS_REVEALED.name:
            if not known.reveal(str(e.fields["card"])):
                known = Known(known.size)  # cannot happen: the seat forgets rather than err
        elif e.fields.get("house") == me:
            known.own_look(e.fields["top"], e.fields["bottom"])
        else:
            known.other_look(int(e.fields["moved"]))
    if looking:
        known.own_look(looking, ())
    return known if known.anything else None

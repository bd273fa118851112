"""X-MOD-8.1 Spymaster, R1.14: what a seat knows of a Westeros deck's order is always true of
the real deck, whatever reveals (R3.2.2), own and other looks and reshuffles (R3.3.1) come."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from westeros.boardgame.spied_decks import LOOK, Known
from westeros.engine import Rng

# a deck with copies, as Westeros decks have
CARDS = ("a", "a", "b", "c", "c", "c", "d", "e", "f", "g")
Op = tuple[str, int]
OPS = st.lists(
    st.tuples(st.sampled_from(("reveal", "mine", "other", "shuffle")), st.integers(0, 5)),
    max_size=25,
)


def _truthful(known: Known, deck: list[str]) -> None:
    """Every labelled cell holds a card of its group, each group's cards are where its cells
    are, and the cards no group names fill the other cells."""
    middle = len(deck) - len(known.top) - len(known.bottom)
    assert middle >= 0 and known.size == len(deck)
    cells = [*known.top, *([None] * middle), *known.bottom]
    for label, cards in known.groups.items():
        held = [c for c, x in zip(deck, cells, strict=True) if x == label]
        assert Counter(held) == Counter(cards)


def _look(deck: list[str], choice: int) -> tuple[list[str], list[str]]:
    """A Spymaster's arrangement of the top cards: an order and a cut, by ``choice``."""
    seen = deck[:LOOK]
    order = seen[::-1] if choice % 2 else seen
    cut = choice % (len(seen) + 1)
    return order[:cut], order[cut:]


@settings(max_examples=300, deadline=None)
@given(OPS, st.integers(0, 2**32))
def test_x_mod_8_1_the_knowledge_stays_true_and_samples_fit_it(ops: list[Op], seed: int) -> None:
    rng = Rng(seed)
    deck = list(rng.shuffled(CARDS))
    known = Known(len(deck))
    for op, choice in ops:
        if op == "reveal" and deck:
            assert known.reveal(deck.pop(0))
        elif op in ("mine", "other") and deck:
            top, bottom = _look(deck, choice)
            deck[:] = [*top, *deck[len(top) + len(bottom) :], *bottom]
            if op == "mine":
                known.own_look(top, bottom)
            else:
                known.other_look(len(bottom))
        elif op == "shuffle":
            deck = list(rng.shuffled(CARDS))  # R3.3.1: a reshuffle, the knowledge forgotten
            known = Known(len(deck))
        _truthful(known, deck)
    sample = known.arrange(deck, Rng(seed + 1))
    assert sample is not None and Counter(sample) == Counter(deck)
    _truthful(known, list(sample))

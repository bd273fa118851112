"""``determinize`` (C1.9): a sample carries nothing a seat could not know, and plays on.

As the board game's (tests/bots/test_determinize.py): two games that differ only in another
seat's hidden card (a hand card swapped with one of its deck), or in the order of the seat's
own deck, or in the real random generator, give the same sample for the same seed; the
sample has a fresh seed, a log as the seat reads it, the same seat to decide, and plays on to
its end.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.cardgame.driver import swap_hidden_card
from westeros.bots import RandomBot, play_out
from westeros.cardgame.state import CardGame
from westeros.engine import Rng, new_game


def _positions(g: CardGame, seed: int, every: int, limit: int) -> Iterator[CardGame]:
    rng = Rng(seed)
    step = 0
    while g.pending() and step < limit:
        if step % every == 0:
            yield g
        d = rng.choice(g.pending())
        g.apply(d.seat, rng.choice(d.choices))
        step += 1


def _game(players: int, seed: int) -> CardGame:
    decks = ["westeros-stark", "westeros-lannister", "Core-1", "Core-2", "Core-3", "Core-4"]
    g = new_game("cardgame", {"decks": decks[:players]}, seed)
    assert isinstance(g, CardGame)
    return g


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (5, 3)])
def test_c1_9_a_sample_carries_no_hidden_card_of_another_seat(players: int, seed: int) -> None:
    """C1.9: another seat's hand, deck order and the real generator never reach the sample."""
    probed = 0
    for position in _positions(_game(players, seed), seed, every=5, limit=400):
        seat = position.pending()[0].seat
        base = position.determinize(seat, 11).state_hash()
        for other in range(players):
            if other == seat:
                continue
            swapped = swap_hidden_card(position, other)
            if swapped is not None:
                assert swapped.determinize(seat, 11).state_hash() == base
                probed += 1
        reseeded = position.clone()
        reseeded.rng = Rng(seed + 1000)
        assert reseeded.determinize(seat, 11).state_hash() == base
        own = position.clone()
        own.players[seat].deck.reverse()
        assert own.determinize(seat, 11).state_hash() == base
    assert probed >= 20


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (5, 5)])
def test_c1_9_a_sample_has_a_fresh_seed_a_redacted_log_and_the_same_seat_to_decide(
    players: int, seed: int
) -> None:
    """The real seed would rebuild every hand (new_game(config, seed)); another seat's draws
    are in its unredacted log; and the sample must ask the seat that decides in the game."""
    checked = 0
    for position in _positions(_game(players, seed), seed, every=2, limit=600):
        for d in position.pending():
            sample = position.determinize(d.seat, 77)
            assert sample.seed == 77 != position.seed
            assert [x.seat for x in sample.pending()] == [x.seat for x in position.pending()]
            assert sample.view(d.seat) == position.view(d.seat)
            assert all(e.visible_to(d.seat) or e.redacted for e in sample.log)
            assert [e.to_json() for e in sample.events(d.seat)] == [
                e.to_json() for e in position.events(d.seat)
            ]
            checked += 1
    assert checked >= 100


@pytest.mark.parametrize(("players", "seed"), [(2, 6), (4, 7)])
def test_c1_9_a_sample_is_a_legal_game(players: int, seed: int) -> None:
    """A sample plays on to its end with random bots."""
    checked = 0
    for position in _positions(_game(players, seed), seed, every=61, limit=400):
        seat = position.pending()[0].seat
        sample = position.determinize(seat, checked)
        play_out(sample, [RandomBot(checked * 10 + s) for s in range(players)])
        assert sample.outcome() is not None
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_c5_8_face_down_setup_cards_are_drawn_again(seed: int) -> None:
    """C5.8, C1.9: two games in which seat 0 placed different setup cards give seat 1 the same
    sample, and the sample (its face-down cards drawn again) plays on to its end."""
    g = _game(2, seed)
    while g.pending()[0].kind != "setup" or g.pending()[0].seat != 0:
        d = g.pending()[0]
        g.apply(d.seat, d.choices[0])
    d = g.pending()[0]
    cards = [c for c in d.choices if isinstance(c, int)]
    other = next(c for c in cards if g.defs[c].name != g.defs[cards[0]].name)
    one, two = g.clone(), g.clone()
    one.apply(0, cards[0])
    two.apply(0, other)
    one.apply(0, "done")
    two.apply(0, "done")
    assert one.pending()[0].seat == 1
    assert one.determinize(1, 5).state_hash() == two.determinize(1, 5).state_hash()
    sample = one.determinize(1, 5)
    assert sample.view(1) == one.view(1)
    play_out(sample, [RandomBot(seed), RandomBot(seed + 1)])
    assert sample.outcome() is not None

"""Game.determinize (R1.14): a sample carries no secret of the real game, and is a legal game.

(a) two games that differ only in another seat's secret (its face-down order, bid or house
card, or the hidden order of the decks) give determinized games with the same state hash for
the same seed; (b) a determinized game shows the seat the same view and plays on to the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.engine.toy import INFO as TOY
from westeros.boardgame.state import BoardGame
from westeros.bots import RandomBot, play_out
from westeros.bots.base import Sampler
from westeros.engine import Game, Rng, new_game, register

register(TOY)


def _positions(game: Game, seed: int, every: int = 1) -> Iterator[Game]:
    """The game at each of its decisions (random choices), every ``every``-th one."""
    rng = Rng(seed)
    step = 0
    while game.pending():
        if step % every == 0:
            yield game
        d = game.pending()[0]
        game.apply(d.seat, rng.choice(d.choices))
        step += 1


def _secret_pairs(game: Game) -> tuple[Game, Game, int] | None:
    """At a simultaneous decision: two clones differing only in one seat's secret choice."""
    pending = game.pending()
    if len(pending) < 2:
        return None
    for d in pending:
        if len(d.choices) >= 2:
            one, two = game.clone(), game.clone()
            one.apply(d.seat, d.choices[0])
            two.apply(d.seat, d.choices[-1])
            return one, two, d.seat
    return None


def no_secret_reaches_a_sample(config: dict[str, Any], seed: int, every: int = 1) -> set[str]:
    """Random play of a board game; at every ``every``-th simultaneous decision, two clones that
    differ only in one seat's secret choice give every other seat the same sample (R1.14).
    Returns the kinds of the decisions checked."""
    game = new_game("boardgame", config, seed)
    kinds: set[str] = set()
    for position in _positions(game, seed, every):
        pair = _secret_pairs(position)
        if pair is None:
            continue
        one, two, secret_seat = pair
        kinds.add(position.pending()[0].kind)
        for seat in range(config["players"]):
            if seat != secret_seat:
                a, b = one.determinize(seat, 7), two.determinize(seat, 7)
                assert a.state_hash() == b.state_hash(), (position.pending()[0].kind, seat)
    return kinds


@pytest.mark.parametrize(
    ("players", "tides", "seed"), [(3, False, 1), (4, True, 2), (6, True, 3), (5, False, 4)]
)
def test_a_sample_carries_no_other_seats_secret(players: int, tides: bool, seed: int) -> None:
    """R1.14: orders, bids and house cards of another seat never change the sample."""
    kinds: set[str] = set()
    game = new_game("boardgame", {"players": players, "tides": tides}, seed)
    for position in _positions(game, seed):
        pair = _secret_pairs(position)
        if pair is None:
            continue
        one, two, secret_seat = pair
        kinds.add(position.pending()[0].kind)
        for seat in range(players):
            if seat == secret_seat:
                continue
            a, b = one.determinize(seat, 11), two.determinize(seat, 11)
            assert a.state_hash() == b.state_hash(), (position.pending()[0].kind, seat)
            assert Sampler(one, seat)(5).state_hash() == Sampler(two, seat)(5).state_hash()
    assert {"place_order", "bid"} <= kinds, kinds
    if tides:
        assert "house_card" in kinds


def test_the_hidden_deck_order_never_reaches_the_sample() -> None:
    """Westeros and wildling decks in another order: the same sample."""
    game = new_game("boardgame", {"players": 4}, 8)
    assert isinstance(game, BoardGame)
    other = game.clone()
    other.westeros_decks = {d: tuple(reversed(c)) for d, c in other.westeros_decks.items()}
    other.wildling_deck = tuple(reversed(other.wildling_deck))
    for seat in range(4):
        assert game.determinize(seat, 3).state_hash() == other.determinize(seat, 3).state_hash()
    assert game.determinize(0, 3).state_hash() != game.determinize(0, 4).state_hash()
    assert game.determinize(0, 3).seed == 3  # the real seed is not carried either


def test_the_raven_peek_stays_on_top_for_its_holder_only() -> None:
    """R5.5.2: the holder who kept the card it looked at on top still finds it there; for the
    other seats the top card is resampled like the rest."""
    for seed in range(40):
        game = new_game("boardgame", {"players": 3}, seed)
        assert isinstance(game, BoardGame)
        for position in _positions(game, seed):
            g = position
            assert isinstance(g, BoardGame)
            if g.raven_peek is not None and g.wildling_deck[:1] == (g.raven_peek,):
                holder = g.seat_of(g.raven_peek_house or "")
                tops = set()
                for s in range(8):
                    sample = g.determinize(holder, s)
                    assert isinstance(sample, BoardGame)
                    assert sample.wildling_deck[0] == g.raven_peek
                    other = g.determinize((holder + 1) % 3, s)
                    assert isinstance(other, BoardGame)
                    tops.add(other.wildling_deck[0])
                assert len(tops) > 1
                return
    pytest.fail("no Raven peek kept on top in 40 games")


@pytest.mark.parametrize(("players", "seed"), [(3, 21), (4, 22), (5, 23), (6, 24)])
def test_a_determinized_game_is_a_legal_game(players: int, seed: int) -> None:
    """The seat's view is unchanged, and the sample plays on to its end with random bots."""
    game = new_game("boardgame", {"players": players, "tides": seed % 2 == 0}, seed)
    checked = 0
    for position in _positions(game, seed, every=97):
        seat = position.pending()[0].seat
        sample = position.determinize(seat, checked)
        assert sample.view(seat) == position.view(seat)
        assert [e.to_json() for e in sample.events(seat)] == [
            e.to_json() for e in position.events(seat)
        ]
        play_out(sample, [RandomBot(checked * 10 + s) for s in range(players)])
        assert sample.outcome() is not None
        checked += 1
    assert checked >= 3


def test_the_toy_game_determinizes_the_other_bid() -> None:
    game = new_game("toy-nim", {"pile": 9}, 4)
    one, two = game.clone(), game.clone()
    one.apply(1, 0)
    two.apply(1, 2)
    assert one.state_hash() != two.state_hash()
    assert one.determinize(0, 9).state_hash() == two.determinize(0, 9).state_hash()
    sample = one.determinize(0, 9)
    play_out(sample, [RandomBot(1), RandomBot(2)])
    assert sample.outcome() is not None

"""Seeded random whole games for 3–6 players, with and without Tides of Battle: invariants
after every choice, and every game's record replays to the identical hash at every step."""

from __future__ import annotations

import pytest

from tests.boardgame.invariants import check_ended, check_invariants
from westeros.engine import Record, replay
from westeros.simulate import play_board_game


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(35))
def test_random_game_runs_to_the_end_with_invariants(players: int, seed: int) -> None:
    """R3.1 / R9.3: every game ends by round 10; invariants hold after every choice.
    Odd seeds play with Tides of Battle (R7.7)."""
    game, result = play_board_game(
        players,
        seed,
        seed % 2 == 1,
        on_move=lambda g, seat, choice: check_invariants(g),
        with_hashes=True,
    )
    check_ended(game)
    assert result.decisions > 100
    again = replay(Record.loads(result.record.dumps(), expect_game="boardgame"))
    assert again.state_hash() == game.state_hash()
    assert again.log == game.log

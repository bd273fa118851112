"""The state messages' fast paths give what the plain ones gave: the counted log size is the
log's length."""

from __future__ import annotations

import random

from westeros.engine import new_game
from westeros.server.live import LiveGame
from westeros.server.storage import SeatInfo


def live_game(players: int, seed: int) -> LiveGame:
    seats = tuple(SeatInfo(i, "human", None, f"p{i}", True) for i in range(players))
    return LiveGame("g", "boardgame", seats, game=new_game("boardgame", {"players": players}, seed))


def test_log_size_counts_on_and_starts_again_for_a_new_game_object() -> None:
    live = live_game(3, 2)
    game = live.game
    assert game is not None
    rng = random.Random(2)
    assert live.log_size() == len(game.events(None, 0))
    for _ in range(40):
        decision = game.pending()[0]
        game.apply(decision.seat, rng.choice(decision.choices))
        game.pending()
        assert live.log_size() == len(game.events(None, 0)) == len(game.events(0, 0))
    live.game = new_game("boardgame", {"players": 3}, 2)  # e.g. rebuilt from storage
    assert live.log_size() == len(live.game.events(None, 0))
    live.game = None
    assert live.log_size() == 0

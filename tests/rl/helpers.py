"""Small games for the adapter tests."""

from __future__ import annotations

from collections.abc import Iterator

from westeros.bots import RandomBot
from westeros.engine import Decision, Game, new_game


def random_games(count: int, first_seed: int = 0) -> Iterator[tuple[Game, Decision]]:
    """Every (game, decision) met in ``count`` random games of 3–6 players, tides or not."""
    for seed in range(first_seed, first_seed + count):
        game = new_game("boardgame", {"players": 3 + seed % 4, "tides": seed % 2 == 0}, seed)
        bot = RandomBot(seed)
        while not game.is_over:
            decision = game.pending()[0]
            yield game, decision
            game.apply(decision.seat, bot.choose({}, decision))

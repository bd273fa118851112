"""Whole games between bots: one game with its record, or many with a summary."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from westeros.bots import RandomBot, play_out
from westeros.engine import Choice, Record, new_game


@dataclass
class GameResult:
    seed: int
    winner: str
    ranking: tuple[str, ...]
    rounds: int
    decisions: int
    record: Record


@dataclass
class Summary:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins[result.winner] += 1
        self.rounds += result.rounds
        self.decisions += result.decisions


def board_config(players: int, tides: bool) -> dict[str, Any]:
    return {"players": players, "tides": tides}


def play_board_game(
    players: int,
    seed: int,
    tides: bool = False,
    on_move: Callable[[Any, int, Choice], None] | None = None,
    with_hashes: bool = False,
) -> tuple[Any, GameResult]:
    """Play one board game between seeded random bots (bot seeds derive from ``seed``)."""
    config = board_config(players, tides)
    game = new_game("boardgame", config, seed)
    record = Record("boardgame", config, seed, hashes=[] if with_hashes else None)
    bots = [RandomBot(seed * 7919 + seat) for seat in range(players)]

    def hook(g: Any, seat: int, choice: Choice) -> None:
        if record.hashes is not None:
            record.hashes.append(g.state_hash())
        if on_move is not None:
            on_move(g, seat, choice)

    play_out(game, bots, record=record, on_move=hook)
    record.final_hash = game.state_hash()
    result = GameResult(
        seed, game.winner, tuple(game.ranking), game.round, len(record.moves), record
    )
    return game, result


def save_record(record: Record, directory: Path, name: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    record.save(path)
    return path

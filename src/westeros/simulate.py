"""Whole games between bots, through the engine contract only: one game with its record, or
many with a summary. Works for every registered game kind. Many games run where
:mod:`westeros.runner` puts them (:func:`play_games`: in-process, worker processes, Ray)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from westeros.bots import make_bot, play_out
from westeros.engine import Choice, Game, Outcome, Record, game_info, new_game
from westeros.runner import imap


@dataclass
class GameResult:
    seed: int
    outcome: Outcome
    decisions: int
    record: Record

    @property
    def winner(self) -> str:
        """The winner's display name (e.g. its house)."""
        assert self.outcome.winner is not None
        return self.outcome.names[self.outcome.winner]


@dataclass
class Summary:
    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    names: set[str] = field(default_factory=set)
    rounds: int = 0
    decisions: int = 0
    seconds: float = 0.0

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.wins[result.winner] += 1
        self.names.update(result.outcome.names)
        self.rounds += result.outcome.rounds
        self.decisions += result.decisions


def board_config(players: int, tides: bool) -> dict[str, Any]:
    return {"players": players, "tides": tides}


def seat_bots(names: tuple[str, ...], seats: dict[str, str] | None) -> list[str]:
    """The bot name of each seat: ``seats`` maps a seat's display name (e.g. ``stark`` for
    Stark, any case) or its number (``"0"``: the first seat) to a registered bot
    (``search:300``...); other seats get ``random``. ValueError names the seats when a key
    matches none of them."""
    chosen = ["random"] * len(names)
    for key, bot in (seats or {}).items():
        matches = [i for i, n in enumerate(names) if n.lower() == key.lower() or str(i) == key]
        if not matches:
            raise ValueError(f"no seat {key!r} in this game (seats: {', '.join(names)})")
        for i in matches:
            chosen[i] = bot
    return chosen


def play_game(
    kind: str,
    config: dict[str, Any],
    seed: int,
    on_move: Callable[[Game, int, Choice], None] | None = None,
    with_hashes: bool = False,
    seats: dict[str, str] | None = None,
) -> tuple[Game, GameResult]:
    """Play one game between seeded bots (bot seeds derive from ``seed``): random bots, or
    the registered bots named per seat in ``seats`` (see :func:`seat_bots`)."""
    info = game_info(kind)
    game = new_game(kind, config, seed)
    record = Record(kind, config, seed, hashes=[] if with_hashes else None)
    names = seat_bots(game.seat_names(), seats)
    bots = [
        make_bot(names[seat], seed * 7919 + seat, kind) for seat in range(info.players(game.config))
    ]

    def hook(g: Game, seat: int, choice: Choice) -> None:
        if record.hashes is not None:
            record.hashes.append(g.state_hash())
        if on_move is not None:
            on_move(g, seat, choice)

    play_out(game, bots, record=record, on_move=hook)
    record.final_hash = game.state_hash()
    outcome = game.outcome()
    assert outcome is not None, "play_out returns a finished game"
    return game, GameResult(seed, outcome, len(record.moves), record)


def play_board_game(
    players: int,
    seed: int,
    tides: bool = False,
    on_move: Callable[[Game, int, Choice], None] | None = None,
    with_hashes: bool = False,
    seats: dict[str, str] | None = None,
) -> tuple[Game, GameResult]:
    """One board game between seeded bots (random unless ``seats`` names others)."""
    return play_game("boardgame", board_config(players, tides), seed, on_move, with_hashes, seats)


@dataclass(frozen=True)
class GameJob:
    """One game of a simulation: what :func:`play_game` takes, as data a worker can run."""

    kind: str
    config: dict[str, Any]
    seed: int
    with_hashes: bool = False
    seats: dict[str, str] | None = None


def play_job(job: GameJob) -> GameResult:
    """Play one job's game; its result (with the record)."""
    _, result = play_game(
        job.kind, job.config, job.seed, with_hashes=job.with_hashes, seats=job.seats
    )
    return result


def play_games(
    jobs: Sequence[GameJob], workers: int = 1, ray: str | None = None
) -> Iterator[tuple[int, GameResult]]:
    """``(index, result)`` for every job as its game ends: in this process, in ``workers``
    processes, or on the Ray cluster at ``ray`` (:func:`westeros.runner.imap`). A result
    depends only on its job."""
    return imap(play_job, jobs, workers, ray)


def save_record(record: Record, directory: Path, name: str) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"{name}.json"
    record.save(path)
    return path

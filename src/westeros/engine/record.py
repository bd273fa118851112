"""The record: game kind, config, seed and the ordered choices. Save format and replay format."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from westeros.engine.decision import Choice
from westeros.engine.errors import IllegalAction, RecordError
from westeros.engine.game import ConfigError, Game
from westeros.engine.registry import new_game

# Version 2: structured event logs changed every state hash (records of version 1 hold hashes
# this build cannot reproduce, so they are refused with a one-line error naming both versions).
# Version 3: the card game's steps moved onto the engine kit (catalogued decision kinds, the
# declared challenge flow), which changed its state hashes in the middle of a round; the board
# game's hashes are unchanged, but one version covers every game kind.
# Version 4: card-game windows ask whoever could answer judged from public facts (C1.9), so
# the decisions of a card game, and its state hashes, changed.
FORMAT_VERSION = 4
MAGIC = "westeros-record"


@dataclass
class Record:
    """Everything needed to rebuild a game exactly: ``fold(apply, moves, new_game(config, seed))``.

    ``hashes`` optionally holds the state hash after each move, so a replay can prove it
    reproduces the game step by step; ``final_hash`` the hash at the end.
    """

    game: str
    config: dict[str, Any]
    seed: int
    moves: list[tuple[int, Choice]] = field(default_factory=list)
    hashes: list[str] | None = None
    final_hash: str | None = None
    version: int = FORMAT_VERSION

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": MAGIC,
            "version": self.version,
            "game": self.game,
            "config": self.config,
            "seed": self.seed,
            "moves": [[seat, choice] for seat, choice in self.moves],
        }
        if self.hashes is not None:
            data["hashes"] = self.hashes
        if self.final_hash is not None:
            data["final_hash"] = self.final_hash
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any, expect_game: str | None = None) -> Record:
        if not isinstance(data, dict) or data.get("format") != MAGIC:
            raise RecordError("not a westeros record (missing 'format': 'westeros-record')")
        version = data.get("version")
        if version != FORMAT_VERSION:
            raise RecordError(
                f"record format version {version!r} is not supported: this build reads "
                f"version {FORMAT_VERSION} only"
            )
        game = data.get("game")
        if not isinstance(game, str):
            raise RecordError("record has no game kind")
        if expect_game is not None and game != expect_game:
            raise RecordError(f"record is for game {game!r}, expected {expect_game!r}")
        config, seed, moves = data.get("config"), data.get("seed"), data.get("moves")
        if not isinstance(config, dict):
            raise RecordError("record config must be an object")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError("record seed must be an integer")
        if not isinstance(moves, list):
            raise RecordError("record moves must be a list")
        parsed: list[tuple[int, Choice]] = []
        for i, move in enumerate(moves):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or not isinstance(move[0], int)
                or isinstance(move[1], bool)
                or not isinstance(move[1], str | int)
            ):
                raise RecordError(f"move {i} is malformed: {move!r}")
            parsed.append((move[0], move[1]))
        hashes = data.get("hashes")
        if hashes is not None and (
            not isinstance(hashes, list) or not all(isinstance(h, str) for h in hashes)
        ):
            raise RecordError("record hashes must be a list of strings")
        final_hash = data.get("final_hash")
        return cls(game, config, seed, parsed, hashes, final_hash)

    @classmethod
    def loads(cls, text: str, expect_game: str | None = None) -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON (truncated or corrupt?): {exc}") from None
        return cls.from_json(data, expect_game)

    @classmethod
    def load(cls, path: str | Path, expect_game: str | None = None) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read record {path}: {exc}") from None
        return cls.loads(text, expect_game)


def replay(
    record: Record,
    on_step: Callable[[int, Game], None] | None = None,
    check_hashes: bool = True,
) -> Game:
    """Rebuild the game of a record, checking stored hashes; returns the final game.

    ``on_step(i, game)`` is called after move ``i`` is applied. Raises RecordError when
    a move is illegal or the game diverges from the stored hashes.
    """
    try:
        game = new_game(record.game, record.config, record.seed)
    except (ConfigError, RecordError) as exc:
        raise RecordError(f"cannot start the recorded game: {exc}") from None
    if record.hashes is not None and len(record.hashes) != len(record.moves):
        raise RecordError("record has a different number of hashes and moves")
    for i, (seat, choice) in enumerate(record.moves):
        try:
            game.apply(seat, choice)
        except IllegalAction as exc:
            raise RecordError(f"move {i} (seat {seat}, {choice!r}) is illegal: {exc}") from None
        if check_hashes and record.hashes is not None and game.state_hash() != record.hashes[i]:
            raise RecordError(f"replay diverged from the record at move {i}")
        if on_step is not None:
            on_step(i, game)
    if check_hashes and record.final_hash is not None and game.state_hash() != record.final_hash:
        raise RecordError("replay ended in a different state than recorded")
    return game

"""Replays (docs/server.md, "Replays"): what a spectator saw after any move of a finished game,
or of a running one up to its current move, rebuilt from its record. Only the spectator's view
and log leave this module. Each game's replay keeps its last position, so stepping forward
applies only the moves in between; the move numbers where rounds begin are found once per
record, by one pass over it: a running game's record grows, and a record with other moves than
the kept one (more of them) is replayed anew."""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from westeros.engine import Game, Record, new_game

KEPT = 8  # games whose replay position a process keeps


@dataclass
class _Replay:
    record: Record
    game: Game
    at: int = 0
    rounds: list[int] = field(default_factory=list)  # the moves after which rounds began
    phases: list[int] = field(default_factory=list)  # ... and phases (games that log them)


def _marks(record: Record) -> tuple[list[int], list[int]]:
    """The numbers of moves after which each new round's event (R3.1) and each new phase's
    event (the card game's phases, C6.1) was logged."""
    game = new_game(record.game, record.config, record.seed)
    game.pending()  # the rules run up to the first decision: round 1 begins before any move
    first = game.events(None, 0)
    seen, rounds = len(first), [0]
    phases = [0] if any(e.kind == "phase" for e in first) else []
    for i, (seat, choice) in enumerate(record.moves, 1):
        game.apply(seat, choice)
        fresh = game.events(None, seen)
        seen += len(fresh)
        if any(e.kind == "round" for e in fresh):
            rounds.append(i)
        if any(e.kind == "phase" for e in fresh):
            phases.append(i)
    return sorted(set(rounds)), sorted(set(phases))


class Replays:
    """The replays a process is showing (thread-safe: replays run off the event loop)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._games: OrderedDict[str, _Replay] = OrderedDict()

    def step(self, game_id: str, record: Record, move: int, since: int) -> dict[str, Any]:
        """The spectator's view after ``move`` moves (clamped to the record) and the log from
        event ``since``."""
        with self._lock:
            move = max(0, min(move, len(record.moves)))
            replay = self._games.pop(game_id, None)
            if replay is None or replay.record.moves != record.moves:
                game = new_game(record.game, record.config, record.seed)
                replay = _Replay(record, game, 0, *_marks(record))
            if move < replay.at:  # backwards: from the start again
                replay.game = new_game(record.game, record.config, record.seed)
                replay.at = 0
            for seat, choice in record.moves[replay.at : move]:
                replay.game.apply(seat, choice)
            replay.at = move
            self._games[game_id] = replay
            while len(self._games) > KEPT:
                self._games.popitem(last=False)
            game = replay.game
            events = game.events(None, since)
            return {
                "game": game_id,
                "move": move,
                "moves": len(record.moves),
                "rounds": replay.rounds,
                "phases": replay.phases,
                "view": game.view(None),
                "events": [{**e.to_json(), "text": game.render(e)} for e in events],
                "next": since + len(events),
            }

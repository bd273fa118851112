"""Whole Mother of Dragons games of the heuristic and the random bot in mixed seats, played in
turn and at the table (issue 25): 3 to 8 players, vassals (X-MOD-10), Essos with either
Targaryen deck (X-MOD-1.2, X-MOD-Q3), the Iron Bank (X-MOD-1.3), gifts on (X-MOD-1.4). Each
ends (R9: 7 castles, or the last round) within a bound on moves per round — a bot that loops
on a decision (it happened: the heuristic at the table with only sea tokens left, X-MOD-9.1;
dragons flying into a vassal's area in a 4-player Essos game, X-MOD-10.5) fails here instead of
spinning on a server — and its record replays to the same state."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.invariants import check_ended, check_invariants
from westeros.boardgame.state import BoardGame
from westeros.bots import Bot, RandomBot, play_out
from westeros.bots.heuristic import HeuristicBot
from westeros.engine import Choice, Game, Record, new_game, replay

# the most moves of one round in 685 such games (as the server plays them) was 290
ROUND_MOVES = 3_000
GAME_MOVES = 20_000

MOD: dict[str, Any] = {"scenario": "mod"}
ESSOS: dict[str, Any] = {**MOD, "essos": True}
CONFIGS: tuple[dict[str, Any], ...] = (
    {**MOD, "players": 3},
    {**MOD, "players": 4, "planning": "table"},
    {**MOD, "players": 5, "tides": True},
    {**MOD, "players": 6, "planning": "table"},
    {**MOD, "players": 7},
    {**ESSOS, "players": 4, "planning": "table", "targaryen_deck": "b"},
    {**ESSOS, "players": 5, "iron_bank": False},
    {**ESSOS, "players": 6, "targaryen_deck": "b", "planning": "table"},
    {**ESSOS, "players": 7, "tides": True},
    {**ESSOS, "players": 8, "planning": "table"},
    {**ESSOS, "players": 8, "targaryen_deck": "b"},
)


class RoundWatch:
    """Fails a game whose round does not move on within ROUND_MOVES moves."""

    def __init__(self) -> None:
        self.round, self.since, self.most = 1, 0, 0

    def __call__(self, game: Game, seat: int, choice: Choice) -> None:
        assert isinstance(game, BoardGame)
        if game.round != self.round:
            self.round, self.since = game.round, 0
            return
        self.since += 1
        self.most = max(self.most, self.since)
        assert self.since < ROUND_MOVES, (game.round, game.phase, seat, choice)


def mixed_bots(players: int, seed: int) -> list[Bot]:
    """The heuristic in every other seat (the first one by the seed), the random bot between."""
    return [
        HeuristicBot(seed + s) if (s + seed) % 2 == 0 else RandomBot(seed + s)
        for s in range(players)
    ]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_mixed_bot_mod_games_end_within_bounds(config: dict[str, Any]) -> None:
    seed = 2500 + len(config) * 10 + config["players"]
    game: BoardGame = new_game("boardgame", config, seed)
    record = Record("boardgame", config, seed, hashes=None)
    watch = RoundWatch()
    play_out(game, mixed_bots(config["players"], seed), record, watch, max_moves=GAME_MOVES)
    check_invariants(game)
    check_ended(game)
    assert replay(record).state_hash() == game.state_hash()

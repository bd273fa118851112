"""Records of the expansion scenarios (issue 24, item 4): a finished random A Dance with Dragons
and A Feast for Crows game saved as a record with its state hashes, replayed by the engine and
by ``westeros replay`` to the same end (X-ADWD-2.2: six rounds at most; X-AFFC-4.5, 4.6: a
victory-point win)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from westeros.bots import RandomBot
from westeros.cli import app
from westeros.engine import Record, new_game, replay


@pytest.mark.parametrize(("scenario", "players"), [("adwd", 6), ("affc", 4)])
def test_a_finished_scenario_game_replays_from_its_record(
    scenario: str, players: int, tmp_path: Path
) -> None:
    game = new_game("boardgame", {"players": players, "scenario": scenario}, 11)
    bot = RandomBot(11)
    moves, hashes = [], []
    while not game.is_over:
        d = game.pending()[0]
        choice = bot.choose({}, d)
        game.apply(d.seat, choice)
        moves.append((d.seat, choice))
        hashes.append(game.state_hash())
    record = Record("boardgame", game.config, 11, moves, hashes, game.state_hash())
    path = tmp_path / f"{scenario}.json"
    record.save(path)
    again = replay(Record.load(path))
    assert again.state_hash() == game.state_hash() and again.outcome() == game.outcome()
    result = CliRunner().invoke(app, ["replay", "--json", str(path)])
    assert result.exit_code == 0, result.output
    outcome = json.loads(result.output)["outcome"]
    expected = game.outcome()
    assert expected is not None and outcome["winner"] == expected.winner
    view = game.view(None)
    assert view["scenario"] == scenario
    if scenario == "adwd":
        assert view["round"] <= 6
    else:
        points = view["objectives"]["victory_points"]
        assert points[view["seats"][expected.winner]] == max(points.values())

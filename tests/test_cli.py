"""The westeros command: watch, simulate, replay, and clear errors for bad files."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from westeros.cli import app

runner = CliRunner()


def test_help_lists_subcommands() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for name in ("watch", "simulate", "replay"):
        assert name in result.output


def test_simulate_saves_records_that_replay(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["simulate", "--players", "3", "--games", "2", "--seed", "5", "--save", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output and "average rounds" in result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    replayed = runner.invoke(app, ["replay", str(files[0])])
    assert replayed.exit_code == 0, replayed.output
    assert "OK" in replayed.output
    as_json = runner.invoke(app, ["replay", "--json", str(files[0])])
    assert as_json.exit_code == 0, as_json.output
    data = json.loads(as_json.output)
    outcome = data["outcome"]
    assert outcome["winner"] == outcome["ranking"][0] and len(outcome["names"]) == 3
    kinds = [e["kind"] for e in data["events"]]
    assert kinds[0] == "game_setup" and kinds[-2:] == ["game_over", "final_ranking"]
    setup = data["events"][0]
    assert setup["players"] == 3 and len(setup["seats"]) == 3  # fields, not English
    assert "round" in kinds


def test_replay_of_an_older_record_version_names_both_versions(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    path.write_text(
        '{"format": "westeros-record", "version": 1, "game": "boardgame",'
        ' "config": {"players": 3}, "seed": 1, "moves": []}'
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1
    assert "version 1 is not supported" in lines[0] and "version 4" in lines[0]


def test_watch_prints_log_and_result() -> None:
    result = runner.invoke(app, ["watch", "--players", "3", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "Winner:" in result.output and "Round 1" in result.output


def test_replay_of_bad_files_is_one_line_error(tmp_path: Path) -> None:
    cases = {
        "cut.json": '{"format": "westeros-record", "version": 1, "ga',
        "foreign.json": '{"hello": "world"}',
        "future.json": '{"format": "westeros-record", "version": 9}',
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, name
        assert "error:" in result.output and "Traceback" not in result.output
    missing = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert missing.exit_code == 2 and "cannot read record" in missing.output


def test_replay_error_is_a_single_line_even_when_long(tmp_path: Path) -> None:
    path = tmp_path / "bogus.json"
    path.write_text(
        '{"format": "westeros-record", "version": 4, "game": "boardgame",'
        ' "config": {"players": 4}, "seed": 1, "moves": [[0, "bogus"]]}'
    )
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "move 0" in lines[0] and "is illegal" in lines[0]

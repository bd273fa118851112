"""The ``westeros cards`` commands: simulate (records that replay), check, decks."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from westeros.cardgame.decklists import format_text
from westeros.cardgame.decks import starter
from westeros.cli import app

runner = CliRunner()


def test_cards_simulate_saves_records_that_replay(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["cards", "simulate", "--games", "3", "--seed", "4", "--save", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    assert "games/s" in result.output and "westeros-stark" in result.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    replayed = runner.invoke(app, ["replay", str(files[0])])
    assert replayed.exit_code == 0, replayed.output
    assert "checked at every step: OK" in replayed.output
    data = json.loads(runner.invoke(app, ["replay", "--json", str(files[1])]).output)
    assert data["game"] == "cardgame"
    assert data["outcome"]["winner"] == data["outcome"]["ranking"][0]
    assert data["events"][0]["kind"] == "game_start"
    # bots leave D7, D11, D14, D15, D22, D23 to the engine: the records say so
    assert all(json.loads(f.read_text())["config"]["auto"] is True for f in files)


def test_cards_simulate_refuses_an_unknown_deck() -> None:
    result = runner.invoke(app, ["cards", "simulate", "--decks", "westeros-stark,nope"])
    assert result.exit_code == 2
    assert "unknown deck 'nope'" in result.output


def test_cards_check_reports_problems_with_rule_ids(tmp_path: Path) -> None:
    deck = tmp_path / "core1.txt"
    deck.write_text(format_text(starter("Core-1")))
    result = runner.invoke(app, ["cards", "check", str(deck)])
    assert result.exit_code == 1
    assert "C4.2" in result.output and "C4.6" in result.output
    casual = runner.invoke(app, ["cards", "check", "--casual", str(deck)])
    assert casual.exit_code == 0, casual.output
    assert "legal (casual)" in casual.output


def test_cards_check_names_unknown_cards(tmp_path: Path) -> None:
    deck = tmp_path / "bad.txt"
    deck.write_text("House Stark\n3x No Such Card (Core)\n2x Neither This\n")
    result = runner.invoke(app, ["cards", "check", str(deck)])
    assert result.exit_code == 2
    assert "No Such Card" in result.output and "Neither This" in result.output


def test_cards_check_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", "check", str(tmp_path / "none.txt")])
    assert result.exit_code == 2 and "error" in result.output


def test_cards_decks_lists_the_shipped_decks() -> None:
    result = runner.invoke(app, ["cards", "decks"])
    assert result.exit_code == 0
    for name in ("Core-1", "westeros-stark", "westeros-lannister"):
        assert name in result.output


def test_cards_simulate_seats_a_bot_per_seat() -> None:
    """--seat N=BOT: the bot plays seat N in every game (the decks swap seats); wins per
    seat are printed; a bad seat or bot is refused."""
    result = runner.invoke(
        app, ["cards", "simulate", "--games", "2", "--seed", "1", "--seat", "0=heuristic"]
    )
    assert result.exit_code == 0, result.output
    assert "seat 0 (heuristic)" in result.output and "seat 1 (random)" in result.output
    bad = runner.invoke(app, ["cards", "simulate", "--seat", "2=heuristic"])
    assert bad.exit_code == 2 and "no seat 2" in bad.output
    worse = runner.invoke(app, ["cards", "simulate", "--seat", "0=genius"])
    assert worse.exit_code == 2 and "unknown bot 'genius'" in worse.output
    worst = runner.invoke(app, ["cards", "simulate", "--seat", "heuristic"])
    assert worst.exit_code == 2 and "SEAT=BOT" in worst.output

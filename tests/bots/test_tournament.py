"""The tournament (seats rotated, win rates with intervals, openskill ratings, JSON with the
records, a PNG) and the --seat option of watch and simulate."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from westeros.bots import tournament as tour
from westeros.cli import app
from westeros.engine import Record, replay

runner = CliRunner()


def test_seats_rotate_so_each_bot_plays_each_seat() -> None:
    lines = [tour.seating(["a", "b", "c"], 6, i) for i in range(6)]
    for seat in range(6):
        assert sorted(line[seat] for line in lines) == ["a", "a", "b", "b", "c", "c"]
    assert tour.seating(["a", "b"], 3, 0) == ["a", "b", "a"]


def test_wilson_interval() -> None:
    low, high = tour.wilson(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert tour.wilson(0, 0) == (0.0, 1.0)
    low, high = tour.wilson(10, 10)
    assert high == pytest.approx(1.0) and 0.69 < low < 0.73


def test_the_tournament_command_on_a_tiny_run(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = runner.invoke(
        app,
        [
            "tournament",
            "--players",
            "3",
            "--games",
            "3",
            "--bots",
            "heuristic,random,random",
            "--seed",
            "4",
            "--jobs",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "95% CI" in result.output
    data = json.loads((out / "results.json").read_text())
    assert data["games_played"] == 3 and data["bots"] == ["heuristic", "random", "random"]
    assert data["win_rates"]["heuristic"]["seats"] == 3  # in each seat once
    assert data["win_rates"]["random"]["seats"] == 6
    for bot in data["bots"]:
        low, high = data["win_rates"][bot]["ci95"]
        assert 0.0 <= low <= data["win_rates"][bot]["win_rate"] <= high <= 1.0
        assert set(data["ratings"][bot]) == {"mu", "sigma", "ordinal"}
    assert sum(r["wins"] for r in data["win_rates"].values()) == 3
    game = data["games"][0]
    again = replay(Record.loads(json.dumps(game["record"])))
    assert again.state_hash() == game["record"]["final_hash"]
    assert (out / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_results_do_not_depend_on_the_number_of_jobs() -> None:
    one = tour.run(["heuristic", "random"], 3, 2, seed=9, jobs=1)
    two = tour.run(["heuristic", "random"], 3, 2, seed=9, jobs=2)
    assert one.to_json() == two.to_json()


def test_a_bad_bot_name_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["tournament", "--bots", "heuristic,genius", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "unknown bot 'genius'" in result.output


def test_simulate_and_watch_seat_bots_per_house() -> None:
    result = runner.invoke(
        app,
        ["simulate", "--players", "3", "--games", "2", "--seed", "1", "--seat", "stark=heuristic"],
    )
    assert result.exit_code == 0, result.output
    assert "Stark" in result.output
    watched = runner.invoke(
        app, ["watch", "--players", "3", "--seed", "2", "--seat", "LANNISTER=heuristic"]
    )
    assert watched.exit_code == 0, watched.output
    bad = runner.invoke(app, ["watch", "--players", "3", "--seat", "tyrell=heuristic"])
    assert bad.exit_code == 2 and "no seat 'tyrell'" in bad.output
    worse = runner.invoke(app, ["simulate", "--seat", "stark"])
    assert worse.exit_code == 2 and "HOUSE=BOT" in worse.output


def test_deck_and_bot_seating_covers_every_deck_in_every_seat_for_every_bot() -> None:
    """A joust of two bots and two decks: in 4 games each bot plays each deck in each seat."""
    cells = set()
    for i in range(4):
        bots = tour.seating(["a", "b"], 2, i)
        decks = tour.deck_seating(["x", "y"], 2, i)
        cells |= {(bots[s], decks[s], s) for s in range(2)}
    assert cells == {(b, d, s) for b in "ab" for d in "xy" for s in range(2)}


def test_the_card_tournament_command_on_a_tiny_run(tmp_path: Path) -> None:
    """Decks and bots as entrants, seats swapped: win rates, ratings, per-deck rates, records
    that replay, the plot."""
    out = tmp_path / "cards"
    decks = "westeros-stark,westeros-lannister"
    args = ["--game", "cardgame", "--decks", decks, "--bots", "heuristic,random", "--games", "4"]
    result = runner.invoke(app, ["tournament", *args, "--seed", "3", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "per deck" in result.output and "95% CI" in result.output
    data = json.loads((out / "results.json").read_text())
    assert data["game"] == "cardgame" and data["players"] == 2
    assert data["win_rates"]["heuristic"]["seats"] == data["win_rates"]["random"]["seats"] == 4
    assert set(data["per_deck"]) == {"westeros-stark", "westeros-lannister"}
    assert sum(r["wins"] for r in data["per_deck"].values()) == 4
    assert {tuple(g["houses"]) for g in data["games"]} == {
        ("westeros-stark", "westeros-lannister"),
        ("westeros-lannister", "westeros-stark"),
    }
    game = data["games"][1]
    assert game["record"]["config"]["auto"] is True
    again = replay(Record.loads(json.dumps(game["record"])))
    assert again.state_hash() == game["record"]["final_hash"]
    assert (out / "ratings.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_card_tournament_with_a_bad_deck_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        [
            "tournament",
            "--game",
            "cardgame",
            "--decks",
            "westeros-stark,nope",
            "--out",
            str(tmp_path),
        ],
    )
    assert result.exit_code == 2 and "unknown deck 'nope'" in result.output
    wrong = runner.invoke(app, ["tournament", "--game", "chess", "--out", str(tmp_path)])
    assert wrong.exit_code == 2 and "boardgame or cardgame" in wrong.output


def test_simulate_seats_a_bot_by_seat_number_too() -> None:
    """A seat is named by its display name (any case) or its number."""
    from westeros.simulate import seat_bots

    names = ("House Stark", "House Lannister")
    assert seat_bots(names, {"1": "heuristic"}) == ["random", "heuristic"]
    assert seat_bots(names, {"house stark": "search:3"}) == ["search:3", "random"]
    with pytest.raises(ValueError, match="no seat '2'"):
        seat_bots(names, {"2": "heuristic"})

"""The fast lane: tests marked ``slow`` are left out by ``make test-fast`` (``-m "not slow"``).

Slow: whole games (random, fuzzed and seeded play-outs, tournaments, CLI simulate/watch, a bot
game through the server), the browser, PostgreSQL and live server processes, and any other test
that took over a second on its own. ``make test`` (CI) runs them all. The lists below are the one
place that says which; an entry naming a file or test that no longer exists stops the run, so a
rename cannot quietly move a slow test into the fast lane.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent

SLOW_MODULES = {
    "boardgame/test_fuzz.py": "whole random games, fuzzed input",
    "boardgame/test_random_games.py": "whole random games",
    "cardgame/test_whole_games.py": "whole card games",
    "web/test_browser.py": "Chromium",
    "server/test_postgres.py": "a PostgreSQL cluster and server processes",
    "server/test_live_server.py": "live server processes",
    "server/test_leaks.py": "a whole game through the server",
}

SLOW_TESTS = {
    "test_conformance.py": ["test_conformance_play_out"],  # seeded play-outs of every game
    "test_cli.py": ["test_simulate_saves_records_that_replay", "test_watch_prints_log_and_result"],
    "test_cli_cards.py": ["test_cards_simulate_saves_records_that_replay"],
    "bots/test_tournament.py": [
        "test_the_tournament_command_on_a_tiny_run",
        "test_results_do_not_depend_on_the_number_of_jobs",
        "test_simulate_and_watch_seat_bots_per_house",
    ],
    "bots/test_bots.py": [
        "test_the_heuristic_bot_always_answers_legally",
        "test_the_search_bot_always_answers_legally",
        "test_the_search_bot_is_deterministic_for_a_seed_and_budget",
    ],
    "bots/test_determinize.py": [
        "test_a_sample_carries_no_other_seats_secret",
        "test_a_determinized_game_is_a_legal_game",
    ],
    "boardgame/test_clone.py": ["test_clone_is_independent_at_every_kind_of_decision"],
    "rl/test_encoding.py": [
        "test_the_fast_path_is_bit_identical_to_the_view_encoder",
        "test_observations_are_float32_in_the_unit_interval",
    ],
    "rl/test_actions.py": ["test_every_legal_choice_in_random_games_has_an_index_that_round_trips"],
    "rl/test_openspiel.py": ["test_openspiel_random_sim_test"],
    "rl/test_gym.py": ["test_a_whole_episode_against_random_bots"],
    "server/test_api.py": ["test_record_only_once_the_game_is_over"],  # a bot game to its end
    "web/test_map.py": ["test_committed_svg_and_anchors_are_the_generators_output"],  # mapgen
}


def stale_entries() -> list[str]:
    """Listed modules or tests that do not exist (any more)."""
    stale = [m for m in SLOW_MODULES if not (TESTS / m).is_file()]
    for module, names in SLOW_TESTS.items():
        path = TESTS / module
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        stale += [f"{module}::{n}" for n in names if not re.search(rf"def {n}\(", text)]
    return stale


def pytest_configure(config: pytest.Config) -> None:
    stale = stale_entries()
    if stale:
        raise pytest.UsageError(f"tests/conftest.py lists slow tests that do not exist: {stale}")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    slow_tests = {(m, n) for m, names in SLOW_TESTS.items() for n in names}
    for item in items:
        module = item.path.relative_to(TESTS).as_posix() if item.path.is_relative_to(TESTS) else ""
        name = getattr(item, "originalname", item.name)
        if module in SLOW_MODULES or (module, name) in slow_tests:
            item.add_marker(pytest.mark.slow)

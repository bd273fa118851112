"""The fast lane: tests marked ``slow`` are left out by ``make test-fast`` (``-m "not slow"``).

Slow: whole games (random, fuzzed and seeded play-outs, tournaments, CLI simulate/watch, a bot
game through the server), the browser, PostgreSQL (every test using its fixtures) and live server
processes, and any other test
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
    "boardgame/test_state_queries.py": "whole random games, queries checked at every move",
    "boardgame/test_random_games.py": "whole random games",
    "boardgame/test_adwd_games.py": "whole random A Dance with Dragons games",
    "boardgame/test_affc_games.py": "whole random A Feast for Crows games",
    "boardgame/test_mod_games.py": "whole random Mother of Dragons games",
    "boardgame/test_mod_vassal_games.py": "whole random games with vassals (Mother of Dragons)",
    "boardgame/test_mod_bot_games.py": "whole MoD games of the heuristic and random bots",
    "cardgame/test_whole_games.py": "whole card games",
    "web/test_browser.py": "Chromium",
    "server/test_postgres.py": "a PostgreSQL cluster and server processes",
    "server/test_live_server.py": "live server processes",
    "server/test_leaks.py": "a whole game through the server",
    "web/test_seats.py": "Chromium",
    "web/test_card_lobby.py": "Chromium",
    "web/test_table.py": "Chromium",
    "web/test_planning_table.py": "Chromium",
    "web/test_table_bids_musters.py": "Chromium",
    "web/test_mod_iron_bank_panel.py": "Chromium",
    "web/test_mod_table.py": "Chromium",
    "web/test_mod_order_overview.py": "Chromium",
    "web/test_cards_joust.py": "Chromium, a whole card game",
    "web/test_cards_melee.py": "Chromium",
    "web/test_cards_owner_replay.py": "Chromium, a whole card game of two bots",
    "server/test_bot_queue.py": "bots thinking for seconds, a whole game, a server process",
    "test_runner.py": "Ray instances, worker processes, whole games",
    "rl/test_examples.py": "a training script in a process (torch)",
    "web/test_scenario_lobby.py": "Chromium",
    "web/test_affc_table.py": "Chromium, random AFfC games to the positions",
    "web/test_spectators.py": "Chromium",
    "web/test_map_pieces.py": "Chromium",
    "web/test_mod_names.py": "Chromium, a server with bots",
    "web/test_stopped_game.py": "Chromium, a server whose bots play to its move cap",
    "web/test_top_bar.py": "Chromium, a server with bots",
}

SLOW_TESTS = {
    "boardgame/test_mod_sea_orders.py": [
        "test_random_mod_games_place_sea_orders_and_resolve_the_iron_bank_order"
    ],
    "boardgame/test_mod_gifts.py": ["test_whole_random_mod_games_with_gifts"],
    "bots/test_random_table.py": ["test_r5_1_a_random_mod_game_at_the_table_ends"],
    "server/test_bot_guards.py": ["test_bot_only_mod_games_as_the_server_plays_them_end"],
    "test_conformance.py": ["test_conformance_play_out"],  # seeded play-outs of every game
    "test_cli.py": ["test_simulate_saves_records_that_replay", "test_watch_prints_log_and_result"],
    "test_cli_cards.py": [
        "test_cards_simulate_saves_records_that_replay",
        "test_cards_simulate_seats_a_bot_per_seat",
    ],
    "server/test_card_games.py": ["test_a_whole_card_game_record_is_downloaded_and_replayed"],
    "bots/test_tournament.py": [
        "test_the_tournament_command_on_a_tiny_run",
        "test_results_do_not_depend_on_the_number_of_jobs",
        "test_simulate_and_watch_seat_bots_per_house",
        "test_the_card_tournament_command_on_a_tiny_run",
    ],
    "bots/test_bots.py": [
        "test_the_heuristic_bot_always_answers_legally",
        "test_the_search_bot_always_answers_legally",
        "test_the_search_bot_is_deterministic_for_a_seed_and_budget",
    ],
    "bots/test_styles.py": [
        "test_the_aggressive_bot_always_answers_legally",
        "test_the_aggressive_bot_marches_and_raids_more_and_defends_less",
        "test_the_aggressive_bot_moves_for_smaller_gains",
        "test_the_mixture_search_always_answers_legally",
        "test_the_mixture_search_is_deterministic_for_a_seed_and_budget",
    ],
    "bots/test_card_bots.py": [
        "test_the_card_heuristic_answers_every_decision_by_its_rules",
        "test_the_card_heuristic_beats_the_random_bot",
        "test_the_card_search_bot_answers_legally",
        "test_c1_9_the_search_bot_sees_the_same_samples_whatever_the_hidden_cards",
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
    "rl/test_openspiel.py": [
        "test_openspiel_random_sim_test",
        "test_openspiel_ismcts_bot_plays_a_whole_game",
    ],
    "rl/test_mod_openspiel.py": ["test_openspiel_random_sim_test_on_mod"],
    "rl/test_gym.py": ["test_a_whole_episode_against_random_bots"],
    "rl/test_sb3.py": [
        "test_maskable_ppo_trains_a_few_hundred_steps_with_no_glue",
        "test_the_mask_is_valid_at_the_end_and_matches_the_observation",
    ],
    "rl/test_parallel.py": ["test_a_whole_parallel_game_ends_with_every_agent_terminated"],
    "rl/test_card_openspiel.py": [
        "test_openspiel_random_sim_test",
        "test_openspiel_ismcts_bot_plays_a_whole_card_game",
    ],
    "rl/test_card_envs.py": [
        "test_maskable_ppo_trains_on_the_card_game_with_no_glue",
        "test_c7_2_plots_are_chosen_in_one_parallel_step_and_a_whole_game_ends",
        "test_a_whole_aec_game_with_rank_rewards_and_power_shaping",
    ],
    "rl/test_card_actions.py": [
        "test_every_legal_choice_in_random_card_games_has_an_index_that_round_trips",
        "test_c1_9_a_hidden_card_of_another_seat_does_not_change_an_observation",
    ],
    "server/test_api.py": ["test_record_only_once_the_game_is_over"],  # a bot game to its end
    "server/test_replays.py": [
        "test_a_finished_game_is_stepped_as_a_spectator_saw_it",  # idem
        "test_a_finished_card_game_is_stepped_by_round_and_phase",  # a card game of bots
    ],
    "server/test_admin.py": [
        "test_revoke_and_abandon_reach_a_running_sqlite_server",  # waits for the sweep
        "test_backup_of_sqlite_while_the_server_plays",  # a server process
    ],
    "server/test_hardening.py": [
        "test_a_second_process_on_one_sqlite_file_is_refused",
        "test_serve_derives_the_join_links_from_its_host_and_port",  # a server process
        "test_a_chunked_body_over_the_limit_gets_413_from_a_real_server",
        "test_a_chunked_body_under_the_limit_is_accepted",
        "test_postgres_outage_gives_503_with_retry_after_then_recovers",  # a cluster halted
    ],
    "server/test_deflate.py": ["test_deflate_with_the_full_window_and_every_message_whole"],
    "server/test_clocks.py": [
        "test_a_restart_keeps_the_clocks_paused_while_down",  # waits out a downtime
        "test_when_time_runs_out_a_bot_plays_the_seat_until_its_holder_takes_it_back",
    ],
    "server/test_storage.py": [
        "test_a_hash_mismatch_marks_the_game_broken",  # three server starts
        "test_restart_rebuilds_unfinished_games",
    ],
    "server/test_bots.py": [
        "test_the_bot_delay_lets_people_follow",
        "test_a_card_table_of_heuristic_bots_plays_to_the_end",  # a whole card game
    ],
    "cardgame/test_views.py": ["test_c1_9_windows_reveal_no_hidden_card"],  # whole games
    "cardgame/test_determinize.py": ["test_c1_9_a_sample_is_a_legal_game"],
    "server/test_ops.py": [
        "test_serve_writes_json_logs_without_tokens",
        "test_serve_options_public_url_cors_and_limits",
    ],
    "server/test_memory.py": [
        "test_idle_and_finished_games_leave_memory_and_come_back",
        "test_unknown_game_ids_leave_nothing_behind",  # 600 requests
        "test_start_up_loads_only_games_that_move_on_without_a_person",
        "test_bots_due_at_start_up_are_resumed",
    ],
    "web/test_map.py": ["test_committed_svg_and_anchors_are_the_generators_output"],  # mapgen
    "server/test_scenarios.py": [  # bot games to their end
        "test_a_finished_adwd_game_replays",
        "test_a_finished_affc_game_replays",
    ],
    "rl/test_scenarios.py": [
        "test_the_fast_path_is_the_view_encoder_in_adwd_games",  # whole games, every seat
        "test_the_fast_path_is_the_view_encoder_in_affc_games",
        "test_a_whole_random_adwd_game_through_the_parallel_env",
        "test_whole_random_affc_games_through_every_adapter",
        "test_openspiel_random_sim_test_on_the_scenarios",
    ],
    "rl/test_mod.py": [  # whole Mother of Dragons games (X-MOD-3)
        "test_x_mod_the_mask_is_exact_over_whole_random_mod_games",
        "test_whole_random_mod_games_through_the_aec_env",
        "test_a_whole_random_mod_game_through_the_parallel_env",
    ],
    "test_scenario_records.py": ["test_a_finished_scenario_game_replays_from_its_record"],
    "boardgame/test_mod_card_games.py": [  # whole games with the MoD house cards (X-MOD-D10)
        "test_whole_mod_games_play_the_mod_cards_and_answer_their_decisions",
    ],
    "boardgame/test_mod_targaryen_games.py": [  # whole 8-house games (X-MOD-1.2)
        "test_whole_random_8_player_mod_games",
        "test_deep_checks_on_a_random_8_player_mod_game",
        "test_the_heuristic_bot_answers_every_targaryen_decision_legally",
    ],
    "boardgame/test_mod_iron_bank.py": [  # whole 8-house games with the Iron Bank (X-MOD-8)
        "test_whole_random_8_player_mod_games_with_the_iron_bank",
        "test_deep_checks_on_a_random_8_player_iron_bank_game",
    ],
}


# any test that starts or uses the throw-away PostgreSQL cluster (tests/server/conftest.py)
POSTGRES_FIXTURES = {"pg_cluster", "pg_url"}


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
        callspec = getattr(item, "callspec", None)
        params = callspec.params.values() if callspec is not None else ()
        uses_postgres = bool(POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())))
        uses_postgres = uses_postgres or "postgres" in params  # e.g. test_admin's any_db
        if module in SLOW_MODULES or (module, name) in slow_tests or uses_postgres:
            item.add_marker(pytest.mark.slow)

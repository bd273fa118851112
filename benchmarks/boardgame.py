"""Board-game speed: random whole games per second and CPU ms per game (3–6 players, the
6-player A Dance with Dragons scenario, 6 rounds, the 4-player A Feast for Crows scenario, won
on victory points, and Mother of Dragons: the 7-house board with 7 players, the same board with
4 players and 3 vassals, and 8 players with Essos and the Iron Bank),
µs per decision, clone() cost, state size.

Run: ``make bench`` or ``.venv/bin/python benchmarks/boardgame.py [--games N] [--rows base]``.
``--rows base`` times only the rows that existed before Mother of Dragons, so the same script
can time an older source tree (``PYTHONPATH=<tree>/src``). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import pickle
import time
from typing import Any

from westeros.engine import new_game
from westeros.simulate import board_config, play_board_game, play_game

ADWD = {"scenario": "adwd"}  # A Dance with Dragons: 6 players, 6 rounds
AFFC = {"scenario": "affc"}  # A Feast for Crows: 4 players, objectives and victory points
MOD = {"scenario": "mod"}  # Mother of Dragons: 7 houses on the MoD map (X-MOD-3)
MOD8 = {**MOD, "essos": True, "iron_bank": True}  # Targaryen, Essos, the Iron Bank (X-MOD-1.2)

# (label, players, extra config): the base rows, then Mother of Dragons'
BASE_ROWS: list[tuple[str, int, dict[str, Any]]] = [
    ("3", 3, {}),
    ("4", 4, {}),
    ("5", 5, {}),
    ("6", 6, {}),
    ("ADwD 6", 6, ADWD),
    ("AFfC 4", 4, AFFC),
]
MOD_ROWS: list[tuple[str, int, dict[str, Any]]] = [
    ("MoD 7", 7, MOD),  # the 7-house board, no vassal
    ("MoD 4+3v", 4, MOD),  # 4 players, 3 vassals (X-MOD-10)
    ("MoD 8", 8, MOD8),
]


def bench_games(
    players: int, games: int, tides: bool, extra: dict[str, Any] | None = None
) -> tuple[float, float, float, float]:
    """Games per second, decisions per game, µs per decision, CPU ms per game."""
    config = board_config(players, tides) | (extra or {})
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        _, result = play_game("boardgame", config, seed)
        decisions += result.decisions
    cpu_ms = (time.process_time() - cpu) / games * 1e3
    seconds = time.perf_counter() - start
    return games / seconds, decisions / games, seconds / decisions * 1e6, cpu_ms


def bench_clone(players: int, repeat: int = 2000) -> tuple[float, int, int]:
    game, _ = play_board_game(players, 1)  # a finished game: the largest state and log
    mid = new_game("boardgame", {"players": players}, 1)
    for _ in range(3):  # into the first planning decisions
        d = mid.pending()[0]
        mid.apply(d.seat, d.choices[0])
    start = time.perf_counter()
    for _ in range(repeat):
        mid.clone()
    clone_us = (time.perf_counter() - start) / repeat * 1e6
    state_json = len(json.dumps(game.snapshot()))
    state_pickle = len(pickle.dumps(game))
    return clone_us, state_json, state_pickle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--tides", action="store_true")
    parser.add_argument("--rows", choices=("all", "base"), default="all")
    args = parser.parse_args()
    play_board_game(3, 999, args.tides)  # warm up: import every rules module before timing
    rows = BASE_ROWS + (MOD_ROWS if args.rows == "all" else [])
    header = f"{'players':>8} {'games/s':>8} {'decisions/game':>15} {'µs/decision':>12}"
    print(f"{header} {'CPU ms/game':>12}")
    for label, players, extra in rows:
        rate, per_game, us, cpu_ms = bench_games(players, args.games, args.tides, extra)
        print(f"{label:>8} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f} {cpu_ms:>12.1f}")
    if args.rows == "base":
        return
    clone_us, size_json, size_pickle = bench_clone(6)
    print(f"clone() of a 6-player game: {clone_us:.1f} µs")
    print(f"state size (6 players, game over): {size_json} bytes JSON, {size_pickle} bytes pickled")


if __name__ == "__main__":
    main()

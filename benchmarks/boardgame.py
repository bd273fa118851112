"""Board-game speed: random whole games per second (3–6 players, the 6-player A Dance with
Dragons scenario, 6 rounds, the 4-player A Feast for Crows scenario, won on victory points, and
the 7-player Mother of Dragons board),
µs per decision, clone() cost, state size.

Run: ``make bench`` or ``.venv/bin/python benchmarks/boardgame.py [--games N]``.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import json
import pickle
import time

from westeros.engine import new_game
from westeros.simulate import board_config, play_board_game, play_game

ADWD = {"scenario": "adwd"}  # A Dance with Dragons: 6 players, 6 rounds
AFFC = {"scenario": "affc"}  # A Feast for Crows: 4 players, objectives and victory points
MOD = {"scenario": "mod"}  # Mother of Dragons: 7 houses on the MoD map (X-MOD-3)


def bench_games(
    players: int, games: int, tides: bool, extra: dict[str, str] | None = None
) -> tuple[float, float, float]:
    config = board_config(players, tides) | (extra or {})
    decisions = 0
    start = time.perf_counter()
    for seed in range(games):
        _, result = play_game("boardgame", config, seed)
        decisions += result.decisions
    seconds = time.perf_counter() - start
    return games / seconds, decisions / games, seconds / decisions * 1e6


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
    args = parser.parse_args()
    play_board_game(3, 999, args.tides)  # warm up: import every rules module before timing
    print(f"{'players':>7} {'games/s':>8} {'decisions/game':>15} {'µs/decision':>12}")
    for players in (3, 4, 5, 6):
        rate, per_game, us = bench_games(players, args.games, args.tides)
        print(f"{players:>7} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f}")
    rate, per_game, us = bench_games(6, args.games, args.tides, ADWD)
    print(f"{'ADwD 6':>7} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f}")
    rate, per_game, us = bench_games(4, args.games, args.tides, AFFC)
    print(f"{'AFfC 4':>7} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f}")
    rate, per_game, us = bench_games(7, args.games, args.tides, MOD)
    print(f"{'MoD 7':>7} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f}")
    clone_us, size_json, size_pickle = bench_clone(6)
    print(f"clone() of a 6-player game: {clone_us:.1f} µs")
    print(f"state size (6 players, game over): {size_json} bytes JSON, {size_pickle} bytes pickled")


if __name__ == "__main__":
    main()

"""Card-game speed: random joust games per second, decisions per game, µs per decision, the CPU
time per game (``time.process_time``: less disturbed by other processes on a shared machine
than the wall clock), and the cost of clone() in the middle of a game.

Run: ``make bench-cards`` or ``.venv/bin/python benchmarks/cardgame.py [--games N]``.
Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import time

from westeros.engine import Game, Rng, new_game
from westeros.simulate import play_game


def bench_games(config: dict[str, object], games: int) -> tuple[float, float, float, float]:
    """Games per second, decisions per game, µs per decision (wall clock), CPU ms per game."""
    decisions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(games):
        _, result = play_game("cardgame", config, seed)
        decisions += result.decisions
    seconds = time.perf_counter() - start
    cpu_ms = (time.process_time() - cpu) / games * 1e3
    return games / seconds, decisions / games, seconds / decisions * 1e6, cpu_ms


def mid_game(config: dict[str, object], decisions: int = 60) -> Game:
    game = new_game("cardgame", config, 1)
    rng = Rng(1)
    for _ in range(decisions):
        pending = game.pending()
        if not pending:
            break
        d = pending[0]
        game.apply(d.seat, rng.choice(d.choices))
    return game


def bench_clone(config: dict[str, object], repeat: int = 5000) -> float:
    game = mid_game(config)
    start = time.perf_counter()
    for _ in range(repeat):
        game.clone()
    return (time.perf_counter() - start) / repeat * 1e6


DEFAULT_RUNS = (
    "westeros-stark,westeros-lannister",  # the shipped tournament-legal decks, joust
    "Core-1,Core-4",  # starter decks, joust
    "Core-2,Core-3",
    "Core-1,Core-2,Core-3,Core-4",  # starter decks, 4-player melee with titles
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--decks", help="one run: deck ids, comma-separated (default: several)")
    args = parser.parse_args()
    runs = [args.decks] if args.decks else list(DEFAULT_RUNS)
    play_game("cardgame", {"auto": True}, 999)  # warm up: import every card module before timing
    print(f"{args.games} random games per row (random bots, seeds 0..{args.games - 1})")
    print(
        f"{'decks':<36} {'players':>7} {'games/s':>8} {'decisions/game':>15} {'µs/decision':>12}"
        f" {'CPU ms/game':>12}"
    )
    for decks in runs:
        config: dict[str, object] = {"decks": decks.split(","), "casual": True, "auto": True}
        rate, per_game, us, cpu_ms = bench_games(config, args.games)
        players = len(decks.split(","))
        print(
            f"{decks:<36} {players:>7} {rate:>8.2f} {per_game:>15.1f} {us:>12.1f} {cpu_ms:>12.1f}"
        )
    print(f"clone() in mid-game (joust): {bench_clone({'auto': True}):.1f} µs")


if __name__ == "__main__":
    main()

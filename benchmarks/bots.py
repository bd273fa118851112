"""Bot strength: one seat of a bot against the others of another kind, 6 players, the lone
bot's seat rotated over the houses; win rate with a 95% Wilson interval. For the search bot also
its play-outs per second and the engine decisions per second its roll-outs achieve.

Run: ``.venv/bin/python benchmarks/bots.py --bot heuristic --against random --games 300``
or ``--bot search:40 --against heuristic --games 30 --jobs 2``. Figures are printed, never
asserted.
"""

from __future__ import annotations

import argparse
import json
import time
from multiprocessing import Pool
from typing import Any

from westeros.bots import make_bot, play_out
from westeros.bots.search import SearchBot
from westeros.bots.tournament import wilson
from westeros.engine import new_game


def one_game(args: tuple[str, str, int, int, int]) -> dict[str, Any]:
    bot, against, players, seed, index = args
    seat = index % players
    game = new_game("boardgame", {"players": players}, seed + index)
    bots = [
        make_bot(bot if s == seat else against, (seed + index) * 100 + s) for s in range(players)
    ]
    started = time.perf_counter()
    play_out(game, bots)
    outcome = game.outcome()
    assert outcome is not None
    lone = bots[seat]
    stats: dict[str, Any] = {"seconds": time.perf_counter() - started}
    if isinstance(lone, SearchBot):
        stats |= {
            "playouts": lone.playouts,
            "rollout_decisions": lone.rollout_decisions,
            "search_seconds": lone.search_seconds,
            "searched": lone.searched,
        }
    return {"won": outcome.winner == seat, "house": outcome.names[seat], **stats}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="append each game's result (JSON lines)")
    args = parser.parse_args()
    tasks = [(args.bot, args.against, args.players, args.seed, i) for i in range(args.games)]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    with Pool(args.jobs) as pool:
        for r in pool.imap_unordered(one_game, tasks):
            results.append(r)
            if args.out:
                with open(args.out, "a") as fh:
                    fh.write(json.dumps(r) + "\n")
            wins = sum(x["won"] for x in results)
            print(f"{len(results)}/{args.games} games, {wins} wins", flush=True)
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, len(results))
    print(
        f"{args.bot} (1 seat) vs {args.players - 1} x {args.against}, {args.players} players: "
        f"{wins}/{len(results)} wins = {wins / len(results):.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); {time.perf_counter() - started:.0f} s wall"
    )
    searched = [r for r in results if "playouts" in r]
    if searched:
        secs = sum(r["search_seconds"] for r in searched)
        playouts = sum(r["playouts"] for r in searched)
        decisions = sum(r["rollout_decisions"] for r in searched)
        asked = sum(r["searched"] for r in searched)
        print(
            f"search: {playouts / secs:.1f} play-outs/s, {decisions / secs:.0f} engine "
            f"decisions/s in roll-outs, {secs / max(1, asked):.2f} s per searched decision "
            f"({asked / len(searched):.0f} searched decisions per game)"
        )


if __name__ == "__main__":
    main()

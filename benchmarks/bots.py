"""Bot strength: one seat of a bot against the others of another kind; win rate with a 95%
Wilson interval. For the search bot also its play-outs per second and the engine decisions per
second its roll-outs achieve.

Board game: 6 players, the lone bot's seat rotated over the houses. Card game
(``--game cardgame``): a joust of the two ``--decks`` (shipped decks; 3 to 6 decks: a melee),
the lone bot's seat rotating every game and the decks rotating every ``players`` games, so
each bot plays each deck in each seat; the bots leave D7, D11, D14, D15, D22, D23 to the
engine (``auto``).

Run: ``.venv/bin/python benchmarks/bots.py --bot heuristic --against random --games 300``
or ``--bot search:40 --against heuristic --games 30 --jobs 2``; the card game:
``--game cardgame --bot heuristic --against random --games 200`` or
``--game cardgame --bot search:6 --against heuristic --games 60``. Figures are printed, never
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

Task = tuple[str, str, int, int, int, str, tuple[str, ...]]


def one_game(args: Task) -> dict[str, Any]:
    bot, against, players, seed, index, kind, decks = args
    seat = index % players
    if kind == "cardgame":
        shift = (index // players) % players  # decks swap seats every other game
        seated = list(decks[shift:] + decks[:shift])
        config: dict[str, Any] = {"decks": seated, "auto": True}
    else:
        config = {"players": players}
    game = new_game(kind, config, seed + index)
    bots = [
        make_bot(bot if s == seat else against, (seed + index) * 100 + s, kind)
        for s in range(players)
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
    house = config["decks"][seat] if kind == "cardgame" else outcome.names[seat]
    return {"won": outcome.winner == seat, "house": house, "rounds": outcome.rounds, **stats}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="boardgame", choices=("boardgame", "cardgame"))
    parser.add_argument("--decks", default="westeros-stark,westeros-lannister")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random")
    parser.add_argument("--players", type=int, default=6, help="board game only")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="append each game's result (JSON lines)")
    args = parser.parse_args()
    decks = tuple(d.strip() for d in args.decks.split(",") if d.strip())
    players = len(decks) if args.game == "cardgame" else args.players
    tasks: list[Task] = [
        (args.bot, args.against, players, args.seed, i, args.game, decks) for i in range(args.games)
    ]
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
    seconds = sum(r["seconds"] for r in results) / len(results)
    print(
        f"{args.game}: {args.bot} (1 seat) vs {players - 1} x {args.against}, {players} "
        f"players: {wins}/{len(results)} wins = {wins / len(results):.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); {seconds:.1f} s per game, "
        f"{time.perf_counter() - started:.0f} s wall"
    )
    for house in sorted({r["house"] for r in results}):
        mine = [r for r in results if r["house"] == house]
        won = sum(r["won"] for r in mine)
        print(f"  as {house}: {won}/{len(mine)}")
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

"""Bot strength: one seat of a bot against the others of another kind; win rate with a 95%
Wilson interval. For the search bot also its play-outs per second and the engine decisions per
second its roll-outs achieve.

Board game: 6 players, the lone bot's seat rotated over the houses. Card game
(``--game cardgame``): a joust of the two ``--decks`` (shipped decks; 3 to 6 decks: a melee),
the lone bot's seat rotating every game and the decks rotating every ``players`` games, so
each bot plays each deck in each seat; the bots leave D7, D11, D14, D15, D22, D23 to the
engine (``auto``).

Several opponents (``--against heuristic,aggressive``) are several conditions, their games
interleaved (the same seeds for each), so a run cut short leaves them equally far;
``--from FILE`` prints the figures of the games an ``--out`` file holds.

Run: ``.venv/bin/python benchmarks/bots.py --bot heuristic --against random --games 300``
or ``--bot search:40 --against heuristic --games 30 --jobs 2``; a search measured against an
opponent it has no model of as well: ``nice -n 19 .venv/bin/python benchmarks/bots.py --bot
mixsearch:20 --against heuristic,aggressive --games 30 --out mix.jsonl``; the card game:
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
            "search_cpu": lone.search_cpu,
            "searched": lone.searched,
        }
    house = config["decks"][seat] if kind == "cardgame" else outcome.names[seat]
    return {
        "bot": bot,
        "against": against,
        "index": index,
        "won": outcome.winner == seat,
        "house": house,
        "rounds": outcome.rounds,
        **stats,
    }


def summarize(results: list[dict[str, Any]], players: int, game: str) -> None:
    """The figures of one condition: wins with a Wilson 95% interval, wins per house, and for
    a search bot its speed and CPU seconds per searched decision."""
    wins = sum(r["won"] for r in results)
    low, high = wilson(wins, len(results))
    seconds = sum(r["seconds"] for r in results) / len(results)
    first = results[0]
    print(
        f"{game}: {first['bot']} (1 seat) vs {players - 1} x {first['against']}, {players} "
        f"players: {wins}/{len(results)} wins = {wins / len(results):.1%} "
        f"(95% CI {low:.1%}–{high:.1%}); {seconds:.1f} s per game"
    )
    for house in sorted({r["house"] for r in results}):
        mine = [r for r in results if r["house"] == house]
        won = sum(r["won"] for r in mine)
        print(f"  as {house}: {won}/{len(mine)}")
    searched = [r for r in results if "playouts" in r]
    if searched:
        secs = sum(r["search_seconds"] for r in searched)
        cpu = sum(r.get("search_cpu", r["search_seconds"]) for r in searched)
        playouts = sum(r["playouts"] for r in searched)
        decisions = sum(r["rollout_decisions"] for r in searched)
        asked = max(1, sum(r["searched"] for r in searched))
        print(
            f"  search: {playouts / cpu:.1f} play-outs per CPU s, {decisions / cpu:.0f} engine "
            f"decisions per CPU s in roll-outs, {cpu / asked:.2f} CPU s ({secs / asked:.2f} s "
            f"wall) per searched decision ({asked / len(searched):.0f} searched per game)"
        )


def report(results: list[dict[str, Any]], players: int, game: str) -> None:
    """:func:`summarize` for each condition (bot and opponent) the results hold."""
    for condition in sorted({(r.get("bot", "?"), r.get("against", "?")) for r in results}):
        summarize(
            [r for r in results if (r.get("bot", "?"), r.get("against", "?")) == condition],
            players,
            game,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--game", default="boardgame", choices=("boardgame", "cardgame"))
    parser.add_argument("--decks", default="westeros-stark,westeros-lannister")
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--against", default="random", help="one bot, or several: a,b")
    parser.add_argument("--players", type=int, default=6, help="board game only")
    parser.add_argument("--games", type=int, default=60, help="per opponent")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", default=None, help="append each game's result (JSON lines)")
    parser.add_argument("--from", dest="source", default=None, help="report an --out file")
    args = parser.parse_args()
    decks = tuple(d.strip() for d in args.decks.split(",") if d.strip())
    players = len(decks) if args.game == "cardgame" else args.players
    if args.source:
        with open(args.source) as fh:
            report([json.loads(line) for line in fh if line.strip()], players, args.game)
        return
    opponents = [a.strip() for a in args.against.split(",") if a.strip()]
    tasks: list[Task] = [
        (args.bot, against, players, args.seed, i, args.game, decks)
        for i in range(args.games)
        for against in opponents
    ]
    started = time.perf_counter()
    results: list[dict[str, Any]] = []
    with Pool(args.jobs) as pool:
        for r in pool.imap(one_game, tasks):
            results.append(r)
            if args.out:
                with open(args.out, "a") as fh:
                    fh.write(json.dumps(r) + "\n")
            wins = sum(x["won"] for x in results if x["against"] == r["against"])
            done = sum(x["against"] == r["against"] for x in results)
            print(f"vs {r['against']}: {done}/{args.games} games, {wins} wins", flush=True)
    report(results, players, args.game)
    print(f"{time.perf_counter() - started:.0f} s wall")


if __name__ == "__main__":
    main()

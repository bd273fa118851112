"""Fuzz bot-only Mother of Dragons games as the server's bot runner plays them (issue 25).

Each game draws a config (3..8 players, Essos with deck a or b, the Iron Bank, Tides of Battle,
planning in turn or at the table, vassals left to the bot) and seats (the random bot, the
heuristic, a person away whom the stand-in bot plays), then lets ``BotScheduler._job`` pick and
think every move, as on the server (no storage). It prints one JSON line a game: moves, the
most moves of one round, the peak memory of the process, and a flag when a round runs over
``--round-cap`` moves (then the states are hashed to name a cycle) or the game over
``--game-cap``. Usage::

    nice .venv/bin/python scripts/fuzz_server_bots.py --first 0 --games 500 > fuzz.jsonl
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import time
from typing import Any

from westeros.boardgame.state import BoardGame
from westeros.engine import new_game
from westeros.server.bots import BotScheduler
from westeros.server.live import LiveGame
from westeros.server.storage import SeatInfo


def config_for(r: random.Random) -> dict[str, Any]:
    essos = r.random() < 0.6
    players = r.randint(4, 8) if essos else r.randint(3, 7)
    config: dict[str, Any] = {"scenario": "mod", "players": players}
    config["planning"] = r.choice(["table", "sequential", "table"])  # the lobby's default: table
    if essos:
        config |= {"essos": True, "targaryen_deck": r.choice("ab"), "iron_bank": r.random() < 0.8}
    if r.random() < 0.2:
        config["tides"] = True
    if r.random() < 0.5:
        config["vassal_bots"] = sorted(r.sample(range(players), r.randint(0, players)))
    return config


def seats_for(r: random.Random, players: int) -> tuple[SeatInfo, ...]:
    seats = []
    for s in range(players):
        kind = r.choice(["random", "heuristic", "heuristic", "away"])
        if kind == "away":
            seats.append(SeatInfo(s, "human", None, f"P{s}", True, away=True))
        else:
            seats.append(SeatInfo(s, "bot", kind, f"B{s}", False))
    return tuple(seats)


def play(seed: int, round_cap: int, game_cap: int) -> dict[str, Any]:
    r = random.Random(seed)
    config = config_for(r)
    game = new_game("boardgame", config, seed)
    assert isinstance(game, BoardGame)
    seats = seats_for(r, config["players"])
    live = LiveGame(f"g{seed}", "boardgame", seats, game=game)
    scheduler = BotScheduler(None, None, None, delay=0)  # type: ignore[arg-type]
    last, since, most = game.round, 0, 0
    seen: dict[str, int] = {}  # state hash -> move, late in a long round
    flag = None
    started = time.perf_counter()
    while not game.is_over:
        job = scheduler._job(live)
        if job is None:
            flag = "no bot to move"
            break
        choice = job.decision.choices[0] if len(job.decision.choices) == 1 else job.think()
        game.apply(job.seat, choice)
        live.move += 1
        if game.round != last:
            last, since, seen = game.round, 0, {}
            continue
        since += 1
        most = max(most, since)
        if since > round_cap // 2:  # long: look for a repeated state
            seen.setdefault(game.state_hash(), live.move)
            if len(seen) < since - round_cap // 2 and flag is None:
                flag = f"a state repeats by move {live.move} ({job.decision.kind})"
        if since > round_cap or live.move > game_cap:
            flag = f"{flag or 'no cycle'}; {live.move} moves, {since} in round {last}"
            break
    return {
        "seed": seed,
        "config": config,
        "seats": [s.bot or "away" for s in seats],
        "moves": live.move,
        "most_in_a_round": most,
        "over": game.is_over,
        "flag": flag,
        "seconds": round(time.perf_counter() - started, 1),
        "max_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--round-cap", type=int, default=3000, help="moves in one round")
    parser.add_argument("--game-cap", type=int, default=20000, help="moves in one game")
    args = parser.parse_args()
    for seed in range(args.first, args.first + args.games):
        print(json.dumps(play(seed, args.round_cap, args.game_cap)), flush=True)


if __name__ == "__main__":
    main()

"""One move's server cost, in-process (no network): where the time of a move goes.

For a mid-game board game (6 and 3 players) it plays K more moves (random legal choices of
the lowest waiting seat) and times each part of what the server does per move:

* ``apply`` — ``game.apply`` and ``game.pending()`` (the rules run on to the next decision);
* ``state hash`` — ``game.state_hash()`` (stored with every move);
* ``commit`` — appending the move to storage: SQLite (WAL, ``synchronous=FULL``, the group
  commit of one move) and PostgreSQL (a throw-away cluster, fsync on, ``--pg``);
* per seat (every seat and one spectator, as the websockets of a game are): ``view``,
  ``events`` (redacted, ``to_json`` and rendered text), the rest of the state message
  (players, decisions, outcome…), ``JSON`` encoding, and ``deflate`` (permessage-deflate as
  a browser's websocket asks for it);
* ``fan-out`` — ``Fanout.broadcast`` as the server runs it (builds and encodes every
  connection's message: the per-seat parts above, measured again as one);
* ``move path`` — ``Hub.move`` end to end on SQLite with every seat's websocket attached
  (lock, checks, apply, hash, commit, broadcast, the POST's response text).

Then the cProfile top functions of the move path. Figures are printed, never asserted.

Run: ``.venv/bin/python benchmarks/server_profile.py [--moves 200] [--pg]``.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import sys
import tempfile
import time
import zlib
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from westeros.engine import Game, new_game  # noqa: E402
from westeros.server import migrations  # noqa: E402
from westeros.server.fanout import Fanout, encode, message, players  # noqa: E402
from westeros.server.hub import Hub  # noqa: E402
from westeros.server.live import Connection, LiveGame  # noqa: E402
from westeros.server.storage import (  # noqa: E402
    Applied,
    MoveRequest,
    NewGame,
    NewSeat,
    Repository,
    make_engine,
)
from westeros.server.websocket import DEFLATE_LEVEL, DEFLATE_MEM_LEVEL  # noqa: E402

MID_GAME_ROUND = 4  # "mid-game": the first decision of this round


class Timer:
    """Accumulated seconds per part."""

    def __init__(self) -> None:
        self.total: dict[str, float] = defaultdict(float)

    @contextmanager
    def __call__(self, part: str) -> Iterator[None]:
        start = time.perf_counter()
        try:
            yield
        finally:
            self.total[part] += time.perf_counter() - start


def mid_game(players: int, seed: int) -> tuple[Game, random.Random]:
    rng = random.Random(seed)
    game = new_game("boardgame", {"players": players}, seed)
    while game.view(None)["round"] < MID_GAME_ROUND:
        play_one(game, rng)
    return game, rng


def play_one(game: Game, rng: random.Random) -> tuple[int, Any]:
    decision = game.pending()[0]
    choice = rng.choice(decision.choices)
    game.apply(decision.seat, choice)
    return decision.seat, choice


def live_of(game: Game, players: int) -> LiveGame:
    from westeros.server.storage import SeatInfo

    seats = tuple(SeatInfo(i, "human", None, f"p{i}", True) for i in range(players))
    return LiveGame("profile", "boardgame", seats, game=game)


def rest_of_message(live: LiveGame, seat: int | None, since: int) -> dict[str, Any]:
    """The state message's parts other than view and events (as ``fanout.message``)."""
    game = live.game
    assert game is not None
    pending = game.pending()
    outcome = game.outcome()
    return {
        "players": players(live),
        "clocks": None,
        "notices": [n.to_json() for n in live.notices],
        "decisions": [d.to_json() for d in pending if seat is not None and d.seat == seat],
        "outcome": outcome.to_json() if outcome is not None else None,
        "waiting": sorted({d.seat for d in pending}),
    }


def time_parts(players: int, moves: int, seed: int) -> tuple[dict[str, float], int, int]:
    """Per-move seconds of each part (the game's own parts); the message size in bytes."""
    game, rng = mid_game(players, seed)
    live = live_of(game, players)
    seats: list[int | None] = [*range(players), None]
    conns = [Connection(s, len(game.events(None, 0))) for s in seats]
    for conn in conns:
        live.conns.add(conn)
    # one deflate stream per connection (permessage-deflate keeps its window), with the
    # server's settings (server/websocket.py: 32 KiB window, level 1)
    deflaters = [
        zlib.compressobj(level=DEFLATE_LEVEL, wbits=-15, memLevel=DEFLATE_MEM_LEVEL) for _ in seats
    ]
    fanout = Fanout()
    t = Timer()
    size = 0
    done = 0
    for _ in range(moves):
        if game.is_over:
            break
        decision = game.pending()[0]
        choice = rng.choice(decision.choices)
        with t("apply"):
            game.apply(decision.seat, choice)
            game.pending()
        with t("state hash"):
            game.state_hash()
        live.move += 1
        texts = []
        for conn in conns:
            with t("view"):
                game.view(conn.seat)
            with t("events"):
                events = game.events(conn.seat, conn.next)
                [{**e.to_json(), "text": game.render(e)} for e in events]
            with t("rest of message"):
                rest_of_message(live, conn.seat, conn.next)
            state = message(live, conn.seat, conn.next)
            with t("JSON"):
                texts.append(encode(state))
        for deflater, text in zip(deflaters, texts, strict=True):
            with t("deflate"):
                deflater.compress(text.encode()) + deflater.flush(zlib.Z_SYNC_FLUSH)
        size = max(size, len(texts[0]))
        with t("fan-out (broadcast)"):
            fanout.broadcast(live)
        for conn in conns:
            while not conn.queue.empty():
                conn.queue.get_nowait()
        done += 1
    return {k: v / done for k, v in t.total.items()}, size, done


def time_commits(engine: Engine, moves: int, group: bool) -> tuple[float, float]:
    """Wall and CPU seconds per stored move, one move per transaction (SQLite: a group of
    one). The wall time is mostly the fsync: the database thread waits, the CPU is free."""
    migrations.upgrade(engine)
    repo = Repository(engine)
    game_id = f"g{time.monotonic_ns()}"
    seats = [NewSeat("human", None, f"p{i}", None) for i in range(3)]
    repo.create_game(NewGame(game_id, "boardgame", {"players": 3}, 1, "0" * 32), seats)
    applied = Applied("ab" * 16, "playing", None, False)
    start, cpu = time.perf_counter(), time.thread_time()
    for i in range(moves):
        if group:
            request = MoveRequest(game_id, i % 3, "pass", lambda _stored: applied)
            repo.append_moves([request])
            assert request.result == i, request.result
        else:
            repo.append_move(game_id, i % 3, "pass", lambda _stored: applied)
    return (time.perf_counter() - start) / moves, (time.thread_time() - cpu) / moves


async def hub_moves(
    db: str,
    players: int,
    moves: int,
    seed: int,
    profile: cProfile.Profile | None,
    db_profile: cProfile.Profile | None = None,
) -> tuple[float, int]:
    """Hub.move end to end (seconds per move) with a websocket per seat and a spectator.
    ``db_profile`` profiles the database thread's work (the group commit, which applies the
    move and hashes the state under the game's row lock)."""
    engine = make_engine(db)
    migrations.upgrade(engine)
    repo = Repository(engine)
    if db_profile is not None:
        append_moves = repo.append_moves

        def profiled(requests: list[MoveRequest]) -> None:
            if not measuring:
                return append_moves(requests)
            db_profile.enable()
            try:
                append_moves(requests)
            finally:
                db_profile.disable()

        repo.append_moves = profiled  # type: ignore[method-assign]
    measuring = False
    hub = Hub(repo, bot_delay=0.0)
    try:
        created = await hub.create("boardgame", {"players": players}, None)
        live = await hub.get(created.id)
        rng = random.Random(seed)
        conns = [Connection(s, 0) for s in [*range(players), None]]
        for conn in conns:
            hub.fanout.attach(live, conn)

        async def one() -> None:
            assert live.game is not None
            decision = live.game.pending()[0]
            choice = rng.choice(decision.choices)
            await hub.move(created.id, decision.seat, live.move, choice)
            for conn in conns:
                while not conn.queue.empty():
                    conn.queue.get_nowait()

        assert live.game is not None
        while live.game.view(None)["round"] < MID_GAME_ROUND:
            await one()
        elapsed = 0.0
        done = 0
        measuring = True
        for _ in range(moves):
            if live.game is None or live.game.is_over:
                break
            start = time.perf_counter()
            if profile is not None:
                profile.enable()
            await one()
            if profile is not None:
                profile.disable()
            elapsed += time.perf_counter() - start
            done += 1
        return elapsed / done, done
    finally:
        await hub.close()
        engine.dispose()


def report(players: int, moves: int, commits: dict[str, tuple[float, float]], hub_s: float) -> None:
    parts, size, done = time_parts(players, moves, seed=players)
    n = players + 1
    rows = [
        ("apply (+ pending)", parts["apply"]),
        ("state hash", parts["state hash"]),
        (f"view x {n}", parts["view"]),
        (f"events x {n}", parts["events"]),
        (f"rest of message x {n}", parts["rest of message"]),
        (f"JSON x {n}", parts["JSON"]),
        (f"deflate x {n} (websocket)", parts["deflate"]),
    ]
    cpu = sum(s for _, s in rows)
    print(
        f"\n{players} players, mid-game (round {MID_GAME_ROUND}+), {done} moves, "
        f"{n} websockets ({players} seats + 1 spectator), message {size / 1024:.1f} KiB"
    )
    names = list(commits)
    head = "".join(f" {'% ' + name:>14}" for name in names)
    print(f"  {'part':<34} {'µs/move':>10}{head}")
    totals = {name: cpu + commits[name][1] for name in names}
    for name, seconds in rows:
        shares = "".join(f" {seconds / totals[db] * 100:>14.1f}" for db in names)
        print(f"  {name:<34} {seconds * 1e6:>10.0f}{shares}")
    for name, (_wall, own) in commits.items():
        shares = "".join(
            f" {own / totals[db] * 100:>14.1f}" if db == name else f" {'':>14}" for db in names
        )
        print(f"  {'commit ' + name + ' (CPU)':<34} {own * 1e6:>10.0f}{shares}")
    for name in names:
        print(f"  {'total CPU with ' + name:<34} {totals[name] * 1e6:>10.0f}")
    for name, (wall, _own) in commits.items():
        print(f"  commit {name}, wall time (mostly waiting for the fsync): {wall * 1e6:.0f} µs")
    print(
        f"  fan-out as run (Fanout.broadcast, {n} messages built and encoded, no deflate): "
        f"{parts['fan-out (broadcast)'] * 1e6:.0f} µs"
    )
    print(f"  Hub.move end to end on SQLite (in-process, {n} websockets): {hub_s * 1e6:.0f} µs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--pg", action="store_true", help="also time PostgreSQL commits")
    parser.add_argument("--top", type=int, default=25, help="cProfile functions shown")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        commits = {"SQLite": time_commits(make_engine(f"sqlite:///{tmp / 'c.db'}"), 200, True)}
        if args.pg:
            from tests.server.pg import Cluster

            cluster = Cluster(fsync=True).start()
            try:
                url = cluster.create_database("profile")
                commits["PostgreSQL"] = time_commits(make_engine(url), 200, False)
            finally:
                cluster.stop()
        for players in (6, 3):
            db = f"sqlite:///{tmp / f'hub{players}.db'}"
            hub_s, _ = asyncio.run(hub_moves(db, players, args.moves, players, None))
            report(players, args.moves, commits, hub_s)
        profile, db_profile = cProfile.Profile(), cProfile.Profile()
        db = f"sqlite:///{tmp / 'hub-profile.db'}"
        asyncio.run(hub_moves(db, 6, args.moves, 6, profile, db_profile))
    print(
        f"\ncProfile of Hub.move, 6 players, {args.moves} moves, the event loop and the "
        f"database thread (top {args.top} by own time):"
    )
    stats = pstats.Stats(profile)
    stats.add(db_profile)
    stats.sort_stats("tottime").print_stats(args.top)
    print(f"cProfile of Hub.move (top {args.top} by cumulative time):")
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()

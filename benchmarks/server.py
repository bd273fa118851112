"""Server speed: N concurrent games through a real `westeros serve` process (uvicorn) over HTTP
and websockets, on SQLite and on PostgreSQL. Figures are printed, never asserted.

Each game has only bot players, played from this client: one websocket per seat, and for each
move the lowest waiting seat POSTs a random legal choice. Measured: moves per second over all
games, and the latency from sending the POST to the websocket message of the new move number
on the moving seat's socket (p50/p99). ``--think S`` waits S seconds before each move (a
player's thinking time; 0 = as fast as possible, a closed loop whose latency is the queue).

Run: ``make bench-server`` or ``.venv/bin/python benchmarks/server.py --games 100 --think 1
--seconds 30 [--db sqlite|postgres|both]`` (PostgreSQL: a throw-away cluster from Debian's
binaries, as in the tests).
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.pg import Cluster  # noqa: E402
from tests.server.support import GENEROUS, free_port  # noqa: E402

NO_COMPRESSION = False


class Stats:
    def __init__(self, games: int) -> None:
        self.latencies: list[float] = []
        self.post_rtt: list[float] = []
        self.moves = 0
        self.conflicts = 0
        self.errors = 0
        self.retries = 0
        self.waiting = games
        self.all_connected = asyncio.Event()
        self.started = 0.0
        self.elapsed = 0.0


async def play(
    http: httpx.AsyncClient,
    ws_base: str,
    players: int,
    think: float,
    stop_at: float,
    stats: Stats,
    rng: random.Random,
) -> None:
    body = {
        "kind": "boardgame",
        "players": players,
        "seats": [{"type": "human", "name": f"bot {i}"} for i in range(players)],
    }
    created = (await http.post("/api/games", json=body)).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    sockets: list[ClientConnection] = []
    try:
        for token in tokens:
            sockets.append(
                await connect(
                    f"{ws_base}/api/games/{gid}/ws?token={token}",
                    max_size=None,
                    compression=None if NO_COMPRESSION else "deflate",
                )
            )
        latest = [json.loads(await ws.recv()) for ws in sockets]
        stats.waiting -= 1
        if stats.waiting == 0:
            stats.started = time.perf_counter()
            stats.all_connected.set()
        await stats.all_connected.wait()  # measure once every game is set up
        while time.monotonic() < stop_at:
            move = latest[0]["move"]
            if latest[0]["status"] != "playing" or not latest[0]["waiting"]:
                return
            seat = min(latest[0]["waiting"])
            decision = latest[seat]["decisions"][0]
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent = time.perf_counter()
            body = {"move": move, "choice": rng.choice(decision["choices"])}
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            try:
                r = await http.post(f"/api/games/{gid}/moves", json=body, headers=auth)
            except httpx.TransportError:  # a keep-alive connection closed under us: once more
                stats.retries += 1
                r = await http.post(f"/api/games/{gid}/moves", json=body, headers=auth)
            stats.post_rtt.append(time.perf_counter() - sent)
            if r.status_code == 409 and stats.retries:
                stats.conflicts += 1  # the first attempt had been applied after all
            elif r.status_code != 200:
                stats.errors += 1
                return
            for i, ws in enumerate(sockets):
                while latest[i]["move"] <= move:
                    latest[i] = json.loads(await asyncio.wait_for(ws.recv(), 30))
                    if i == seat and latest[i]["move"] == move + 1:
                        stats.latencies.append(time.perf_counter() - sent)
            stats.moves += 1
    finally:
        for ws in sockets:
            await ws.close()


async def run_games(url: str, games: int, players: int, think: float, seconds: float) -> Stats:
    stats = Stats(games)
    gc.collect()
    gc.disable()  # the client's own collector pauses would count as server latency
    limits = httpx.Limits(max_connections=games + 10, max_keepalive_connections=games + 10)
    async with httpx.AsyncClient(base_url=url, timeout=60, limits=limits) as http:
        stop_at = time.monotonic() + seconds
        await asyncio.gather(
            *(
                play(
                    http,
                    url.replace("http", "ws"),
                    players,
                    think,
                    stop_at,
                    stats,
                    random.Random(i),
                )
                for i in range(games)
            )
        )
        stats.elapsed = time.perf_counter() - stats.started
    gc.enable()
    return stats


def serve(db: str, log: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    script = Path(sys.executable).parent / "westeros"
    # the benchmark's clients all come from one address: rate limits out of their way
    command = [str(script), "serve", "--port", str(port), "--db", db, "--log-level", "warning"]
    proc = subprocess.Popen(
        [*command, *GENEROUS],
        stdout=open(log, "ab"),  # noqa: SIM115
        stderr=subprocess.STDOUT,
        cwd=ROOT,
        env=dict(os.environ),
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"the server did not start: {log.read_text()[-2000:]}")


def run(main: Any) -> Any:
    """The client on uvloop when it is there (as the server runs): less client overhead."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def bench(name: str, db: str, args: argparse.Namespace, tmp: Path) -> None:
    proc, url = serve(db, tmp / f"{name}.log")
    try:
        stats = run(run_games(url, args.games, args.players, args.think, args.seconds))
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    if not stats.latencies:
        print(f"{name}: no moves measured")
        return
    p50, p99 = percentiles(stats.latencies)
    r50, r99 = percentiles(stats.post_rtt)
    elapsed = stats.elapsed
    print(
        f"{name:10} {args.games} games x {args.players} players, think {args.think}s: "
        f"{stats.moves} moves in {elapsed:.1f}s = {stats.moves / elapsed:.0f} moves/s, "
        f"POST->websocket p50 {p50:.1f} ms, p99 {p99:.1f} ms "
        f"(POST response p50 {r50:.1f} ms, p99 {r99:.1f} ms) "
        f"(retries {stats.retries}, errors {stats.errors})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument(
        "--no-compression", action="store_true", help="no permessage-deflate on the websockets"
    )
    args = parser.parse_args()
    global NO_COMPRESSION
    NO_COMPRESSION = args.no_compression
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        if args.db in ("sqlite", "both"):
            bench("sqlite", f"sqlite:///{tmp / 'bench.sqlite3'}", args, tmp)
        if args.db in ("postgres", "both"):
            cluster = Cluster(fsync=True).start()
            try:
                bench("postgres", cluster.create_database("bench"), args, tmp)
            finally:
                cluster.stop()


if __name__ == "__main__":
    main()

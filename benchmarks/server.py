"""Server speed: N concurrent games through a real `westeros serve` process (uvicorn) over HTTP
and websockets, on SQLite and on PostgreSQL. Figures are printed, never asserted.

Every seat of every game is a human seat, played from this benchmark's own clients (no bot on
the server, so bot thinking is not measured): one websocket per seat (permessage-deflate, as
browsers ask for it), and for each move the lowest waiting seat POSTs a random legal choice
after a think time. A game that ends is replaced by a new one.

Measured per run: moves per second over all games (moves posted within the measured time);
the latency from sending the POST to the websocket message of the new move on the moving
seat's socket (p50/p99) and of the POST's response (p50); the server's CPU (all its threads)
and the clients' CPU, in % of one core over the measured time (the machine has 2 cores: 200 %
is all of it), and PostgreSQL's (its processes run on the same cores); the server's and the
database's CPU per move in ms (the least noisy figure on a shared machine); the p99
lateness of the clients' own event loops (what the clients add to the latency); the server's
resident memory at the end; the load average before the run (other jobs on the machine).

Think times (``--think``, seconds; each move waits think x U(0.5, 1.5)):

* **4 s** models people: a person takes a few seconds per decision at the very least (read
  the board, pick an order), so 4 s (2–6 s) is a fast human table; real games are slower.
* **0** is the closed loop (each game posts its next move as soon as the previous one
  arrived): its latency is the queue, its moves/s the server's capacity.

The clients run on the same 2 cores as the server: ``--clients K`` splits the games over K
processes (one asyncio loop each), since one Python process cannot read 1,500 websockets and
post 125 moves/s without its own loop adding to the latency.

Run: ``make bench-server`` (a quicker run: 100 and 500 games, 20 s) or
``.venv/bin/python benchmarks/server.py --games 100,200,500 --think 4 --seconds 30
[--db sqlite|postgres|both] [--closed 100]``
(PostgreSQL: a throw-away cluster from Debian's binaries with fsync on, as in the tests).
``--server-flag=--some-flag`` (repeatable) passes flags to ``westeros serve``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import multiprocessing as mp
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from multiprocessing.synchronize import Event as MpEvent
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.pg import Cluster  # noqa: E402
from tests.server.support import GENEROUS, free_port  # noqa: E402

SETUP_CONCURRENCY = 20  # games set up at once (creating a game, connecting its sockets)
TICKS = os.sysconf("SC_CLK_TCK")
LAG_TICK = 0.01  # seconds between two looks at a client loop's lateness


def server_command(db: str, port: int, extra: Sequence[str]) -> list[str]:
    """The one place the server's command line is built (``--server-flag`` adds to it); the
    benchmark's clients all come from one address: rate limits out of their way."""
    script = Path(sys.executable).parent / "westeros"
    command = [str(script), "serve", "--port", str(port), "--db", db, "--log-level", "warning"]
    return [*command, *GENEROUS, *extra]


@dataclass
class Options:
    url: str
    players: int
    think: float
    seconds: float
    compression: bool


@dataclass
class Result:
    """What one client process measured."""

    latencies: list[float] = field(default_factory=list)
    post_rtt: list[float] = field(default_factory=list)
    moves: int = 0
    errors: int = 0
    new_games: int = 0
    lags: list[float] = field(default_factory=list)  # the client loop's lateness per tick
    cpu: float = 0.0  # the process's CPU seconds over the measured time
    elapsed: float = 0.0


class Http:
    """A minimal HTTP/1.1 keep-alive client (one connection, one request at a time): httpx
    costs the client about as much CPU per move as the server's whole move, and the client
    shares the 2 cores with the server. The request goes out in one write."""

    def __init__(self, url: str) -> None:
        host_port = url.split("://", 1)[1]
        self.host, port = host_port.rsplit(":", 1)
        self.port = int(port)
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, bytes]:
        data = b"" if body is None else json.dumps(body).encode()
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        )
        if token is not None:
            head += f"Authorization: Bearer {token}\r\n"
        message = (head + "\r\n").encode() + data
        for attempt in (1, 2):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
                assert self.reader is not None
                self.writer.write(message)
                return await self._response(self.reader)
            except (ConnectionError, asyncio.IncompleteReadError):
                self.close()  # the server closed the keep-alive connection: once more
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    @staticmethod
    async def _response(reader: asyncio.StreamReader) -> tuple[int, bytes]:
        status = int((await reader.readuntil(b"\r\n")).split(b" ", 2)[1])
        length = 0
        while (line := await reader.readuntil(b"\r\n")) != b"\r\n":
            name, _, value = line.partition(b":")
            if name.lower() == b"content-length":
                length = int(value)
        return status, await reader.readexactly(length)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Table:
    """One game played by a client: its id, seat tokens, websockets and latest messages."""

    def __init__(self, gid: str, tokens: list[str], sockets: list[ClientConnection]) -> None:
        self.gid = gid
        self.tokens = tokens
        self.sockets = sockets
        self.latest: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, http: Http, opts: Options) -> Table:
        body = {
            "kind": "boardgame",
            "players": opts.players,
            "seats": [{"type": "human", "name": f"p{i}"} for i in range(opts.players)],
        }
        status, text = await http.request("POST", "/api/games", body)
        if status != 201:
            raise RuntimeError(f"creating a game: {status} {text[:200]!r}")
        created = json.loads(text)
        tokens = [s["token"] for s in created["seats"]]
        ws_base = opts.url.replace("http", "ws", 1)
        sockets = [
            await connect(
                f"{ws_base}/api/games/{created['id']}/ws?token={token}",
                max_size=None,
                compression="deflate" if opts.compression else None,
                ping_interval=None,
            )
            for token in tokens
        ]
        table = cls(created["id"], tokens, sockets)
        table.latest = [json.loads(await ws.recv()) for ws in sockets]
        return table

    async def close(self) -> None:
        for ws in self.sockets:
            await ws.close()

    async def play(
        self, http: Http, opts: Options, rng: random.Random, res: Result, stop_at: float
    ) -> bool:
        """One move after a think time; False when the game is over, failed or the time is
        up (moves are posted only within the measured time)."""
        state = self.latest[0]
        if state["status"] != "playing" or not state["waiting"]:
            return False
        move = state["move"]
        seat = min(state["waiting"])
        decision = self.latest[seat]["decisions"][0]
        if opts.think:
            await asyncio.sleep(opts.think * rng.uniform(0.5, 1.5))
        if time.monotonic() >= stop_at:
            return False
        sent = time.perf_counter()
        body = {"move": move, "choice": rng.choice(decision["choices"])}
        status, _ = await http.request(
            "POST", f"/api/games/{self.gid}/moves", body, self.tokens[seat]
        )
        res.post_rtt.append(time.perf_counter() - sent)
        if status != 200:
            res.errors += 1
            return False
        # the moving seat's socket first: its message of the new move is the one timed
        for i in [seat, *(i for i in range(len(self.sockets)) if i != seat)]:
            while self.latest[i]["move"] <= move:
                self.latest[i] = json.loads(await asyncio.wait_for(self.sockets[i].recv(), 60))
                if i == seat and self.latest[i]["move"] == move + 1:
                    res.latencies.append(time.perf_counter() - sent)
        res.moves += 1
        return True


async def client(opts: Options, games: int, seed: int, ready: Connection, start: MpEvent) -> Result:
    """Set up ``games`` games, say so, wait for the start, play for ``opts.seconds``."""
    res = Result()
    https = [Http(opts.url) for _ in range(games)]  # one connection per game
    gate = asyncio.Semaphore(SETUP_CONCURRENCY)

    async def opened(i: int) -> Table:
        async with gate:
            return await Table.open(https[i], opts)

    tables = await asyncio.gather(*(opened(i) for i in range(games)))
    gc.collect()
    gc.freeze()  # the client's collector pauses would count as server latency
    ready.send("ready")
    await asyncio.get_running_loop().run_in_executor(None, start.wait)
    began, cpu = time.perf_counter(), time.process_time()
    stop_at = time.monotonic() + opts.seconds

    async def keep_playing(i: int) -> None:
        rng = random.Random(seed * 100_003 + i)
        if opts.think:  # people do not all start at once
            await asyncio.sleep(rng.uniform(0, opts.think))
        while time.monotonic() < stop_at:
            if not await tables[i].play(https[i], opts, rng, res, stop_at):
                await tables[i].close()
                if time.monotonic() >= stop_at or res.errors > 100:
                    return
                tables[i] = await Table.open(https[i], opts)
                res.new_games += 1

    async def watch_loop() -> None:
        """How late this client's own loop wakes up (its share of the latency)."""
        while time.monotonic() < stop_at:
            due = time.perf_counter() + LAG_TICK
            await asyncio.sleep(LAG_TICK)
            res.lags.append(max(0.0, time.perf_counter() - due))

    await asyncio.gather(watch_loop(), *(keep_playing(i) for i in range(games)))
    res.elapsed = time.perf_counter() - began
    res.cpu = time.process_time() - cpu
    for table in tables:
        await table.close()
    for http in https:
        http.close()
    return res


def client_process(
    opts: Options, games: int, seed: int, ready: Connection, start: MpEvent, out: Connection
) -> None:
    try:
        import uvloop  # the server runs on uvloop too: less client overhead

        result = uvloop.run(client(opts, games, seed, ready, start))
    except BaseException as exc:
        ready.send(f"failed: {exc!r}")
        out.send(None)
        raise
    out.send(result)


def serve(db: str, log: Path, extra: Sequence[str]) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    proc = subprocess.Popen(
        server_command(db, port, extra),
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


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (all its threads), from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def db_cpu_seconds(cluster: Cluster | None) -> float:
    """CPU seconds of a PostgreSQL cluster's processes (the postmaster and its children): the
    database runs on the same 2 cores."""
    if cluster is None:
        return 0.0
    pid = int((cluster.data / "postmaster.pid").read_text().split()[0])
    total = cpu_seconds(pid)
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def rss_mb(pid: int) -> float:
    """Resident memory of a process in MiB, from /proc."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@dataclass
class Row:
    games: int
    db: str
    think: float
    clients: int
    load: float
    moves: int = 0
    elapsed: float = 0.0
    p50: float = 0.0
    p99: float = 0.0
    post_p50: float = 0.0
    server_cpu: float = 0.0
    client_cpu: float = 0.0
    errors: int = 0
    new_games: int = 0
    server_mb: float = 0.0
    db_cpu: float = 0.0  # PostgreSQL's processes, % of one core
    client_lag: float = 0.0  # p99 of the client loops' lateness, ms

    HEAD = (
        f"{'games':>5} {'db':<10} {'think':>5} {'clients':>7} {'load':>5} {'moves/s':>8} "
        f"{'p50 ms':>7} {'p99 ms':>8} {'POST p50':>8} {'server CPU':>10} {'db CPU':>6} "
        f"{'ms CPU/move':>11} {'client CPU':>10} "
        f"{'lag p99':>7} {'server MB':>9} {'errors':>6}"
    )

    def line(self, seconds: float) -> str:
        rate = self.moves / seconds  # moves are posted within the measured seconds only
        # the server's and the database's CPU per move (the least noisy figure on a shared
        # machine: it does not count the time spent waiting for a core)
        cpu_per_move = (self.server_cpu + self.db_cpu) * 10 / rate if rate else 0.0
        return (
            f"{self.games:>5} {self.db:<10} {self.think:>4g}s {self.clients:>7} {self.load:>5.1f} "
            f"{rate:>8.1f} {self.p50:>7.1f} {self.p99:>8.1f} {self.post_p50:>8.1f} "
            f"{self.server_cpu:>9.0f}% {self.db_cpu:>5.0f}% {cpu_per_move:>11.2f} "
            f"{self.client_cpu:>9.0f}% "
            f"{self.client_lag:>7.1f} "
            f"{self.server_mb:>9.0f} "
            f"{self.errors:>6}"
        )


def percentiles(values: list[float]) -> tuple[float, float]:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
    return statistics.median(ordered) * 1000, p99 * 1000


def split(games: int, clients: int) -> list[int]:
    return [games // clients + (1 if i < games % clients else 0) for i in range(clients)]


def measure(
    name: str,
    db: str,
    games: int,
    think: float,
    args: argparse.Namespace,
    tmp: Path,
    cluster: Cluster | None,
) -> Row:
    clients = args.clients or max(1, min(4, (games + 199) // 200))
    row = Row(games, name, think, clients, os.getloadavg()[0])
    proc, url = serve(db, tmp / f"{name}-{games}-{think}.log", args.server_flag)
    opts = Options(url, args.players, think, args.seconds, not args.no_compression)
    ctx = mp.get_context("spawn")
    start = ctx.Event()
    workers = []
    try:
        for i, share in enumerate(split(games, clients)):
            ready_r, ready_w = ctx.Pipe(duplex=False)
            out_r, out_w = ctx.Pipe(duplex=False)
            p = ctx.Process(target=client_process, args=(opts, share, i, ready_w, start, out_w))
            p.start()
            workers.append((p, ready_r, out_r))
        for _, ready_r, _ in workers:
            said = ready_r.recv()
            if said != "ready":
                raise RuntimeError(f"a client could not set up its games: {said}")
        row.load = os.getloadavg()[0]
        cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
        db0 = db_cpu_seconds(cluster)
        start.set()
        results: list[Result] = [out_r.recv() for _, _, out_r in workers]
        if any(r is None for r in results):
            raise RuntimeError("a client failed (its traceback is above)")
        server_elapsed = time.perf_counter() - t0
        row.server_cpu = (cpu_seconds(proc.pid) - cpu0) / server_elapsed * 100
        row.server_mb = rss_mb(proc.pid)
        row.db_cpu = (db_cpu_seconds(cluster) - db0) / server_elapsed * 100
    finally:
        for p, _, _ in workers:
            p.join(timeout=30)
            if p.is_alive():
                p.kill()
        proc.terminate()
        proc.wait(timeout=20)
    latencies = [x for r in results for x in r.latencies]
    row.moves = sum(r.moves for r in results)
    row.elapsed = max(r.elapsed for r in results)
    row.errors = sum(r.errors for r in results)
    row.new_games = sum(r.new_games for r in results)
    row.client_cpu = sum(r.cpu for r in results) / row.elapsed * 100
    if latencies:
        row.p50, row.p99 = percentiles(latencies)
        row.post_p50 = percentiles([x for r in results for x in r.post_rtt])[0]
        row.client_lag = percentiles([x for r in results for x in r.lags])[1]
    return row


def numbers(text: str) -> list[int]:
    return [int(x) for x in text.split(",") if x]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=numbers, default=[100, 200, 500], help="e.g. 100,500")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--think", type=float, default=4.0, help="mean seconds per move")
    parser.add_argument(
        "--closed", type=numbers, default=[100], help="games of the closed-loop runs (think 0)"
    )
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    parser.add_argument("--clients", type=int, default=0, help="client processes (0: auto)")
    parser.add_argument("--server-flag", action="append", default=[], help="for westeros serve")
    parser.add_argument(
        "--no-compression", action="store_true", help="no permessage-deflate on the websockets"
    )
    args = parser.parse_args()
    runs = [(g, args.think) for g in args.games] + [(g, 0.0) for g in args.closed if g]
    print(
        f"{args.players}-player board games, every seat a websocket of the benchmark's "
        f"clients; {args.seconds:g} s per run; {os.cpu_count()} cores"
    )
    print(Row.HEAD, flush=True)
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        dbs: list[tuple[str, Any]] = []
        if args.db in ("sqlite", "both"):
            dbs.append(("sqlite", lambda g, t: f"sqlite:///{tmp / f'bench-{g}-{t}.sqlite3'}"))
        cluster = None
        if args.db in ("postgres", "both"):
            cluster = Cluster(fsync=True).start()
            made = iter(range(1000))
            dbs.append(("postgres", lambda g, t: cluster.create_database(f"b{next(made)}")))
        try:
            for name, make_db in dbs:
                for games, think in runs:
                    pg = cluster if name == "postgres" else None
                    row = measure(name, make_db(games, think), games, think, args, tmp, pg)
                    print(row.line(args.seconds), flush=True)
        finally:
            if cluster is not None:
                cluster.stop()


if __name__ == "__main__":
    main()

"""Through a real `westeros serve` process: a whole bot game, a crash (SIGKILL) and restart,
and racing moves."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tests.server.support import Server, bearer, board_game, humans_and_bots, loads, wait_for
from westeros.engine import Record, replay


@pytest.fixture
def sqlite_db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'live.sqlite3'}"


@pytest.fixture
def server(sqlite_db: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(sqlite_db, bot_delay=0.0, log=tmp_path / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


def follow(ws_url: str, until: Any, timeout: float = 120.0) -> list[dict[str, Any]]:
    """Read state messages until ``until(message)`` holds (bounded by ``timeout``)."""
    got: list[dict[str, Any]] = []
    with connect(ws_url, open_timeout=10, max_size=None) as ws:
        while True:
            msg = loads(ws.recv(timeout=timeout))
            got.append(msg)
            if until(msg):
                return got


def stored_moves(db: str) -> list[tuple[int, str]]:
    with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
        return list(conn.execute("SELECT number, state_hash FROM moves ORDER BY number"))


def test_a_six_bot_game_to_its_end(server: Server) -> None:
    body = board_game(6, humans_and_bots(0, 6))
    gid = httpx.post(server.url + "/api/games", json=body).json()["id"]
    messages = follow(f"{server.ws_url}/api/games/{gid}/ws", lambda m: m["status"] == "over")
    moves = [m["move"] for m in messages]
    assert moves == list(range(moves[0], moves[0] + len(moves)))  # one message per move
    last = messages[-1]
    assert last["outcome"]["winner"] is not None and last["waiting"] == []
    record = Record.from_json(httpx.get(f"{server.url}/api/games/{gid}/record").json())
    assert len(record.moves) == last["move"]
    game = replay(record)
    outcome = game.outcome()
    assert outcome is not None and outcome.to_json() == last["outcome"]


def test_sigkill_mid_game_then_restart_loses_nothing(sqlite_db: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    first = Server(sqlite_db, bot_delay=0.002, log=log).start()
    try:
        body = board_game(4, humans_and_bots(0, 4))
        gid = httpx.post(first.url + "/api/games", json=body).json()["id"]
        seen = follow(f"{first.ws_url}/api/games/{gid}/ws", lambda m: m["move"] >= 120)
        first.kill()
    finally:
        first.stop()
    told = seen[-1]["move"]  # moves already announced were committed before
    before = stored_moves(sqlite_db)
    assert len(before) >= told
    assert [n for n, _ in before] == list(range(len(before)))
    second = Server(sqlite_db, bot_delay=0.0, log=log).start(port_from=first)
    try:
        state = httpx.get(f"{second.url}/api/games/{gid}/state").json()
        assert state["status"] in ("playing", "over"), state
        assert state["error"] is None
        assert state["move"] >= len(before)
        # the bots resume by themselves and finish the game
        wait_for(
            lambda: httpx.get(f"{second.url}/api/games/{gid}/state").json()["status"] == "over",
            timeout=120,
            interval=0.1,
            what="the resumed game to end",
        )
        record = Record.from_json(httpx.get(f"{second.url}/api/games/{gid}/record").json())
    finally:
        second.stop()
    assert record.hashes is not None
    assert record.hashes[: len(before)] == [h for _, h in before]
    replay(record)


def test_racing_moves_exactly_one_is_applied(server: Server) -> None:
    created = httpx.post(server.url + "/api/games", json=board_game(3, humans_and_bots(3, 0)))
    gid = created.json()["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    races = 0
    with httpx.Client(base_url=server.url, timeout=10) as http:
        for _ in range(25):
            mine = [http.get(f"/api/games/{gid}/state", headers=bearer(t)).json() for t in tokens]
            number = mine[0]["move"]
            deciding = [s for s in range(3) if mine[s]["decisions"]]
            racers = deciding[:2] if len(deciding) >= 2 else deciding * 2
            barrier = threading.Barrier(2)
            results: list[httpx.Response] = []
            jobs = [(tokens[s], mine[s]["decisions"][0]["choices"][-1]) for s in racers]

            def post(
                token: str,
                choice: Any,
                number: int = number,
                barrier: threading.Barrier = barrier,
                results: list[httpx.Response] = results,
            ) -> None:
                with httpx.Client(base_url=server.url, timeout=10) as own:
                    barrier.wait(timeout=10)
                    results.append(
                        own.post(
                            f"/api/games/{gid}/moves",
                            json={"move": number, "choice": choice},
                            headers=bearer(token),
                        )
                    )

            threads = [threading.Thread(target=post, args=job) for job in jobs]
            for t in threads:
                t.start()
            for t in threads:
                t.join(timeout=30)
            codes = sorted(r.status_code for r in results)
            assert codes == [200, 409], [r.text for r in results]
            conflict = next(r for r in results if r.status_code == 409)
            assert conflict.json()["move"] == number + 1
            assert http.get(f"/api/games/{gid}/state").json()["move"] == number + 1
            races += 1
    assert races == 25
    assert len(stored_moves(server.db)) == 25


def test_seat_tokens_stay_out_of_the_server_log(sqlite_db: str, tmp_path: Path) -> None:
    log = tmp_path / "info.log"
    srv = Server(sqlite_db, log=log, log_level="info").start()
    try:
        created = httpx.post(srv.url + "/api/games", json=board_game(3, humans_and_bots(3, 0)))
        gid, token = created.json()["id"], created.json()["seats"][0]["token"]
        with connect(f"{srv.ws_url}/api/games/{gid}/ws?token={token}", open_timeout=10) as ws:
            assert loads(ws.recv(timeout=10))["seat"] == 0
        httpx.get(f"{srv.url}/api/games/{gid}/state", headers=bearer(token))
    finally:
        srv.stop()
    text = log.read_text()
    assert "WebSocket" in text and "token=***" in text
    assert token not in text

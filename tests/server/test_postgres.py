"""PostgreSQL: the same server code, and several server processes on one database."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from tests.server.support import Server, bearer, board_game, humans_and_bots, loads, wait_for
from westeros.engine import Record, replay
from westeros.server import Settings, create_app
from westeros.server.storage import Repository, make_engine


@pytest.fixture
def two_servers(pg_url: str, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    one = Server(pg_url, bot_delay=0.0, log=tmp_path / "one.log")
    two = Server(pg_url, bot_delay=0.0, log=tmp_path / "two.log")
    try:
        one.start()
        two.start()
        yield one, two
    finally:
        one.stop()
        two.stop()


def test_api_on_postgres(pg_url: str) -> None:
    with TestClient(create_app(Settings(db=pg_url, bot_delay=0.0))) as c:
        created = c.post("/api/games", json=board_game(3, humans_and_bots(1, 2))).json()
        gid, token = created["id"], created["seats"][0]["token"]
        mine = c.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert mine["seat"] == 0 and mine["status"] == "playing"
        assert c.get(f"/api/games/{gid}/record").status_code == 403
    with TestClient(create_app(Settings(db=pg_url, bot_delay=0.0))) as c:  # restart
        again = c.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert again["move"] >= mine["move"] and again["status"] == "playing"


def test_a_move_posted_to_one_process_reaches_the_other_s_websocket(
    two_servers: tuple[Server, Server],
) -> None:
    one, two = two_servers
    created = httpx.post(one.url + "/api/games", json=board_game(3, humans_and_bots(3, 0)))
    gid = created.json()["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    with (
        connect(f"{two.ws_url}/api/games/{gid}/ws?token={tokens[1]}", open_timeout=10) as seat1,
        connect(f"{two.ws_url}/api/games/{gid}/ws", open_timeout=10) as watcher,
    ):
        assert loads(seat1.recv(timeout=10))["move"] == 0
        assert loads(watcher.recv(timeout=10))["move"] == 0
        for move, (server, seat) in enumerate([(one, 0), (two, 1), (one, 2)]):
            mine = httpx.get(
                f"{server.url}/api/games/{gid}/state", headers=bearer(tokens[seat])
            ).json()
            r = httpx.post(
                f"{server.url}/api/games/{gid}/moves",
                json={"move": move, "choice": mine["decisions"][0]["choices"][0]},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
            got = loads(seat1.recv(timeout=10))
            assert got["move"] == move + 1 and got["seat"] == 1
            assert loads(watcher.recv(timeout=10))["move"] == move + 1
    # both processes agree on the state
    states = [httpx.get(f"{s.url}/api/games/{gid}/state").json() for s in (one, two)]
    assert states[0] == states[1]


def test_racing_moves_on_two_processes_exactly_one_is_applied(
    two_servers: tuple[Server, Server],
) -> None:
    one, two = two_servers
    created = httpx.post(one.url + "/api/games", json=board_game(3, humans_and_bots(3, 0)))
    gid = created.json()["id"]
    tokens = [s["token"] for s in created.json()["seats"]]
    for number in range(10):
        mine = [
            httpx.get(f"{one.url}/api/games/{gid}/state", headers=bearer(t)).json() for t in tokens
        ]
        assert mine[0]["move"] == number
        deciding = [s for s in range(3) if mine[s]["decisions"]]
        assert deciding, mine
        seat = deciding[0]
        choice = mine[seat]["decisions"][0]["choices"][0]
        barrier = threading.Barrier(2)
        results: list[httpx.Response] = []

        def post(
            server: Server,
            barrier: threading.Barrier = barrier,
            results: list[httpx.Response] = results,
            seat: int = seat,
            choice: Any = choice,
            number: int = number,
        ) -> None:
            with httpx.Client(timeout=10) as http:
                barrier.wait(timeout=10)
                results.append(
                    http.post(
                        f"{server.url}/api/games/{gid}/moves",
                        json={"move": number, "choice": choice},
                        headers=bearer(tokens[seat]),
                    )
                )

        threads = [threading.Thread(target=post, args=(s,)) for s in (one, two)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(r.status_code for r in results) == [200, 409], [r.text for r in results]
    assert httpx.get(f"{two.url}/api/games/{gid}/state").json()["move"] == 10


def test_bots_on_one_process_watched_from_the_other(two_servers: tuple[Server, Server]) -> None:
    one, two = two_servers
    gid = httpx.post(one.url + "/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
    seen: list[dict[str, Any]] = []
    with connect(f"{two.ws_url}/api/games/{gid}/ws", open_timeout=10, max_size=None) as ws:
        while not seen or seen[-1]["status"] != "over":
            seen.append(loads(ws.recv(timeout=60)))
    moves = [m["move"] for m in seen]
    assert moves == list(range(moves[0], moves[0] + len(moves)))
    record = Record.from_json(httpx.get(f"{one.url}/api/games/{gid}/record").json())
    assert len(record.moves) == moves[-1]
    replay(record)


def test_when_the_process_driving_bots_dies_another_takes_over(
    two_servers: tuple[Server, Server],
) -> None:
    one, two = two_servers
    gid = httpx.post(one.url + "/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
    seen: list[dict[str, Any]] = []
    with connect(f"{two.ws_url}/api/games/{gid}/ws", open_timeout=10, max_size=None) as ws:
        while not seen or seen[-1]["move"] < 30:
            seen.append(loads(ws.recv(timeout=30)))
        one.kill()
        while seen[-1]["status"] != "over":
            seen.append(loads(ws.recv(timeout=60)))
    moves = [m["move"] for m in seen]
    assert moves == list(range(moves[0], moves[0] + len(moves)))
    record = Record.from_json(httpx.get(f"{two.url}/api/games/{gid}/record").json())
    replay(record)


def test_bots_resume_on_a_process_that_never_loaded_the_game(pg_url: str, tmp_path: Path) -> None:
    """Issue #18: with two processes, the bots of a game the surviving process had never
    loaded never moved. Its sweep now picks up every game whose bots stalled."""
    one = Server(pg_url, bot_delay=0.05, log=tmp_path / "one.log").start()
    two = Server(pg_url, bot_delay=0.05, log=tmp_path / "two.log").start()
    try:
        body = board_game(3, humans_and_bots(0, 3))
        gid = httpx.post(one.url + "/api/games", json=body).json()["id"]

        def moved(n: int) -> bool:
            return bool(httpx.get(f"{one.url}/api/games/{gid}/state").json()["move"] >= n)

        wait_for(lambda: moved(5), timeout=20)
        one.kill()  # nobody ever asked process two for this game
        repo = Repository(make_engine(pg_url))
        first = repo.move_count(gid)
        assert first is not None
        wait_for(
            lambda: (repo.move_count(gid) or 0) > first + 5,
            timeout=30,
            what="the surviving process to drive the bots",
        )
        repo.engine.dispose()
    finally:
        one.stop()
        two.stop()

"""What a hostile client or a bad day must not break: forged Host headers, streamed bodies,
binary websocket frames, names with control characters, a second process on one SQLite
file, a database outage."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.support import (
    GENEROUS,
    ROOT,
    Server,
    bearer,
    board_game,
    free_port,
    humans_and_bots,
    wait_for,
    westeros_command,
)
from westeros.server import Settings, create_app

HUMANS_3 = board_game(3, humans_and_bots(3, 0))


@pytest.fixture
def live(db_url: str, tmp_path: Path) -> Iterator[Server]:
    srv = Server(db_url, log=tmp_path / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()


# -- join links ----------------------------------------------------------------------------


def test_a_forged_host_header_does_not_change_the_join_links(db_url: str) -> None:
    settings = Settings(db=db_url, bot_delay=0.0, public_url="https://games.example.org/")
    with TestClient(create_app(settings)) as c:
        body = {**HUMANS_3, "seats": [{"type": "human"}, {"type": "human", "access": "open"}] * 1}
        body["seats"].append({"type": "human"})
        r = c.post("/api/games", json=body, headers={"Host": "evil.example"})
        assert r.status_code == 201, r.text
        created = r.json()
        for seat in created["seats"]:
            assert seat["link"].startswith(f"https://games.example.org/play/{created['id']}?")
            assert "evil" not in seat["link"]
        claim = c.post(
            f"/api/games/{created['id']}/seats/1/claim",
            json={"name": "Bran"},
            headers={"Host": "evil.example", "X-Forwarded-Host": "evil.example"},
        )
        assert claim.json()["link"].startswith("https://games.example.org/play/")


def test_serve_derives_the_join_links_from_its_host_and_port(live: Server) -> None:
    created = httpx.post(live.url + "/api/games", json=HUMANS_3, headers={"Host": "evil.example"})
    assert created.json()["seats"][0]["link"].startswith(f"{live.url}/play/")


# -- bodies --------------------------------------------------------------------------------


def test_a_chunked_body_over_the_limit_gets_413_from_a_real_server(live: Server) -> None:
    def body() -> Iterator[bytes]:
        yield b'{"kind": "boardgame", "config": {"x": "'
        for _ in range(10 * 16):  # 10 MiB in 64 KiB chunks, no Content-Length
            yield b"a" * 65536
        yield b'"}}'

    r = httpx.post(
        live.url + "/api/games",
        content=body(),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert "content-length" not in r.request.headers
    assert r.request.headers["transfer-encoding"] == "chunked"
    assert r.status_code == 413, r.text
    assert "over 65536 bytes" in r.json()["detail"]
    # the server is fine afterwards
    assert httpx.post(live.url + "/api/games", json=HUMANS_3).status_code == 201


def test_a_chunked_body_under_the_limit_is_accepted(live: Server) -> None:
    def body() -> Iterator[bytes]:
        text = httpx.Request("POST", "/", json=HUMANS_3).content
        for i in range(0, len(text), 7):
            yield text[i : i + 7]

    r = httpx.post(
        live.url + "/api/games",
        content=body(),
        headers={"Content-Type": "application/json"},
        timeout=30,
    )
    assert r.request.headers["transfer-encoding"] == "chunked"
    assert r.status_code == 201, r.text


def test_a_declared_body_over_the_limit_gets_413(client: TestClient) -> None:
    r = client.post(
        "/api/games", content=b"x" * 70000, headers={"Content-Type": "application/json"}
    )
    assert r.status_code == 413


# -- websocket frames ----------------------------------------------------------------------


@pytest.mark.parametrize("frame", [b"\x00\xff\xfe binary", "{not json", '{"move": 0}'])
def test_binary_or_malformed_frames_are_ignored(client: TestClient, frame: bytes | str) -> None:
    created = client.post("/api/games", json=HUMANS_3).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        assert ws.receive_json()["move"] == 0
        for _ in range(2):
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
        mine = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"move": 0, "choice": mine["decisions"][0]["choices"][0]},
            headers=bearer(tokens[0]),
        )
        assert r.status_code == 200, r.text
        assert ws.receive_json()["move"] == 1  # still open and still told


# -- names ---------------------------------------------------------------------------------

DIRTY = [
    ("Ann\x00", "Ann"),
    ("\x1b[31mRed\x1b[0m Viper", "Red Viper"),
    ("\x1b]0;title\x07Tyrion", "Tyrion"),
    ("Jon\u202eenos\u202c", "Jonenos"),
    ("\u2066Arya\u2069", "Arya"),
    ("Sa\u200bn\u200dsa\ufeff", "Sansa"),
    ("  Bran \t\n  the   Broken ", "Bran the Broken"),
    ("Hodor\u2028Hodor", "Hodor Hodor"),
    ("Ygritte\x9b1m", "Ygritte"),
    ("Brienne\u00ad", "Brienne"),
    ("Daenerys Stormborn", "Daenerys Stormborn"),
    ("Jaime\u0301", "Jaim\u00e9"),
]


@pytest.mark.parametrize(("raw", "clean"), DIRTY)
def test_names_are_cleaned_at_creation_and_claim(client: TestClient, raw: str, clean: str) -> None:
    seats: list[dict[str, Any]] = [
        {"type": "human", "name": raw},
        {"type": "human", "access": "open"},
        {"type": "bot", "bot": "random", "name": raw},
    ]
    created = client.post("/api/games", json=board_game(3, seats))
    assert created.status_code == 201, created.text
    assert created.json()["seats"][0]["name"] == clean
    gid = created.json()["id"]
    claim = client.post(f"/api/games/{gid}/seats/1/claim", json={"name": raw})
    assert claim.status_code == 200, claim.text
    assert claim.json()["name"] == clean
    lobby = client.get("/api/games").json()["games"][0]
    assert [p["name"] for p in lobby["players"]] == [clean, clean, clean]


@pytest.mark.parametrize("raw", ["\x00", "\x1b[0m", " \u202e\u200b ", "\t\n", "\u2066\u2069"])
def test_a_name_empty_once_cleaned_is_refused(client: TestClient, raw: str) -> None:
    created = client.post("/api/games", json=board_game(3, [{"type": "human", "name": raw}] * 3))
    assert created.status_code == 422
    assert "name" in created.json()["detail"] and "visible" in created.json()["detail"]
    gid = client.post("/api/games", json=HUMANS_3).json()["id"]
    claim = client.post(f"/api/games/{gid}/seats/0/claim", json={"name": raw})
    assert claim.status_code == 422
    assert "visible" in claim.json()["detail"]


# -- one process per SQLite file -----------------------------------------------------------


def serve_once(db: str, tmp_path: Path, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*westeros_command(), "serve", "--port", str(free_port()), "--db", db, *GENEROUS],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )


def test_a_second_process_on_one_sqlite_file_is_refused(db_url: str, tmp_path: Path) -> None:
    first = Server(db_url, log=tmp_path / "first.log").start()
    try:
        second = serve_once(db_url, tmp_path)
        assert second.returncode != 0
        said = second.stdout + second.stderr
        assert "another westeros server" in said and f"pid {first.proc.pid}" in said, said  # type: ignore[union-attr]
        assert "Traceback" not in said
        # the first is not disturbed
        assert httpx.post(first.url + "/api/games", json=HUMANS_3).status_code == 201
        first.kill()  # even a crash releases the lock
    finally:
        first.stop()
    again = Server(db_url, log=tmp_path / "again.log").start()
    again.stop()


# -- database outage -----------------------------------------------------------------------


def test_postgres_outage_gives_503_with_retry_after_then_recovers(tmp_path: Path) -> None:
    from tests.server.pg import MISSING, Cluster, bindir

    if bindir() is None:
        pytest.fail(MISSING)
    cluster = Cluster().start()
    try:
        url = cluster.create_database("outage")
        with TestClient(create_app(Settings(db=url, bot_delay=0.0))) as c:
            created = c.post("/api/games", json=HUMANS_3).json()
            gid, token = created["id"], created["seats"][0]["token"]
            mine = c.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
            move = {"move": 0, "choice": mine["decisions"][0]["choices"][0]}
            cluster.halt()
            posted = c.post(f"/api/games/{gid}/moves", json=move, headers=bearer(token))
            assert posted.status_code == 503 and "Retry-After" in posted.headers
            r = c.post("/api/games", json=HUMANS_3)
            assert r.status_code == 503, r.text
            assert int(r.headers["Retry-After"]) >= 1
            assert "database" in r.json()["detail"]
            lobby = c.get("/api/games")
            assert lobby.status_code == 503 and "Retry-After" in lobby.headers
            state = c.get(f"/api/games/{gid}/state")
            assert state.status_code == 503 and "Retry-After" in state.headers
            health = c.get("/healthz")
            assert health.status_code == 503 and "Retry-After" in health.headers
            cluster.resume()
            wait_for(
                lambda: c.post("/api/games", json=HUMANS_3).status_code == 201,
                timeout=30,
                interval=0.2,
                what="the server to use the database again",
            )
            assert c.get(f"/api/games/{gid}/state").status_code == 200
            assert c.get("/healthz").json() == {"status": "ok"}
            posted = c.post(f"/api/games/{gid}/moves", json=move, headers=bearer(token))
            assert posted.status_code == 200, posted.text
            assert posted.json()["move"] == 1
    finally:
        cluster.stop()

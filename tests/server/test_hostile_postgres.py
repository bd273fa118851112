"""Hostile input on PostgreSQL, which refuses what SQLite stores (NUL characters in text, whole
numbers over its column types): game ids, lobby parameters and line numbers a client makes
up are a 4xx naming the problem, never a 500."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import LIMITLESS
from tests.server.hostile import refused
from tests.server.support import bearer, board_game, humans_and_bots
from westeros.server import Settings, create_app


@pytest.fixture
def pg_hostile(pg_url: str) -> Iterator[TestClient]:
    app = create_app(Settings(db=pg_url, bot_delay=0.0, limits=LIMITLESS))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


def test_made_up_ids_and_parameters_on_postgres(pg_hostile: TestClient) -> None:
    c = pg_hostile
    created = c.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, token = created["id"], created["seats"][0]["token"]
    for bad in ("a%00b", "x" * 1000, "é"):
        for path in ("state", "replay", "record", "chat"):
            refused(c.get(f"/api/games/{bad}/{path}"), 404)
        with c.websocket_connect(f"/api/games/{bad}/ws") as ws:
            assert ws.receive_json()["status"] == 404
    refused(c.get("/api/games", params={"status": "a\x00b"}), 400, 422)
    refused(c.get("/api/games", params={"before": "2020-01-01T00:00:00~a\x00b"}), 400)
    refused(c.get(f"/api/games/{gid}/chat", params={"after": 2**31}), 422, naming="after")
    refused(c.post(f"/api/games/{gid}/seats/{2**40}/claim", json={"name": "Eve"}), 404)
    r = c.post(
        f"/api/games/{gid}/moves", json={"move": 2**40, "choice": "x"}, headers=bearer(token)
    )
    refused(r, 409)
    assert c.get(f"/api/games/{gid}/state").status_code == 200

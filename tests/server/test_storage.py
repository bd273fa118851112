"""Storage: migrations, rebuild on start-up with hash checks, broken games."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import inspect

from tests.server.support import bearer, board_game, humans_and_bots
from westeros.server import Settings, create_app
from westeros.server.migrations import upgrade
from westeros.server.storage import make_engine


def test_migrations_create_the_versioned_schema(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    upgrade(engine)  # idempotent: already at head
    tables = set(inspect(engine).get_table_names())
    assert {"games", "seats", "moves", "alembic_version"} <= tables
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0001"
    engine.dispose()


def play_some(client: TestClient, n: int) -> tuple[str, list[str]]:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    for move in range(n):
        for token in tokens:
            mine = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
            if mine["decisions"]:
                r = client.post(
                    f"/api/games/{gid}/moves",
                    json={"move": move, "choice": mine["decisions"][0]["choices"][0]},
                    headers=bearer(token),
                )
                assert r.status_code == 200, r.text
                break
    return gid, tokens


def test_restart_rebuilds_unfinished_games(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        gid, tokens = play_some(c, 6)
        before = c.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        after = c.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
    assert after == before
    assert after["move"] == 6 and after["status"] == "playing"


def test_a_hash_mismatch_marks_the_game_broken(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        gid, tokens = play_some(c, 4)
    with sqlite3.connect(db_url.removeprefix("sqlite:///")) as db:
        db.execute(
            "UPDATE moves SET state_hash = 'tampered' WHERE game_id = ? AND number = 2", (gid,)
        )
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        state = c.get(f"/api/games/{gid}/state").json()
        assert state["status"] == "broken"
        assert "move 2" in state["error"] and gid in state["error"]
        assert state["view"] is None
        r = c.post(
            f"/api/games/{gid}/moves", json={"move": 4, "choice": "x"}, headers=bearer(tokens[0])
        )
        assert r.status_code == 409 and "move 2" in r.json()["detail"]
        lobby = c.get("/api/games").json()["games"]
        assert lobby[0]["status"] == "broken" and lobby[0]["error"]
    # it stays broken: never replayed into a different game
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        assert c.get(f"/api/games/{gid}/state").json()["status"] == "broken"

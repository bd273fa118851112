"""Storage: migrations, rebuild on start-up with hash checks, broken games."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from tests.server.support import bearer, board_game, humans_and_bots, wait_for
from westeros.server import Settings, create_app
from westeros.server.migrations import upgrade
from westeros.server.storage import make_engine


def test_migrations_create_the_versioned_schema(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine)
    upgrade(engine)  # idempotent: already at head
    tables = set(inspect(engine).get_table_names())
    assert {"games", "seats", "moves", "notices", "chat", "alembic_version"} <= tables
    with engine.connect() as conn:
        assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() == "0003"
    engine.dispose()


def test_a_game_stored_before_seat_ownership_upgrades_and_plays_on(db_url: str) -> None:
    """Migration 0002 on a database of revision 0001: the stored game loads, its seats are
    invite seats held by their old tokens, and its bots are picked up at start-up."""
    engine = make_engine(db_url)
    upgrade(engine, "0001")
    engine.dispose()
    path = db_url.removeprefix("sqlite:///")
    from westeros.engine import new_game
    from westeros.server.storage import hash_token

    game = new_game("boardgame", {"players": 3}, 5)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO games VALUES (?, 'boardgame', ?, 5, 'playing', 0, ?, NULL, NULL, "
            "'2026-11-30 10:00:00+00:00', '2026-11-30 10:00:00+00:00')",
            ("old", '{"players": 3, "tides": false}', game.state_hash()),
        )
        db.execute(
            "INSERT INTO seats VALUES ('old', 0, 'human', NULL, 'Ann', ?, 0)",
            (hash_token("old-token"),),
        )
        for seat in (1, 2):
            db.execute(
                "INSERT INTO seats VALUES ('old', ?, 'bot', 'random', 'Bot', NULL, 0)", (seat,)
            )
    with TestClient(create_app(Settings(db=db_url, bot_delay=0))) as c:
        mine = c.get("/api/games/old/state", headers=bearer("old-token")).json()
        assert mine["seat"] == 0 and mine["players"][0]["access"] == "invite"
        assert mine["players"][0]["claimed"] is True
        claim = c.post("/api/games/old/seats/0/claim", json={"name": "x"})
        assert claim.status_code == 409
        # the bots' seats were due at start-up: they play until the person must decide
        wait_for(lambda: c.get("/api/games/old/state").json()["move"] > 0, timeout=20)


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


def test_a_group_commit_stores_the_good_moves_and_refuses_the_others(tmp_path: Path) -> None:
    from westeros.server.storage import Applied, MoveRequest, NewGame, NewSeat, Repository

    engine = make_engine(f"sqlite:///{tmp_path / 'g.sqlite3'}")
    upgrade(engine)
    repo = Repository(engine)
    for gid in ("a", "b"):
        repo.create_game(
            NewGame(gid, "boardgame", {"players": 3}, 1, "h0"),
            [NewSeat("bot", "random", "x", None)] * 3,
        )

    def ok(stored: int) -> Applied:
        return Applied(f"h{stored + 1}", "playing", None, True)

    def refuse(stored: int) -> Applied:
        raise ValueError(f"no move at {stored}")

    good, bad = MoveRequest("a", 0, "x", ok), MoveRequest("b", 1, "y", refuse)
    repo.append_moves([good, bad])
    assert good.result == 0
    assert isinstance(bad.result, ValueError) and "no move at 0" in str(bad.result)
    assert [m.state_hash for m in repo.moves("a")] == ["h1"]
    assert repo.moves("b") == []
    assert repo.move_count("a") == 1 and repo.move_count("b") == 0
    engine.dispose()


def test_a_database_is_a_url_or_a_sqlite_file_path(tmp_path: Path) -> None:
    """`--db` takes a SQLAlchemy URL or a plain file path (a SQLite file); anything else is
    a clear error, not a traceback."""
    from westeros.server.storage import database_url

    assert database_url("sqlite:///x.sqlite3") == "sqlite:///x.sqlite3"
    assert database_url(str(tmp_path / "g.sqlite3")) == f"sqlite:///{tmp_path / 'g.sqlite3'}"
    with pytest.raises(ValueError, match="--db takes a SQLAlchemy URL"):
        database_url("postgres ql://nope")

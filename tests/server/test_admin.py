"""`westeros admin` on SQLite and on PostgreSQL: list, show, abandon, export, revoke, backup,
purge — each checked through the database and through the API of a server started after."""

from __future__ import annotations

import json
import sqlite3
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from click.testing import Result
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from typer.testing import CliRunner

from tests.server.conftest import LIMITLESS
from tests.server.support import Server, bearer, board_game, humans_and_bots, play_moves, wait_for
from westeros.cli import app as cli
from westeros.engine import Record, replay
from westeros.server import Settings, create_app
from westeros.server.storage import GameRow, MoveRow, SeatRow, make_engine, now

HUMANS_3 = board_game(3, humans_and_bots(3, 0))


@pytest.fixture(params=["sqlite", "postgres"])
def any_db(request: pytest.FixtureRequest, db_url: str) -> str:
    if request.param == "sqlite":
        return db_url
    url: str = request.getfixturevalue("pg_url")
    return url


def admin(db: str, *args: str) -> Result:
    return CliRunner().invoke(cli, ["admin", *args, "--db", db], env={"COLUMNS": "200"})


def admin_json(db: str, *args: str) -> Any:
    result = admin(db, *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def server(db: str, bot_delay: float = 0.0) -> TestClient:
    return TestClient(create_app(Settings(db=db, bot_delay=bot_delay, limits=LIMITLESS)))


def create(c: TestClient, body: dict[str, Any] = HUMANS_3) -> tuple[str, list[str]]:
    r = c.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()["id"], [s["token"] for s in r.json()["seats"]]


def test_games_lists_and_filters(any_db: str) -> None:
    with server(any_db) as c:
        first, tokens = create(c)
        play_moves(c, first, tokens, 2)
        c.post(f"/api/games/{first}/seats/0/claim", json={"name": "Ann"}, headers=bearer(tokens[0]))
        open_seat = [{"type": "human", "access": "open"}, *humans_and_bots(0, 2)]
        second, _ = create(c, board_game(3, open_seat))
    table = admin(any_db, "games")
    assert table.exit_code == 0, table.output
    assert first in table.output and second in table.output
    assert "Ann" in table.output and "playing" in table.output
    assert "1 free · 2 bots (random)" in table.output
    listed = {g["id"]: g for g in admin_json(any_db, "games")}
    assert listed[first]["moves"] == 2 and listed[first]["kind"] == "boardgame"
    assert listed[first]["seats"][0]["name"] == "Ann"
    assert [s["type"] for s in listed[second]["seats"]] == ["human", "bot", "bot"]
    assert admin_json(any_db, "games", "--status", "over") == []
    assert admin(any_db, "abandon", first).exit_code == 0
    assert [g["id"] for g in admin_json(any_db, "games", "--status", "abandoned")] == [first]
    assert [g["id"] for g in admin_json(any_db, "games", "--status", "playing")] == [second]
    bad = admin(any_db, "games", "--status", "lost")
    assert bad.exit_code == 2 and "--status is one of" in bad.output


def test_show_a_game_and_its_seats(any_db: str) -> None:
    with server(any_db) as c:
        gid, tokens = create(c, board_game(3, humans_and_bots(2, 1)))
        c.post(f"/api/games/{gid}/seats/1/claim", json={"name": "Bran"}, headers=bearer(tokens[1]))
    shown = admin(any_db, "show", gid)
    assert shown.exit_code == 0, shown.output
    assert f"game {gid}" in shown.output and "Bran" in shown.output and "set" in shown.output
    data = admin_json(any_db, "show", gid)
    assert data["status"] == "playing" and data["config"]["players"] == 3
    assert [(s["claimed"], s["token"]) for s in data["seats"]] == [
        (True, True),  # invite seats are held by their links from the start
        (True, True),
        (False, False),
    ]
    missing = admin(any_db, "show", "nosuchgame")
    assert missing.exit_code == 1 and "no game 'nosuchgame'" in missing.output


def test_abandon_then_the_server_refuses_moves_and_claims(any_db: str) -> None:
    with server(any_db) as c:
        gid, tokens = create(c)
        bots, _ = create(c, board_game(3, humans_and_bots(0, 3)))
        wait_for(lambda: c.get(f"/api/games/{bots}/state").json()["move"] > 0)
    for game in (gid, bots):
        result = admin(any_db, "abandon", game)
        assert result.exit_code == 0, result.output
        assert f"game {game} abandoned" in result.output
    with server(any_db) as c:  # a fresh server loads the games from the database
        mine = c.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
        assert mine["status"] == "abandoned" and mine["decisions"] == []
        assert [n["kind"] for n in mine["notices"]] == ["abandoned"]
        r = c.post(
            f"/api/games/{gid}/moves",
            json={"move": 0, "choice": "x"},
            headers=bearer(tokens[0]),
        )
        assert r.status_code == 409 and "abandoned" in r.json()["detail"]
        claim = c.post(f"/api/games/{gid}/seats/1/claim", json={"name": "x"})
        assert claim.status_code == 409 and "abandoned" in claim.json()["detail"]
        lobby = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        assert lobby == {gid: "abandoned", bots: "abandoned"}
        stopped = c.get(f"/api/games/{bots}/state").json()["move"]
        time.sleep(0.5)
        assert c.get(f"/api/games/{bots}/state").json()["move"] == stopped  # its bots stay still
    again = admin(any_db, "abandon", gid)
    assert again.exit_code == 1 and "is abandoned" in again.output
    assert admin(any_db, "abandon", "nosuchgame").exit_code == 1


def test_export_an_unfinished_game_record(any_db: str, tmp_path: Path) -> None:
    with server(any_db) as c:
        gid, tokens = create(c)
        play_moves(c, gid, tokens, 3)
        hashes_seen = c.get(f"/api/games/{gid}/state").json()["move"]
    printed = admin(any_db, "export", gid)
    assert printed.exit_code == 0, printed.output
    record = Record.from_json(json.loads(printed.output))
    assert record.game == "boardgame" and len(record.moves) == hashes_seen == 3
    game = replay(record)  # every stored hash checked
    assert game.state_hash() == record.final_hash and not game.is_over
    out = tmp_path / "game.json"
    written = admin(any_db, "export", gid, "-o", str(out))
    assert written.exit_code == 0 and str(out) in written.output
    rerun = CliRunner().invoke(cli, ["replay", str(out)])
    assert rerun.exit_code == 0 and "replayed 3 moves" in rerun.output
    assert admin(any_db, "export", "nosuchgame").exit_code == 1


def test_revoke_a_seat_token(any_db: str) -> None:
    seats = [{"type": "human", "access": "open"}, *humans_and_bots(1, 1)]
    with server(any_db) as c:
        gid, links = create(c, board_game(3, seats))
        opened = c.post(f"/api/games/{gid}/seats/0/claim", json={"name": "Ann"}).json()["token"]
        tokens = [opened, links[1]]  # the open seat's claimed token, the invite seat's
    for seat in ("0", "1"):
        result = admin(any_db, "revoke", gid, seat)
        assert result.exit_code == 0, result.output
        assert "token revoked" in result.output
    with server(any_db) as c:
        for token in tokens:
            assert c.get(f"/api/games/{gid}/state", headers=bearer(token)).status_code == 401
        # the open seat is free to claim again; the invite seat waits for its owner to give it
        assert c.get("/api/games").json()["games"][0]["free_seats"] == [0]
        claim = c.post(f"/api/games/{gid}/seats/0/claim", json={"name": "New"})
        assert claim.status_code == 200
        assert c.post(f"/api/games/{gid}/seats/1/claim", json={"name": "x"}).status_code == 409
    bot = admin(any_db, "revoke", gid, "2")
    assert bot.exit_code == 1 and "no human seat 2" in bot.output
    assert admin(any_db, "revoke", gid, "7").exit_code == 1


def test_revoke_and_abandon_reach_a_running_sqlite_server(db_url: str) -> None:
    """Its sweep sees the operator's notices: the revoked token's websocket closes and its
    requests get 401; the abandoned game stops."""
    from starlette.websockets import WebSocketDisconnect

    with server(db_url) as c:
        gid, tokens = create(c)
        with c.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as ws:
            ws.receive_json()
            assert admin(db_url, "revoke", gid, "1").exit_code == 0
            with pytest.raises(WebSocketDisconnect):
                for _ in range(100):
                    ws.receive_json()
        assert c.get(f"/api/games/{gid}/state", headers=bearer(tokens[1])).status_code == 401
        assert admin(db_url, "abandon", gid).exit_code == 0
        wait_for(
            lambda: c.get(f"/api/games/{gid}/state").json()["status"] == "abandoned",
            timeout=10,
            what="the running server to stop the abandoned game",
        )
        r = c.post(
            f"/api/games/{gid}/moves", json={"move": 0, "choice": "x"}, headers=bearer(tokens[0])
        )
        assert r.status_code == 409


def test_revoke_reaches_a_running_postgres_server(pg_url: str) -> None:
    with server(pg_url) as c:
        gid, tokens = create(c)
        assert c.get(f"/api/games/{gid}/state", headers=bearer(tokens[1])).status_code == 200
        assert admin(pg_url, "revoke", gid, "1").exit_code == 0
        wait_for(
            lambda: c.get(f"/api/games/{gid}/state", headers=bearer(tokens[1])).status_code == 401,
            timeout=10,
            what="the running server to refuse the revoked token",
        )
        assert c.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).status_code == 200


def test_backup_of_sqlite_while_the_server_plays(db_url: str, tmp_path: Path) -> None:
    live = Server(db_url, bot_delay=0.0, log=tmp_path / "server.log").start()
    copy = tmp_path / "backup.sqlite3"
    try:
        body = board_game(4, humans_and_bots(0, 4))
        gid = httpx.post(live.url + "/api/games", json=body).json()["id"]
        wait_for(
            lambda: httpx.get(f"{live.url}/api/games/{gid}/state").json()["move"] >= 40,
            what="moves",
        )
        result = admin(db_url, "backup", str(copy))  # the bots are still moving
        assert result.exit_code == 0, result.output
        assert "integrity ok" in result.output
        exists = admin(db_url, "backup", str(copy))
        assert exists.exit_code == 1 and "exists" in exists.output
    finally:
        live.stop()
    with sqlite3.connect(copy) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        stored = db.execute("SELECT moves FROM games WHERE id = ?", (gid,)).fetchone()[0]
        assert db.execute("SELECT count(*) FROM moves").fetchone()[0] == stored >= 40
    with server(f"sqlite:///{copy}", bot_delay=60.0) as c:  # rebuilt, every hash checked
        state = c.get(f"/api/games/{gid}/state").json()
        assert state["error"] is None and state["move"] == stored
        assert state["status"] in ("playing", "over")


def test_backup_of_postgres_points_to_pg_dump(pg_url: str, tmp_path: Path) -> None:
    result = admin(pg_url, "backup", str(tmp_path / "x.sqlite3"))
    assert result.exit_code == 1 and "pg_dump" in result.output
    assert not (tmp_path / "x.sqlite3").exists()


def test_admin_refuses_a_missing_sqlite_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    result = admin(f"sqlite:///{missing}", "games")
    assert result.exit_code == 1 and "no database at" in result.output
    assert not missing.exists()


def set_status(db: str, gid: str, status: str, days_ago: float) -> None:
    engine = make_engine(db)
    with engine.begin() as conn:
        conn.execute(
            update(GameRow)
            .where(GameRow.id == gid)
            .values(status=status, updated_at=now() - timedelta(days=days_ago))
        )
    engine.dispose()


def rows(db: str, table: Any, ids: list[str]) -> int:
    engine = make_engine(db)
    with engine.connect() as conn:
        count = conn.scalar(select(func.count()).select_from(table).where(table.game_id.in_(ids)))
    engine.dispose()
    return int(count or 0)


def test_purge_removes_old_finished_games_with_their_seats_and_moves(any_db: str) -> None:
    with server(any_db) as c:
        games: dict[str, str] = {}
        for name in ("old_over", "old_abandoned", "old_broken", "old_playing", "new_over"):
            gid, tokens = create(c)
            play_moves(c, gid, tokens, 2)
            games[name] = gid
    for name, gid in games.items():
        status = name.split("_")[1]
        set_status(any_db, gid, status, 40 if name.startswith("old") else 0.1)
    old = [games["old_over"], games["old_abandoned"], games["old_broken"]]
    kept = [games["old_playing"], games["new_over"]]
    dry = admin(any_db, "purge", "--days", "30", "--dry-run")
    assert dry.exit_code == 0, dry.output
    assert all(gid in dry.output for gid in old) and not any(gid in dry.output for gid in kept)
    assert "would remove 3 games and 6 moves" in dry.output
    assert len(admin_json(any_db, "games")) == 5
    done = admin(any_db, "purge", "--days", "30")
    assert done.exit_code == 0, done.output
    assert all(gid in done.output for gid in old) and "removed 3 games and 6 moves" in done.output
    assert sorted(g["id"] for g in admin_json(any_db, "games")) == sorted(kept)
    assert rows(any_db, MoveRow, old) == 0 and rows(any_db, SeatRow, old) == 0
    assert rows(any_db, MoveRow, kept) == 4 and rows(any_db, SeatRow, kept) == 6
    assert "removed 0 games" in admin(any_db, "purge", "--days", "30").output

"""Table talk (docs/server.md, "Chat"): stored per game, cleaned and length-limited, rate
limited per seat, announced in every state message, read by players and spectators, written by
players only."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

from tests.server.conftest import LIMITLESS
from tests.server.support import bearer
from tests.server.test_api import create, state
from westeros.server import RateLimits, Settings, create_app
from westeros.server.migrations import upgrade
from westeros.server.storage import make_engine


def say(client: TestClient, gid: str, token: str | None, text: object) -> tuple[int, dict]:  # type: ignore[type-arg]
    headers = bearer(token) if token else {}
    r = client.post(f"/api/games/{gid}/chat", json={"text": text}, headers=headers)
    return r.status_code, r.json()


def test_players_talk_spectators_read(client: TestClient) -> None:
    created = create(client)
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    assert state(client, gid)["chat"] == 0
    code, line = say(client, gid, t0, "  Stark   and Lannister:\tpeace?  ")
    assert code == 201 and line["seat"] == 0 and line["text"] == "Stark and Lannister: peace?"
    code, second = say(client, gid, t1, "<b>never</b>")
    assert code == 201 and second["text"] == "<b>never</b>"  # kept as typed; the page escapes
    assert state(client, gid, t0)["chat"] == second["id"]  # every state message announces it
    lines = client.get(f"/api/games/{gid}/chat").json()["lines"]
    assert [(x["seat"], x["text"]) for x in lines] == [
        (0, "Stark and Lannister: peace?"),
        (1, "<b>never</b>"),
    ]
    after = client.get(f"/api/games/{gid}/chat", params={"after": line["id"]}).json()["lines"]
    assert [x["id"] for x in after] == [second["id"]]
    # spectators read, never write; a wrong token is no seat
    assert say(client, gid, None, "hi")[0] == 401
    assert say(client, gid, "A" * 22, "hi")[0] == 401
    assert say(client, gid, created["owner_token"], "hi")[0] == 403


def test_lines_are_cleaned_and_length_limited(client: TestClient) -> None:
    created = create(client)
    gid, t0 = created["id"], created["seats"][0]["token"]
    assert say(client, gid, t0, "x" * 501)[0] == 422
    assert say(client, gid, t0, "\u202e\u200b \x1b[31m")[0] == 422  # nothing visible
    assert say(client, gid, t0, 5)[0] == 422
    code, line = say(client, gid, t0, "red\x1b[31m alert\u202e")
    assert code == 201 and line["text"] == "red alert"
    assert say(client, gid, t0, "y" * 500)[0] == 201


@pytest.fixture
def tight(tmp_path: Path) -> Iterator[TestClient]:
    limits = RateLimits(*[LIMITLESS.games] * 4, chat="3/minute")
    db = f"sqlite:///{tmp_path / 'tight.sqlite3'}"
    with TestClient(create_app(Settings(db=db, bot_delay=0.0, limits=limits))) as c:
        yield c


def test_chat_is_rate_limited_per_seat(tight: TestClient) -> None:
    created = create(tight)
    gid, t0, t1 = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    assert [say(tight, gid, t0, f"line {i}")[0] for i in range(3)] == [201, 201, 201]
    r = tight.post(f"/api/games/{gid}/chat", json={"text": "more"}, headers=bearer(t0))
    assert r.status_code == 429 and int(r.headers["retry-after"]) >= 1
    assert say(tight, gid, t1, "my turn to talk")[0] == 201  # another seat: its own limit


def test_migration_0003_adds_the_chat_table(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}")
    upgrade(engine, "0002")
    assert "chat" not in inspect(engine).get_table_names()
    upgrade(engine)
    assert "chat" in inspect(engine).get_table_names()
    columns = {c["name"] for c in inspect(engine).get_columns("chat")}
    assert columns == {"id", "game_id", "seat", "name", "text", "created_at"}

"""Memory and start-up (issue #18): nothing is kept for a 404; finished and idle games leave
memory and come back on demand; start-up loads only the games that move on without a person."""

from __future__ import annotations

import secrets

from fastapi.testclient import TestClient

from tests.server.support import bearer, board_game, humans_and_bots, wait_for
from westeros.server import Settings, create_app
from westeros.server.hub import Hub


def hub_of(client: TestClient) -> Hub:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert isinstance(hub, Hub)
    return hub


def test_unknown_game_ids_leave_nothing_behind(client: TestClient) -> None:
    """Issue #18: 20,000 distinct unknown ids kept a lock each (+43 MB)."""
    hub = hub_of(client)
    for _ in range(300):
        gid = secrets.token_hex(8)
        assert client.get(f"/api/games/{gid}/state").status_code == 404
        assert client.post(f"/api/games/{gid}/seats/0/claim", json={"name": "x"}).status_code == 404
    assert len(hub.live) == 0 and hub.live._loading == {}


def test_idle_and_finished_games_leave_memory_and_come_back(db_url: str) -> None:
    settings = Settings(db=db_url, bot_delay=0.0, idle_seconds=0.0)
    with TestClient(create_app(settings)) as client:
        hub = hub_of(client)
        created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
        gid, token = created["id"], created["seats"][0]["token"]
        before = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert hub.live.peek(gid) is not None
        client.portal.call(hub.sweep)  # type: ignore[union-attr]
        assert hub.live.peek(gid) is None  # idle: let go
        again = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert again == before  # rebuilt from storage, hashes checked
        bots = client.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
        wait_for(lambda: client.get(f"/api/games/{bots}/state").json()["status"] == "over", 60)
        client.portal.call(hub.sweep)  # type: ignore[union-attr]
        assert hub.live.peek(bots) is None


def test_start_up_loads_only_games_that_move_on_without_a_person(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as client:
        people = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()["id"]
        mixed = client.post("/api/games", json=board_game(3, humans_and_bots(1, 2))).json()["id"]
        wait_for(lambda: client.get(f"/api/games/{mixed}/state").json()["waiting"] == [0])
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as client:
        hub = hub_of(client)
        assert hub.live.peek(people) is None and hub.live.peek(mixed) is None
        assert client.get(f"/api/games/{people}/state").json()["move"] == 0  # on demand


def test_bots_due_at_start_up_are_resumed(db_url: str) -> None:
    from westeros.server.storage import Repository, make_engine

    with TestClient(create_app(Settings(db=db_url, bot_delay=5.0))) as client:
        gid = client.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
    engine = make_engine(db_url)
    assert Repository(engine).needing_attention() == [gid]
    engine.dispose()
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as client:
        wait_for(lambda: client.get(f"/api/games/{gid}/state").json()["move"] > 5, timeout=20)

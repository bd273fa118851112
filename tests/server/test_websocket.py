"""The websocket: the current state on connect, then one state message per move."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.support import bearer, board_game, humans_and_bots


def test_connect_then_a_message_per_move_for_each_seat_and_spectator(client: TestClient) -> None:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[1]}") as ws1:
        first = ws1.receive_json()
        assert first["seat"] == 1 and first["move"] == 0 and first["decisions"]
        # the spectator connects once ws1 is joined (a socket joins after its accept)
        with client.websocket_connect(f"/api/games/{gid}/ws") as spectator:
            assert first["events"] and first["next"] == len(first["events"])
            watcher = spectator.receive_json()
            assert watcher["seat"] is None and watcher["decisions"] == []
            assert ws1.receive_json()["spectators"] == 1  # told that a spectator came
            state0 = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
            for move in range(3):
                seat = move  # planning: every seat decides; seat by seat here
                mine = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[seat])).json()
                choice = mine["decisions"][0]["choices"][0]
                r = client.post(
                    f"/api/games/{gid}/moves",
                    json={"move": move, "choice": choice},
                    headers=bearer(tokens[seat]),
                )
                assert r.status_code == 200, r.text
                got = ws1.receive_json()
                assert got["move"] == move + 1 and got["seat"] == 1
                assert got["view"] is not None
                seen = spectator.receive_json()
                assert seen["move"] == move + 1 and seen["seat"] is None
            assert state0["move"] == 0


def test_since_and_incremental_events(client: TestClient) -> None:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, token = created["id"], created["seats"][0]["token"]
    full = client.get(f"/api/games/{gid}/state").json()
    with client.websocket_connect(f"/api/games/{gid}/ws?since={full['next']}") as ws:
        msg = ws.receive_json()
        assert msg["events"] == [] and msg["next"] == full["next"]
        choice = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"move": 0, "choice": choice["decisions"][0]["choices"][0]},
            headers=bearer(token),
        )
        assert r.status_code == 200
        after = ws.receive_json()
        assert after["next"] >= msg["next"]
        again = client.get(f"/api/games/{gid}/state", params={"since": msg["next"]}).json()
        assert after["events"] == again["events"]


@pytest.mark.parametrize(
    ("path", "code"),
    [("/api/games/{gid}/ws?token=not-a-token", 4401), ("/api/games/nope/ws", 4404)],
)
def test_bad_token_or_game_closes_with_a_reason(client: TestClient, path: str, code: int) -> None:
    gid = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()["id"]
    with client.websocket_connect(path.format(gid=gid)) as ws:
        msg = ws.receive_json()
        assert msg["status"] == code - 4000 and msg["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code
    assert client.get("/api/games").status_code == 200

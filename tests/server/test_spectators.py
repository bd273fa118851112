"""Spectators (issue 23, item 4 and 5): the state message counts the websockets watching
without a seat, every connection is told when one comes or goes; a running game's replay so
far is the spectator's live view, never a seat's secrets."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from tests.server.support import bearer, board_game, humans_and_bots, play_moves


def test_the_count_of_spectators_goes_up_and_down(client: TestClient) -> None:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, token = created["id"], created["seats"][0]["token"]
    url = f"/api/games/{gid}/ws"
    with client.websocket_connect(f"{url}?token={token}") as seat:
        assert seat.receive_json()["spectators"] == 0
        with client.websocket_connect(url) as one:
            assert one.receive_json()["spectators"] == 1  # it counts itself
            assert seat.receive_json()["spectators"] == 1
            with client.websocket_connect(url) as two:
                assert two.receive_json()["spectators"] == 2
                assert seat.receive_json()["spectators"] == 2
                assert one.receive_json()["spectators"] == 2
            assert seat.receive_json()["spectators"] == 1
            assert one.receive_json()["spectators"] == 1
        assert seat.receive_json()["spectators"] == 0
        # a seat's connection is no spectator: nobody is told when it comes
        with client.websocket_connect(f"{url}?token={created['seats'][1]['token']}") as other:
            assert other.receive_json()["spectators"] == 0
        assert client.get(f"/api/games/{gid}/state").json()["spectators"] == 0


def face_down(view: dict[str, Any]) -> set[str]:
    """The areas whose order token the view shows."""
    return {area for area, order in view["orders"].items() if order["token"]}


def test_a_running_games_replay_so_far_is_the_spectators_view(client: TestClient) -> None:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    url = f"/api/games/{gid}/replay"
    start = client.get(url).json()
    assert start["status"] == "playing" and start["moves"] == 0
    assert start["view"] == client.get(f"/api/games/{gid}/state").json()["view"]
    play_moves(client, gid, tokens, 2)  # seat 0 places two orders, hidden (R1.14.1)
    live = client.get(f"/api/games/{gid}/state").json()
    # the kept position (move 0) is not served again: the record grew, it is replayed anew
    now = client.get(url, params={"move": 99, "since": start["next"]}).json()
    assert now["move"] == now["moves"] == live["move"] == 2
    assert now["view"] == live["view"]
    assert [e["text"] for e in start["events"] + now["events"]] == [
        e["text"] for e in live["events"]
    ]
    # the orders seat 0 placed face down are in its own view, not in the replay (asked with
    # seat 0's token or without)
    mine = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()["view"]
    assert len(face_down(mine)) == 2 and not face_down(now["view"])
    with_token = client.get(url, params={"move": 2}, headers=bearer(tokens[0])).json()
    assert with_token["view"] == live["view"]
    back = client.get(url, params={"move": 1}).json()
    assert back["move"] == 1 and not face_down(back["view"])

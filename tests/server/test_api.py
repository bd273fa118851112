"""The HTTP API: games, lobby, seats, state, moves, records, and bad input."""

from __future__ import annotations

import base64
import sqlite3
from typing import Any

from fastapi.testclient import TestClient

from tests.server.support import bearer, board_game, humans_and_bots, wait_for
from westeros.engine import Record, replay

HUMANS_3 = board_game(3, humans_and_bots(3, 0))


def create(client: TestClient, body: dict[str, Any] = HUMANS_3) -> dict[str, Any]:
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def state(client: TestClient, gid: str, token: str | None = None, since: int = 0) -> Any:
    headers = bearer(token) if token else {}
    r = client.get(f"/api/games/{gid}/state", params={"since": since}, headers=headers)
    assert r.status_code == 200, r.text
    return r.json()


def test_create_returns_a_token_and_link_per_human_seat(client: TestClient) -> None:
    body = board_game(4, [*humans_and_bots(2, 2)], tides=True)
    created = create(client, body)
    assert created["kind"] == "boardgame"
    assert created["config"]["players"] == 4 and created["config"]["tides"] is True
    assert [s["seat"] for s in created["seats"]] == [0, 1]
    tokens = [s["token"] for s in created["seats"]]
    assert len(set(tokens)) == 2
    for seat in created["seats"]:
        assert len(base64.urlsafe_b64decode(seat["token"] + "==")) == 16  # 128 bits
        assert created["id"] in seat["link"] and seat["token"] in seat["link"]


def test_tokens_are_stored_hashed_only(client: TestClient, db_url: str) -> None:
    created = create(client)
    path = db_url.removeprefix("sqlite:///")
    with sqlite3.connect(path) as db:
        dump = "\n".join(db.iterdump())
    for seat in created["seats"]:
        assert seat["token"] not in dump
    assert str(created["id"]) in dump


def open_seats(n: int) -> list[dict[str, Any]]:
    return [{"type": "human", "access": "open"} for _ in range(n)]


def test_lobby_lists_games_status_players_and_free_seats(client: TestClient) -> None:
    invited = create(client, board_game(3, humans_and_bots(1, 2)))
    created = create(client, board_game(3, [*open_seats(1), *humans_and_bots(0, 2)]))
    lobby = client.get("/api/games").json()["games"]
    (game,) = [g for g in lobby if g["id"] == created["id"]]
    assert game["status"] == "playing"
    assert [p["type"] for p in game["players"]] == ["human", "bot", "bot"]
    assert game["free_seats"] == [0] and game["players"][0]["access"] == "open"
    assert "seed" not in game and "seed" not in game["config"]
    # an invite seat is held by its join link: never free in the lobby
    (other,) = [g for g in lobby if g["id"] == invited["id"]]
    assert other["free_seats"] == [] and other["players"][0]["claimed"] is True


def test_claim_a_free_open_seat_then_it_is_taken(client: TestClient) -> None:
    created = create(client, board_game(3, [{"type": "human"}, *open_seats(2)]))
    gid = created["id"]
    assert [s["token"] is None for s in created["seats"]] == [False, True, True]
    r = client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "Bran"})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    assert state(client, gid, token)["seat"] == 1
    again = client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "Arya"})
    assert again.status_code == 409
    lobby = client.get("/api/games").json()["games"][0]
    assert lobby["free_seats"] == [2]
    assert lobby["players"][1]["name"] == "Bran"
    # a seat's own token may rename it
    own = client.post(
        f"/api/games/{gid}/seats/0/claim",
        json={"name": "Ned"},
        headers=bearer(created["seats"][0]["token"]),
    )
    assert own.status_code == 200 and own.json()["token"] == created["seats"][0]["token"]


def test_claim_errors(client: TestClient) -> None:
    gid = create(client, board_game(3, humans_and_bots(1, 2)))["id"]
    assert client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "x"}).status_code == 409
    invite = client.post(f"/api/games/{gid}/seats/0/claim", json={"name": "x"})
    assert invite.status_code == 409 and "invitation" in invite.json()["detail"]
    assert client.post(f"/api/games/{gid}/seats/9/claim", json={"name": "x"}).status_code == 404
    assert client.post("/api/games/nope/seats/0/claim", json={"name": "x"}).status_code == 404
    assert client.post(f"/api/games/{gid}/seats/0/claim", json={"name": ""}).status_code == 422


def test_state_of_a_seat_and_of_a_spectator(client: TestClient) -> None:
    created = create(client)
    gid, token = created["id"], created["seats"][0]["token"]
    mine = state(client, gid, token)
    assert mine["game"] == gid and mine["seat"] == 0 and mine["move"] == 0
    assert mine["status"] == "playing" and mine["outcome"] is None
    assert mine["decisions"] and all(d["seat"] == 0 for d in mine["decisions"])
    assert {"kind", "prompt", "choices"} <= set(mine["decisions"][0])
    assert mine["events"] and all("text" in e and "kind" in e for e in mine["events"])
    assert mine["next"] == len(mine["events"])
    assert state(client, gid, token, since=mine["next"])["events"] == []
    spectator = state(client, gid)
    assert spectator["seat"] is None and spectator["decisions"] == []
    assert spectator["waiting"] == [0, 1, 2]


def test_a_move_is_applied_and_numbered(client: TestClient) -> None:
    created = create(client)
    gid, token = created["id"], created["seats"][0]["token"]
    before = state(client, gid, token)
    choice = before["decisions"][0]["choices"][0]
    r = client.post(
        f"/api/games/{gid}/moves", json={"move": 0, "choice": choice}, headers=bearer(token)
    )
    assert r.status_code == 200, r.text
    assert r.json()["move"] == 1 and r.json()["seat"] == 0
    assert state(client, gid)["move"] == 1
    # the same number again is stale: 409 with the current number
    again = client.post(
        f"/api/games/{gid}/moves", json={"move": 0, "choice": choice}, headers=bearer(token)
    )
    assert again.status_code == 409 and again.json()["move"] == 1


def test_move_errors(client: TestClient) -> None:
    created = create(client)
    gid = created["id"]
    t0 = created["seats"][0]["token"]
    url = f"/api/games/{gid}/moves"
    # illegal choice: 400 with the engine's message, nothing applied
    r = client.post(url, json={"move": 0, "choice": "no-such-choice"}, headers=bearer(t0))
    assert r.status_code == 400 and "no-such-choice" in r.json()["detail"]
    assert state(client, gid)["move"] == 0
    # no token / bad token: 401
    assert client.post(url, json={"move": 0, "choice": "x"}).status_code == 401
    r = client.post(url, json={"move": 0, "choice": "x"}, headers=bearer("A" * 22))
    assert r.status_code == 401
    r = client.post(url, json={"move": 0, "choice": "x"}, headers={"Authorization": "Basic x"})
    assert r.status_code == 401
    # a bool or float choice, a missing move number, extra keys: 422
    for body in (
        {"move": 0, "choice": True},
        {"move": 0, "choice": 1.5},
        {"choice": "x"},
        {"move": 0, "choice": "x", "seat": 1},
        {"move": "0", "choice": "x"},
    ):
        assert client.post(url, json=body, headers=bearer(t0)).status_code == 422, body
    assert (
        client.post(
            "/api/games/nope/moves", json={"move": 0, "choice": "x"}, headers=bearer(t0)
        ).status_code
        == 404
    )


def test_a_seat_without_that_decision_is_forbidden(client: TestClient) -> None:
    created = create(client, board_game(3, humans_and_bots(2, 1)))
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    # play until one human seat has a decision and the other has none
    for _ in range(2000):
        s = state(client, gid)
        assert s["status"] == "playing"
        waiting = set(s["waiting"])
        if waiting and waiting <= {0, 1} and len(waiting) == 1:
            idle = ({0, 1} - waiting).pop()
            r = client.post(
                f"/api/games/{gid}/moves",
                json={"move": s["move"], "choice": "x"},
                headers=bearer(tokens[idle]),
            )
            assert r.status_code == 403, r.text
            return
        for seat in waiting & {0, 1}:
            mine = state(client, gid, tokens[seat])
            if mine["decisions"]:
                client.post(
                    f"/api/games/{gid}/moves",
                    json={"move": mine["move"], "choice": mine["decisions"][0]["choices"][0]},
                    headers=bearer(tokens[seat]),
                )
    raise AssertionError("never found a position with exactly one human to move")


def test_bad_input_gives_clear_4xx_and_the_server_keeps_running(client: TestClient) -> None:
    cases = [
        (
            client.post(
                "/api/games", content=b"{not json", headers={"content-type": "application/json"}
            ),
            422,
        ),
        (client.post("/api/games", json={"kind": "chess", "players": 3}), 400),
        (client.post("/api/games", json={"kind": "boardgame", "players": 9}), 400),
        (client.post("/api/games", json={"kind": "boardgame", "players": "three"}), 422),
        (
            client.post(
                "/api/games", json=board_game(3, [{"type": "bot", "bot": "deep-blue"}] * 3)
            ),
            400,
        ),
        (client.post("/api/games", json=board_game(3, humans_and_bots(2, 0))), 400),
        (client.post("/api/games", json=board_game(3, [{"type": "robot"}] * 3)), 422),
        (client.post("/api/games", json=[1, 2]), 422),
        (client.get("/api/games/nope/state"), 404),
        (client.get("/api/games/nope/record"), 404),
        (client.get("/api/nothing-here"), 404),
    ]
    for response, status in cases:
        assert response.status_code == status, response.text
        detail = response.json()["detail"]
        assert isinstance(detail, str) and detail
        assert "Traceback" not in response.text
    assert "deep-blue" in cases[4][0].json()["detail"]
    assert "chess" in cases[1][0].json()["detail"]
    big = b'{"kind": "boardgame", "pad": "' + b"x" * 100_000 + b'"}'
    r = client.post("/api/games", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games").status_code == 200


def test_internal_errors_show_no_stack_trace(client: TestClient, monkeypatch: Any) -> None:
    from westeros.server.hub import Hub

    def boom(*_args: Any) -> Any:
        raise RuntimeError("secret internals")

    monkeypatch.setattr(Hub, "lobby", boom)
    with TestClient(client.app, raise_server_exceptions=False) as c:
        r = c.get("/api/games")
    assert r.status_code == 500
    assert r.json() == {"detail": "internal server error"}


def test_openapi_docs(client: TestClient) -> None:
    assert client.get("/docs").status_code == 200
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/games",
        "/api/games/{game_id}/state",
        "/api/games/{game_id}/moves",
        "/api/games/{game_id}/record",
        "/api/games/{game_id}/seats/{seat}/claim",
    ):
        assert path in paths


def test_record_only_once_the_game_is_over(client: TestClient) -> None:
    created = create(client, board_game(3, humans_and_bots(0, 3)))
    gid = created["id"]
    assert created["seats"] == []
    done = wait_for(lambda: state(client, gid)["status"] == "over", timeout=60, what="game over")
    assert done
    final = state(client, gid)
    assert final["outcome"] is not None and final["outcome"]["winner"] is not None
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    record = Record.from_json(r.json())
    assert len(record.moves) == final["move"]
    game = replay(record)  # every stored hash checked
    assert game.is_over and game.outcome() is not None


def test_record_refused_while_playing(client: TestClient) -> None:
    gid = create(client)["id"]
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 403
    assert "seed" not in r.text

"""Seats no one can steal (issue #18): every way of taking a held seat is refused and changes
nothing; releasing, giving and rotating close the old token's websockets; the owner's powers;
private games."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.support import bearer, board_game, humans_and_bots, wait_for

OPEN = {"type": "human", "access": "open"}
INVITE = {"type": "human", "access": "invite"}
CREATOR = {"type": "human", "creator": True, "name": "Ann"}


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/games", json={**board_game(len(seats), seats), **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def seat_rows(client: TestClient, gid: str) -> list[dict[str, Any]]:
    players: list[dict[str, Any]] = client.get(f"/api/games/{gid}/state").json()["players"]
    return players


def test_creating_a_game_claims_the_creators_seat_and_hands_out_an_owner_token(
    client: TestClient,
) -> None:
    created = create(client, [CREATOR, INVITE, OPEN])
    creator, invite, open_ = created["seats"]
    assert creator["creator"] is True and creator["token"] and invite["token"]
    assert open_["token"] is None and "#token" not in open_["link"]
    assert created["owner_token"] not in {creator["token"], invite["token"]}
    rows = seat_rows(client, created["id"])
    assert [r["claimed"] for r in rows] == [True, True, False]
    assert client.get("/api/games").json()["games"][0]["free_seats"] == [2]


def test_a_held_seat_cannot_be_claimed_in_any_way(client: TestClient) -> None:
    """The hole of issue #18: a claim without Authorization took seat 0 mid-game."""
    created = create(client, [CREATOR, INVITE, OPEN])
    gid = created["id"]
    ann, bob = created["seats"][0]["token"], created["seats"][1]["token"]
    taken = client.post(f"/api/games/{gid}/seats/2/claim", json={"name": "Cat"})
    cat = taken.json()["token"]
    before = seat_rows(client, gid)
    attempts = [
        client.post(f"/api/games/{gid}/seats/0/claim", json={"name": "x"}),  # creator's
        client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "x"}),  # invite
        client.post(f"/api/games/{gid}/seats/2/claim", json={"name": "x"}),  # claimed open
        client.post(f"/api/games/{gid}/seats/0/claim", json={"name": "x"}, headers=bearer(bob)),
        client.post(f"/api/games/{gid}/seats/2/claim", json={"name": "x"}, headers=bearer(ann)),
        client.post(
            f"/api/games/{gid}/seats/0/claim",
            json={"name": "x"},
            headers=bearer(created["owner_token"]),
        ),
        client.post(f"/api/games/{gid}/seats/1/release"),
        client.post(f"/api/games/{gid}/seats/1/release", headers=bearer(ann)),
        client.post(f"/api/games/{gid}/seats/0/give", json={}, headers=bearer(ann)),
        client.post(f"/api/games/{gid}/seats/0/rotate", headers=bearer(bob)),
        client.post(f"/api/games/{gid}/seats/0/kick", headers=bearer(cat)),
        client.post(f"/api/games/{gid}/seats/1/away", headers=bearer(ann)),
        client.post(f"/api/games/{gid}/abandon", headers=bearer(ann)),
        client.post(f"/api/games/{gid}/abandon"),
    ]
    for r in attempts:
        assert r.status_code in (401, 403, 409), (r.request.url, r.status_code, r.text)
    assert seat_rows(client, gid) == before
    for token, seat in ((ann, 0), (bob, 1), (cat, 2)):  # every holder still holds
        r = client.get(f"/api/games/{gid}/state", headers=bearer(token))
        assert r.status_code == 200 and r.json()["seat"] == seat


def test_of_two_claims_of_an_open_seat_one_wins(client: TestClient) -> None:
    gid = create(client, [CREATOR, OPEN, OPEN])["id"]
    results = [client.post(f"/api/games/{gid}/seats/1/claim", json={"name": n}) for n in ("A", "B")]
    assert sorted(r.status_code for r in results) == [200, 409]


def test_releasing_frees_an_open_seat_and_closes_the_holders_websocket(
    client: TestClient,
) -> None:
    created = create(client, [CREATOR, OPEN, *humans_and_bots(0, 1)])
    gid = created["id"]
    token = client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "Bran"}).json()["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
        assert ws.receive_json()["seat"] == 1
        r = client.post(f"/api/games/{gid}/seats/1/release", headers=bearer(token))
        assert r.status_code == 204
        with pytest.raises(WebSocketDisconnect):
            for _ in range(50):
                ws.receive_json()  # state messages until the close
    assert client.get(f"/api/games/{gid}/state", headers=bearer(token)).status_code == 401
    assert client.get("/api/games").json()["games"][0]["free_seats"] == [1]
    again = client.post(f"/api/games/{gid}/seats/1/claim", json={"name": "Arya"})
    assert again.status_code == 200


def test_the_owner_gives_a_seat_to_someone_else(client: TestClient) -> None:
    created = create(client, [CREATOR, INVITE, *humans_and_bots(0, 1)])
    gid, owner = created["id"], created["owner_token"]
    old = created["seats"][1]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={old}") as ws:
        ws.receive_json()
        r = client.post(
            f"/api/games/{gid}/seats/1/give", json={"name": "Sam"}, headers=bearer(owner)
        )
        assert r.status_code == 200, r.text
        new = r.json()["token"]
        assert new != old and new in r.json()["link"] and r.json()["name"] == "Sam"
        with pytest.raises(WebSocketDisconnect):
            for _ in range(50):
                ws.receive_json()
    assert client.get(f"/api/games/{gid}/state", headers=bearer(old)).status_code == 401
    assert client.get(f"/api/games/{gid}/state", headers=bearer(new)).json()["seat"] == 1


def test_rotating_a_token_closes_its_websockets(client: TestClient) -> None:
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, old = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={old}") as ws:
        ws.receive_json()
        new = client.post(f"/api/games/{gid}/seats/0/rotate", headers=bearer(old)).json()["token"]
        with pytest.raises(WebSocketDisconnect):
            for _ in range(50):
                ws.receive_json()
    assert client.get(f"/api/games/{gid}/state", headers=bearer(old)).status_code == 401
    assert client.get(f"/api/games/{gid}/state", headers=bearer(new)).json()["seat"] == 0


def test_the_owner_kicks_a_seat_to_a_bot_and_the_game_goes_on(client: TestClient) -> None:
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, owner = created["id"], created["owner_token"]
    for seat in (1, 2):
        assert (
            client.post(f"/api/games/{gid}/seats/{seat}/kick", headers=bearer(owner)).status_code
            == 204
        )
    state = client.get(f"/api/games/{gid}/state").json()
    assert [p["away"] for p in state["players"]] == [False, True, True]
    assert {n["kind"] for n in state["notices"]} == {"kicked"}
    kicked = created["seats"][1]["token"]
    assert client.get(f"/api/games/{gid}/state", headers=bearer(kicked)).status_code == 401
    # the stand-in bots play seats 1 and 2: only seat 0 is ever waited for
    wait_for(lambda: client.get(f"/api/games/{gid}/state").json()["waiting"] == [0], timeout=20)


def test_away_and_back(client: TestClient) -> None:
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, ann = created["id"], created["seats"][0]["token"]
    assert client.post(f"/api/games/{gid}/seats/0/away", headers=bearer(ann)).status_code == 204
    wait_for(lambda: 0 not in client.get(f"/api/games/{gid}/state").json()["waiting"], timeout=20)
    mine = client.get(f"/api/games/{gid}/state", headers=bearer(ann)).json()
    assert mine["players"][0]["away"] is True
    r = client.post(
        f"/api/games/{gid}/moves", json={"move": mine["move"], "choice": "x"}, headers=bearer(ann)
    )
    assert r.status_code == 409 and "away" in r.json()["detail"]
    assert client.post(f"/api/games/{gid}/seats/0/back", headers=bearer(ann)).status_code == 204
    state = client.get(f"/api/games/{gid}/state", headers=bearer(ann)).json()
    assert state["players"][0]["away"] is False
    assert [n["kind"] for n in state["notices"]] == ["away", "back"]


def test_the_owner_abandons_the_game(client: TestClient) -> None:
    created = create(client, [CREATOR, INVITE, *humans_and_bots(0, 1)])
    gid, owner, ann = created["id"], created["owner_token"], created["seats"][0]["token"]
    assert client.post(f"/api/games/{gid}/abandon", headers=bearer(owner)).status_code == 204
    state = client.get(f"/api/games/{gid}/state", headers=bearer(ann)).json()
    assert state["status"] == "abandoned" and state["decisions"] == [] and state["waiting"] == []
    r = client.post(
        f"/api/games/{gid}/moves", json={"move": state["move"], "choice": "x"}, headers=bearer(ann)
    )
    assert r.status_code == 409
    assert client.post(f"/api/games/{gid}/abandon", headers=bearer(owner)).status_code == 409


def test_a_private_game_is_not_listed(client: TestClient) -> None:
    private = create(client, [CREATOR, OPEN, OPEN], private=True)
    public = create(client, [CREATOR, OPEN, OPEN])
    listed = {g["id"] for g in client.get("/api/games").json()["games"]}
    assert public["id"] in listed and private["id"] not in listed
    # its link still works
    token = private["seats"][0]["token"]
    assert client.get(f"/api/games/{private['id']}/state", headers=bearer(token)).status_code == 200


def test_the_lobby_pages_through_every_game(client: TestClient) -> None:
    ids = {create(client, [CREATOR, OPEN, OPEN])["id"] for _ in range(7)}
    seen: list[str] = []
    cursor = None
    for _ in range(10):
        params: dict[str, Any] = {"limit": 3}
        if cursor:
            params["before"] = cursor
        page = client.get("/api/games", params=params).json()
        seen += [g["id"] for g in page["games"]]
        cursor = page["next"]
        if cursor is None:
            break
    assert len(seen) == len(set(seen)) == 7 and set(seen) == ids
    assert client.get("/api/games", params={"before": "nonsense"}).status_code == 400
    assert client.get("/api/games", params={"limit": 500}).status_code == 422


def test_a_token_rotated_while_its_websocket_opens_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seats no one can steal: the token is checked when the socket is accepted, and the seat's
    token may change before the connection joins the game (a rotate, a give, a release between
    the two awaits). Such a connection must be refused, not left live on the old token with the
    seat's private view (the CI flake of test_cards_joust's #revoked was this race)."""
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, old = created["id"], created["seats"][0]["token"]
    fresh = _on_next_check(client, monkeypatch, old, lambda hub, g: hub.rotate(g, 0, old))
    with client.websocket_connect(f"/api/games/{gid}/ws?token={old}") as ws:
        first = ws.receive_json()
        assert first.get("status") == 401 and first["error"], first  # not the seat's view
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4401
    assert (
        fresh
        and client.get(f"/api/games/{gid}/state", headers=bearer(fresh[0])).json()["seat"] == 0
    )


def _on_next_check(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    token: str,
    change: Callable[[Any, str], Awaitable[str]],
) -> list[str]:
    """``change(hub, game_id)`` (a rotate, a give …) runs right after ``token`` is next
    checked: between the route's check and the hub taking the game's lock. The list gets the
    new token it returns."""
    hub = client.app.state.hub  # type: ignore[attr-defined]
    authenticate = hub.authenticate
    fresh: list[str] = []

    async def change_between(game_id: str, asked: str | None) -> int | None:
        seat = await authenticate(game_id, asked)
        if asked == token and not fresh:
            fresh.append(await change(hub, game_id))
        return seat

    monkeypatch.setattr(hub, "authenticate", change_between)
    return fresh


def _give_away_on_next_check(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, created: dict[str, Any]
) -> list[str]:
    """The owner gives seat 0 to someone else right after its holder's token is next
    checked."""
    old, owner = created["seats"][0]["token"], created["owner_token"]
    return _on_next_check(client, monkeypatch, old, lambda hub, g: hub.give(g, 0, owner, "Zed"))


def test_a_move_whose_token_was_given_away_meanwhile_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move in flight when its token stops being the seat's (the owner gave the seat to
    someone else, or its holder made a new link) is the old holder's no more: 401, and the
    move is not made (the same race as the websocket's above)."""
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, old = created["id"], created["seats"][0]["token"]
    mine = client.get(f"/api/games/{gid}/state", headers=bearer(old)).json()
    fresh = _give_away_on_next_check(client, monkeypatch, created)
    body = {"move": mine["move"], "choice": mine["decisions"][0]["choices"][0]}
    r = client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(old))
    assert fresh, "the seat was given while the move was on its way"
    assert r.status_code == 401, r.text
    assert client.get(f"/api/games/{gid}/state").json()["move"] == mine["move"]


@pytest.mark.parametrize("asked", ["chat", "state"])
def test_a_chat_line_or_state_asked_with_a_token_given_away_meanwhile_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, asked: str
) -> None:
    """The same for table talk (no line in the name of the seat's new holder) and for the
    seat's state (its private view is the new holder's now)."""
    created = create(client, [CREATOR, INVITE, INVITE])
    gid, old = created["id"], created["seats"][0]["token"]
    fresh = _give_away_on_next_check(client, monkeypatch, created)
    if asked == "chat":
        r = client.post(f"/api/games/{gid}/chat", json={"text": "mine?"}, headers=bearer(old))
    else:
        r = client.get(f"/api/games/{gid}/state", headers=bearer(old))
    assert fresh and r.status_code == 401, r.text[:200]
    assert client.get(f"/api/games/{gid}/chat").json()["lines"] == []

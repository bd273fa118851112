"""Hostile input against a running game (docs/server.md): moves, seat actions and chat without
a token, with a garbage token, the owner's or another seat's or another game's; bodies and
parameters of the wrong type or size; a spectator's websocket sending moves; the replay of a
running game asked with any token. Each is a 4xx (or a websocket error message) whose detail
names the problem, never a 500; the game is not crashed and nothing in it changes."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.server.hostile import refused
from tests.server.support import bearer, board_game, humans_and_bots
from westeros.boardgame.public import tables as T
from westeros.server.app import CHOICE_PROBLEM

Game = tuple[str, list[str], str]  # id, the seats' tokens, the owner's token

SEATS_SEEN = ("move", "status", "view", "decisions", "events", "next", "waiting", "notices")


def new_game(client: TestClient, **config: Any) -> Game:
    body = {**board_game(3, humans_and_bots(3, 0)), "config": config}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    return created["id"], [s["token"] for s in created["seats"]], created["owner_token"]


def seen(client: TestClient, game: Game) -> list[dict[str, Any]]:
    """What every seat and a spectator see of the game, and its chat."""
    gid, tokens, _ = game
    out = []
    for token in (*tokens, None):
        r = client.get(f"/api/games/{gid}/state", headers=bearer(token) if token else {})
        assert r.status_code == 200, r.text
        out.append({k: r.json()[k] for k in SEATS_SEEN})
    out.append(client.get(f"/api/games/{gid}/chat").json())
    return out


def legal(client: TestClient, game: Game, seat: int) -> tuple[int, str]:
    """The move number and a legal choice of ``seat``."""
    gid, tokens, _ = game
    mine = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[seat])).json()
    return mine["move"], mine["decisions"][0]["choices"][0]


def move(client: TestClient, game: Game, body: Any, headers: dict[str, str]) -> Any:
    return client.post(f"/api/games/{game[0]}/moves", json=body, headers=headers)


def still_plays(client: TestClient, game: Game) -> None:
    """The game takes a legal move after all that."""
    number, choice = legal(client, game, 0)
    r = move(client, game, {"move": number, "choice": choice}, bearer(game[1][0]))
    assert r.status_code == 200, r.text
    assert r.json()["move"] == number + 1


def strangers(client: TestClient, game: Game) -> dict[str, dict[str, str]]:
    """Authorization headers of nobody who holds a seat of ``game``."""
    other = new_game(client)
    return {
        "none": {},
        "no scheme": {"Authorization": game[1][0]},
        "basic": {"Authorization": f"Basic {game[1][0]}"},
        "empty bearer": {"Authorization": "Bearer "},
        "garbage": bearer("garbage"),
        "huge": bearer("x" * 8000),
        "another game's seat": bearer(other[1][0]),
        "another game's owner": bearer(other[2]),
    }


# -- moves -------------------------------------------------------------------------------------


def test_a_move_without_a_seat_token_of_the_game_is_a_401(hostile: TestClient) -> None:
    game = new_game(hostile)
    before = seen(hostile, game)
    number, choice = legal(hostile, game, 0)
    for what, headers in {**strangers(hostile, game), "owner": bearer(game[2])}.items():
        r = move(hostile, game, {"move": number, "choice": choice}, headers)
        assert r.status_code == 401, (what, r.text)
        refused(r, 401, naming="token")
    assert seen(hostile, game) == before
    still_plays(hostile, game)


def test_another_seats_token_acts_for_its_own_seat_only(hostile: TestClient) -> None:
    """Seat 1's token plays seat 1: seat 0's order is not its to place (R5.1), seat 0's seat is
    not its to release, rename, rotate or send away; the owner's rights are not a seat's."""
    game = new_game(hostile, planning="table")
    gid, tokens, _ = game
    before = seen(hostile, game)
    number, choice = legal(hostile, game, 0)  # place:<an area of seat 0>:<token>
    r = move(hostile, game, {"move": number, "choice": choice}, bearer(tokens[1]))
    refused(r, 400, naming="R5.1")
    seat0 = f"/api/games/{gid}/seats/0"
    for action in ("release", "away", "back", "rotate"):
        refused(hostile.post(f"{seat0}/{action}", headers=bearer(tokens[1])), 403, naming="seat 0")
    refused(hostile.post(f"{seat0}/claim", json={"name": "Eve"}, headers=bearer(tokens[1])), 403)
    for action in ("kick", "give"):
        refused(hostile.post(f"{seat0}/{action}", json={}, headers=bearer(tokens[1])), 403)
    refused(hostile.post(f"/api/games/{gid}/abandon", headers=bearer(tokens[1])), 403)
    assert seen(hostile, game) == before
    still_plays(hostile, game)


@pytest.mark.parametrize(
    ("body", "naming"),
    [
        ({"move": 0}, "choice"),
        ({"choice": "ready"}, "move"),
        ({"move": "0", "choice": "ready"}, "move"),
        ({"move": -1, "choice": "ready"}, "move"),
        ({"move": 0.0, "choice": "ready"}, "move"),
        ({"move": True, "choice": "ready"}, "move"),
        ({"move": None, "choice": "ready"}, "move"),
        ({"move": 0, "choice": None}, CHOICE_PROBLEM),
        ({"move": 0, "choice": True}, CHOICE_PROBLEM),
        ({"move": 0, "choice": 1.5}, CHOICE_PROBLEM),
        ({"move": 0, "choice": ["ready"]}, CHOICE_PROBLEM),
        ({"move": 0, "choice": {"choice": "ready"}}, CHOICE_PROBLEM),
        ({"move": 0, "choice": "ready", "seat": 1}, "seat"),
        ([0, "ready"], "Input should be a valid dictionary"),
        ("ready", "Input should be a valid dictionary"),
    ],
)
def test_a_move_body_of_the_wrong_shape_is_a_422(
    hostile: TestClient, body: Any, naming: str
) -> None:
    game = new_game(hostile, planning="table")
    before = seen(hostile, game)
    refused(move(hostile, game, body, bearer(game[1][0])), 422, naming=naming)
    assert seen(hostile, game) == before


def test_a_stale_or_huge_move_number_is_a_409_with_the_current_one(hostile: TestClient) -> None:
    game = new_game(hostile)
    number, choice = legal(hostile, game, 0)
    for wrong in (number + 1, 10**30):
        r = move(hostile, game, {"move": wrong, "choice": choice}, bearer(game[1][0]))
        refused(r, 409, naming="current move")
        assert r.json()["move"] == number


# the pieces of the planning grammar (plan_orders, R5.1–R5.3), put together at random
PIECES = st.sampled_from(
    ["place", "remove", "ready", "unready", "", "x", "Winterfell", *T.AREA_IDS[:8], "march+0"]
)
CHOICES = (
    st.text(max_size=40)
    | st.integers()
    | st.lists(PIECES, min_size=1, max_size=4).map(":".join)
    | st.lists(PIECES, min_size=1, max_size=3).map(">".join)
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(choice=CHOICES)
def test_any_illegal_choice_is_refused_in_words(hostile: TestClient, choice: str | int) -> None:
    """Planning at the table: whatever a seat sends that is not one of its choices is a 400
    with a sentence for the player (its house first), and the game does not move."""
    game = _table_game(hostile)
    gid, tokens, _ = game
    mine = hostile.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
    if choice in mine["decisions"][0]["choices"]:
        return
    r = move(hostile, game, {"move": mine["move"], "choice": choice}, bearer(tokens[0]))
    detail = refused(r, 400)
    assert detail.startswith(T.house_name(mine["view"]["house"])), detail
    assert r.json()["move"] == mine["move"]
    again = hostile.get(f"/api/games/{gid}/state", headers=bearer(tokens[0])).json()
    assert (again["move"], again["decisions"]) == (mine["move"], mine["decisions"])


_TABLE_GAMES: dict[int, Game] = {}


def _table_game(client: TestClient) -> Game:
    """One table-planning game per app (hypothesis calls the test many times on one app)."""
    if id(client) not in _TABLE_GAMES:
        _TABLE_GAMES.clear()
        _TABLE_GAMES[id(client)] = new_game(client, planning="table")
    return _TABLE_GAMES[id(client)]


@pytest.mark.parametrize(
    ("choice", "naming"),
    [
        ("ready:winterfell", "not one of your choices"),
        ("foo:bar", "not one of your choices"),
        ("place:Winterfell:march+0", "not one of your choices"),
        ("place:winterfell", "which order"),
    ],
)
def test_a_planning_choice_outside_the_grammar_is_named_as_such(
    hostile: TestClient, choice: str, naming: str
) -> None:
    """R5.1 (planning at the table): a choice that is no placement, removal or readiness is
    not read as an area it does not name."""
    game = new_game(hostile, planning="table", houses=["stark", "lannister", "baratheon"])
    number, _ = legal(hostile, game, 0)  # Stark's, who holds Winterfell (R2)
    r = move(hostile, game, {"move": number, "choice": choice}, bearer(game[1][0]))
    detail = refused(r, 400, naming=naming)
    assert "R5.1" not in detail


# -- the websocket -----------------------------------------------------------------------------


def test_a_spectators_websocket_cannot_move(hostile: TestClient) -> None:
    """A spectator's frames (a move as JSON, a seat's token inside it, garbage, binary) are
    ignored: nothing changes; the spectator still gets the spectator's messages."""
    game = new_game(hostile)
    gid, tokens, _ = game
    number, choice = legal(hostile, game, 0)
    url = f"/api/games/{gid}/ws"
    with hostile.websocket_connect(url) as spectator:
        assert spectator.receive_json()["seat"] is None
        before = seen(hostile, game)
        frames = [
            json.dumps({"move": number, "choice": choice}),
            json.dumps({"move": number, "choice": choice, "token": tokens[0], "seat": 0}),
            json.dumps({"type": "move", "body": {"move": number, "choice": choice}}),
            "{" * 5000,
            "x" * 60_000,
        ]
        for frame in frames:
            spectator.send_text(frame)
        spectator.send_bytes(b"\x00\xff" * 1000)
        assert seen(hostile, game) == before
        r = move(hostile, game, {"move": number, "choice": choice}, bearer(tokens[0]))
        assert r.status_code == 200, r.text
        got = spectator.receive_json()
        assert (got["move"], got["seat"], got["decisions"]) == (number + 1, None, [])
        assert got["view"] == hostile.get(f"/api/games/{gid}/state").json()["view"]


@pytest.mark.parametrize(
    ("query", "status", "naming"),
    [
        ("since=abc", 422, "since"),
        ("since=1e3", 422, "since"),
        ("token=garbage", 401, "token"),
        pytest.param("token=" + "x" * 4000, 401, "token", id="token=x*4000"),
    ],
)
def test_bad_websocket_parameters_get_an_error_message(
    hostile: TestClient, query: str, status: int, naming: str
) -> None:
    """docs/server.md: one ``{"error", "status"}`` message, then close code 4000 + status."""
    gid = new_game(hostile)[0]
    with hostile.websocket_connect(f"/api/games/{gid}/ws?{query}") as ws:
        message = ws.receive_json()
        assert message["status"] == status and naming in message["error"], message
        closing = ws.receive()
        assert closing["type"] == "websocket.close" and closing["code"] == 4000 + status


def test_another_games_token_on_the_websocket_is_a_401(hostile: TestClient) -> None:
    gid = new_game(hostile)[0]
    other = new_game(hostile)
    for token in (other[1][0], other[2]):
        with hostile.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            assert ws.receive_json()["status"] == 401


# -- the replay of a running game --------------------------------------------------------------


def test_the_replay_of_a_running_game_is_the_spectators_whoever_asks(
    hostile: TestClient,
) -> None:
    """R1.14.1: seat 0's orders are placed face down; its token, another seat's, the owner's
    or garbage all get the replay a spectator gets: no order token, no decision, no seed."""
    game = new_game(hostile)
    gid, tokens, owner = game
    for _ in range(2):
        number, choice = legal(hostile, game, 0)
        assert move(hostile, game, {"move": number, "choice": choice}, bearer(tokens[0])).is_success
    live = hostile.get(f"/api/games/{gid}/state").json()
    url = f"/api/games/{gid}/replay"
    plain = hostile.get(url, params={"move": 2})
    assert plain.status_code == 200, plain.text
    replay = plain.json()
    assert replay["view"] == live["view"] and replay["status"] == "playing"
    assert not [o for o in replay["view"]["orders"].values() if o["token"]]
    assert not {"seed", "decisions", "record"} & set(replay)
    asking = [bearer(t) for t in (*tokens, owner)] + list(strangers(hostile, game).values())
    for headers in asking:
        r = hostile.get(url, params={"move": 2}, headers=headers)
        assert r.status_code == 200 and r.json() == replay, r.text[:300]
        refused(hostile.get(f"/api/games/{gid}/record", headers=headers), 403, naming="over")


def test_the_replay_of_a_feast_for_crows_game_shows_no_objective_hand(
    hostile: TestClient,
) -> None:
    """X-AFFC-2.8, R1.14.1: every objective card dealt, kept or returned stays out of the
    replay of the running game, at every move and whatever token asks."""
    body = {**board_game(4, humans_and_bots(4, 0)), "config": {"scenario": "affc"}}
    created = hostile.post("/api/games", json=body).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    hands: set[str] = set()
    for token in tokens:  # each house returns 2 of its 5 cards (X-AFFC-D1)
        for _ in range(2):
            mine = hostile.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
            hands |= set(mine["view"]["objectives"]["hand"])
            body = {"move": mine["move"], "choice": mine["decisions"][0]["choices"][0]}
            r = hostile.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token))
            assert r.status_code == 200, r.text
    assert len(hands) == 20, hands
    names = _objective_names(hands)
    for step in range(9):
        for headers in ({}, bearer(tokens[0]), bearer("garbage")):
            r = hostile.get(f"/api/games/{gid}/replay", params={"move": step}, headers=headers)
            assert r.status_code == 200, r.text[:300]
            assert r.json()["view"]["objectives"]["hand"] is None
            text = r.text
            assert not [c for c in hands if f'"{c}"' in text], step
            assert not [n for n in names if n in text], step


def _objective_names(cards: set[str]) -> set[str]:
    from westeros.boardgame.public import objectives

    return {objectives.OBJECTIVES[c].name for c in cards}


@pytest.mark.parametrize(
    ("params", "naming"),
    [
        ({"move": "abc"}, "move"),
        ({"move": -1}, "move"),
        ({"since": -1}, "since"),
        ({"since": "1.5"}, "since"),
    ],
)
def test_bad_replay_parameters_are_a_422(
    hostile: TestClient, params: dict[str, Any], naming: str
) -> None:
    gid = new_game(hostile)[0]
    refused(hostile.get(f"/api/games/{gid}/replay", params=params), 422, naming=naming)


def test_a_replay_past_the_end_is_clamped(hostile: TestClient) -> None:
    gid = new_game(hostile)[0]
    r = hostile.get(f"/api/games/{gid}/replay", params={"move": 10**30, "since": 10**30})
    assert r.status_code == 200, r.text
    assert (r.json()["move"], r.json()["events"]) == (0, [])


# -- chat --------------------------------------------------------------------------------------


def test_only_a_seats_holder_writes_at_the_table(hostile: TestClient) -> None:
    game = new_game(hostile)
    gid, _, owner = game
    before = seen(hostile, game)
    url = f"/api/games/{gid}/chat"
    for what, headers in strangers(hostile, game).items():
        r = hostile.post(url, json={"text": "hello"}, headers=headers)
        assert r.status_code == 401, (what, r.text)
    refused(hostile.post(url, json={"text": "hello"}, headers=bearer(owner)), 403, naming="players")
    assert seen(hostile, game) == before


@pytest.mark.parametrize(
    "body",
    [
        {"text": None},
        {"text": 5},
        {"text": ["hello"]},
        {"text": {"text": "hello"}},
        {"text": ""},
        {"text": "\u202e\u200b"},
        {"text": "x" * 501},
        {"text": "hello", "seat": 2},
        {},
        ["hello"],
    ],
)
def test_a_line_of_chat_of_the_wrong_shape_is_a_422(hostile: TestClient, body: Any) -> None:
    game = new_game(hostile)
    before = seen(hostile, game)
    r = hostile.post(f"/api/games/{game[0]}/chat", json=body, headers=bearer(game[1][0]))
    refused(r, 422)
    assert seen(hostile, game) == before


@pytest.mark.parametrize("after", ["abc", "-1", "1.5", "9" * 30, str(2**31)])
def test_reading_the_chat_after_a_bad_line_number_is_a_422(hostile: TestClient, after: str) -> None:
    gid = new_game(hostile)[0]
    refused(hostile.get(f"/api/games/{gid}/chat", params={"after": after}), 422, naming="after")


# -- other parameters and paths ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "status", "naming"),
    [
        ({"since": "abc"}, 422, "since"),
        ({"since": -1}, 422, "since"),
    ],
)
def test_bad_state_parameters(
    hostile: TestClient, query: dict[str, Any], status: int, naming: str
) -> None:
    gid = new_game(hostile)[0]
    refused(hostile.get(f"/api/games/{gid}/state", params=query), status, naming=naming)


def test_a_state_asked_with_a_token_of_no_seat_of_the_game_is_a_401(hostile: TestClient) -> None:
    """Not the spectator's view: a token that is wrong is said to be (the owner's token, which
    is no seat, gets the spectator's view, docs/server.md)."""
    game = new_game(hostile)
    for what, headers in strangers(hostile, game).items():
        r = hostile.get(f"/api/games/{game[0]}/state", headers=headers)
        if what == "none":
            assert r.status_code == 200 and r.json()["seat"] is None, r.text[:300]
        else:
            refused(r, 401, naming="token")
    owner = hostile.get(f"/api/games/{game[0]}/state", headers=bearer(game[2])).json()
    assert owner["seat"] is None and owner["decisions"] == []


def test_a_state_asked_far_past_the_log_has_no_events(hostile: TestClient) -> None:
    gid = new_game(hostile)[0]
    r = hostile.get(f"/api/games/{gid}/state", params={"since": 10**30})
    assert r.status_code == 200 and r.json()["events"] == [], r.text[:300]


@pytest.mark.parametrize(
    ("query", "status", "naming"),
    [
        ({"limit": 0}, 422, "limit"),
        ({"limit": 201}, 422, "limit"),
        ({"limit": "all"}, 422, "limit"),
        ({"before": "yesterday"}, 400, "cursor"),
        ({"before": "x" * 81}, 422, "before"),
        ({"status": "x" * 17}, 422, "status"),
        ({"status": "a\x00b"}, 422, "status"),  # PostgreSQL text holds no NUL
        ({"before": "2020-01-01T00:00:00~a\x00b"}, 400, "cursor"),
    ],
)
def test_bad_lobby_parameters(
    hostile: TestClient, query: dict[str, Any], status: int, naming: str
) -> None:
    refused(hostile.get("/api/games", params=query), status, naming=naming)


@pytest.mark.parametrize(("seat", "status"), [("abc", 422), ("-1", 404), ("9" * 30, 404)])
def test_a_seat_that_is_no_seat(hostile: TestClient, seat: str, status: int) -> None:
    game = new_game(hostile)
    gid, _, owner = game
    before = seen(hostile, game)
    for action in ("release", "kick", "give", "claim"):
        body = {"name": "Eve"} if action == "claim" else {}
        r = hostile.post(
            f"/api/games/{gid}/seats/{seat}/{action}", json=body, headers=bearer(owner)
        )
        refused(r, status)
    assert seen(hostile, game) == before


@pytest.mark.parametrize(
    "gid", ["nope", pytest.param("x" * 1000, id="x*1000"), "%00", "é", "a;b'--"]
)
def test_an_unknown_game_is_a_404_everywhere(hostile: TestClient, gid: str) -> None:
    for path in ("state", "replay", "record", "chat"):
        refused(hostile.get(f"/api/games/{gid}/{path}"), 404)
    refused(hostile.post(f"/api/games/{gid}/moves", json={"move": 0, "choice": "x"}), 404)
    refused(hostile.post(f"/api/games/{gid}/chat", json={"text": "hi"}), 404)
    with hostile.websocket_connect(f"/api/games/{gid}/ws") as ws:
        assert ws.receive_json()["status"] == 404

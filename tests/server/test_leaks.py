"""No seat ever receives another seat's secrets, over HTTP or the websocket.

A whole 3-player game with two human seats (A = seat 0, B = seat 1) and a bot: everything A
receives is kept, then checked against the engine replayed from the record:

* A's state messages are exactly the engine's view and events *for seat A* at that move, with
  decisions of seat A only (the server adds nothing of anyone else's);
* scanned for B's secrets at that move (read from B's view, by its documented keys): B's
  face-down orders, B's chosen house card before the reveal, the wildling card B looked at;
* after each secret choice of B (an order, a bid, a house card), A's next message is what A
  would have received had B chosen otherwise (as long as the choice is not yet public);
* B's token appears nowhere in what A receives.
"""

from __future__ import annotations

import json
import random
import time
from typing import Any

from fastapi.testclient import TestClient

from tests.server.support import bearer, board_game, humans_and_bots
from westeros.engine import Game, Record, new_game

A, B = 0, 1
SECRET_KINDS = {"place_order", "bid", "house_card"}


def expected_message(game: Game, seat: int, since: int) -> dict[str, Any]:
    game.pending()
    events = game.events(seat, since)
    return {
        "view": game.view(seat),
        "events": [{**e.to_json(), "text": game.render(e)} for e in events],
        "decisions": [d.to_json() for d in game.pending() if d.seat == seat],
    }


def b_secrets_leaked(game: Game, received: dict[str, Any]) -> list[str]:
    """B's secrets (from B's view at this move) found in A's received view."""
    mine, public, got = game.view(B), game.view(None), received["view"]
    leaks: list[str] = []
    for area, order in mine["orders"].items():
        secret = (
            order["house"] == mine["house"]
            and order["token"]
            and not public["orders"][area]["token"]
        )
        if secret and got["orders"][area]["token"] is not None:
            leaks.append(f"face-down order in {area}")
    fight, public_fight = mine.get("combat"), public.get("combat")
    if fight and fight.get("cards") and public_fight:
        for side in ("attacker", "defender"):
            card = fight["cards"][side]
            if card and not public_fight["cards"][side] and got["combat"]["cards"][side]:
                leaks.append(f"house card {card}")
    if mine.get("raven_peek") and got.get("raven_peek") == mine["raven_peek"]:
        leaks.append(f"raven look {mine['raven_peek']}")
    return leaks


def test_seat_a_never_receives_seat_b_secrets(client: TestClient) -> None:
    created = client.post("/api/games", json=board_game(3, humans_and_bots(2, 1))).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(2024)
    http_a: list[dict[str, Any]] = []  # A's HTTP state messages
    raw_a: list[str] = []  # every body A received
    b_moves: list[tuple[int, str, Any]] = []  # (move number, decision kind, choice)
    deadline = time.monotonic() + 90
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[A]}") as ws:
        over = False
        for _ in range(20_000):
            assert time.monotonic() < deadline, "the game did not end in time"
            acted = False
            for seat in (A, B):
                r = client.get(f"/api/games/{gid}/state", headers=bearer(tokens[seat]))
                assert r.status_code == 200
                msg = r.json()
                if seat == A:
                    raw_a.append(r.text)
                    http_a.append(msg)
                if msg["status"] == "over":
                    over = True
                    break
                if not msg["decisions"]:
                    continue
                decision = msg["decisions"][0]
                choice = rng.choice(decision["choices"])
                r = client.post(
                    f"/api/games/{gid}/moves",
                    json={"move": msg["move"], "choice": choice},
                    headers=bearer(tokens[seat]),
                )
                assert r.status_code in (200, 409), r.text
                if seat == A:
                    raw_a.append(r.text)
                    if r.status_code == 200:
                        http_a.append(r.json())
                if r.status_code == 200:
                    acted = True
                    if seat == B:
                        b_moves.append((msg["move"], decision["kind"], choice))
            if over:
                break
            if not acted:
                time.sleep(0.002)  # the bot is thinking; bounded by the loop and deadline
        assert over
        final = http_a[-1]["move"]
        ws_a: list[dict[str, Any]] = []
        while not ws_a or ws_a[-1]["move"] < final:
            text = ws.receive_text()
            raw_a.append(text)
            ws_a.append(json.loads(text))
    moves = [m["move"] for m in ws_a]
    assert moves == list(range(moves[0], final + 1)), "one websocket message per move"

    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    assert b_moves and any(kind in SECRET_KINDS for _, kind, _ in b_moves)

    # Everything A received, against the engine at the same move.
    received = sorted(http_a + ws_a, key=lambda m: m["move"])
    game = new_game(record.game, record.config, record.seed)
    at = 0
    checked = 0
    for msg in received:
        while at < msg["move"]:
            game.apply(*record.moves[at])
            at += 1
        assert msg["seat"] == A
        since = msg["next"] - len(msg["events"])
        want = expected_message(game, A, since)
        assert msg["view"] == want["view"], f"view at move {at}"
        assert msg["events"] == want["events"], f"events at move {at}"
        assert msg["decisions"] == want["decisions"]
        assert all(d["seat"] == A for d in msg["decisions"])
        assert b_secrets_leaked(game, msg) == [], f"at move {at}"
        checked += 1
    assert checked == len(received) > 100

    # Had B chosen otherwise, A's next message would have been the same (until it is public).
    by_move = {m["move"]: m for m in ws_a}
    counterfactuals = 0
    for number, kind, choice in b_moves:
        if kind not in SECRET_KINDS or number + 1 not in by_move:
            continue
        base = new_game(record.game, record.config, record.seed)
        for seat, c in record.moves[:number]:
            base.apply(seat, c)
        decision = next(d for d in base.pending() if d.seat == B)
        others = [c for c in decision.choices if c != choice]
        if not others:
            continue
        real, other = base.clone(), base.clone()
        real.apply(B, choice)
        other.apply(B, others[0])
        if real.view(None) != other.view(None):
            continue  # the choice became public at once
        msg = by_move[number + 1]
        since = msg["next"] - len(msg["events"])
        assert msg["view"] == expected_message(other, A, since)["view"], (number, kind)
        assert msg["events"] == expected_message(other, A, since)["events"], (number, kind)
        counterfactuals += 1
    assert counterfactuals > 10

    for text in raw_a:
        assert tokens[B] not in text

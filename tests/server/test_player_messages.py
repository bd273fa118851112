"""Refusals a player reads (issue #23): an illegal choice and a malformed one are answered in
plain words naming the house, never with the engine's or pydantic's developer text."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.support import bearer
from tests.server.test_api import create, state


def test_illegal_choice_is_refused_in_the_players_words(client: TestClient) -> None:
    created = create(client)
    gid, token = created["id"], created["seats"][0]["token"]
    d = state(client, gid, token)["decisions"][0]
    r = client.post(
        f"/api/games/{gid}/moves",
        json={"move": 0, "choice": "footman>sunspear"},
        headers=bearer(token),
    )
    assert r.status_code == 400
    detail = r.json()["detail"]
    house, asked = d["prompt"].split(": ", 1)
    assert detail == f"{house}: “footman>sunspear” is not an order token ({asked})."
    assert "legal choice for seat" not in detail
    assert state(client, gid)["move"] == 0


def test_a_fractional_bid_is_refused_with_one_plain_sentence(client: TestClient) -> None:
    created = create(client)
    gid, token = created["id"], created["seats"][0]["token"]
    r = client.post(
        f"/api/games/{gid}/moves", json={"move": 0, "choice": 1.5}, headers=bearer(token)
    )
    assert r.status_code == 422
    # in words for either game (no "power tokens" at a card table)
    assert r.json()["detail"] == (
        "A choice is a word or a whole number (a bid, say, is a whole number)."
    )

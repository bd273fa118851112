"""Card games through the server (issue 21): game kinds and their bots, the shipped decks, a
deck list checked as it is pasted, card games created with a deck per seat (a 422 that names
every problem, seat by seat), and a whole card game's record downloaded and replayed."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.cardgame.lists import thronesdb
from tests.server.conftest import LIMITLESS
from tests.server.support import bearer, wait_for
from westeros.bots.registry import BOT_KINDS
from westeros.cardgame.public import SHIPPED
from westeros.cli import app as cli
from westeros.engine import Record, replay
from westeros.server import Settings, create_app

STARK_LIST = thronesdb(SHIPPED["westeros-stark"]())  # as ThronesDB exports it
CHECK = "/api/kinds/cardgame/seat-options/deck/check"


def seat(kind: str, deck: Any, **more: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {"type": kind, "deck": deck, **more}
    if kind == "bot":
        spec.setdefault("bot", "random")
    return spec


def card_game(*seats: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "cardgame", "seats": list(seats)}


def typo_list() -> tuple[str, int]:
    """The Stark list with 'Eddard' mistyped, and the line it is on."""
    lines = STARK_LIST.replace("Eddard Stark", "Edard Stark").splitlines()
    return "\n".join(lines), next(i for i, x in enumerate(lines) if "Edard" in x) + 1


def test_the_kinds_and_the_bots_that_play_each(client: TestClient) -> None:
    kinds = {k["kind"]: k for k in client.get("/api/kinds").json()}
    assert {"boardgame", "cardgame"} <= set(kinds)  # (tests may register a toy kind)
    card, board = kinds["cardgame"], kinds["boardgame"]
    assert (card["min_players"], card["max_players"]) == (2, 6)
    assert card["seat_options"] == ["deck"] and board["seat_options"] == []
    assert {"random", "heuristic", "search"} <= set(card["bots"])
    assert card["bots"][0] == "heuristic" == card["stand_in"]
    assert board["bots"][0] == "heuristic" == board["stand_in"] and "random" in board["bots"]


def test_a_bot_that_does_not_play_the_kind_is_refused(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(BOT_KINDS, "heuristic", frozenset({"boardgame"}))  # a board-only bot
    body = card_game(seat("human", "Core-1"), seat("bot", "Core-2", bot="heuristic"))
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert r.json()["detail"].startswith("bot 'heuristic' does not play cardgame")


def test_the_shipped_decks_are_listed(client: TestClient) -> None:
    r = client.get("/api/kinds/cardgame/seat-options/deck")
    assert r.status_code == 200
    body = r.json()
    assert body["config_key"] == "decks"
    ids = [c["id"] for c in body["choices"]]
    assert ids[:2] == ["westeros-lannister", "westeros-stark"] and "Core-4" in ids
    stark = next(c for c in body["choices"] if c["id"] == "westeros-stark")
    assert (stark["faction"], stark["agenda"], stark["draw"], stark["starter"]) == (
        "stark",
        "Fealty",
        60,
        False,
    )
    assert client.get("/api/kinds/boardgame/seat-options/deck").status_code == 404
    assert client.get("/api/kinds/chess/seat-options/deck").status_code == 404


def test_a_deck_list_is_checked_as_it_is_pasted(client: TestClient) -> None:
    good = client.post(CHECK, json={"value": {"text": STARK_LIST}}).json()
    assert good["ok"] and good["summary"]["faction_name"] == "House Stark"
    assert good["value"]["draw"]["01144"] == 3  # the deck object the config would keep
    text, line = typo_list()
    bad = client.post(CHECK, json={"value": {"text": text}}).json()
    assert not bad["ok"]
    assert bad["problems"] == [
        f"line {line}: unknown card 'Edard Stark': did you mean 'Eddard Stark'?"
    ]
    shipped = client.post(CHECK, json={"value": "Core-3"}).json()
    assert shipped["ok"] and shipped["summary"]["rules"] == "C4.8"
    assert client.post(CHECK, json={"value": 7}).status_code == 422  # pydantic: no such shape
    assert client.post(CHECK, json={"value": {"text": ""}}).status_code == 422


def test_a_card_joust_with_a_deck_per_seat(client: TestClient) -> None:
    body = card_game(
        seat("human", {"text": STARK_LIST}, creator=True, name="Ann"),
        seat("bot", "westeros-lannister"),
    )
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    created = r.json()
    decks = created["config"]["decks"]
    assert decks[1] == "westeros-lannister" and decks[0]["faction"] == "stark"
    assert created["config"]["players"] == 2
    ann = created["seats"][0]
    state = client.get(f"/api/games/{created['id']}/state", headers=bearer(ann["token"])).json()
    me, them = state["view"]["players"]
    assert "hand" in me and "hand" not in them
    codes = {c["code"] for c in me["hand"]}
    assert codes <= {c for c, _ in SHIPPED["westeros-stark"]().draw}


def test_a_melee_of_four_with_starter_decks(client: TestClient) -> None:
    body = card_game(*(seat("bot", f"Core-{i}") for i in range(1, 5)))
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    assert r.json()["config"]["players"] == 4
    state = client.get(f"/api/games/{r.json()['id']}/state").json()
    assert len(state["view"]["players"]) == 4


def test_a_bad_deck_is_a_422_naming_the_seat_and_the_line(client: TestClient) -> None:
    text, line = typo_list()
    body = card_game(seat("human", "Core-1"), seat("human", {"text": text}))
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    problem = f"line {line}: unknown card 'Edard Stark': did you mean 'Eddard Stark'?"
    assert r.json()["problems"] == [{"seat": 1, "option": "deck", "problem": problem}]
    assert r.json()["detail"] == f"seat 2's deck: {problem}"
    assert client.get("/api/games").json()["games"] == []  # nothing was created


def test_every_seat_deck_problem_at_once(client: TestClient) -> None:
    short = STARK_LIST.replace("3x Eddard Stark", "1x Eddard Stark")
    body = card_game(seat("human", "westeros-tully"), seat("human", {"text": short}))
    r = client.post("/api/games", json=body)
    assert r.status_code == 422
    assert [(p["seat"], p["problem"][:30]) for p in r.json()["problems"]] == [
        (0, "unknown deck 'westeros-tully' "),
        (1, "C4.2: the draw deck has 58 car"),
    ]


def test_decks_per_seat_are_all_or_none_and_not_twice(client: TestClient) -> None:
    some = card_game(seat("human", "Core-1"), {"type": "human"})
    r = client.post("/api/games", json=some)
    assert r.status_code == 422 and "seats 2 have none" in r.json()["detail"]
    twice = {**card_game(seat("human", "Core-1"), seat("human", "Core-2")), "config": {}}
    twice["config"] = {"decks": ["Core-1", "Core-2"]}
    r = client.post("/api/games", json=twice)
    assert r.status_code == 422 and "given per seat and in config.decks" in r.json()["detail"]
    board = {"kind": "boardgame", "players": 3, "seats": [seat("human", "Core-1")] * 3}
    r = client.post("/api/games", json=board)
    assert r.status_code == 422 and "a boardgame game takes no deck per seat" in r.json()["detail"]


def test_the_config_decks_still_work_without_seat_decks(client: TestClient) -> None:
    body = {"kind": "cardgame", "config": {"decks": ["Core-1", "Core-2"]}}
    assert client.post("/api/games", json=body).status_code == 201


def test_a_whole_card_game_record_is_downloaded_and_replayed(
    client: TestClient, tmp_path: Path
) -> None:
    """A joust of two bots to its end: its record downloads (403 before the end), replays
    with every stored hash, and `westeros replay` re-runs the downloaded file."""
    body = card_game(seat("bot", {"text": STARK_LIST}), seat("bot", "westeros-lannister"))
    created = client.post("/api/games", json=body).json()
    gid = created["id"]

    def over() -> dict[str, Any] | None:
        s: dict[str, Any] = client.get(f"/api/games/{gid}/state").json()
        return s if s["status"] == "over" else None

    final = wait_for(over, timeout=240, interval=0.2, what="the card game to end")
    assert final["outcome"]["ranking"]
    r = client.get(f"/api/games/{gid}/record")
    assert r.status_code == 200
    record = Record.from_json(r.json())
    assert record.game == "cardgame" and len(record.moves) == final["move"]
    assert record.config["decks"][0]["faction"] == "stark"
    game = replay(record)  # every stored hash checked
    assert game.is_over and game.outcome() is not None
    assert game.outcome().to_json()["ranking"] == final["outcome"]["ranking"]
    path = tmp_path / "card.json"
    path.write_text(json.dumps(r.json()))
    run = CliRunner().invoke(cli, ["replay", str(path)])
    assert run.exit_code == 0, run.output


def _move_once(client: TestClient, gid: str, token: str, rng: random.Random) -> dict[str, Any]:
    """The seat's state after one random move of its own (waiting for it to be asked; posted
    again when the bot took the move number first)."""

    def moved() -> dict[str, Any] | None:
        s = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        if not s["decisions"]:
            return None
        choice = rng.choice(s["decisions"][0]["choices"])
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"move": s["move"], "choice": choice},
            headers=bearer(token),
        )
        assert r.status_code in (200, 409), r.text
        out: dict[str, Any] | None = r.json() if r.status_code == 200 else None
        return out

    return wait_for(moved, timeout=20, what="a move of the seat")


def test_a_card_game_is_live_and_resumable(db_url: str) -> None:
    """A card joust against a bot: the seat's websocket follows every move with only the new
    events; after the server restarts (the game rebuilt from storage, every hash checked) the
    same token is the same seat, a socket from ``since`` misses nothing and repeats nothing,
    and the bot plays on."""
    rng = random.Random(21)
    body = card_game(seat("human", "westeros-stark", creator=True), seat("bot", "Core-2"))
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS))) as first:
        created = first.post("/api/games", json=body).json()
        gid, token = created["id"], created["seats"][0]["token"]
        with first.websocket_connect(f"/api/games/{gid}/ws?token={token}") as ws:
            opening = ws.receive_json()
            assert opening["seat"] == 0 and opening["events"]
            for _ in range(6):
                moved = _move_once(first, gid, token, rng)
            seen = opening["next"]
            while seen < moved["next"]:  # one message per move, each with the new events only
                msg = ws.receive_json()
                assert msg["next"] - len(msg["events"]) == seen
                seen = msg["next"]

        def my_turn() -> dict[str, Any] | None:  # only the seat is asked: nobody else moves
            s: dict[str, Any] = first.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
            return s if s["waiting"] == [0] else None

        before = wait_for(my_turn, timeout=20, what="the seat alone to be asked")
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS))) as again:
        after = again.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        assert (after["move"], after["view"], after["seat"]) == (
            before["move"],
            before["view"],
            0,
        )
        with again.websocket_connect(
            f"/api/games/{gid}/ws?token={token}&since={after['next']}"
        ) as ws:
            resumed = ws.receive_json()
            assert resumed["move"] == after["move"] and resumed["events"] == []
            moved = _move_once(again, gid, token, rng)
            msg = ws.receive_json()
            assert msg["move"] == moved["move"] or msg["move"] == after["move"] + 1
            assert msg["next"] - len(msg["events"]) == after["next"]
        wait_for(
            lambda: again.get(f"/api/games/{gid}/state").json()["move"] > moved["move"]
            or again.get(f"/api/games/{gid}/state", headers=bearer(token)).json()["decisions"],
            timeout=20,
            what="the bot or the seat to be asked next",
        )

"""Replays (docs/server.md, "Replays"): a finished game stepped move by move as a spectator saw
it, rebuilt from its record; forwards, backwards and by rounds; a game stopped by the bots' move cap
to its stop; none for an abandoned game."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.conftest import LIMITLESS
from tests.server.support import board_game, humans_and_bots, wait_for
from tests.server.test_api import create, state
from westeros.engine import Record, new_game, replay
from westeros.server import Settings, create_app


def test_a_finished_game_is_stepped_as_a_spectator_saw_it(client: TestClient) -> None:
    gid = create(client, board_game(3, humans_and_bots(0, 3)))["id"]
    wait_for(lambda: state(client, gid)["status"] == "over", timeout=60, what="game over")
    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    url = f"/api/games/{gid}/replay"
    start = client.get(url, params={"move": 0}).json()
    total = len(record.moves)
    assert start["move"] == 0 and start["moves"] == total
    assert start["rounds"][0] == 0 and len(start["rounds"]) >= 2
    fresh = new_game(record.game, record.config, record.seed)
    assert start["view"] == fresh.view(None)
    # forwards in steps: each answer is the spectator's view after that many moves, its log
    # continues where the last one stopped
    n = min(40, total)
    for seat, choice in record.moves[:n]:
        fresh.apply(seat, choice)
    step = client.get(url, params={"move": n, "since": start["next"]}).json()
    assert step["move"] == n and step["view"] == fresh.view(None)
    texts = [e["text"] for e in start["events"] + step["events"]]
    assert texts == [fresh.render(e) for e in fresh.events(None, 0)]
    # backwards, to a round's start, and past the end (clamped)
    second = start["rounds"][1]
    back = client.get(url, params={"move": second}).json()
    assert back["move"] == second and back["view"]["round"] == 2
    end = client.get(url, params={"move": total + 99}).json()
    assert end["move"] == total and end["view"]["winner"] is not None


def test_a_stopped_game_is_replayed_to_its_stop_and_listed(db_url: str) -> None:
    """A game the server stopped after ``max_bot_moves`` bot moves in a row (docs/server.md,
    Bots) is ended like a finished one: its record re-runs to the stored state hash, its replay
    goes move by move up to the stop (status ``stopped``), and the lobby lists it with its
    status beside the finished and abandoned games."""
    cap = 40
    settings = Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS, max_bot_moves=cap)
    with TestClient(create_app(settings)) as c:
        gid = create(c, board_game(3, humans_and_bots(0, 3)))["id"]
        wait_for(lambda: state(c, gid)["status"] == "stopped", what="the stop")
        record = Record.from_json(c.get(f"/api/games/{gid}/record").json())
        assert len(record.moves) == cap and record.final_hash is not None
        end = replay(record)  # every move's hash and the final one checked
        assert end.state_hash() == record.final_hash and not end.is_over
        url = f"/api/games/{gid}/replay"
        start = c.get(url, params={"move": 0}).json()
        assert start["status"] == "stopped" and start["moves"] == cap
        assert start["view"] == new_game(record.game, record.config, record.seed).view(None)
        last = c.get(url, params={"move": cap + 5, "since": start["next"]}).json()
        assert last["move"] == cap and last["view"] == end.view(None)
        texts = [e["text"] for e in start["events"] + last["events"]]
        assert texts == [end.render(e) for e in end.events(None, 0)]
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
        assert listed[gid] == "stopped"
        playing = c.get("/api/games", params={"status": "playing"}).json()["games"]
        assert gid not in [g["id"] for g in playing]


def test_no_replay_of_an_abandoned_or_unknown_game(client: TestClient) -> None:
    """A running game has a replay so far (tests/server/test_spectators.py); an abandoned one
    none."""
    created = create(client)
    gid = created["id"]
    assert client.get(f"/api/games/{gid}/replay").status_code == 200
    owner = {"Authorization": f"Bearer {created['owner_token']}"}
    assert client.post(f"/api/games/{gid}/abandon", headers=owner).status_code < 300
    r = client.get(f"/api/games/{gid}/replay")
    assert r.status_code == 403 and "abandoned" in r.json()["detail"]
    assert client.get("/api/games/nope/replay").status_code == 404


def test_a_finished_card_game_is_stepped_by_round_and_phase(client: TestClient) -> None:
    """A joust of two random bots replays like a board game, with the moves after which each
    phase began (C6.1) as well as each round; the spectator's view never holds a hand."""
    seats = [
        {"type": "bot", "bot": "random", "deck": "westeros-stark"},
        {"type": "bot", "bot": "random", "deck": "westeros-lannister"},
    ]
    gid = create(client, {"kind": "cardgame", "seats": seats})["id"]
    wait_for(lambda: state(client, gid)["status"] == "over", timeout=240, what="card game over")
    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    url = f"/api/games/{gid}/replay"
    start = client.get(url, params={"move": 0}).json()
    assert start["moves"] == len(record.moves) and start["rounds"][0] == 0
    # the spectator's view after every move, from the record; the marks are where the round
    # and the phase changed
    fresh = new_game(record.game, record.config, record.seed)
    assert start["view"] == fresh.view(None)
    shown = [(fresh.view(None)["round"], fresh.view(None)["phase"])]
    for seat, choice in record.moves:
        fresh.apply(seat, choice)
        shown.append((fresh.view(None)["round"], fresh.view(None)["phase"]))
    rounds, phases = start["rounds"], start["phases"]
    assert len(rounds) >= 2 and len(phases) > 3 * len(rounds)
    assert set(rounds[1:]) <= set(phases)  # a round begins with its plot phase (C6.1)
    assert all(shown[m][0] == shown[m - 1][0] + 1 for m in rounds[1:])
    assert all(shown[m][1] != shown[m - 1][1] for m in phases if m > 0)
    assert {shown[m][1] for m in phases} >= {"plot", "marshaling", "challenges", "taxation"}
    # a phase's start, then one move back: the view after that many moves, no hand in it
    mark = phases[len(phases) // 2]
    there = client.get(url, params={"move": mark, "since": start["next"]}).json()
    back = client.get(url, params={"move": mark - 1}).json()
    assert (there["view"]["round"], there["view"]["phase"]) == shown[mark]
    assert (back["view"]["round"], back["view"]["phase"]) == shown[mark - 1]
    assert all(p.get("hand") is None for p in there["view"]["players"] + back["view"]["players"])
    end = client.get(url, params={"move": len(record.moves)}).json()
    assert fresh.is_over and end["view"] == fresh.view(None)

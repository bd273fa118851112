"""Replays (docs/server.md, "Replays"): a finished game stepped move by move as a spectator saw
it, rebuilt from its record; forwards, backwards and by rounds; refused while playing."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.server.support import board_game, humans_and_bots, wait_for
from tests.server.test_api import create, state
from westeros.engine import Record, new_game


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


def test_no_replay_while_playing_or_for_an_unknown_game(client: TestClient) -> None:
    gid = create(client)["id"]
    r = client.get(f"/api/games/{gid}/replay")
    assert r.status_code == 403 and "once the game is over" in r.json()["detail"]
    assert client.get("/api/games/nope/replay").status_code == 404

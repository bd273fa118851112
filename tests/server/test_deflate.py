"""The websockets of `westeros serve` negotiate permessage-deflate with the server's full
window (server/websocket.py) and every message arrives whole; without compression as well."""

from __future__ import annotations

import json
import random
from pathlib import Path

import httpx
from websockets.sync.client import connect

from tests.server.support import Server, bearer, board_game, humans_and_bots


def play_and_follow(srv: Server, compression: str | None) -> tuple[str, list[int]]:
    created = httpx.post(srv.url + "/api/games", json=board_game(3, humans_and_bots(3, 0))).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    rng = random.Random(3)
    url = f"{srv.ws_url}/api/games/{gid}/ws?token={tokens[0]}"
    with connect(url, compression=compression, max_size=None) as ws:
        offered = ws.response.headers.get("Sec-WebSocket-Extensions", "")
        seen = [json.loads(ws.recv(timeout=10))["move"]]
        for move in range(12):
            state = httpx.get(srv.url + f"/api/games/{gid}/state").json()
            seat = min(state["waiting"])
            mine = httpx.get(
                srv.url + f"/api/games/{gid}/state", headers=bearer(tokens[seat])
            ).json()
            choice = rng.choice(mine["decisions"][0]["choices"])
            r = httpx.post(
                srv.url + f"/api/games/{gid}/moves",
                json={"move": move, "choice": choice},
                headers=bearer(tokens[seat]),
            )
            assert r.status_code == 200, r.text
            message = json.loads(ws.recv(timeout=10))
            assert message["seat"] == 0 and message["view"]["seat"] == 0
            seen.append(message["move"])
    return offered, seen


def test_deflate_with_the_full_window_and_every_message_whole(tmp_path: Path) -> None:
    srv = Server(f"sqlite:///{tmp_path / 's.db'}", log=tmp_path / "server.log").start()
    try:
        offered, seen = play_and_follow(srv, "deflate")
        assert offered.startswith("permessage-deflate")
        assert "server_max_window_bits" not in offered  # 15, the default: not capped to 12
        assert seen == list(range(13))
        offered, seen = play_and_follow(srv, None)
        assert offered == ""
        assert seen == list(range(13))
    finally:
        srv.stop()

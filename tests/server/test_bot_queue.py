"""Bots cannot starve the server (issue #18): a maximum think time per decision, a fair queue
(one game's bots delay another's by at most one decision), and a bot that fails or runs over
its time replaced for that decision, with a notice."""

from __future__ import annotations

import itertools
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.server.support import board_game, humans_and_bots, wait_for
from westeros.bots import BOTS, RandomBot
from westeros.engine import Choice, Decision
from westeros.server import Settings, create_app

THINK = 0.4  # the server's maximum think time in the fairness test


class HogBot:
    """A bot with a time budget that spends it all, like a search bot with a large budget."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.ms: float | None = 600_000.0  # asks for ten minutes; the server caps it

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        assert self.ms is not None
        time.sleep(min(self.ms / 1000, 5.0))  # uncapped: 5 s, far over any bound below
        return self.inner.choose(view, decision)


class CrashyBot:
    """Raises on every third decision it is asked."""

    needs_view = False
    crashes = 0
    lock = threading.Lock()

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)
        self.asked = 0

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        self.asked += 1
        if self.asked % 3 == 0:
            with CrashyBot.lock:
                CrashyBot.crashes += 1
            raise ValueError("the crashy bot crashed")
        return self.inner.choose(view, decision)


class StuckBot:
    """Never answers within any sane time."""

    needs_view = False

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        time.sleep(5)
        return decision.choices[0]


@pytest.fixture
def test_bots() -> Iterator[None]:
    BOTS.update(hog=HogBot, crashy=CrashyBot, stuck=StuckBot)
    try:
        yield
    finally:
        for name in ("hog", "crashy", "stuck"):
            del BOTS[name]


def test_a_bot_asking_for_more_than_the_maximum_think_time_is_refused(client: TestClient) -> None:
    body = board_game(3, [{"type": "bot", "bot": "search:600000ms"}] * 3)
    r = client.post("/api/games", json=body)
    assert r.status_code == 400 and "maximum think time" in r.json()["detail"]


def test_hogging_games_delay_another_games_bots_by_at_most_one_decision(
    db_url: str, test_bots: None
) -> None:
    settings = Settings(db=db_url, bot_delay=0.0, max_think=THINK)
    with TestClient(create_app(settings)) as client:
        for _ in range(2):  # two games whose bots spend their whole budget (capped: THINK)
            hog = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "hog"}] * 3))
            assert hog.status_code == 201
        fast = client.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
        stamps: list[tuple[float, int]] = []
        with client.websocket_connect(f"/api/games/{fast}/ws") as ws:
            while len(stamps) < 25:
                stamps.append((time.perf_counter(), ws.receive_json()["move"]))
        gaps = [b[0] - a[0] for a, b in itertools.pairwise(stamps[1:])]
        # Two workers, two hogging games: a fast decision waits for at most one hog decision
        # (THINK) on each worker; without the fair queue it would wait for whole games.
        assert max(gaps) < THINK + 0.6, gaps
        assert stamps[-1][1] > stamps[0][1]


def test_a_crashing_bot_is_replaced_for_that_decision_and_the_game_ends(
    db_url: str, test_bots: None
) -> None:
    CrashyBot.crashes = 0
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as client:
        seats = [{"type": "bot", "bot": "crashy"}, *humans_and_bots(0, 2)]
        gid = client.post("/api/games", json=board_game(3, seats)).json()["id"]
        wait_for(
            lambda: client.get(f"/api/games/{gid}/state").json()["status"] == "over",
            timeout=120,
            interval=0.2,
            what="the game to end",
        )
        state = client.get(f"/api/games/{gid}/state").json()
    failed = [n for n in state["notices"] if n["kind"] == "bot_failed"]
    assert CrashyBot.crashes >= 1 and failed
    assert all(n["seat"] == 0 and "crashy bot failed" in n["text"] for n in failed)
    assert all("heuristic bot played this decision" in n["text"] for n in failed)


def test_a_bot_that_runs_over_its_time_is_replaced(db_url: str, test_bots: None) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, max_think=0.2))) as client:
        seats = [{"type": "bot", "bot": "stuck"}, *humans_and_bots(0, 2)]
        gid = client.post("/api/games", json=board_game(3, seats)).json()["id"]

        def replaced() -> list[dict[str, Any]]:
            notices = client.get(f"/api/games/{gid}/state").json()["notices"]
            return [n for n in notices if "took over" in n["text"]]

        (first, *_) = wait_for(replaced, timeout=20, what="the stuck bot to be replaced")
        assert first["seat"] == 0 and first["kind"] == "bot_failed"
        start = client.get(f"/api/games/{gid}/state").json()["move"]
        wait_for(lambda: client.get(f"/api/games/{gid}/state").json()["move"] > start + 3)


def test_serve_takes_the_maximum_think_time(db_url: str, tmp_path: Path) -> None:
    from tests.server.support import Server

    srv = Server(db_url, log=tmp_path / "s.log", extra=["--max-think", "0.5"]).start()
    try:
        hungry = board_game(3, [{"type": "bot", "bot": "search:600ms"}] * 3)
        refused = httpx.post(srv.url + "/api/games", json=hungry)
        assert refused.status_code == 400 and "500 ms" in refused.json()["detail"]
        within = board_game(3, [{"type": "bot", "bot": "search:400ms"}] * 3)
        assert httpx.post(srv.url + "/api/games", json=within).status_code == 201
    finally:
        srv.stop()

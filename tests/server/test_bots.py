"""Bots on the server: the registry, thinking off the event loop, the delay."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.support import bearer, board_game, humans_and_bots, wait_for
from westeros.bots import BOTS, RandomBot, make_bot
from westeros.bots.cards import CardHeuristicBot
from westeros.engine import Choice, Decision, Record, new_game, replay
from westeros.server import Settings, create_app


class SlowBot:
    """Thinks (blocking its thread) until the test releases it, then plays like the random bot:
    while it thinks, a server that waited for it could answer nothing at all."""

    needs_view = True
    thinking = threading.Event()
    release = threading.Event()

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        assert view["seat"] == decision.seat  # a view-reading bot gets its own seat's view
        SlowBot.thinking.set()
        SlowBot.release.wait(timeout=60)
        return self.inner.choose(view, decision)


@pytest.fixture
def slow_bot() -> Iterator[None]:
    BOTS["slow"] = SlowBot
    SlowBot.thinking.clear()
    SlowBot.release.clear()
    try:
        yield
    finally:
        SlowBot.release.set()
        del BOTS["slow"]


def test_the_registry_builds_seeded_bots() -> None:
    assert "random" in BOTS
    bot = make_bot("random", 7)
    assert isinstance(bot, RandomBot)
    with pytest.raises(KeyError, match="random"):
        make_bot("nope", 1)


def test_a_thinking_bot_blocks_neither_the_server_nor_other_games(
    client: TestClient, slow_bot: None
) -> None:
    slow = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "slow"}] * 3))
    assert slow.status_code == 201
    assert wait_for(SlowBot.thinking.is_set, timeout=10, what="the slow bot to think")
    fast = client.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
    # while a slow bot thinks (held until released), another game's random bots play many
    # moves and the lobby answers: no wall-clock bound, a blocked server would do neither
    assert wait_for(
        lambda: client.get(f"/api/games/{fast}/state").json()["move"] >= 50,
        timeout=30,
        what="the other game to move on",
    )
    assert client.get("/api/games").status_code == 200
    assert client.get(f"/api/games/{slow.json()['id']}/state").json()["move"] == 0
    SlowBot.release.set()  # the slow bot's move is played once it has thought
    assert wait_for(
        lambda: client.get(f"/api/games/{slow.json()['id']}/state").json()["move"] >= 1,
        timeout=30,
        what="the slow game's first move",
    )


def test_the_bot_delay_lets_people_follow(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.2))) as c:
        gid = c.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
        started = time.perf_counter()
        wait_for(lambda: c.get(f"/api/games/{gid}/state").json()["move"] >= 3, timeout=10)
        assert time.perf_counter() - started >= 0.6 - 0.05


class SpyingSearchBot:
    """Records what a search bot is handed on the server: a view and a Sampler."""

    handed: list[tuple[Any, Any]] = []  # noqa: RUF012

    def __init__(self, seed: int) -> None:
        self.inner = RandomBot(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        raise AssertionError("a search bot is asked through choose_with on the server")

    def choose_with(self, view: dict[str, Any], decision: Decision, sample: Any) -> Choice:
        SpyingSearchBot.handed.append((view, sample))
        game = sample(1)  # a determinized game: it has the same decision open
        assert decision in game.pending()
        return self.inner.choose(view, decision)


def test_search_bots_get_a_sampler_never_the_live_game(client: TestClient) -> None:
    """Issue #11: the server hands a search bot ``choose_with(view, decision, Sampler)``."""
    from westeros.bots.base import Sampler

    BOTS["spy"] = SpyingSearchBot
    try:
        gid = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "spy"}] * 3))
        assert gid.status_code == 201
        assert wait_for(lambda: len(SpyingSearchBot.handed) >= 5, timeout=20, what="5 moves")
    finally:
        del BOTS["spy"]
    view, sample = SpyingSearchBot.handed[0]
    assert isinstance(view, dict) and isinstance(sample, Sampler)


def test_budgeted_bot_specs_are_accepted_and_bad_ones_refused(client: TestClient) -> None:
    ok = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "search:2"}] * 3))
    assert ok.status_code == 201
    bad = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "search:x"}] * 3))
    assert bad.status_code == 400 and "budget" in bad.json()["detail"]
    nope = client.post("/api/games", json=board_game(3, [{"type": "bot", "bot": "nope"}] * 3))
    assert nope.status_code == 400 and "unknown bot" in nope.json()["detail"]


def test_a_card_table_of_heuristic_bots_plays_to_the_end(client: TestClient) -> None:
    """The card game's bots sit at card tables: two "heuristic" seats play a joust to its end,
    every move is the card heuristic's (replayed decision by decision), the record replays."""
    body = {
        "kind": "cardgame",
        "config": {"decks": ["westeros-stark", "westeros-lannister"], "auto": True},
        "seats": [{"type": "bot", "bot": "heuristic"}] * 2,
    }
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    gid = created.json()["id"]
    over = wait_for(
        lambda: client.get(f"/api/games/{gid}/state").json()["status"] == "over",
        timeout=60,
        what="the card game to end",
    )
    assert over
    record = Record.from_json(client.get(f"/api/games/{gid}/record").json())
    game = new_game("cardgame", record.config, record.seed)
    bots = [CardHeuristicBot(0), CardHeuristicBot(1)]
    for seat, choice in record.moves:
        decision = next(d for d in game.pending() if d.seat == seat)
        if len(decision.choices) > 1:
            assert bots[seat].choose(game.view(seat), decision) == choice
        game.apply(seat, choice)
    assert game.outcome() is not None and replay(record).is_over


def test_a_seat_may_leave_its_vassals_to_the_bot(client: TestClient) -> None:
    """X-MOD-10.3: a human seat listed in the config's vassal_bots has the server's bot pick
    its vassals and decide for them (GameInfo.delegated); its own decisions stay its own."""
    body = {
        **board_game(3, humans_and_bots(3, 0)),
        "config": {"scenario": "mod", "houses": ["stark", "lannister", "tyrell"]},
    }
    body["config"]["vassal_bots"] = [0, 1, 2]
    created = client.post("/api/games", json=body).json()
    gid, token = created["id"], created["seats"][0]["token"]

    def own_orders() -> bool:
        msg = client.get(f"/api/games/{gid}/state", headers=bearer(token))
        # its awaited decisions (an idle gift of power, X-MOD-11.1, may stand beside them)
        kinds = {d["kind"] for d in msg.json()["decisions"] if not d.get("idle")}
        return msg.json()["move"] >= 2 and kinds == {"place_order"}

    # the choose_vassals decisions were the bot's: the seats now place their own orders
    assert wait_for(own_orders, timeout=20, what="the bot to hand out the vassals")
    view = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()["view"]
    assert sorted(view["commanders"]) == sorted(view["vassals"]) and len(view["vassals"]) == 4


def test_a_stand_in_bot_never_moves_for_a_seat_taken_back_while_it_thinks(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person comes back ("I'm back") while the stand-in bot thinks about their decision:
    the bot's choice, ready only after that, is not played for them (the move number alone
    does not tell: nobody moved in between)."""
    created = client.post("/api/games", json=board_game(3, humans_and_bots(1, 2))).json()
    gid, token = created["id"], created["seats"][0]["token"]

    def mine() -> dict[str, Any]:
        out: dict[str, Any] = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        return out

    wait_for(lambda: mine()["waiting"] == [0], timeout=10, what="the bots to plan")
    before = mine()
    hub = client.app.state.hub  # type: ignore[attr-defined]
    think = hub.bots._think
    came_back: list[int] = []

    async def back_while_thinking(live: Any, job: Any) -> Choice:
        choice: Choice = await think(live, job)
        if job.seat == 0 and not came_back:
            await hub.away(gid, 0, token, False)
            came_back.append(job.number)
        return choice

    monkeypatch.setattr(hub.bots, "_think", back_while_thinking)
    assert client.post(f"/api/games/{gid}/seats/0/away", headers=bearer(token)).status_code == 204
    live = hub.live.peek(gid)
    wait_for(lambda: came_back and not hub.bots.holds(live), timeout=10, what="the stand-in")
    after = mine()
    assert after["players"][0]["away"] is False
    assert after["move"] == before["move"] == came_back[0]  # the bot's choice was not played
    assert after["decisions"] == before["decisions"]

"""The bots' guards on the server (docs/server.md, Bots): a game whose bots make
``max_bot_moves`` moves in a row is stopped — a status, a notice, an error in the log, its
record kept — instead of spinning for ever and growing in memory; a person's move starts the
count again; bots never take an idle decision (a ready house's *Unready*, a standing gift of
power tokens, X-MOD-11.1), so they never give gifts back and forth."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.server.conftest import LIMITLESS
from tests.server.support import bearer, board_game, humans_and_bots, wait_for
from westeros.boardgame.public import decisions as D
from westeros.engine import Record, new_game
from westeros.server import Settings, create_app
from westeros.server.bots import BotScheduler
from westeros.server.live import LiveGame
from westeros.server.storage import SeatInfo

CAP = 30


def state(client: TestClient, gid: str) -> dict:  # type: ignore[type-arg]
    return client.get(f"/api/games/{gid}/state").json()  # type: ignore[no-any-return]


def test_a_game_whose_bots_do_not_end_it_is_stopped(
    db_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS, max_bot_moves=CAP)
    with caplog.at_level(logging.ERROR, "westeros.server"), TestClient(create_app(settings)) as c:
        gid = c.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
        stopped = wait_for(lambda: state(c, gid)["status"] == "stopped", what="the stop")
        assert stopped
        time.sleep(0.1)  # no bot moves on
        msg = state(c, gid)
        assert msg["move"] == CAP and msg["decisions"] == [] and msg["view"] is not None
        (notice,) = [n for n in msg["notices"] if n["kind"] == "stopped"]
        assert f"the bots made {CAP} moves in a row" in notice["text"]
        assert f"this server's limit is {CAP}" in notice["text"]
        listed = c.get("/api/games?status=stopped").json()["games"]  # stored so
        assert [g["id"] for g in listed] == [gid]
        record = Record.from_json(c.get(f"/api/games/{gid}/record").json())
        assert len(record.moves) == CAP  # kept, to find where the bots looped
    logged = [r.getMessage() for r in caplog.records if r.levelno == logging.ERROR]
    assert any(f"game {gid} stopped at move {CAP}" in m for m in logged), logged


def test_a_persons_move_starts_the_bots_count_again(db_url: str) -> None:
    """The cap counts the bots' moves *in a row*: a game with people moving is never stopped
    for its length (the bots wait 60 s here, so only the person moves)."""
    settings = Settings(db=db_url, bot_delay=60.0, limits=LIMITLESS, max_bot_moves=CAP)
    with TestClient(create_app(settings)) as c:
        made = c.post("/api/games", json=board_game(3, humans_and_bots(1, 2))).json()
        gid, token = made["id"], made["seats"][0]["token"]
        live = c.app.state.hub.live.peek(gid)  # type: ignore[attr-defined]
        live.bot_moves = CAP - 1
        mine = c.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
        body = {"move": mine["move"], "choice": mine["decisions"][0]["choices"][0]}
        assert c.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token)).is_success
        assert live.bot_moves == 0


def table_game(players: int, humans: int) -> LiveGame:
    """A Mother of Dragons game of 7 houses (no vassals) planned at the table (gifts on,
    X-MOD-1.4): the first ``humans`` seats people, the others random bots."""
    config = {"scenario": "mod", "players": players, "planning": "table"}
    seats = tuple(
        SeatInfo(s, "human", None, f"P{s}", True)
        if s < humans
        else SeatInfo(s, "bot", "random", f"B{s}", False)
        for s in range(players)
    )
    return LiveGame("g", "boardgame", seats, game=new_game("boardgame", config, 5))


def serve_out(live: LiveGame, moves: int) -> int:
    """The bots' moves as the server's scheduler picks and thinks them (its ``_job``: the
    first awaited decision a bot answers, the seat's own bot, seeded as on the server), until
    no bot is to move; the number of moves. Fails after ``moves``."""
    scheduler = BotScheduler(None, None, None, delay=0)  # type: ignore[arg-type]
    game = live.game
    assert game is not None
    for _ in range(moves):
        job = scheduler._job(live)
        if job is None:
            return live.move
        assert not job.decision.idle
        choice = job.decision.choices[0] if len(job.decision.choices) == 1 else job.think()
        game.apply(job.seat, choice)
        live.move += 1
    raise AssertionError(f"the bots did not stop within {moves} moves")


def test_x_mod_11_1_bots_never_take_an_idle_decision() -> None:
    """The bots plan and ready at the table; then only idle decisions are theirs (Unready and
    a gift of power beside the person's awaited plan): no job, the game waits for the
    person, nothing was given."""
    live = table_game(7, humans=1)
    serve_out(live, 500)
    game = live.game
    assert game is not None
    idle = [d for d in game.pending() if d.idle and d.seat != 0]
    assert {d.kind for d in idle} == {D.PLAN_ORDERS.name, D.GIFT.name}
    assert [d.seat for d in game.pending() if not d.idle] == [0]  # the person's plan
    assert not BotScheduler.due(live)
    assert not [e for e in game.events(None) if e.kind == "gift_offered"]


# (config, seats: a bot name, or None for a person away, whom the stand-in bot plays)
SERVED: tuple[tuple[dict[str, Any], tuple[str | None, ...]], ...] = (
    (
        {"players": 8, "essos": True, "planning": "table", "targaryen_deck": "b"},
        ("heuristic", "random", None, "heuristic", "random", "heuristic", None, "random"),
    ),
    (
        {"players": 4, "essos": True, "vassal_bots": [0, 2]},
        ("random", None, "heuristic", "random"),
    ),
    ({"players": 5, "planning": "table", "tides": True}, ("random", "heuristic", None) * 2),
)


@pytest.mark.parametrize(("config", "bots"), SERVED)
def test_bot_only_mod_games_as_the_server_plays_them_end(
    config: dict[str, Any], bots: tuple[str | None, ...]
) -> None:
    """X-MOD-1.4 gifts on, X-MOD-10.3 vassals left to the bot, X-MOD-1.2 Essos and either
    Targaryen deck, X-MOD-1.3 the Iron Bank: the game ends (R9), nothing was given."""
    players = config["players"]
    seats = tuple(
        SeatInfo(s, "bot", bot, f"B{s}", False)
        if bot is not None
        else SeatInfo(s, "human", None, f"P{s}", True, away=True)
        for s, bot in zip(range(players), bots, strict=False)
    )
    game = new_game("boardgame", {"scenario": "mod", **config}, 7 + players)
    live = LiveGame("g", "boardgame", seats, game=game)
    moves = serve_out(live, 6_000)
    assert game.is_over and game.outcome() is not None, moves
    assert not [e for e in game.events(None) if e.kind == "gift_offered"]

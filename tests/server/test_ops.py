"""Running the server for strangers: /healthz, /metrics, rate limits (429), logging, CORS and
the settings of `westeros serve` and of `app_from_env`."""

from __future__ import annotations

import io
import json
import logging
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner
from websockets.sync.client import connect

from tests.server.conftest import LIMITLESS
from tests.server.support import (
    GENEROUS,
    Server,
    bearer,
    board_game,
    humans_and_bots,
    play_moves,
    wait_for,
)
from westeros.cli import app as cli
from westeros.server import RateLimits, Settings, create_app
from westeros.server.app import app_from_env
from westeros.server.logs import LOGGERS, configure_logging

HUMANS_3 = board_game(3, humans_and_bots(3, 0))


@pytest.fixture
def restore_logging() -> Iterator[None]:
    """configure_logging changes process-wide loggers: put them back afterwards."""
    saved = [
        (lg, list(lg.handlers), lg.level, lg.propagate)
        for lg in (logging.getLogger(n) for n in LOGGERS)
    ]
    try:
        yield
    finally:
        for lg, handlers, level, propagate in saved:
            lg.handlers[:] = handlers
            lg.setLevel(level)
            lg.propagate = propagate


def first_choice(c: TestClient, gid: str, token: str) -> tuple[int, Any]:
    mine = c.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
    return mine["move"], mine["decisions"][0]["choices"][0]


# -- /healthz ------------------------------------------------------------------------------


def test_healthz_is_ok_when_the_database_answers_on_the_db_thread(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import westeros.server.app as app_module

    threads: list[str] = []
    real = app_module.ping

    def spy(engine: Engine) -> None:
        threads.append(threading.current_thread().name)
        real(engine)

    monkeypatch.setattr(app_module, "ping", spy)
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok"}
    assert len(threads) == 1 and threads[0].startswith("westeros-db")


def test_healthz_is_503_with_retry_after_when_the_database_fails(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import westeros.server.app as app_module

    def down(_engine: Engine) -> None:
        raise OperationalError("SELECT 1", {}, ConnectionRefusedError("refused"))

    monkeypatch.setattr(app_module, "ping", down)
    r = client.get("/healthz")
    assert r.status_code == 503
    assert r.json()["status"] == "unavailable"
    assert int(r.headers["Retry-After"]) >= 1


# -- /metrics ------------------------------------------------------------------------------


def scrape(c: TestClient) -> dict[str, float]:
    r = c.get("/metrics")
    assert r.status_code == 200
    assert r.headers["content-type"].startswith("text/plain")
    values: dict[str, float] = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            values[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return values


def test_metrics_count_games_moves_latency_websockets_and_bot_thinking(
    client: TestClient,
) -> None:
    before = scrape(client)
    assert before["westeros_games_live"] == 0
    assert before["westeros_moves_applied_total"] == 0
    assert before["westeros_websockets_open"] == 0
    created = client.post("/api/games", json=HUMANS_3).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tokens[0]}") as ws:
        ws.receive_json()
        with client.websocket_connect(f"/api/games/{gid}/ws") as watcher:
            watcher.receive_json()
            assert scrape(client)["westeros_websockets_open"] == 2
        play_moves(client, gid, tokens, 4)
        during = scrape(client)
        assert during["westeros_websockets_open"] == 1
    assert during["westeros_games_live"] == 1
    assert during["westeros_moves_applied_total"] == 4
    assert during["westeros_move_latency_seconds_count"] == 4
    assert 0 < during["westeros_move_latency_seconds_sum"] < 60
    # a bots' game: every bot move is counted, thinking is timed
    bots = client.post("/api/games", json=board_game(3, humans_and_bots(0, 3))).json()["id"]
    wait_for(
        lambda: client.get(f"/api/games/{bots}/state").json()["move"] >= 30,
        timeout=60,
        what="the bots to move",
    )
    after = scrape(client)
    moved = client.get(f"/api/games/{bots}/state").json()["move"]
    assert after["westeros_moves_applied_total"] >= 4 + 30
    assert after["westeros_moves_applied_total"] <= 4 + moved + 1
    assert after["westeros_move_latency_seconds_count"] == 4  # bots post no HTTP moves
    assert after["westeros_bot_decision_seconds_count"] >= 1
    assert after["westeros_websockets_open"] == 0


def test_each_app_has_its_own_metrics(client: TestClient, tmp_path: Path) -> None:
    created = client.post("/api/games", json=HUMANS_3).json()
    play_moves(client, created["id"], [s["token"] for s in created["seats"]], 2)
    assert scrape(client)["westeros_moves_applied_total"] == 2
    other = Settings(db=f"sqlite:///{tmp_path / 'other.sqlite3'}", limits=LIMITLESS)
    with TestClient(create_app(other)) as c:
        assert scrape(c)["westeros_moves_applied_total"] == 0


# -- rate limits ---------------------------------------------------------------------------

TIGHT = RateLimits(
    games="2/minute", claims="2/minute", moves="3/minute", websockets="2/minute", replays="2/minute"
)


@pytest.fixture
def tight(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, limits=TIGHT))) as c:
        yield c


def assert_throttled(r: httpx.Response, route: str) -> None:
    assert r.status_code == 429, r.text
    assert f"too many requests ({route})" in r.json()["detail"]
    assert 1 <= int(r.headers["Retry-After"]) <= 60


def test_game_creation_is_rate_limited_per_client(tight: TestClient, db_url: str) -> None:
    for _ in range(2):
        assert tight.post("/api/games", json=HUMANS_3).status_code == 201
    assert_throttled(tight.post("/api/games", json=HUMANS_3), "games")
    assert len(tight.get("/api/games").json()["games"]) == 2  # nothing created
    # another address has its own allowance (same app, same limiter)
    other = TestClient(tight.app, client=("203.0.113.9", 4000))
    assert other.post("/api/games", json=HUMANS_3).status_code == 201
    assert scrape(tight)["westeros_rate_limited_total{route=games}"] == 1


def test_seat_claims_are_rate_limited(tight: TestClient) -> None:
    body = {**HUMANS_3, "seats": [{"type": "human", "access": "open"}] * 3}
    gid = tight.post("/api/games", json=body).json()["id"]
    for seat in range(2):
        r = tight.post(f"/api/games/{gid}/seats/{seat}/claim", json={"name": f"P{seat}"})
        assert r.status_code == 200, r.text
    assert_throttled(tight.post(f"/api/games/{gid}/seats/2/claim", json={"name": "x"}), "claims")
    seats = tight.get("/api/games").json()["games"][0]["players"]
    assert [s["claimed"] for s in seats] == [True, True, False]


def test_moves_are_rate_limited(tight: TestClient) -> None:
    created = tight.post("/api/games", json=HUMANS_3).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    for seat in range(3):
        move, choice = first_choice(tight, gid, tokens[seat])
        r = tight.post(
            f"/api/games/{gid}/moves",
            json={"move": move, "choice": choice},
            headers=bearer(tokens[seat]),
        )
        assert r.status_code == 200, r.text
    r = tight.post(
        f"/api/games/{gid}/moves", json={"move": 3, "choice": 0}, headers=bearer(tokens[0])
    )
    assert_throttled(r, "moves")
    assert tight.get(f"/api/games/{gid}/state").json()["move"] == 3


def test_replays_are_rate_limited(tight: TestClient) -> None:
    """A replay request may replay a whole record (a running game's grows with every move): a
    client asking without end is refused (429) before any replay work."""
    gid = tight.post("/api/games", json=HUMANS_3).json()["id"]
    for _ in range(2):
        r = tight.get(f"/api/games/{gid}/replay", params={"move": 0})
        assert r.status_code == 200, r.text
    assert_throttled(tight.get(f"/api/games/{gid}/replay", params={"move": 0}), "replays")


def test_websocket_connects_are_rate_limited(tight: TestClient) -> None:
    gid = tight.post("/api/games", json=HUMANS_3).json()["id"]
    for _ in range(2):
        with tight.websocket_connect(f"/api/games/{gid}/ws") as ws:
            assert ws.receive_json()["move"] == 0
    with tight.websocket_connect(f"/api/games/{gid}/ws") as ws:
        said = ws.receive_json()
        assert said["status"] == 429 and "too many requests (websockets)" in said["error"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4429


def test_a_bad_rate_limit_stops_serve_with_a_message(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--limit-moves", "lots"])
    assert result.exit_code != 0
    assert "rate limit 'lots'" in result.output


# -- CORS ----------------------------------------------------------------------------------

PREFLIGHT = {
    "Origin": "https://site.example",
    "Access-Control-Request-Method": "POST",
    "Access-Control-Request-Headers": "authorization,content-type",
}


def test_cors_preflight_of_a_configured_origin(db_url: str) -> None:
    settings = Settings(db=db_url, cors_origins=("https://site.example",), limits=LIMITLESS)
    with TestClient(create_app(settings)) as c:
        r = c.options("/api/games/abc/moves", headers=PREFLIGHT)
        assert r.status_code == 200, r.text
        assert r.headers["access-control-allow-origin"] == "https://site.example"
        assert "POST" in r.headers["access-control-allow-methods"]
        assert "authorization" in r.headers["access-control-allow-headers"].lower()
        lobby = c.get("/api/games", headers={"Origin": "https://site.example"})
        assert lobby.headers["access-control-allow-origin"] == "https://site.example"
        other = c.options("/api/games", headers={**PREFLIGHT, "Origin": "https://evil.example"})
        assert other.status_code == 400
        assert "access-control-allow-origin" not in other.headers
        plain = c.get("/api/games", headers={"Origin": "https://evil.example"})
        assert "access-control-allow-origin" not in plain.headers


def test_no_cors_unless_configured(client: TestClient) -> None:
    r = client.options("/api/games", headers=PREFLIGHT)
    assert r.status_code == 405
    assert "access-control-allow-origin" not in r.headers


# -- logging -------------------------------------------------------------------------------


def test_json_log_lines_have_time_level_logger_message_and_extras(
    restore_logging: None,
) -> None:
    out = io.StringIO()
    configure_logging("debug", "json", out)
    logging.getLogger("westeros.server").info(
        "game %s: ws?token=%s", "g1", "secret-token", extra={"game": "g1"}
    )
    logging.getLogger("uvicorn.error").warning("careful", extra={"color_message": "\x1b[1m"})
    logging.getLogger("westeros.server").debug("details")
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [line["level"] for line in lines] == ["INFO", "WARNING", "DEBUG"]
    first = lines[0]
    assert first["logger"] == "westeros.server" and first["game"] == "g1"
    assert first["message"] == "game g1: ws?token=***"
    assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", first["time"])
    assert "color_message" not in lines[1]


def test_log_level_filters_and_text_lines_have_time_and_level(restore_logging: None) -> None:
    out = io.StringIO()
    configure_logging("warning", "text", out)
    logging.getLogger("westeros.server").info("hidden")
    logging.getLogger("uvicorn.access").warning('%s - "GET %s"', "1.2.3.4", "/ws?token=abc")
    (line,) = out.getvalue().splitlines()
    assert re.fullmatch(
        r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z WARNING uvicorn\.access: "
        r'1\.2\.3\.4 - "GET /ws\?token=\*\*\*"',
        line,
    )
    with pytest.raises(ValueError, match="log format"):
        configure_logging("info", "xml", out)


def test_serve_writes_json_logs_without_tokens(db_url: str, tmp_path: Path) -> None:
    log = tmp_path / "json.log"
    srv = Server(db_url, log=log, log_level="info", extra=[*GENEROUS, "--log-format", "json"])
    srv.start()
    try:
        created = httpx.post(srv.url + "/api/games", json=HUMANS_3).json()
        token = created["seats"][0]["token"]
        with connect(f"{srv.ws_url}/api/games/{created['id']}/ws?token={token}") as ws:
            assert json.loads(ws.recv(timeout=10))["seat"] == 0
    finally:
        srv.stop()
    text = log.read_text()
    assert token not in text
    records = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert {"time", "level", "logger", "message"} <= set(records[0])
    loggers = {r["logger"] for r in records}
    assert {"uvicorn.error", "uvicorn.access"} <= loggers
    assert any("WebSocket" in r["message"] and "token=***" in r["message"] for r in records)
    assert any(r["message"].startswith("Started server process") for r in records)


# -- serve's options and app_from_env --------------------------------------------------------


def test_serve_options_public_url_cors_and_limits(db_url: str, tmp_path: Path) -> None:
    extra = [
        *GENEROUS,
        "--limit-games",
        "1/minute",
        "--public-url",
        "https://games.example.org",
        "--cors-origin",
        "https://a.example",
        "--cors-origin",
        "https://b.example",
    ]
    srv = Server(db_url, log=tmp_path / "server.log", extra=extra).start()
    try:
        created = httpx.post(srv.url + "/api/games", json=HUMANS_3, headers={"Host": "x.example"})
        assert created.json()["seats"][0]["link"].startswith("https://games.example.org/play/")
        assert_throttled(httpx.post(srv.url + "/api/games", json=HUMANS_3), "games")
        for origin in ("https://a.example", "https://b.example"):
            r = httpx.options(srv.url + "/api/games", headers={**PREFLIGHT, "Origin": origin})
            assert r.headers["access-control-allow-origin"] == origin
        health = httpx.get(srv.url + "/healthz")
        assert health.status_code == 200 and health.json() == {"status": "ok"}
        assert "westeros_games_live 1.0" in httpx.get(srv.url + "/metrics").text
    finally:
        srv.stop()


def test_app_from_env(db_url: str, monkeypatch: pytest.MonkeyPatch, restore_logging: None) -> None:
    monkeypatch.setenv("WESTEROS_DB", db_url)
    monkeypatch.setenv("WESTEROS_PUBLIC_URL", "https://env.example")
    monkeypatch.setenv("WESTEROS_CORS_ORIGINS", "https://a.example, https://b.example")
    monkeypatch.setenv("WESTEROS_LIMIT_GAMES", "1/minute")
    monkeypatch.setenv("WESTEROS_LOG_FORMAT", "json")
    monkeypatch.setenv("WESTEROS_MAX_THINK", "0.5")
    with TestClient(app_from_env()) as c:
        assert c.app.state.hub.max_think == 0.5  # type: ignore[attr-defined]
        created = c.post("/api/games", json=HUMANS_3)
        assert created.json()["seats"][0]["link"].startswith("https://env.example/play/")
        assert_throttled(c.post("/api/games", json=HUMANS_3), "games")
        r = c.options("/api/games", headers={**PREFLIGHT, "Origin": "https://b.example"})
        assert r.headers["access-control-allow-origin"] == "https://b.example"
    handler = logging.getLogger("westeros").handlers[0]
    assert type(handler.formatter).__name__ == "JsonLinesFormatter"


def test_the_default_public_url_comes_from_host_and_port() -> None:
    from westeros.server import public_url_of

    assert public_url_of("127.0.0.1", 8000) == "http://127.0.0.1:8000"
    assert public_url_of("games.example.org", 80) == "http://games.example.org:80"
    assert public_url_of("::1", 8080) == "http://[::1]:8080"
    assert public_url_of("0.0.0.0", 8000) == "http://localhost:8000"  # with a warning


def test_a_public_url_must_be_http(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    result = CliRunner().invoke(cli, ["serve", "--db", db, "--public-url", "games.example.org"])
    assert result.exit_code == 2
    assert "--public-url must start with http:// or https://" in result.output

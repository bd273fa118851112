"""Helpers of the server tests: bounded polls, a real `westeros serve` subprocess, clients."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import httpx

T = TypeVar("T")

ROOT = Path(__file__).resolve().parents[2]

# Rate limits no test or benchmark client reaches (all of them come from one address).
GENEROUS = [
    "--limit-games",
    "100000/second",
    "--limit-claims",
    "100000/second",
    "--limit-moves",
    "100000/second",
    "--limit-websockets",
    "100000/second",
    "--limit-replays",
    "100000/second",
]


def wait_for(
    check: Callable[[], T | None], timeout: float = 20.0, interval: float = 0.02, what: str = ""
) -> T:
    """Poll ``check`` until it returns something truthy; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout}s waiting for {what or check}")
        time.sleep(interval)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def westeros_command() -> list[str]:
    script = Path(sys.executable).parent / "westeros"
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from westeros.cli import app; app()"]


class Server:
    """A real `westeros serve` process on 127.0.0.1 and a free port."""

    def __init__(
        self,
        db: str,
        bot_delay: float = 0.0,
        log: Path | None = None,
        log_level: str = "warning",
        extra: list[str] | None = None,
    ) -> None:
        self.log_level = log_level
        self.extra = GENEROUS if extra is None else extra  # more `serve` options
        self.db = db
        self.bot_delay = bot_delay
        self.port = free_port()
        self.log = log
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0, port_from: Server | None = None) -> Server:
        if port_from is not None:
            self.port = port_from.port
        out = open(self.log, "ab") if self.log is not None else subprocess.DEVNULL  # noqa: SIM115
        env = dict(os.environ, PYTHONUNBUFFERED="1")
        self.proc = subprocess.Popen(
            [
                *westeros_command(),
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                "--bot-delay",
                str(self.bot_delay),
                "--log-level",
                self.log_level,
                *self.extra,
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=ROOT,
        )

        def up() -> bool:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise AssertionError(f"server exited with {self.proc.returncode}: {self.tail()}")
            try:
                return httpx.get(self.url + "/api/games", timeout=1.0).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(up, timeout=timeout, interval=0.1, what="the server to start")
        return self

    def tail(self) -> str:
        if self.log is None or not self.log.exists():
            return ""
        return self.log.read_text(errors="replace")[-3000:]

    def kill(self) -> None:
        """SIGKILL: no clean-up at all, as in a crash."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=10)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def board_game(players: int, seats: list[dict[str, Any]], tides: bool = False) -> dict[str, Any]:
    return {"kind": "boardgame", "players": players, "tides": tides, "seats": seats}


def humans_and_bots(humans: int, bots: int) -> list[dict[str, Any]]:
    seats: list[dict[str, Any]] = [{"type": "human", "name": f"P{i}"} for i in range(humans)]
    seats += [{"type": "bot", "bot": "random"} for _ in range(bots)]
    return seats


def loads(text: str | bytes) -> Any:
    return json.loads(text)


def play_moves(client: Any, gid: str, tokens: list[str], count: int) -> None:
    """``count`` moves (the first legal choice) by whichever human seat has a decision."""
    for _ in range(count):
        for token in tokens:
            mine = client.get(f"/api/games/{gid}/state", headers=bearer(token)).json()
            if mine["decisions"]:
                body = {"move": mine["move"], "choice": mine["decisions"][0]["choices"][0]}
                r = client.post(f"/api/games/{gid}/moves", json=body, headers=bearer(token))
                assert r.status_code == 200, r.text
                break
        else:
            raise AssertionError("no human seat has a decision")

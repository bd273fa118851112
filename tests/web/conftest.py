"""Fixtures of the web tests: the application in-process; for the browser tests a real
`westeros serve` per test module and Debian's Chromium driven by Playwright (never skipped:
without Chromium they fail saying how to get it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright

from tests.server.support import Server
from tests.web.browser import ARGS, require_chromium
from westeros.server import Settings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The server's application in-process (a temp SQLite file), for the tests without a
    browser."""
    with TestClient(create_app(Settings(db=f"sqlite:///{tmp_path / 'w.sqlite3'}"))) as c:
        yield c


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("web")
    srv = Server(f"sqlite:///{tmp / 'web.sqlite3'}", bot_delay=0.0, log=tmp / "server.log")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    chromium = require_chromium()
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(chromium), args=ARGS)
        try:
            yield b
        finally:
            b.close()

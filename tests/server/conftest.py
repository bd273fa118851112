from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tests.server.pg import MISSING, Cluster, bindir
from westeros.server import RateLimits, Settings, create_app

# Generous rate limits for clients that all come from one address ("testclient").
LIMITLESS = RateLimits(*["100000/second"] * 4, replays="100000/second")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app in-process on a fresh SQLite file, bots moving without delay."""
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS))) as c:
        yield c


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """The app as ``client``, but an unhandled error is a 500 response, as a client sees it
    (tests/server/test_hostile_*.py: a 500 is a failure to report, not an exception); one app
    for a module, whose tests each make their own games."""
    db_url = f"sqlite:///{tmp_path_factory.mktemp('hostile') / 'server.sqlite3'}"
    app = create_app(Settings(db=db_url, bot_delay=0.0, limits=LIMITLESS))
    with TestClient(app, raise_server_exceptions=False) as c:
        yield c


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server for the whole session. Missing PostgreSQL fails, never skips."""
    if bindir() is None:
        pytest.fail(MISSING)
    cluster = Cluster().start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """A fresh database on the session's PostgreSQL server."""
    return pg_cluster.create_database(f"test_{secrets.token_hex(6)}")

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from westeros.server import Settings, create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app in-process on a fresh SQLite file, bots moving without delay."""
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as c:
        yield c

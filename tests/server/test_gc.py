"""A running server keeps its start-up objects out of the garbage collector's full passes."""

from __future__ import annotations

import gc

from fastapi.testclient import TestClient

from westeros.server import Settings, create_app


def test_start_up_objects_are_frozen_while_the_app_runs(db_url: str) -> None:
    before = gc.get_freeze_count()
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0, freeze_gc=True))) as c:
        assert c.get("/api/games").status_code == 200
        assert gc.get_freeze_count() > before + 10_000
    assert gc.get_freeze_count() == 0  # given back at shutdown


def test_an_embedded_app_leaves_the_collector_alone(db_url: str) -> None:
    with TestClient(create_app(Settings(db=db_url, bot_delay=0.0))) as c:
        assert c.get("/api/games").status_code == 200
        assert gc.get_freeze_count() == 0

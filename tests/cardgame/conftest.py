"""Fixtures of the card-game tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from westeros.cardgame.abilities import TEXTS, CardText


@pytest.fixture
def texts() -> Iterator[dict[str, CardText]]:
    """The card texts (``abilities.TEXTS``), restored after the test (a test may replace one)."""
    saved = dict(TEXTS)
    yield TEXTS
    TEXTS.clear()
    TEXTS.update(saved)

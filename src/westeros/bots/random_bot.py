"""A seeded bot that picks uniformly among the legal choices."""

from __future__ import annotations

from typing import Any

from westeros.engine import Choice, Decision, Rng


class RandomBot:
    """Uniform over the legal list; it never reads the view (``needs_view = False``)."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        return self.rng.choice(decision.choices)

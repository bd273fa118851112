"""A seeded bot that picks uniformly among the legal choices (planning at the table aside)."""

from __future__ import annotations

from typing import Any

from westeros.engine import Choice, Decision, Rng

# Planning at the table (the board game's config ``planning: "table"``): a plan is made of
# many choices, each of which may be undone (``remove:<area>``, ``reset``), and the plan ends
# with a word. A uniform walk over them takes long to end a plan (R5.1: ``ready`` only once
# every area has an order), so after PATIENCE such choices in a row the bot ends the plan when
# it may, and until then makes only choices that undo nothing. (kind -> the word ending it)
TABLE_PLANS = {"plan_orders": "ready", "plan_bid": "ready", "plan_muster": "done"}
UNDO = ("remove:", "reset")
PATIENCE = 3


class RandomBot:
    """Uniform over the legal list, but at the table it ends a plan after PATIENCE choices
    (:data:`TABLE_PLANS`); it never reads the view (``needs_view = False``)."""

    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.planned = ("", 0)  # (kind, choices in a row) of the plan being made

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        word = TABLE_PLANS.get(decision.kind)
        if word is None:
            return self.rng.choice(decision.choices)
        kind, count = self.planned
        count = count if kind == decision.kind else 0
        if count < PATIENCE:
            choice = self.rng.choice(decision.choices)
        elif word in decision.choices:
            choice = word
        else:
            onward = [c for c in decision.choices if not str(c).startswith(UNDO)]
            choice = self.rng.choice(onward or decision.choices)
        # the plan ended (or it was the idle "unready"): the next one starts afresh
        self.planned = ("", 0) if choice in (word, "unready") else (decision.kind, count + 1)
        return choice

"""The board game's entry point: ``new_game(config, seed)`` and the round loop (R3.1)."""

from __future__ import annotations

from typing import Any

from westeros.boardgame.setup import new_state
from westeros.boardgame.state import BoardGame
from westeros.engine import Step


class Round(Step):
    """R3.1: Westeros phase (skipped in round 1), Planning phase, Action phase."""

    def __init__(self, first: bool = False) -> None:
        self.first = first

    def run(self, g: BoardGame) -> None:
        from westeros.boardgame.action import ActionPhase
        from westeros.boardgame.planning import PlanningPhase
        from westeros.boardgame.westeros_phase import WesterosPhase

        g.say(f"=== Round {g.round if self.first else g.round + 1} ===")
        steps: list[Step] = []
        if not self.first:
            steps.append(WesterosPhase())  # advances the round marker (R3.2.1)
        steps += [PlanningPhase(), ActionPhase()]
        g.push(*steps)


def new_game(config: dict[str, Any], seed: int) -> BoardGame:
    """Set up a game (R2) and run the rules until the first decision."""
    g = new_state(config, seed)
    g.push(Round(first=True))
    return g

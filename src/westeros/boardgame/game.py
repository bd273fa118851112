"""The board game's entry point: its :data:`INFO`, ``new_game(config, seed)`` and the round
loop (R3.1)."""

from __future__ import annotations

from westeros.boardgame import events as E
from westeros.boardgame.setup import new_state, validate_config
from westeros.boardgame.state import BoardGame
from westeros.engine import Config, GameInfo, Step


class Round(Step):
    """R3.1: Westeros phase (skipped in round 1), Planning phase, Action phase."""

    def __init__(self, first: bool = False) -> None:
        self.first = first

    def run(self, g: BoardGame) -> None:
        from westeros.boardgame.action import ActionPhase
        from westeros.boardgame.planning import PlanningPhase
        from westeros.boardgame.westeros_phase import WesterosPhase

        g.emit(E.ROUND(round=g.round if self.first else g.round + 1))
        steps: list[Step] = []
        if not self.first:
            steps.append(WesterosPhase())  # advances the round marker (R3.2.1)
        steps += [PlanningPhase(), ActionPhase()]
        g.push(*steps)


def new_game(config: Config, seed: int) -> BoardGame:
    """Set up a game (R2) and run the rules until the first decision."""
    g = new_state(config, seed)
    g.push(Round(first=True))
    return g


INFO = GameInfo(
    name="boardgame",
    title="A Game of Thrones: The Board Game (Second Edition)",
    min_players=3,
    max_players=6,
    simultaneous_moves=True,  # orders and bids are secret and simultaneous (R5.1, R3.7.2)
    hidden_information=True,  # face-down orders, bids, house cards in a fight, decks (R1.14)
    validate=validate_config,
    factory=new_game,
)

"""The game-agnostic engine contract shared by both games.

A game is a deterministic state machine driven by a stack of small steps
(:mod:`westeros.engine.steps`). Outside code sees it only through
``pending()``, ``apply()``, ``view()``, ``clone()`` and ``state_hash()``;
a :class:`Record` (kind, config, seed, ordered choices) replays it exactly.
"""

from westeros.engine.decision import Choice, Decision
from westeros.engine.errors import IllegalAction, RecordError
from westeros.engine.record import FORMAT_VERSION, Record, replay
from westeros.engine.registry import GAME_KINDS, new_game, register
from westeros.engine.rng import Rng
from westeros.engine.steps import Step, StepGame

__all__ = [
    "FORMAT_VERSION",
    "GAME_KINDS",
    "Choice",
    "Decision",
    "IllegalAction",
    "Record",
    "RecordError",
    "Rng",
    "Step",
    "StepGame",
    "new_game",
    "register",
    "replay",
]

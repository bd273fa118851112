"""The game-agnostic engine contract shared by both games.

A game is a deterministic state machine (:class:`Game`) described by a :class:`GameInfo`,
most simply driven by a stack of small steps (:mod:`westeros.engine.steps`). Outside code
sees it only through ``pending()``, ``apply()``, ``view()``, ``events()``, ``clone()``,
``state_hash()`` and ``outcome()``; a :class:`Record` (kind, config, seed, ordered choices)
replays it exactly.

The kit both games are built on: decision catalogues with codecs (:mod:`.catalogue`), event
catalogues with one renderer (:mod:`.events`), the step stack with ``queue`` and the one
ask-then-act step :class:`Ask` (:mod:`.steps`), and declared flows (:mod:`.flow`).
"""

from westeros.engine.catalogue import Codec, DecisionCatalogue, DecisionKind
from westeros.engine.decision import Choice, Decision
from westeros.engine.errors import IllegalAction, RecordError
from westeros.engine.events import Event, EventCatalogue, EventKind
from westeros.engine.flow import FlowStep, Stage
from westeros.engine.game import (
    Config,
    ConfigError,
    Game,
    GameInfo,
    GameOption,
    OptionValue,
    Outcome,
    SeatOption,
    shown,
)
from westeros.engine.record import FORMAT_VERSION, Record, replay
from westeros.engine.registry import GAME_KINDS, game_info, known_games, new_game, register
from westeros.engine.rng import Rng
from westeros.engine.steps import Ask, Step, StepGame

__all__ = [
    "FORMAT_VERSION",
    "GAME_KINDS",
    "Ask",
    "Choice",
    "Codec",
    "Config",
    "ConfigError",
    "Decision",
    "DecisionCatalogue",
    "DecisionKind",
    "Event",
    "EventCatalogue",
    "EventKind",
    "FlowStep",
    "Game",
    "GameInfo",
    "GameOption",
    "IllegalAction",
    "OptionValue",
    "Outcome",
    "Record",
    "RecordError",
    "Rng",
    "SeatOption",
    "Stage",
    "Step",
    "StepGame",
    "game_info",
    "known_games",
    "new_game",
    "register",
    "replay",
    "shown",
]

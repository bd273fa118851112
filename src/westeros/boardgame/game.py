"""The board game's top module: the round loop (R3.1), :class:`PlayedGame` (the state with the
parts of the engine contract that sit above the rules: ``view``, ``determinize``, ``info``),
``new_game(config, seed)`` and :data:`INFO`. The engine's registry imports this module."""

from __future__ import annotations

from typing import Any

from westeros.boardgame import events as E
from westeros.boardgame.action import ActionPhase
from westeros.boardgame.affc import KeepObjectives
from westeros.boardgame.determinize import determinize
from westeros.boardgame.gifts import GiftDesk, uses_gifts
from westeros.boardgame.iron_bank import IronBankRound, uses_iron_bank
from westeros.boardgame.options import options
from westeros.boardgame.planning import PlanningPhase
from westeros.boardgame.setup import set_up, validate_config
from westeros.boardgame.state import BoardGame
from westeros.boardgame.vassals import delegated as vassal_bot_decides
from westeros.boardgame.views import view
from westeros.boardgame.westeros_phase import WesterosPhase
from westeros.engine import Config, GameInfo, Step


class Round(Step):
    """R3.1: Westeros phase (skipped in round 1), Planning phase, Action phase."""

    def __init__(self, first: bool = False) -> None:
        self.first = first

    def run(self, g: BoardGame) -> None:
        g.emit(E.ROUND(round=g.round if self.first else g.round + 1))
        steps: list[Step] = []
        if uses_iron_bank(g):  # X-MOD-8.8: a new loan, then interest from round 2
            steps.append(IronBankRound(self.first))
        if not self.first:
            steps.append(WesterosPhase())  # advances the round marker (R3.2.1)
        steps += [PlanningPhase(), ActionPhase()]
        g.push(*steps)


class PlayedGame(BoardGame):
    """A board game as the engine's contract sees it: the state (:class:`BoardGame`) plus its
    round loop, the seat views (:mod:`views`), determinization (:mod:`determinize`) and
    :data:`INFO`. Every game, replay and built position is one."""

    def next_round(self) -> Step:
        return Round()

    def view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def standing_step(self) -> Step | None:
        """X-MOD-11.1: the gifts of power tokens, open at every stop, in games that use them."""
        return GiftDesk() if uses_gifts(self) else None

    def determinize(self, seat: int, seed: int) -> PlayedGame:
        """A new game as ``seat`` knows this one, its unknowns resampled from ``seed`` (R1.14)."""
        return determinize(self, seat, seed)

    @property
    def info(self) -> GameInfo:
        return INFO


def new_position(config: Config, seed: int) -> PlayedGame:
    """The round-1 position (R2), no rule step pushed yet (tests build positions on it)."""
    return set_up(PlayedGame(validate_config(config), seed))


def new_game(config: Config, seed: int) -> PlayedGame:
    """Set up a game (R2) and run the rules until the first decision."""
    g = new_position(config, seed)
    if g.is_affc():  # X-AFFC-D1: the objectives are kept before round 1
        g.push(KeepObjectives(), Round(first=True))
    else:
        g.push(Round(first=True))
    return g


INFO = GameInfo(
    name="boardgame",
    title="A Game of Thrones: The Board Game (Second Edition)",
    min_players=3,
    max_players=8,  # Mother of Dragons: 7, 8 with Targaryen (X-MOD-13.1); other scenarios 3-6
    simultaneous_moves=True,  # orders and bids are secret and simultaneous (R5.1, R3.7.2)
    hidden_information=True,  # face-down orders, bids, house cards in a fight, decks (R1.14)
    validate=validate_config,
    factory=new_game,
    options=options(),  # the scenario and the house-card deck (X-ADWD-2.1, X-ADWD-1.1)
    delegated=vassal_bot_decides,  # X-MOD-10.3 a seat may leave its vassals to the bot
)

"""The board game as an OpenSpiel Python game (``python_westeros_boardgame``).

Importing this module registers the game with ``pyspiel``; then
``pyspiel.load_game("python_westeros_boardgame", {"players": 4})`` gives a sequential game
with imperfect information that OpenSpiel's algorithms and tools run on.

* **Chance.** The first node is a chance node that picks the game's seed among ``seeds``
  equally likely outcomes (parameter, 1000 by default); every later shuffle and draw follows
  from that seed inside the engine, hidden from the players like the decks are.
* **Players and moves.** Players are seats (a seat's house is drawn at set-up). Simultaneous
  secret decisions are taken one seat after the other (lowest seat first); the observations,
  built from the views, never show an earlier seat's choice. Decisions with a single legal
  choice are taken at once (no node). Actions are the fixed indices of
  :mod:`westeros.rl.actions` (``num_distinct_actions`` = :data:`~westeros.rl.actions.N_ACTIONS`).
* **Observations.** The observation tensor of a player is the encoded view
  (:mod:`westeros.rl.encoding`); the observation string is the view as JSON. The public
  observation (``IIGObservationType(private_info=NONE)``) is the spectator's view
  (``view(None)``): no seat's private data.
* **Information state.** The information-state string of a player is its view and its whole
  log as the seat may read it (``events(seat, 0)``: every event, others' secrets redacted),
  as JSON: what the seat has seen since the start. No information-state tensor is provided
  (the game type says so; asking for one is an error, never a fallback to the observation).
* **Resampling.** ``resample_from_infostate(player, sampler)`` is a state in which everything
  the player may not know is resampled (the engine's ``determinize``), with the same
  information state for that player: what OpenSpiel's ``ISMCTSBot`` needs.
* **Returns.** 1 for the winner and 0 for the others at the end (constant sum 1).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from westeros.engine import Game, new_game
from westeros.rl import actions as A
from westeros.rl.encoding import OBS_SIZE, encode_game

SHORT_NAME = "python_westeros_boardgame"
DEFAULT_SEEDS = 1000
MAX_GAME_LENGTH = 20_000  # player decisions; random 3–6 player games take 300–900

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="A Game of Thrones: The Board Game (Second Edition)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": 6, "tides": False, "seeds": DEFAULT_SEEDS},
)


class WesterosGame(pyspiel.Game):  # type: ignore[misc]
    """The OpenSpiel game: parameters ``players`` (3–6), ``tides``, ``seeds``."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.players = int(params.get("players", 6))
        if not 3 <= self.players <= 6:
            raise ValueError(f"players must be 3..6, not {self.players}")
        self.tides = bool(params.get("tides", False))
        self.seeds = int(params.get("seeds", DEFAULT_SEEDS))
        info = pyspiel.GameInfo(
            num_distinct_actions=A.N_ACTIONS,
            max_chance_outcomes=self.seeds,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(
            _GAME_TYPE, info, {"players": self.players, "tides": self.tides, "seeds": self.seeds}
        )

    def new_initial_state(self) -> WesterosState:
        return WesterosState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WesterosObserver:
        return WesterosObserver(iig_obs_type, params)


class _Engine:
    """Holds the engine's game; OpenSpiel clones a Python state by deep-copying its
    attributes, and this copies the game with the engine's own (much faster) ``clone()``."""

    __slots__ = ("game",)

    def __init__(self, game: Game | None) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        return _Engine(self.game.clone() if self.game is not None else None)


class WesterosState(pyspiel.State):  # type: ignore[misc]
    """A node: before the seed (chance), a seat's decision, or the end."""

    def __init__(self, game: WesterosGame) -> None:
        super().__init__(game)
        self.config = {"players": game.players, "tides": game.tides}
        self.seeds = game.seeds
        self._resamples = 0
        self._engine = _Engine(None)

    @property
    def game(self) -> Game | None:
        """The engine's game (None before the chance node has drawn the seed)."""
        return self._engine.game

    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        pending = self.game.pending()
        if not pending:
            return int(pyspiel.PlayerId.TERMINAL)
        return pending[0].seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        decision = self.game.pending()[0]
        assert decision.seat == player
        return sorted(A.legal_indices(decision))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.seeds
        return [(s, p) for s in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        game = self.game
        if game is None:
            game = self._engine.game = new_game("boardgame", self.config, int(action))
        else:
            decision = game.pending()[0]
            game.apply(decision.seat, A.decode(decision, int(action)))
        _skip_forced(game)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{action}"
        kind, choice = A.choice(int(action))
        return f"{kind}:{choice}"

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        n = int(self.config["players"])
        if self.game is None:
            return [0.0] * n
        outcome = self.game.outcome()
        if outcome is None:
            return [0.0] * n
        return [1.0 if seat == outcome.winner else 0.0 for seat in range(n)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> WesterosState:
        """A state consistent with what ``player_id`` knows: everything else resampled by the
        engine's ``determinize``. The seed mixes the sampler's draw (OpenSpiel passes a
        ``UniformProbabilitySampler``) with a count of this state's resamples, so that
        successive samples differ even when the sampler is new each time."""
        state = WesterosState(self.get_game())
        if self.game is None:
            return state
        self._resamples += 1
        draw = float(probability_sampler()) if callable(probability_sampler) else 0.0
        seed = (int(draw * 2**31) * 1_000_003 + self._resamples) & 0x7FFFFFFF
        state._engine = _Engine(self.game.determinize(player_id, seed))
        return state

    def __str__(self) -> str:
        if self.game is None:
            return "(seed to draw)"
        g = self.game
        return f"moves={g.moves} state={g.state_hash()}"


def _skip_forced(game: Game) -> None:
    while True:
        pending = game.pending()
        if not pending or len(pending[0].choices) != 1:
            return
        game.apply(pending[0].seat, pending[0].choices[0])


class WesterosObserver:
    """What a player observes, by OpenSpiel's observation type: the encoded view and the view
    as JSON (the default); the spectator's view (public information only, ``private_info``
    NONE); or the information state (``perfect_recall``: a string only, no tensor)."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.public_only = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and self.public_only:
            raise ValueError("a public information state is not provided")
        size = 0 if self.perfect_recall else OBS_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor} if size else {}

    def _seat(self, player: int) -> int | None:
        return None if self.public_only else player

    def set_from(self, state: WesterosState, player: int) -> None:
        if self.perfect_recall:
            raise ValueError("no information-state tensor is provided (only the string)")
        if state.game is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = encode_game(state.game, self._seat(player))

    def string_from(self, state: WesterosState, player: int) -> str:
        if state.game is None:
            return "(seed to draw)"
        seat = self._seat(player)
        view = state.game.view(seat)
        if not self.perfect_recall:
            return json.dumps(view, sort_keys=True)
        log = [
            {"kind": e.kind, "fields": e.fields, "redacted": e.redacted}
            for e in state.game.events(seat, 0)
        ]
        return json.dumps({"view": view, "log": log}, sort_keys=True)


pyspiel.register_game(_GAME_TYPE, WesterosGame)

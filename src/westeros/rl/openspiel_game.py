"""Both games as OpenSpiel Python games (``python_westeros_boardgame``,
``python_westeros_mod``, ``python_westeros_cardgame``).

Importing this module registers them with ``pyspiel``; then
``pyspiel.load_game("python_westeros_boardgame", {"players": 4})``,
``pyspiel.load_game("python_westeros_mod", {"players": 5})`` or
``pyspiel.load_game("python_westeros_cardgame", {"decks": "westeros-stark+westeros-lannister"})``
gives a sequential game with imperfect information that OpenSpiel's algorithms and tools run
on. The card game's parameters: ``decks`` (shipped deck ids joined by ``+``, one per player: a
comma would end the parameter in OpenSpiel's game strings),
``auto`` (the choices a player may leave to the engine answered by it; True by default),
``seeds``. Mother of Dragons' (X-MOD-1, :class:`WesterosModGame`): ``players`` (3–7, 4–8 with
``essos``), ``essos``, ``iron_bank`` (with essos only), ``targaryen_deck``, ``starting_power``
(-1: the rules' default), ``houses`` and ``vassals`` (house ids joined by ``+``; empty: drawn
at set-up), ``auto`` (False by default: the choices are asked), ``tides``, ``seeds``; its
space is :data:`westeros.rl.actions.MOD` and its observation :mod:`westeros.rl.mod_encoding`;
a seat acts for its house and the vassals it commands this round (X-MOD-10.3), and gifts
(idle decisions, X-MOD-11.1) are never a player's move. Everything below holds for all three.

* **Chance.** The first node is a chance node that picks the game's seed among ``seeds``
  equally likely outcomes (parameter, 1000 by default); every later shuffle and draw follows
  from that seed inside the engine, hidden from the players like the decks are.
* **Players and moves.** Players are seats (a seat's house is drawn at set-up). Simultaneous
  secret decisions are taken one seat after the other (lowest seat first); the observations,
  built from the views, never show an earlier seat's choice. Decisions with a single legal
  choice are taken at once (no node). Actions are the fixed indices of the kind's action
  space (:mod:`westeros.rl.spaces`; the board game's is :mod:`westeros.rl.actions`).
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
* **Returns.** 1 for the winner and 0 for the others at the end (constant sum 1: both games
  always end with a winner).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from westeros.engine import Choice, Decision, Game, new_game
from westeros.rl.spaces import Space, space

SHORT_NAME = "python_westeros_boardgame"
CARD_SHORT_NAME = "python_westeros_cardgame"
DEFAULT_SEEDS = 1000
DEFAULT_DECKS = "westeros-stark+westeros-lannister"
MAX_GAME_LENGTH = 20_000  # player decisions; random games take 300–900 (board), 100–400 (card)


def _game_type(
    short_name: str, long_name: str, players: tuple[int, int], params: dict[str, Any]
) -> pyspiel.GameType:
    """Both games' type: sequential (simultaneous secret choices are taken one seat after the
    other), a chance node (the seed), imperfect information, a winner (constant sum 1) at the
    end; an information-state string but no tensor."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**params, "seeds": DEFAULT_SEEDS},
    )


_GAME_TYPE = _game_type(
    SHORT_NAME,
    "A Game of Thrones: The Board Game (Second Edition)",
    (3, 6),
    {"players": 6, "tides": False, "scenario": "base", "house_cards": ""},
)
MOD_SHORT_NAME = "python_westeros_mod"
_MOD_GAME_TYPE = _game_type(
    MOD_SHORT_NAME,
    "A Game of Thrones: The Board Game (Second Edition) with Mother of Dragons",
    (3, 8),
    {
        "players": 7,
        "essos": False,
        "iron_bank": True,
        "targaryen_deck": "",
        "starting_power": -1,
        "houses": "",
        "vassals": "",
        "auto": False,
        "tides": False,
    },
)
_CARD_GAME_TYPE = _game_type(
    CARD_SHORT_NAME,
    "A Game of Thrones: The Card Game (Second Edition)",
    (2, 6),
    {"decks": DEFAULT_DECKS, "auto": True},
)


class WesterosGame(pyspiel.Game):  # type: ignore[misc]
    """The board game: parameters ``players`` (3–6), ``tides``, ``scenario`` (``base``, or an
    expansion's, e.g. ``adwd``: its own player count, X-ADWD-2.1), ``house_cards`` (the deck;
    empty: the scenario's own, X-ADWD-1.1), ``seeds``."""

    GAME_TYPE = _GAME_TYPE

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.seeds = int(params.get("seeds", DEFAULT_SEEDS))
        self.space, kept = self._space(params)
        self.players = self.space.players
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.actions.n,
            max_chance_outcomes=self.seeds,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(self.GAME_TYPE, info, {**kept, "seeds": self.seeds})

    @staticmethod
    def _space(params: dict[str, Any]) -> tuple[Space, dict[str, Any]]:
        """The kind's space and the parameters as OpenSpiel keeps them."""
        players = int(params.get("players", 6))
        if not 3 <= players <= 6:
            raise ValueError(f"players must be 3..6, not {players}")
        tides = bool(params.get("tides", False))
        scenario = str(params.get("scenario", "base"))
        if scenario == "mod":  # Mother of Dragons is a game of its own: python_westeros_mod
            raise ValueError(
                f"the OpenSpiel game plays the base map's scenarios, not 'mod' "
                f"({MOD_SHORT_NAME} plays Mother of Dragons)"
            )
        deck = str(params.get("house_cards", ""))
        config = {"scenario": scenario, **({"house_cards": deck} if deck else {})}
        kept = {"players": players, "tides": tides, "scenario": scenario, "house_cards": deck}
        return space("boardgame", players, tides, config), kept

    def new_initial_state(self) -> WesterosState:
        return WesterosState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> WesterosObserver:
        return WesterosObserver(self.space, iig_obs_type, params)


def _houses_param(text: str) -> list[str] | None:
    """Houses joined by ``+`` (a comma would end the parameter); empty: None."""
    houses = [h.strip() for h in text.split("+") if h.strip()]
    return houses or None


class WesterosModGame(WesterosGame):
    """Mother of Dragons (X-MOD-1): parameters ``players``, ``essos``, ``iron_bank``,
    ``targaryen_deck``, ``starting_power``, ``houses``, ``vassals``, ``auto``, ``tides``,
    ``seeds`` (see the module's docstring); an impossible combination is the engine's
    ConfigError (a ValueError) naming it."""

    GAME_TYPE = _MOD_GAME_TYPE

    @staticmethod
    def _space(params: dict[str, Any]) -> tuple[Space, dict[str, Any]]:
        kept = {key: params.get(key, default) for key, default in _MOD_PARAMS.items()}
        essos = bool(kept["essos"])
        config: dict[str, Any] = {
            "scenario": "mod",
            "players": int(kept["players"]),
            "auto": bool(kept["auto"]),
        }
        if essos:  # X-MOD-1.2, X-MOD-1.3, X-MOD-Q3: Essos' own settings
            config |= {"essos": True, "iron_bank": bool(kept["iron_bank"])}
            if kept["targaryen_deck"]:
                config["targaryen_deck"] = str(kept["targaryen_deck"])
        if int(kept["starting_power"]) >= 0:  # X-MOD-Q1
            config["starting_power"] = int(kept["starting_power"])
        for key in ("houses", "vassals"):
            houses = _houses_param(str(kept[key]))
            if houses is not None:
                config[key] = houses
        return space("boardgame", config["players"], bool(kept["tides"]), config), kept

    def new_initial_state(self) -> WesterosState:
        return WesterosModState(self)


_MOD_PARAMS: dict[str, Any] = {
    k: v for k, v in _MOD_GAME_TYPE.parameter_specification.items() if k != "seeds"
}


class WesterosCardGame(WesterosGame):
    """The card game: parameters ``decks`` (shipped deck ids joined by ``+``), ``auto``,
    ``seeds``."""

    GAME_TYPE = _CARD_GAME_TYPE

    @staticmethod
    def _space(params: dict[str, Any]) -> tuple[Space, dict[str, Any]]:
        decks = str(params.get("decks", DEFAULT_DECKS))
        auto = bool(params.get("auto", True))
        config = {"decks": [d.strip() for d in decks.split("+") if d.strip()], "auto": auto}
        return space("cardgame", config=config), {"decks": decks, "auto": auto}


class _Engine:
    """Holds the engine's game and the moves that made it. OpenSpiel clones a Python state by
    deep-copying its attributes: this copies the game with the engine's own (much faster)
    ``clone()``. It serializes a state by pickling its attributes: this pickles the game as
    its kind, config, seed and moves, and unpickles it by replaying them (the engine's games
    hold rules code, e.g. the card game's lasting effects, that pickle cannot write). A
    resampled game has no moves to replay and cannot be serialized."""

    __slots__ = ("game", "moves")

    def __init__(self, game: Game | None, moves: _Moves = None, replayable: bool = True) -> None:
        self.game = game
        # the moves as a linked list (seat, choice, earlier moves): a clone shares them
        self.moves: _Moves | bool = moves if replayable else False

    def apply(self, seat: int, choice: Choice) -> None:
        assert self.game is not None
        self.game.apply(seat, choice)
        if self.moves is not False:
            self.moves = (seat, choice, self.moves)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        other = _Engine(self.game.clone() if self.game is not None else None)
        other.moves = self.moves
        return other

    def __reduce__(self) -> tuple[Any, ...]:
        if self.game is None:
            return (_Engine, (None,))
        if self.moves is False:
            raise TypeError("a resampled state cannot be serialized (it has no moves to replay)")
        moves: list[tuple[int, Choice]] = []
        link = self.moves
        while isinstance(link, tuple):
            seat, choice, link = link
            moves.append((seat, choice))
        g = self.game
        return (_replayed, (g.info.name, g.config, g.seed, moves[::-1]))


_Moves = tuple[int, Choice, Any] | None


def _replayed(kind: str, config: dict[str, Any], seed: int, moves: list[Any]) -> _Engine:
    game = new_game(kind, config, seed)
    engine = _Engine(game)
    for seat, choice in moves:
        engine.apply(seat, choice)
    game.pending()  # the rules run up to the next decision, as they had
    return engine


class WesterosState(pyspiel.State):  # type: ignore[misc]
    """A node: before the seed (chance), a seat's decision, or the end."""

    def __init__(self, game: WesterosGame) -> None:
        super().__init__(game)
        self.seeds = game.seeds
        self._resamples = 0
        self._engine = _Engine(None)

    @property
    def space(self) -> Space:
        """The game's space (read from the game, not kept in the state's serialization)."""
        space: Space = self.get_game().space
        return space

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
        return sorted(self.space.actions.legal_indices(decision))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self.seeds
        return [(s, p) for s in range(self.seeds)]

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        if engine.game is None:
            engine.game = new_game(self.space.kind, self.space.config, int(action))
        else:
            decision = engine.game.pending()[0]
            engine.apply(decision.seat, self.space.actions.decode(decision, int(action)))
        _skip_forced(engine)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{action}"
        kind, choice = self.space.actions.choice(int(action))
        return f"{kind}:{choice}"

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        n = self.space.players
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
        state = type(self)(self.get_game())
        if self.game is None:
            return state
        self._resamples += 1
        draw = float(probability_sampler()) if callable(probability_sampler) else 0.0
        seed = (int(draw * 2**31) * 1_000_003 + self._resamples) & 0x7FFFFFFF
        state._engine = _Engine(self.game.determinize(player_id, seed), replayable=False)
        return state

    def __str__(self) -> str:
        if self.game is None:
            return "(seed to draw)"
        g = self.game
        return f"moves={g.moves} state={g.state_hash()}"


class WesterosModState(WesterosState):
    """A Mother of Dragons node: the open decision the game waits for is the first pending one
    that is not idle (gifts, X-MOD-11.1, are never a player's move); a vassal's decision is
    its commander's seat's (X-MOD-10.3)."""

    def current_player(self) -> int:
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        decision = _waited(self.game)
        return int(pyspiel.PlayerId.TERMINAL) if decision is None else decision.seat

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        decision = _waited(self.game)
        assert decision is not None and decision.seat == player
        return sorted(self.space.actions.legal_indices(decision))

    def _apply_action(self, action: int) -> None:
        engine = self._engine
        if engine.game is None:
            engine.game = new_game(self.space.kind, self.space.config, int(action))
        else:
            decision = _waited(engine.game)
            assert decision is not None
            engine.apply(decision.seat, self.space.actions.decode(decision, int(action)))
        _skip_forced(engine)


def _waited(game: Game) -> Decision | None:
    """The first open decision the game waits for (idle ones are sorted last)."""
    return next((d for d in game.pending() if not d.idle), None)


def _skip_forced(engine: _Engine) -> None:
    assert engine.game is not None
    while True:
        decision = _waited(engine.game)
        if decision is None or len(decision.choices) != 1:
            return
        engine.apply(decision.seat, decision.choices[0])


class WesterosObserver:
    """What a player observes, by OpenSpiel's observation type: the encoded view and the view
    as JSON (the default); the spectator's view (public information only, ``private_info``
    NONE); or the information state (``perfect_recall``: a string only, no tensor)."""

    def __init__(self, space: Space, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        self.space = space
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.public_only = iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        )
        self.perfect_recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        if self.perfect_recall and self.public_only:
            raise ValueError("a public information state is not provided")
        size = 0 if self.perfect_recall else space.obs_size
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
            self.tensor[:] = self.space.encode(state.game, self._seat(player))

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
pyspiel.register_game(_MOD_GAME_TYPE, WesterosModGame)
pyspiel.register_game(_CARD_GAME_TYPE, WesterosCardGame)

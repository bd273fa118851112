"""What the adapters need of each game kind, in one place: its action space, its observation
encoder, its agents and its public score. Every adapter (PettingZoo AEC and parallel,
Gymnasium, OpenSpiel) takes a ``kind`` and reads the kind's :class:`Space`.

* ``boardgame`` — config ``{"players": 3..6, "tides": bool, "scenario": …, "house_cards": …}``
  (a scenario's own player count by default: A Dance with Dragons 6, X-ADWD-2.1); agents are
  the houses of the scenario and player count (a seat's house is drawn at set-up); the fixed
  space of :mod:`westeros.rl.actions` and the observation of :mod:`westeros.rl.encoding`; the
  score is the castles and strongholds held (in A Feast for Crows the victory points, X-AFFC-4.1).
  Mother of Dragons (``scenario: "mod"``, X-MOD-3) has a space of its own: agents are the
  seats (``player_0`` …), the space :data:`westeros.rl.actions.MOD`, the observation of
  :mod:`westeros.rl.mod_encoding`.
* ``cardgame`` — config as :mod:`westeros.cardgame.game` takes it, with ``"auto": True`` by
  default (the choices a player may leave to the engine are answered by it; ``"auto": False``
  asks them); agents are ``player_0`` … (seat order, as the decks are listed); the space of
  :mod:`westeros.rl.card_actions` and the observation of :mod:`westeros.rl.card_encoding`,
  both sized by the config's card ids; the score is power (15 wins, C1.1).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from westeros.boardgame.public import tables as T
from westeros.cardgame.public import card_count
from westeros.engine import Config, Game, game_info, new_game
from westeros.rl import actions as A
from westeros.rl.actions import ActionSpace
from westeros.rl.card_actions import card_space
from westeros.rl.card_encoding import CardEncoding
from westeros.rl.encoding import OBS_SIZE, SCENARIOS, Vector, encode, encode_game
from westeros.rl.mod_encoding import MOD_OBS_SIZE, mod_encode, mod_encode_game

KINDS: tuple[str, ...] = ("boardgame", "cardgame")


@dataclass(frozen=True)
class Space:
    """A game kind and config as the adapters see it."""

    kind: str
    config: Config  # validated, defaults filled in
    actions: ActionSpace
    obs_size: int
    encode: Callable[[Game, int | None], Vector]  # the seat's view as a vector
    encode_view: Callable[[dict[str, Any]], Vector]  # the same from a view (e.g. a client's)
    agents: tuple[str, ...]  # every agent, in a fixed order
    seat_agents: Callable[[Game], tuple[str, ...]]  # each seat's agent in a game
    scores: Callable[[Game], list[int]]  # each seat's public score

    @property
    def players(self) -> int:
        return len(self.agents)


def game_config(kind: str, players: int | None, tides: bool, config: Config | None) -> Config:
    """The config of an adapter's options: the board game's ``players`` (6 by default) and
    ``tides``; the card game's ``config`` with ``auto`` on by default (``players`` sets its
    number of seats when ``config`` does not). ConfigError for a config that cannot be
    played."""
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "boardgame":
        out: Config = {"players": _board_players(players, config), "tides": tides}
    else:
        out = {"auto": True} if players is None else {"auto": True, "players": players}
    out.update(config or {})
    scenario = out.get("scenario", "base")
    if kind == "boardgame" and scenario not in (*SCENARIOS, "mod"):
        raise ValueError(
            f"the RL adapters play the scenarios {', '.join((*SCENARIOS, 'mod'))}, "
            f"not {scenario!r}"
        )
    if kind == "boardgame" and scenario != "mod" and out["players"] not in T.SETUPS:
        raise ValueError(f"players must be one of {sorted(T.SETUPS)}, not {out['players']!r}")
    if kind == "boardgame" and out.get("planning", "sequential") != "sequential":
        # planning at the table is for people: its choices have no index (rl.actions)
        raise ValueError("the RL adapters play planning: sequential only")
    return game_info(kind).check_config(out)


def _board_players(players: int | None, config: Config | None) -> int:
    """The board game's player count: as given, else the scenario's own, else 6."""
    if players is not None:
        return players
    if (config or {}).get("essos"):
        return 8  # Mother of Dragons' 8-house board (X-MOD-1.2)
    scenario = T.SCENARIOS.get((config or {}).get("scenario", "base"))
    return 6 if scenario is None else scenario.player_count


def space(
    kind: str = "boardgame",
    players: int | None = None,
    tides: bool = False,
    config: Config | None = None,
) -> Space:
    """The :class:`Space` of a kind and its options (see :func:`game_config`)."""
    checked = game_config(kind, players, tides, config)
    if kind == "boardgame" and checked.get("scenario") == "mod":
        return _mod_space(checked)
    if kind == "boardgame":
        return Space(
            kind,
            checked,
            A.BOARD,
            OBS_SIZE,
            encode_game,
            encode,
            T.setup_of(checked["scenario"], checked["players"]).houses,
            _houses,
            _scores,
        )
    cards = card_count(new_game(kind, checked, 0))  # the same for every seed of a config
    seats = game_info(kind).players(checked)
    encoding = CardEncoding(cards)
    return Space(
        kind,
        checked,
        card_space(cards, seats),
        encoding.size,
        encoding.encode_game,
        encoding.encode,
        tuple(f"player_{s}" for s in range(seats)),
        _players,
        _power,
    )


def _mod_space(checked: Config) -> Space:
    """Mother of Dragons (X-MOD-3): its own larger space and observation
    (:data:`westeros.rl.actions.MOD`, :mod:`westeros.rl.mod_encoding`); agents are the seats,
    ``player_0`` … (a seat's house is drawn at set-up unless the config names them, and the
    vassals are commanded by the seats: a vassal's decision is its commander's agent's)."""
    return Space(
        "boardgame",
        checked,
        A.MOD,
        MOD_OBS_SIZE,
        mod_encode_game,
        mod_encode,
        tuple(f"player_{s}" for s in range(checked["players"])),
        _players,
        _scores,
    )


def _houses(game: Game) -> tuple[str, ...]:
    return tuple(game.view(None)["seats"])


def _scores(game: Game) -> list[int]:
    """Each seat's castles and strongholds, or its victory points in A Feast for Crows
    (X-AFFC-4.1) (public: the spectator view)."""
    view: dict[str, Any] = game.view(None)
    if "objectives" in view:
        points = view["objectives"]["victory_points"]
        return [int(points[h]) for h in view["seats"]]
    return [int(view["houses"][h]["victory"]) for h in view["seats"]]


def _players(game: Game) -> tuple[str, ...]:
    return tuple(f"player_{s}" for s in range(len(game.seat_names())))


def _power(game: Game) -> list[int]:
    return [int(p["power"]) for p in game.view(None)["players"]]

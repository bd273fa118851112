"""Game kinds by name, so records and tools can build any game through the contract."""

from __future__ import annotations

import importlib

from westeros.engine.errors import RecordError
from westeros.engine.game import Config, Game, GameInfo

# kind -> "module:INFO"; imported lazily so the engine never imports a game package.
GAME_KINDS: dict[str, str] = {
    "boardgame": "westeros.boardgame.game:INFO",
    "cardgame": "westeros.cardgame.game:INFO",
}
_INFOS: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Register a game kind (used by tests and by future games)."""
    _INFOS[info.name] = info


def known_games() -> list[str]:
    return sorted(set(GAME_KINDS) | set(_INFOS))


def game_info(kind: str) -> GameInfo:
    """The metadata of a game kind; RecordError (a ValueError) for an unknown kind."""
    if kind in _INFOS:
        return _INFOS[kind]
    if kind not in GAME_KINDS:
        raise RecordError(f"unknown game kind {kind!r} (known: {', '.join(known_games())})")
    module_name, attr = GAME_KINDS[kind].split(":")
    info = getattr(importlib.import_module(module_name), attr)
    assert isinstance(info, GameInfo), (kind, info)
    _INFOS[kind] = info
    return info


def new_game(kind: str, config: Config, seed: int) -> Game:
    """Build a game of ``kind``; a bad config raises ConfigError naming the problem."""
    info = game_info(kind)
    return info.factory(info.check_config(config), seed)

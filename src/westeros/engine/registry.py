"""Game kinds by name, so records and tools can build any game."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from westeros.engine.errors import RecordError

GameFactory = Callable[[dict[str, Any], int], Any]

# kind -> "module:function"; imported lazily so the engine never imports a game package.
GAME_KINDS: dict[str, str] = {
    "boardgame": "westeros.boardgame.game:new_game",
}
_FACTORIES: dict[str, GameFactory] = {}


def register(kind: str, factory: GameFactory) -> None:
    """Register a game kind (used by tests and by future games)."""
    _FACTORIES[kind] = factory


def new_game(kind: str, config: dict[str, Any], seed: int) -> Any:
    return factory_for(kind)(config, seed)


def factory_for(kind: str) -> GameFactory:
    if kind in _FACTORIES:
        return _FACTORIES[kind]
    if kind not in GAME_KINDS:
        known = ", ".join(sorted(set(GAME_KINDS) | set(_FACTORIES)))
        raise RecordError(f"unknown game kind {kind!r} (known: {known})")
    module_name, func = GAME_KINDS[kind].split(":")
    factory: GameFactory = getattr(importlib.import_module(module_name), func)
    _FACTORIES[kind] = factory
    return factory

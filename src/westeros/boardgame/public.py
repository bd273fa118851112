"""The board game's public face: everything bots, the RL adapters, the web page and tools may
read of the board game, in one module. Nothing above the rules imports any other module of
``westeros.boardgame`` (``tests/test_layers.py`` enforces it); a game is played only through
the engine contract (``westeros.engine.new_game("boardgame", …)``).

* ``tables`` — the static data: map areas, houses, units, order tokens, house cards, Tides
  of Battle, Westeros and wildling decks, setups per player count (read-only);
* ``decisions`` — the decision catalogue: one ``DecisionKind`` per kind with its choice
  grammar (``Codec``), ``KINDS``, ``catalogue_json()``;
* ``events`` — the event catalogue: one ``EventKind`` per kind, ``render(event)``;
* ``objectives`` — A Feast for Crows' objective cards (``OBJECTIVES``: ids, names, texts,
  points per house) and special objectives (``SPECIAL_TEXTS``);
* ``fight_view(g, house)`` — the public record of the fight in progress as ``house`` may know
  it (the ``combat`` part of a view), ``castle_counts(g)`` — castles held per house (R9.1),
  ``objectives_view(g, house)`` — the ``objectives`` part of an AFfC view (X-AFFC-4);
* ``LOANS`` — Mother of Dragons' Iron Bank loan cards by id (X-MOD-8.1; the RL spaces);
* ``BoardGame`` — the state's type, for code that reads a game's state field by field as its
  views do (the RL encoder's fast path, ``rl.encoding.encode_game``); never to be changed.
"""

from __future__ import annotations

from westeros.boardgame import decisions, events, objectives, tables
from westeros.boardgame.decisions import catalogue_json
from westeros.boardgame.iron_bank import LOANS
from westeros.boardgame.state import BoardGame
from westeros.boardgame.views import castle_counts, fight_view, objectives_view

__all__ = [
    "LOANS",
    "BoardGame",
    "castle_counts",
    "catalogue_json",
    "decisions",
    "events",
    "fight_view",
    "objectives",
    "objectives_view",
    "tables",
]

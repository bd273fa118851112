"""The card game's public face: everything bots, the RL adapters, the web page and tools (the
``westeros cards`` commands) may read of the card game, in one module. Nothing above the rules
imports any other module of ``westeros.cardgame`` (``tests/test_layers.py`` enforces it); a
game is played only through the engine contract (``westeros.engine.new_game("cardgame", …)``).

* ``cards`` — the card catalogue (printed facts, C2): ``catalogue()``, ``card(code)``,
  factions and challenge types;
* ``decisions`` — the decision catalogue (C22): ``KINDS``, one constant per kind;
* ``events`` — the event catalogue: ``TEXTS``, ``render``;
* decks (C4): ``Deck``, ``DeckError``, ``check_deck``, ``load_deck``, ``parse_text``,
  ``parse_json``, ``read_deck_list`` (either, as pasted), ``format_text``, ``describe``,
  ``STARTER_IDS``; the shipped decks
  (``SHIPPED``, ``shipped_names()``) and ``unimplemented(deck)``: the cards of a deck whose
  text the engine does not implement yet;
* ``Position`` — a position laid out by hand (cards per zone and controller, plots, titles,
  a phase or a challenge step to start at), for tests and for exploring rules;
* ``card_count(game)`` — how many card ids a game has (ids run from 0: its decks' cards in
  deck-list order, then the title pool in melee), e.g. to size a fixed action space.
"""

from __future__ import annotations

from westeros.cardgame import cards, decisions, events
from westeros.cardgame.builder import Position
from westeros.cardgame.decklists import (
    SHIPPED,
    format_text,
    load_deck,
    parse_json,
    parse_text,
    read_deck_list,
    shipped_names,
    unimplemented,
)
from westeros.cardgame.decks import STARTER_IDS, Deck, DeckError, check_deck, describe
from westeros.cardgame.state import CardGame


def card_count(game: object) -> int:
    """The number of card ids of a card game (the same for every game of a config)."""
    if not isinstance(game, CardGame):
        raise TypeError(f"not a card game: {game!r}")
    return len(game.defs)


__all__ = [
    "SHIPPED",
    "STARTER_IDS",
    "Deck",
    "DeckError",
    "Position",
    "card_count",
    "cards",
    "check_deck",
    "decisions",
    "describe",
    "events",
    "format_text",
    "load_deck",
    "parse_json",
    "parse_text",
    "read_deck_list",
    "shipped_names",
    "unimplemented",
]

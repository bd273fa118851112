"""Decks the game ships and accepts in a config, and which cards are implemented.

A card is *implemented* when its text has an entry in :data:`~westeros.cardgame.abilities.TEXTS`
or it has no text but keywords (``vanilla``). Shipped decks: the four Core Set starter decks
(C4.8) and the two decks in ``data/westeros_decks.json`` made of implemented cards only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from importlib import resources
from typing import Any

from westeros.cardgame import texts  # noqa: F401  (registers every card text)
from westeros.cardgame.abilities import TEXTS
from westeros.cardgame.cards import catalogue
from westeros.cardgame.decks import STARTER_IDS, Deck, DeckError, parse_json, starter


def implemented(code: str) -> bool:
    c = catalogue().get(code)
    return c is not None and (code in TEXTS or c.complexity == "vanilla" or c.type == "faction")


def unimplemented(deck: Deck) -> list[str]:
    """The cards of a deck whose text is not implemented yet, as "Name (code)"."""
    codes = sorted(
        {*deck.plots, *(c for c, _ in deck.draw), *([deck.agenda] if deck.agenda else [])}
    )
    cards = catalogue()
    return [f"{cards[c].name} ({c})" for c in codes if not implemented(c)]


def deck_from_json(data: dict[str, Any]) -> Deck:
    """A deck object of a game config: ``faction``, ``agenda``, ``plots`` (codes), ``draw``
    ({code: count}); or any ThronesDB-style JSON that :func:`parse_json` reads."""
    if "draw" in data and isinstance(data["draw"], dict):
        faction = data.get("faction")
        if not isinstance(faction, str):
            raise DeckError(["C4.1: a deck needs a faction"])
        plots = data.get("plots", [])
        if not isinstance(plots, list) or not all(isinstance(p, str) for p in plots):
            raise DeckError(["C4.4: 'plots' must be a list of plot codes"])
        draw = data["draw"]
        if not all(isinstance(k, str) and isinstance(v, int) and v > 0 for k, v in draw.items()):
            raise DeckError(["C4.2: 'draw' must map card codes to positive counts"])
        return Deck(
            faction,
            data.get("agenda"),
            tuple(plots),
            tuple(sorted(draw.items())),
            str(data.get("name", "")),
        )
    return parse_json(data)


def _shipped(name: str) -> Deck:
    text = resources.files("westeros.cardgame").joinpath("data/westeros_decks.json").read_text()
    return deck_from_json(json.loads(text)[name])


def shipped_names() -> list[str]:
    text = resources.files("westeros.cardgame").joinpath("data/westeros_decks.json").read_text()
    return sorted(json.loads(text))


SHIPPED: dict[str, Callable[[], Deck]] = {i: partial(starter, i) for i in STARTER_IDS}
SHIPPED.update({n: partial(_shipped, n) for n in shipped_names()})

"""The card game's browser table: ``static/cards.html`` (the modules under ``static/cards/``)
and ``/static/cardgame.json``, the printed facts the page reads once to draw our own card faces
(name, cost, STR, icons, traits, keywords, text, plot values) and the decision catalogue,
built from the card game's public face. The state of a game comes from the server's messages."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from westeros.cardgame.public import cards as C
from westeros.cardgame.public import decisions as D
from westeros.web.boardgame_page import STATIC
from westeros.web.pages import Page


def card_facts(c: C.CardDef) -> dict[str, Any]:
    """What is printed on one card (C2), in short keys; empty values left out."""
    out: dict[str, Any] = {"name": c.name, "type": c.type, "faction": c.faction}
    extras: dict[str, Any] = {
        "cost": "X" if c.x_cost else c.cost,
        "str": c.strength if c.type == "character" else None,
        "icons": sorted(c.icons),
        "traits": sorted(c.traits),
        "keywords": [k if v is True else f"{k} {v}" for k, v in c.keywords],
        "text": c.text,
        "unique": c.unique,
        "loyal": c.loyal,
    }
    if c.type == "plot":
        extras.update(income=c.income, initiative=c.initiative, claim=c.claim, reserve=c.reserve)
    out.update({k: v for k, v in extras.items() if v not in (None, [], "", False)})
    return out


@cache
def cardgame_data() -> str:
    """Static facts of the card game the page needs to draw and name things."""
    data: dict[str, Any] = {
        "cards": {code: card_facts(c) for code, c in C.catalogue().items()},
        "factions": dict(C.FACTION_NAMES),
        "challenges": list(C.CHALLENGES),
        "decisions": D.catalogue_json(),
    }
    return json.dumps(data, separators=(",", ":"))


PAGE = Page("cardgame", STATIC / "cards.html", cardgame_data)

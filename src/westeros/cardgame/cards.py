"""The card catalogue: every Core Set card's printed facts (C2), read from package data.

A :class:`CardDef` is what is printed on a card; what it does lives in one entry per card
in the faction modules (:mod:`westeros.cardgame.texts`). Faction cards (C2.1) are not in
the data file: they have no code of their own, so they get ``faction:<name>`` codes here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

FACTIONS = (
    "baratheon",
    "greyjoy",
    "lannister",
    "martell",
    "thenightswatch",
    "stark",
    "targaryen",
    "tyrell",
)
FACTION_NAMES = {
    "baratheon": "House Baratheon",
    "greyjoy": "House Greyjoy",
    "lannister": "House Lannister",
    "martell": "House Martell",
    "thenightswatch": "The Night's Watch",
    "stark": "House Stark",
    "targaryen": "House Targaryen",
    "tyrell": "House Tyrell",
}
CHALLENGES = ("military", "intrigue", "power")
DRAW_TYPES = ("character", "location", "attachment", "event")


@dataclass(frozen=True, slots=True)
class CardDef:
    """The printed facts of one card (C2). ``cost`` is None for X and for cards without one."""

    code: str
    name: str
    type: str  # character, location, attachment, event, plot, agenda, title, faction
    faction: str
    loyal: bool = False
    unique: bool = False
    cost: int | None = None
    x_cost: bool = False
    strength: int = 0
    icons: frozenset[str] = frozenset()
    traits: frozenset[str] = frozenset()
    keywords: tuple[tuple[str, int | str | bool], ...] = ()
    restrictions: tuple[str, ...] = ()
    deckbuilding: tuple[str, ...] = ()
    # plots: printed values (C2.3); other cards: printed "+N" icons (C2.4), as modifiers
    income: int = 0
    initiative: int = 0
    claim: int = 0
    reserve: int = 0
    quantity: int = 1
    deck_limit: int = 3
    text: str = ""
    complexity: str = "vanilla"
    tags: tuple[str, ...] = ()
    supports: tuple[str, ...] = ()
    rivals: tuple[str, ...] = ()

    def keyword(self, name: str) -> int | str | bool | None:
        """A printed keyword's value (True for keywords without one), None when absent."""
        for key, value in self.keywords:
            if key == name:
                return value
        return None

    def has_trait(self, trait: str) -> bool:
        return trait in self.traits

    @property
    def is_draw_card(self) -> bool:
        return self.type in DRAW_TYPES


def _card(row: dict[str, Any]) -> CardDef:
    plot = row["plot"] or {}
    mods = row["modifiers"] or {}
    title = row["title"] or {}
    cost = row["cost"]
    return CardDef(
        code=row["code"],
        name=row["name"],
        type=row["type"],
        faction=row["faction"],
        loyal=row["loyal"],
        unique=row["unique"],
        cost=cost if isinstance(cost, int) else None,
        x_cost=cost == "X",
        strength=row["strength"] or 0,
        icons=frozenset(row["icons"]),
        traits=frozenset(row["traits"]),
        keywords=tuple(sorted(row["keywords"].items())),
        restrictions=tuple(row["restrictions"]),
        deckbuilding=tuple(row["deckbuilding"]),
        income=plot.get("income", mods.get("income", 0)),
        initiative=plot.get("initiative", mods.get("initiative", 0)),
        claim=plot.get("claim", 0),
        reserve=plot.get("reserve", mods.get("reserve", 0)),
        quantity=row["quantity"],
        deck_limit=row["deck_limit"],
        text=row["text"],
        complexity=row["complexity"],
        tags=tuple(row["tags"]),
        supports=tuple(title.get("supports", ())),
        rivals=tuple(title.get("rivals", ())),
    )


def _faction_card(faction: str) -> CardDef:
    return CardDef(
        code=f"faction:{faction}",
        name=FACTION_NAMES[faction],
        type="faction",
        faction=faction,
        deck_limit=1,
    )


@cache
def catalogue() -> dict[str, CardDef]:
    """Every card by code: the 211 Core Set cards and the 8 faction cards."""
    text = resources.files("westeros.cardgame").joinpath("data/core_set.json").read_text()
    cards = {row["code"]: _card(row) for row in json.loads(text)}
    for faction in FACTIONS:
        card = _faction_card(faction)
        cards[card.code] = card
    return cards


def card(code: str) -> CardDef:
    """One card by code; KeyError names the unknown code."""
    try:
        return catalogue()[code]
    except KeyError:
        raise KeyError(f"no card with code {code!r}") from None


@cache
def by_name() -> dict[str, list[CardDef]]:
    """Cards by lower-case title (several cards may share one, C1.8)."""
    out: dict[str, list[CardDef]] = {}
    for c in catalogue().values():
        out.setdefault(c.name.lower(), []).append(c)
    return out


@cache
def starter_decks() -> list[dict[str, Any]]:
    """The four Core Set starter decks as stored (id, name, faction, agenda, cards by code)."""
    text = resources.files("westeros.cardgame").joinpath("data/starter_decks.json").read_text()
    decks: list[dict[str, Any]] = json.loads(text)
    return decks

"""The board game's browser table: ``static/index.html`` (``app.js``) and
``/static/boardgame.json``, the static facts the page reads once to name and draw things (area
names and anchors, house, Westeros and wildling cards, Tides of Battle, order tokens, the
decision catalogue), built from the board game's public face."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from westeros.boardgame.public import catalogue_json, objectives
from westeros.boardgame.public import events as E
from westeros.boardgame.public import tables as T
from westeros.engine import game_info
from westeros.web.mapgen import GRIDS, static_names
from westeros.web.pages import Page

STATIC = Path(__file__).parent / "static"


@cache
def boardgame_data() -> str:
    """Static facts of the board game that the page needs to name and draw things: the base
    map's areas at the top; every other map under ``maps`` by where its data is (X-MOD-3: a
    game's view names its map; the page then loads that map's areas and SVG, so a base game's
    page never downloads them)."""
    data: dict[str, Any] = {
        **_map_data("base"),
        "maps": {m: {"data": f"/static/boardgame/maps/{m}.json"} for m in GRIDS if m != "base"},
        "houses": {h: T.house_name(h) for h in T.ALL_HOUSES},
        "house_cards": {
            c.id: {
                "name": c.name,
                "house": c.house,
                "strength": c.strength,
                "swords": c.swords,
                "forts": c.fortifications,
                "ability": c.ability,
            }
            for c in T.HOUSE_CARD_BY_ID.values()
        },
        "westeros_cards": {  # every deck set's (A Feast for Crows' deck I too, X-AFFC-2.9)
            c.id: {"name": c.name, "deck": c.deck, "effect": c.effect}
            for c in T.WESTEROS_CARD_BY_ID.values()
        },
        "wildling_cards": {
            c.id: {
                "name": c.name,
                "lowest": c.lowest_bidder,
                "everyone_else": c.everyone_else_loss,
                "highest": c.highest_bidder,
            }
            for c in T.WILDLING_CARDS
        },
        "tides": {
            c.id: {
                "strength": c.strength,
                "swords": c.swords,
                "forts": c.fortifications,
                "skulls": c.skulls,
            }
            for c in T.TIDES_OF_BATTLE
        },
        # every kind of token: the base 15's, the vassals' and the sea tokens (X-MOD-10.4,
        # X-MOD-9.1); which a house holds, and how many copies, is in its view's order_tokens
        "orders": {
            t.id: {"type": t.type, "modifier": t.modifier, "special": t.special}
            | ({} if t.id in T.ORDER_COUNTS else {"name": E.order_name(t.id)})
            for t in T.ORDER_KINDS.values()
        },
        # the catalogue's kinds and their grammar; the descriptions are the docs' (and
        # catalogue_json's), not the page's: it names a decision by its prompt
        "decisions": [{"kind": k["kind"], "grammar": k["grammar"]} for k in catalogue_json()],
        **_titles(),
        "objectives": {  # A Feast for Crows (X-AFFC-4.4): name, text, points per house
            o.id: {"name": o.name, "text": o.text, "victory_points": dict(o.victory_points)}
            for o in objectives.OBJECTIVES.values()
        },
        "special_objectives": dict(objectives.SPECIAL_TEXTS),  # X-AFFC-4.3
    }
    return json.dumps(data, separators=(",", ":"))


@cache
def map_data(map_id: str) -> str | None:
    """``/static/boardgame/maps/{map_id}.json``: a map other than the base one (its SVG, size
    and areas), or None for an unknown id."""
    if map_id not in GRIDS or map_id == "base":
        return None
    return json.dumps(_map_data(map_id), separators=(",", ":"))


def _map_data(map_id: str) -> dict[str, Any]:
    """A drawn map: its SVG, its size and its areas with their anchors (R1.1, X-MOD-3)."""
    svg, anchors_json = static_names(map_id)
    anchors = json.loads((STATIC / anchors_json).read_text(encoding="utf-8"))
    return {
        "svg": f"/static/{svg}",
        "width": anchors["width"],
        "height": anchors["height"],
        "areas": {
            a.id: {
                "name": a.name,
                "kind": a.kind,
                "fort": a.fortification,
                "supply": a.supply,
                "power": a.power,
                "home": a.home_of,
                "port": a.port,
                "xy": anchors["anchors"].get(a.id),
            }
            for a in T.MAPS[map_id].areas.values()
        },
    }


def _titles() -> dict[str, dict[str, str]]:
    """The scenarios' and house-card decks' names (``scenarios``, ``decks``), from the game's
    settings (``GameInfo.options``). A game's view names its set-up (``scenario``): Mother of
    Dragons with Essos is the set-up ``mod_essos`` (X-MOD-1.2), named by the scenario and its
    board ("Mother of Dragons — Westeros and Essos"), never by its id; the top bar, short of
    room, by its scenario alone (``short_scenarios``), the whole name on hover."""
    options = {o.key: o for o in game_info("boardgame").options}
    scenarios = {str(v.value): v.title for v in options["scenario"].values}
    essos = next(v for v in options["essos"].values if v.value is True)
    (scenario,) = essos.requires["scenario"]  # "mod"
    board = essos.title.split(" (")[0]  # "Westeros and Essos (8 houses, Targaryen)"
    short: dict[str, str] = {}  # the top bar's words for such a set-up: its scenario's name
    for setup in T.SCENARIOS:  # a set-up no scenario value names: MoD's with Essos
        if setup not in scenarios:
            scenarios[setup] = f"{scenarios[scenario]} — {board}"
            short[setup] = scenarios[scenario]
    return {
        "scenarios": scenarios,
        "short_scenarios": short,
        "decks": {str(v.value): v.title for v in options["house_cards"].values},
    }


PAGE = Page("boardgame", STATIC / "index.html", boardgame_data)

"""Transcribe the Core Set reference data (../shared/reference/cardgame) into the package's
own format (src/westeros/cardgame/data/core_set.json, starter_decks.json).

Run once by a developer; the package reads only its own files. Our format: one object per
card with plain text (markup removed), keywords as a name -> value map, a character's icons
as a list, plot values under ``plot`` and printed +N plot modifiers under ``modifiers``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "reference" / "cardgame"
OUT = ROOT / "src" / "westeros" / "cardgame" / "data"


def plain(text: str) -> str:
    return re.sub(r"</?[bi]>", "", text).strip()


def keywords(card: dict) -> dict[str, object]:
    out: dict[str, object] = {}
    for kw in card["keywords"]:
        name = kw["keyword"].lower()
        if name == "no attachments":
            out[name] = kw.get("except") or True
        else:
            out[name] = kw["value"] if kw["value"] is not None else True
    return out


def card_row(card: dict) -> dict[str, object]:
    row: dict[str, object] = {
        "code": card["code"],
        "name": card["name"],
        "type": card["type"],
        "faction": card["faction"],
        "loyal": card["loyal"],
        "unique": card["unique"],
        "cost": card["cost"],
        "strength": card["strength"],
        "icons": [i for i in ("military", "intrigue", "power") if (card["icons"] or {}).get(i)],
        "traits": card["traits"],
        "keywords": keywords(card),
        "restrictions": card["restrictions"],
        "deckbuilding": card["deckbuilding"],
        "plot": card["plot_stats"],
        "modifiers": card["plot_modifiers"],
        "title": card["title"],
        "quantity": card["quantity"],
        "deck_limit": card["deck_limit"],
        "text": plain(card["text"]),
        "complexity": card["complexity"],
        "tags": card["complexity_tags"],
    }
    return row


def deck_row(deck: dict) -> dict[str, object]:
    return {
        "id": deck["id"],
        "name": deck["name"],
        "faction": deck["faction"],
        "agenda": deck["agenda"]["code"] if deck.get("agenda") else None,
        "cards": {c["code"]: c["count"] for c in deck["cards"]},
    }


def main() -> int:
    cards = json.loads((SHARED / "core_set.json").read_text())
    decks = json.loads((SHARED / "decks.json").read_text())
    OUT.mkdir(parents=True, exist_ok=True)
    rows = [card_row(c) for c in cards]
    (OUT / "core_set.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n")
    (OUT / "starter_decks.json").write_text(
        json.dumps([deck_row(d) for d in decks], indent=1, ensure_ascii=False) + "\n"
    )
    print(f"wrote {len(rows)} cards and {len(decks)} decks to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

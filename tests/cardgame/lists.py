"""Deck lists written as people and deck sites write them, for the tests of reading them
(tests/cardgame/test_decklists.py) and of pasting them (the server's and the lobby's)."""

from __future__ import annotations

from collections import Counter

from westeros.cardgame.cards import FACTION_NAMES, catalogue
from westeros.cardgame.decks import Deck

HEADINGS = {  # ThronesDB's, in its order; a type with more than one title takes an "s"
    "plot": "Plot",
    "character": "Character",
    "location": "Location",
    "attachment": "Attachment",
    "event": "Event",
}


def name(code: str) -> str:
    return catalogue()[code].name


def sections(deck: Deck) -> dict[str, list[tuple[str, int]]]:
    """The deck's cards by type, plots counted, as a list shows them."""
    cat = catalogue()
    out: dict[str, list[tuple[str, int]]] = {t: [] for t in HEADINGS}
    out["plot"] = sorted(Counter(deck.plots).items())
    for code, n in deck.draw:
        out[cat[code].type].append((code, n))
    return out


def thronesdb(deck: Deck) -> str:
    """The deck as ThronesDB's "export as text" writes it (its plain text template): the name
    and version, the faction, the agenda, the packs, then a heading per card type (plural for
    more than one title) and '3x Name (Pack)' lines."""
    lines = [f"{deck.name} 1.0", "", FACTION_NAMES[deck.faction]]
    if deck.agenda:
        lines.append(name(deck.agenda))
    lines += ["", "", "Packs: Core Set", "", ""]
    for kind, cards in sections(deck).items():
        if cards:
            lines += [HEADINGS[kind] + ("s" if len(cards) > 1 else ""), ""]
            lines += [f"{n}x {name(c)} (Core Set)" for c, n in cards]
            lines.append("")
    return "\n".join(lines)


def counted_headings(deck: Deck) -> str:
    """As other sites write it: headings with their counts ('Plot (7)', 'Characters (30):'),
    the packs on the line after 'Packs:', a link at the end."""
    lines = [deck.name, FACTION_NAMES[deck.faction]]
    if deck.agenda:
        lines.append(name(deck.agenda))
    lines += ["Packs:", "From Core Set to Core Set", ""]
    for kind, cards in sections(deck).items():
        if cards:
            total = sum(n for _, n in cards)
            heading = f"Plot ({total})" if kind == "plot" else f"{HEADINGS[kind]}s ({total}):"
            lines.append(heading)
            lines += [f"{n}x {name(c)} (Core)" for c, n in cards]
    lines += ["", "https://thronesdb.com/deck/view/123456"]
    return "\n".join(lines)

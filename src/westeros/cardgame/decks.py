"""Decks: what a player brings to the table (C4) and its validation.

A :class:`Deck` names a faction card, an optional agenda, a plot deck and a draw deck
(C4.1, C4.2, C4.4). :func:`check_deck` lists every deck-building problem (C4.1-C4.7), each
citing its rule; ``casual=True`` is the starter-deck mode of C4.8. Deck lists as people and
deck sites write them (text, JSON) are read in :mod:`westeros.cardgame.decklists`.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from westeros.cardgame.cards import (
    DRAW_TYPES,
    FACTION_NAMES,
    FACTIONS,
    CardDef,
    catalogue,
    starter_decks,
)

PLOT_DECK_SIZE = 7  # C4.4
MIN_DRAW_DECK = 60  # C4.2
STARTER_IDS = ("Core-1", "Core-2", "Core-3", "Core-4")  # C4.8


@dataclass(frozen=True)
class Deck:
    """A deck (C4.1): faction, optional agenda code, plot codes (repeats allowed), draw deck.

    ``plots`` is kept sorted and ``draw`` merged and sorted by code, so equal decks compare equal.
    """

    faction: str
    agenda: str | None
    plots: tuple[str, ...]
    draw: tuple[tuple[str, int], ...]
    name: str = ""

    def __post_init__(self) -> None:
        merged: Counter[str] = Counter()
        for code, n in self.draw:
            merged[code] += n
        object.__setattr__(self, "plots", tuple(sorted(self.plots)))
        object.__setattr__(self, "draw", tuple(sorted(merged.items())))

    def draw_cards(self) -> tuple[str, ...]:
        """The draw deck as codes, one per copy (C4.2)."""
        return tuple(code for code, n in self.draw for _ in range(max(n, 0)))

    def count(self, code: str) -> int:
        """Copies of ``code`` in the draw and plot decks, plus 1 if it is the agenda."""
        return (
            sum(n for c, n in self.draw if c == code)
            + self.plots.count(code)
            + (1 if self.agenda == code else 0)
        )


class DeckError(ValueError):
    """A deck that cannot be read: every problem found, one per line."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


# --- validation (C4) -------------------------------------------------------------------------


def _label(cards: Iterable[CardDef]) -> str:
    """'Name (code)' or 'Name (code, code)' for cards sharing one title."""
    cs = sorted(cards, key=lambda c: c.code)
    return f"{cs[0].name} ({', '.join(c.code for c in cs)})"


def _known(codes: Iterable[str], where: str) -> tuple[list[CardDef], list[str]]:
    """The known cards among ``codes`` and one problem per unknown code (C4)."""
    cat = catalogue()
    known = [cat[c] for c in codes if c in cat]
    problems = [f"C4: unknown card code {c!r} in the {where}" for c in codes if c not in cat]
    return known, problems


def _check_faction_and_agenda(deck: Deck) -> list[str]:
    """C4.1: one faction card (one of FACTIONS); the agenda, if any, is a known agenda card."""
    problems = []
    if deck.faction not in FACTIONS:
        problems.append(
            f"C4.1: unknown faction {deck.faction!r} (expected one of {', '.join(FACTIONS)})"
        )
    if deck.agenda is not None:
        agenda = catalogue().get(deck.agenda)
        if agenda is None:
            problems.append(f"C4.1: unknown agenda code {deck.agenda!r}")
        elif agenda.type != "agenda":
            problems.append(
                f"C4.1: {_label([agenda])} is a {agenda.type}, not an agenda, "
                "and cannot be the deck's agenda"
            )
    return problems


def _check_plots(deck: Deck) -> list[str]:
    """C4.4: exactly 7 plots, all plot cards; one title at most doubled; Plot Deck Limit."""
    known, problems = _known(dict.fromkeys(deck.plots), "plot deck")
    for c in known:
        if c.type != "plot":
            problems.append(f"C4.4: {_label([c])} in the plot deck is a {c.type}, not a plot")
    if len(deck.plots) != PLOT_DECK_SIZE:
        problems.append(
            f"C4.4: the plot deck has {len(deck.plots)} cards; it must have exactly "
            f"{PLOT_DECK_SIZE}"
        )
    counts = _by_title(Counter(deck.plots))
    doubled = []
    for cards, n in counts:
        limit = min(c.deck_limit for c in cards)
        if n > limit:
            problems.append(
                f"C4.4: {n} copies of {_label(cards)} exceed its plot deck limit of {limit}"
            )
        if n > 1:
            doubled.append(_label(cards))
    if len(doubled) > 1:
        problems.append(
            f"C4.4: {len(doubled)} plot titles appear more than once ({'; '.join(doubled)}); "
            "at most one may"
        )
    return problems


def _by_title(counts: Mapping[str, int]) -> list[tuple[list[CardDef], int]]:
    """Known cards grouped by title (C4.3 counts by title), with total copies."""
    cat = catalogue()
    groups: dict[str, list[CardDef]] = {}
    totals: Counter[str] = Counter()
    for code, n in counts.items():
        if code in cat:
            c = cat[code]
            groups.setdefault(c.name.lower(), []).append(c)
            totals[c.name.lower()] += n
    return [(groups[t], totals[t]) for t in sorted(groups)]


def _check_draw(deck: Deck, casual: bool) -> list[str]:
    """C4.2 and C4.3: draw card types and positive counts, 60+ cards, 3 copies by title."""
    codes = [c for c, _ in deck.draw]
    known, problems = _known(codes, "draw deck")
    for code, n in deck.draw:
        if n <= 0:
            problems.append(f"C4.2: count {n} for card {code!r} in the draw deck must be positive")
    for c in known:
        if c.type not in DRAW_TYPES:
            problems.append(
                f"C4.2: {_label([c])} in the draw deck is a {c.type}; the draw deck holds only "
                "characters, locations, attachments and events"
            )
    size = sum(n for _, n in deck.draw if n > 0)
    if not casual and size < MIN_DRAW_DECK:
        problems.append(
            f"C4.2: the draw deck has {size} cards; it must have at least {MIN_DRAW_DECK}"
        )
    for cards, n in _by_title(dict(deck.draw)):
        limit = max(c.deck_limit for c in cards)
        if n > limit:
            problems.append(f"C4.3: {n} copies of {_label(cards)} exceed the limit of {limit}")
    return problems


def _agenda_rules(deck: Deck) -> tuple[CardDef | None, str | None, int, int | None]:
    """The agenda, the faction a Banner opens (C4.5), its minimum, Fealty's neutral maximum."""
    agenda = catalogue().get(deck.agenda) if deck.agenda else None
    if agenda is None or agenda.type != "agenda":
        return None, None, 0, None
    banner, minimum, neutral_max = None, 0, None
    for line in agenda.deckbuilding:
        if m := re.search(r"non-loyal \[(\w+)\]", line):
            banner = m.group(1)
        if m := re.search(r"at least (\d+) \[(\w+)\]", line):
            minimum = int(m.group(1))
        if m := re.search(r"more than (\d+) neutral", line):
            neutral_max = int(m.group(1))
    return agenda, banner, minimum, neutral_max


def _check_agenda(deck: Deck) -> list[str]:
    """Agenda deck-building text (C4.1, C4.5): Fealty's neutral cap; a Banner's minimum and
    its ban on plots of the banner faction (a Banner permits non-loyal *draw* cards only)."""
    agenda, banner, minimum, neutral_max = _agenda_rules(deck)
    if agenda is None:
        return []
    cat = catalogue()
    draw = [(cat[c], n) for c, n in deck.draw if c in cat and n > 0]
    problems = []
    if neutral_max is not None:
        neutral = sum(n for c, n in draw if c.faction == "neutral")
        if neutral > neutral_max:
            problems.append(
                f"C4.1: agenda {_label([agenda])} allows at most {neutral_max} neutral cards in "
                f"the draw deck; it has {neutral}"
            )
    if banner is not None:
        have = sum(n for c, n in draw if c.faction == banner)
        if have < minimum:
            problems.append(
                f"C4.1: agenda {_label([agenda])} requires at least {minimum} {banner} cards in "
                f"the draw deck; it has {have}"
            )
        plots = [cat[c] for c in dict.fromkeys(deck.plots) if c in cat]
        for c in plots:
            if c.faction == banner and banner != deck.faction:
                problems.append(
                    f"C4.5: agenda {_label([agenda])} permits {banner} draw cards only, "
                    f"not the {banner} plot {_label([c])}"
                )
    return problems


def _check_affiliation(deck: Deck) -> list[str]:
    """C4.5 and C4.6: cards are neutral or of the deck's faction; a Banner permits non-loyal
    draw cards of its faction; loyal cards only ever in their own faction's deck."""
    _, banner, _, _ = _agenda_rules(deck)
    cat = catalogue()
    problems = []
    for where, codes in (("plot deck", dict.fromkeys(deck.plots)), ("draw deck", dict(deck.draw))):
        for code in codes:
            c = cat.get(code)
            if c is None or c.faction in ("neutral", deck.faction):
                continue
            if c.loyal:
                problems.append(
                    f"C4.6: {_label([c])} is a loyal {c.faction} card and cannot be used in a "
                    f"{deck.faction} deck"
                )
            elif c.faction != banner:  # a Banner's own plots are reported by _check_agenda
                problems.append(
                    f"C4.5: {_label([c])} in the {where} is a {c.faction} card; a "
                    f"{deck.faction} deck may only use {deck.faction} and neutral cards"
                )
    return problems


def check_deck(deck: Deck, *, casual: bool = False) -> list[str]:
    """Every deck-building problem (C4.1-C4.7), each naming its cards and citing its rule.

    ``casual`` is the starter-deck mode (C4.8): the 60-card minimum (C4.2), affiliation (C4.5)
    and loyalty (C4.6) are not checked; everything else is. C4.7 (one copy per agenda title)
    holds by construction: a Deck has at most one agenda (the parsers reject more).
    An empty list means the deck is legal.
    """
    problems = _check_faction_and_agenda(deck)
    problems += _check_plots(deck)
    problems += _check_draw(deck, casual)
    problems += _check_agenda(deck)
    if not casual and deck.faction in FACTIONS:  # an unknown faction is one problem (C4.1)
        problems += _check_affiliation(deck)
    return problems


# --- building decks --------------------------------------------------------------------------


def assemble(
    faction: str, cards: Iterable[tuple[str, int]], name: str, agenda: str | None = None
) -> Deck:
    """Sort known cards into agenda, plots and draw deck by type; more than one agenda (or
    two copies of one, C4.7) is a DeckError (C4.1). Unknown codes stay in the draw deck."""
    cat = catalogue()
    agendas = [agenda] if agenda else []
    plots: list[str] = []
    draw: Counter[str] = Counter()
    for code, n in cards:
        kind = cat[code].type if code in cat else None
        if kind == "agenda":
            agendas += [code] * n
        elif kind == "plot":
            plots += [code] * n
        elif kind == "faction":
            continue
        else:
            draw[code] += n
    if len(agendas) > 1:
        names = ", ".join(_label([cat[a]]) if a in cat else a for a in agendas)
        rule = "C4.7" if len(set(agendas)) < len(agendas) else "C4.1"
        raise DeckError([f"{rule}: a deck has at most one agenda; found {names}"])
    return Deck(
        faction=faction,
        agenda=agendas[0] if agendas else None,
        plots=tuple(plots),
        draw=tuple(draw.items()),
        name=name,
    )


def starter(deck_id: str) -> Deck:
    """One of the four Core Set starter decks (C4.8) by id, "Core-1" .. "Core-4"."""
    for row in starter_decks():
        if row["id"] == deck_id:
            cards = [(str(c), int(n)) for c, n in row["cards"].items()]
            return assemble(row["faction"], cards, row["name"], row["agenda"])
    raise KeyError(f"no starter deck {deck_id!r} (expected one of {', '.join(STARTER_IDS)})")


# --- summary ---------------------------------------------------------------------------------


def describe(deck: Deck) -> str:
    """A short summary: faction, agenda, plots, draw deck size by type."""
    cat = catalogue()
    agenda = cat[deck.agenda].name if deck.agenda in cat else (deck.agenda or "none")
    plots = ", ".join(
        f"{cat[c].name if c in cat else c}" + (f" x{n}" if n > 1 else "")
        for c, n in Counter(deck.plots).items()
    )
    by_type: Counter[str] = Counter()
    for code, n in deck.draw:
        by_type[cat[code].type if code in cat else "unknown"] += n
    kinds = ", ".join(f"{n} {t}" for t, n in sorted(by_type.items()))
    size = sum(by_type.values())
    lines = [deck.name] if deck.name else []
    lines += [
        f"Faction: {FACTION_NAMES.get(deck.faction, deck.faction)}",
        f"Agenda: {agenda}",
        f"Plots ({len(deck.plots)}): {plots}",
        f"Draw deck ({size}): {kinds}",
    ]
    return "\n".join(lines)

"""Deck lists as people keep them, the decks the game ships, and which cards are implemented.

* Reading a deck list: :func:`parse_text` reads the ThronesDB "export as text" list (the deck
  name and version, the faction line, the agenda, ``Packs: …``, the headings ``Plots``,
  ``Characters``, …, lines such as ``3x Eddard Stark (Core Set)``) and its looser cousins
  (``3 Eddard Stark``, ``Eddard Stark x3``, headings with counts such as ``Plot (7)`` or
  ``Characters (30):``, bullets, ``Faction: Stark``, ``Agenda: Fealty``, a link);
  :func:`parse_json` reads ThronesDB/throneteki JSON; :func:`read_deck_list` either, as pasted;
  :func:`format_text` writes a list :func:`parse_text` reads back; :func:`load_deck` reads a file.
  Every line that cannot be read is reported at once, with its number and, for a mistyped card
  title, the nearest Core Set title.
* :func:`check_seat_deck` is what a seat of a new game may bring (``GameInfo.seat_options``):
  a shipped deck's id, or a pasted list checked against the C4 rules and the implemented cards.
* A card is *implemented* when its text has an entry in
  :data:`~westeros.cardgame.abilities.TEXTS` or it has no text but keywords (``vanilla``).
  Shipped decks: the four Core Set starter decks (C4.8) and the decks in
  ``data/westeros_decks.json``, made of implemented cards only.
"""

from __future__ import annotations

import difflib
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from importlib import resources
from pathlib import Path
from typing import Any

from westeros.cardgame import texts  # noqa: F401  (registers every card text)
from westeros.cardgame.abilities import TEXTS
from westeros.cardgame.cards import DRAW_TYPES, FACTION_NAMES, FACTIONS, CardDef, catalogue
from westeros.cardgame.decks import (
    STARTER_IDS,
    Deck,
    DeckError,
    assemble,
    check_deck,
    starter,
)
from westeros.engine import ConfigError

MAX_LIST_LENGTH = 20_000  # characters of a pasted deck list (a full list is about 1,500)
MAX_LINE_PROBLEMS = 20  # bad lines said one by one (each may look for the nearest title)

# --- implemented cards ------------------------------------------------------------------------


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


# --- names as people write them ---------------------------------------------------------------

_PUNCTUATION = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2013": "-",
        "\u2014": "-",
        "\u00d7": "x",
    }
)


def _norm(text: str) -> str:
    """Lower case, no accents, straight quotes, single spaces."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_PUNCTUATION))
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.lower().split())


def _loose(text: str) -> str:
    """:func:`_norm` without punctuation: "King's Landing" and "Kings Landing" meet."""
    return " ".join(re.sub(r"[^\w ]+", "", _norm(text).replace("-", " ")).split())


@cache
def _titles() -> dict[str, list[CardDef]]:
    """Every card but faction cards by its loose title (several cards may share one, C1.8)."""
    out: dict[str, list[CardDef]] = {}
    for c in sorted(catalogue().values(), key=lambda c: c.code):
        if c.type != "faction":
            out.setdefault(_loose(c.name), []).append(c)
    return out


_PACK = re.compile(r"\s*[(\[][^()\[\]]*[)\]]\s*$")  # "(Core Set)", "[Core]", "(01141)"


def _lookup(name: str) -> CardDef | None:
    """A card by title: case, accents, quotes and punctuation do not matter, nor a trailing
    pack or code in brackets."""
    titles = _titles()
    for key in (_loose(name), _loose(_PACK.sub("", name))):
        if key in titles:
            return titles[key][0]
    return None


@lru_cache(maxsize=1024)
def _nearest(name: str) -> str | None:
    """The Core Set title nearest to a mistyped one, if any is near."""
    key = _loose(_PACK.sub("", name))
    near = difflib.get_close_matches(key, list(_titles()), n=1, cutoff=0.75)
    return _titles()[near[0]][0].name if near else None


@cache
def _faction_aliases() -> dict[str, str]:
    """'house stark', 'stark', "the night's watch", "nights watch", 'thenightswatch' -> code."""
    aliases: dict[str, str] = {}
    for f in FACTIONS:
        full = _norm(FACTION_NAMES[f])
        short = full.removeprefix("house ").removeprefix("the ")
        for alias in (f, full, short, _loose(full), _loose(short)):
            aliases[alias] = f
    return aliases


def faction_of(text: str) -> str | None:
    """The faction a name gives: 'House Stark', "The Night's Watch", 'stark', 'thenightswatch'."""
    aliases = _faction_aliases()
    return aliases.get(_norm(text)) or aliases.get(_loose(text))


# --- the text list ----------------------------------------------------------------------------

_SECTIONS = {
    "agenda",
    "agendas",
    "plot",
    "plots",
    "plot deck",
    "plot cards",
    "draw deck",
    "draw cards",
    "character",
    "characters",
    "location",
    "locations",
    "attachment",
    "attachments",
    "event",
    "events",
    "other",
    "faction",
    "deck",
    "cards",
}
_IGNORED = ("packs", "pack", "cycles", "total cards", "total", "cards up to", "tags", "version")
_HEADING = re.compile(
    r"^(?P<word>[a-z' ]+?)\s*(?:\(\s*\d+(?:\s*cards?)?\s*\)|:\s*\d+(?:\s*cards?)?|\d+)?\s*:?$"
)
_BULLET = re.compile(r"^(?:[-*+>\u2022\u00b7]+|#+)\s*")
_COUNT_FIRST = re.compile(r"^(\d+)\s*x?\s+(.+)$|^(\d+)x(\D.*)$|^x\s*(\d+)\s+(.+)$", re.IGNORECASE)
_COUNT_LAST = re.compile(r"^(.+?)\s+x\s*(\d+)$|^(.+?)\s*\((\d+)\)$", re.IGNORECASE)
_URL = re.compile(r"^(?:https?://|www\.)\S*$|^\S+\.(?:com|org|net)/\S*$")
_LABELLED = re.compile(r"^(?P<label>[a-z ]+?)\s*:\s*(?P<value>.+)$")


def _is_heading(text: str) -> bool:
    """'Plot (7)', 'Characters (30):', 'Draw deck: 60 cards', 'Packs: Core Set', 'Total: 67'."""
    if m := _HEADING.match(text):
        return m.group("word").strip() in _SECTIONS
    label = _LABELLED.match(text)
    return label is not None and label.group("label") in _IGNORED


def _counted(text: str) -> tuple[str, int] | None:
    """(title, count) from '3x Name (Core)', '3 Name', '3 x Name', 'x3 Name', 'Name x3',
    'Name (3)'; None without a count."""
    if m := _COUNT_FIRST.match(text):
        g = m.groups()
        count, title = next((g[i], g[i + 1]) for i in (0, 2, 4) if g[i] is not None)
        return title.strip(), int(count)
    if m := _COUNT_LAST.match(text):
        g = m.groups()
        title, count = (g[0], g[1]) if g[0] is not None else (g[2], g[3])
        return title.strip(), int(count)
    return None


@dataclass
class _Reading:
    """What has been read of a text list so far."""

    name: str = ""
    factions: list[str] = field(default_factory=list)
    cards: list[tuple[str, int]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    more: int = 0  # bad lines past the first MAX_LINE_PROBLEMS, only counted
    packs_next: bool = False  # a bare "Packs:" line: the packs are on the next line

    def bad(self, number: int, problem: Callable[[], str]) -> None:
        """A line that cannot be read: said (``problem()``, which may look for the nearest
        title) for the first MAX_LINE_PROBLEMS lines, counted after that."""
        if len(self.problems) < MAX_LINE_PROBLEMS:
            self.problems.append(f"line {number}: {problem()}")
        else:
            self.more += 1

    def card(self, number: int, title: str, count: int) -> None:
        c = _lookup(title)
        if c is None:
            self.bad(number, lambda: _unknown(_PACK.sub("", title).strip() or title))
        elif count <= 0:
            self.bad(number, lambda: f"{count} copies of {c.name}: a count is 1 or more")
        else:
            self.cards.append((c.code, count))


def _unknown(title: str) -> str:
    near = _nearest(title)
    if near is not None:
        return f"unknown card {title!r}: did you mean {near!r}?"
    return f"unknown card {title!r}: no Core Set card has this title (only the Core Set is played)"


def _labelled(reading: _Reading, number: int, text: str) -> bool:
    """'Faction: Stark', 'Agenda: Fealty', 'Name: My deck' (or 'Deck:', 'Title:')."""
    m = _LABELLED.match(_norm(text))
    if m is None:
        return False
    label, value = m.group("label"), text.split(":", 1)[1].strip()
    if label == "faction":
        f = faction_of(value)
        if f is None:
            names = ", ".join(FACTION_NAMES[x] for x in FACTIONS)
            reading.bad(number, lambda: f"unknown faction {value!r} (one of: {names})")
        else:
            reading.factions.append(f)
        return True
    if label in ("agenda", "agendas"):
        reading.card(number, value, 1)
        return True
    if label in ("name", "deck", "title", "deck name"):
        reading.name = value
        return True
    return False


def _read_line(reading: _Reading, number: int, line: str, first: bool) -> None:
    text = _BULLET.sub("", line.translate(_PUNCTUATION)).strip()
    norm = _norm(text)
    packs_line, reading.packs_next = reading.packs_next, norm in ("packs:", "packs")
    if packs_line or reading.packs_next or _URL.match(norm):
        return
    if not text or _is_heading(norm) or _labelled(reading, number, text):
        return
    if (f := faction_of(text)) is not None:
        reading.factions.append(f)
        return
    if (entry := _counted(text)) is not None:
        reading.card(number, *entry)
        return
    c = _lookup(text)
    if c is not None and not (first and c.type != "agenda"):  # exports list the agenda so
        reading.cards.append((c.code, 1))
        return
    if first:  # the deck's name heads the list (even when a card has that title)
        reading.name = text
        return
    reading.bad(number, lambda: _unreadable(line.strip(), _nearest(text)))


def _unreadable(line: str, near: str | None) -> str:
    return f"cannot read {line!r}" + (f": did you mean {near!r}?" if near else "")


def parse_text(text: str) -> Deck:
    """A deck from a text deck list (see the module); DeckError lists every line that cannot
    be read (with its number) and a missing or doubled faction (C4.1)."""
    reading = _Reading()
    first = True
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.strip():
            _read_line(reading, number, raw, first)
            first = False
    if first:
        raise DeckError(["the deck list is empty"])
    if reading.more:
        reading.problems.append(f"... and {reading.more} more lines that cannot be read")
    if not reading.factions:
        reading.problems.append("no faction line (e.g. 'House Stark' or 'Faction: Stark')")
    elif len(set(reading.factions)) > 1:
        names = ", ".join(FACTION_NAMES[f] for f in dict.fromkeys(reading.factions))
        reading.problems.append(f"C4.1: more than one faction: {names}")
    if reading.problems:
        raise DeckError(reading.problems)
    return assemble(reading.factions[0], reading.cards, reading.name)


_TYPE_HEADERS = (
    ("Plots", ("plot",)),
    ("Characters", ("character",)),
    ("Locations", ("location",)),
    ("Attachments", ("attachment",)),
    ("Events", ("event",)),
)


def format_text(deck: Deck) -> str:
    """The deck as a text list in deck-site style ('3x Name (Core)'), readable by parse_text."""
    cat = catalogue()
    lines = [deck.name] if deck.name else []
    lines.append(FACTION_NAMES.get(deck.faction, f"Faction: {deck.faction}"))
    if deck.agenda:
        lines += ["", "Agenda", f"1x {cat[deck.agenda].name} (Core)"]
    groups: list[tuple[str, list[tuple[str, int]]]] = []
    plot_counts = list(Counter(deck.plots).items())
    for header, types in _TYPE_HEADERS:
        source = plot_counts if types == ("plot",) else list(deck.draw)
        groups.append((header, [(c, n) for c, n in source if cat[c].type in types]))
    others = [(c, n) for c, n in deck.draw if cat[c].type not in DRAW_TYPES]
    groups.append(("Other", others))
    for header, entries in groups:
        if entries:
            lines += ["", f"{header} ({sum(n for _, n in entries)})"]
            entries.sort(key=lambda e: (cat[e[0]].name.lower(), e[0]))
            lines += [f"{n}x {cat[c].name} (Core)" for c, n in entries]
    return "\n".join(lines) + "\n"


# --- JSON -------------------------------------------------------------------------------------


def _json_faction(data: Mapping[str, Any]) -> str | None:
    """'faction': {'value'|'code': ...} or 'faction_code' or 'faction': '...'."""
    value = data.get("faction_code", data.get("faction"))
    if isinstance(value, Mapping):
        value = value.get("value", value.get("code", value.get("name")))
    if not isinstance(value, str):
        return None
    return faction_of(value)


def _json_agendas(data: Mapping[str, Any]) -> list[Any]:
    """Agenda codes from 'agenda': {'code'}, 'agendas': [{'code'}], or 'agenda_code'."""
    found: list[Any] = []
    agenda = data.get("agenda")
    if isinstance(agenda, Mapping):
        found.append(agenda.get("code"))
    elif isinstance(agenda, str):
        found.append(agenda)
    for entry in data.get("agendas") or []:
        found.append(entry.get("code") if isinstance(entry, Mapping) else entry)
    if data.get("agenda_code"):
        found.append(data["agenda_code"])
    return found


def _json_entries(data: Mapping[str, Any]) -> tuple[list[tuple[Any, Any]], list[str]]:
    """(code, count) pairs from 'slots' and 'plotCards'/'drawCards'; malformed entries."""
    entries: list[tuple[Any, Any]] = []
    problems: list[str] = []
    slots = data.get("slots") or {}
    if isinstance(slots, Mapping):
        entries += list(slots.items())
    else:
        problems.append("'slots' must be an object of code: count")
    for key in ("plotCards", "drawCards"):
        for i, entry in enumerate(data.get(key) or []):
            card = entry.get("card") if isinstance(entry, Mapping) else None
            code = card.get("code") if isinstance(card, Mapping) else None
            if code is None and isinstance(entry, Mapping):
                code = entry.get("code")
            if code is None:
                problems.append(f"{key}[{i}]: no card code in {entry!r}")
            else:
                entries.append((code, entry.get("count", 1)))
    return entries, problems


def _json_cards(entries: Iterable[tuple[Any, Any]]) -> tuple[list[tuple[str, int]], list[str]]:
    """Known codes with whole positive counts, and a problem for every other entry."""
    cat = catalogue()
    cards: list[tuple[str, int]] = []
    problems: list[str] = []
    for code, n in entries:
        if str(code) not in cat:
            problems.append(f"unknown card code {code!r}: not a Core Set card")
        elif not isinstance(n, int) or isinstance(n, bool):
            problems.append(f"count {n!r} for {code!r} is not a whole number")
        elif n > 0:
            cards.append((str(code), n))
    return cards, problems


def parse_json(data: Mapping[str, Any] | str) -> Deck:
    """A deck from ThronesDB/throneteki-style JSON; DeckError lists every unknown code and
    malformed entry. Plots and agendas inside 'slots' are sorted out by card type; an agenda
    both in 'slots' and in 'agendas' counts once."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as e:
            raise DeckError([f"not JSON: {e}"]) from None
    if not isinstance(data, Mapping):
        raise DeckError(["a JSON deck must be an object"])
    faction = _json_faction(data)
    problems = [] if faction else [f"no known faction in {data.get('faction')!r}"]
    entries, bad = _json_entries(data)
    cards, unknown = _json_cards(entries)
    problems += bad + unknown
    agendas = _json_agendas(data)
    for code in agendas:
        if str(code) not in catalogue():
            problems.append(f"unknown agenda code {code!r}")
    if problems:
        raise DeckError(problems)
    listed = {c for c, _ in cards}
    cards += [(str(a), 1) for a in agendas if str(a) not in listed]
    name = data.get("name")
    return assemble(faction or "", cards, name if isinstance(name, str) else "")


def read_deck_list(text: str) -> Deck:
    """A pasted deck list: JSON when it is a JSON object, a text list otherwise."""
    return parse_json(text) if text.lstrip().startswith("{") else parse_text(text)


def load_deck(path: str | Path) -> Deck:
    """A deck from a file: JSON when its content is a JSON object, a text list otherwise."""
    return read_deck_list(Path(path).read_text(encoding="utf-8"))


# --- deck objects of a game config ------------------------------------------------------------


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


def deck_to_json(deck: Deck) -> dict[str, Any]:
    """The deck object a game config keeps (read back by :func:`deck_from_json`)."""
    return {
        "name": deck.name,
        "faction": deck.faction,
        "agenda": deck.agenda,
        "plots": list(deck.plots),
        "draw": dict(deck.draw),
    }


# --- shipped decks ----------------------------------------------------------------------------


def _shipped(name: str) -> Deck:
    text = resources.files("westeros.cardgame").joinpath("data/westeros_decks.json").read_text()
    return deck_from_json(json.loads(text)[name])


def shipped_names() -> list[str]:
    text = resources.files("westeros.cardgame").joinpath("data/westeros_decks.json").read_text()
    return sorted(json.loads(text))


SHIPPED: dict[str, Callable[[], Deck]] = {i: partial(starter, i) for i in STARTER_IDS}
SHIPPED.update({n: partial(_shipped, n) for n in shipped_names()})


def summary(deck: Deck, rules: str) -> dict[str, Any]:
    """What a player sees of a deck before playing it: name, faction, agenda, plot and draw
    deck sizes, draw cards by type, and the rules it was checked with (C4, or C4.8)."""
    cat = catalogue()
    by_type: Counter[str] = Counter()
    for code, n in deck.draw:
        by_type[cat[code].type if code in cat else "unknown"] += n
    return {
        "name": deck.name,
        "faction": deck.faction,
        "faction_name": FACTION_NAMES.get(deck.faction, deck.faction),
        "agenda": cat[deck.agenda].name if deck.agenda in cat else None,
        "plots": len(deck.plots),
        "draw": sum(by_type.values()),
        "types": dict(sorted(by_type.items())),
        "rules": rules,
    }


def _rules_of(deck_id: str) -> str:
    return "C4.8" if deck_id in STARTER_IDS else "C4"


@cache
def shipped_choices() -> tuple[dict[str, Any], ...]:
    """The shipped decks to offer, the game's own first, then the Core Set starter decks
    (C4.8: played as they come, without the deck-building checks)."""
    ids = [*shipped_names(), *STARTER_IDS]
    return tuple(
        {"id": i, **summary(SHIPPED[i](), _rules_of(i)), "starter": i in STARTER_IDS} for i in ids
    )


def check_seat_deck(value: Any) -> tuple[Any, dict[str, Any]]:
    """A seat's deck as a client sends it: a shipped deck's id (kept as it is), or
    ``{"text": <a deck list, text or JSON>}`` (kept as a deck object). A pasted list must
    read cleanly, pass every C4 rule (C4.1-C4.7) and hold implemented cards only; ConfigError
    lists every problem. Returns the config's value and the deck's :func:`summary`."""
    if isinstance(value, str):
        if value not in SHIPPED:
            known = ", ".join([*shipped_names(), *STARTER_IDS])
            raise ConfigError(f"unknown deck {value!r} (shipped: {known})")
        return value, summary(SHIPPED[value](), _rules_of(value))
    if (
        not isinstance(value, Mapping)
        or set(value) != {"text"}
        or not isinstance(value["text"], str)
    ):
        raise ConfigError('a deck is a shipped deck\'s id or {"text": "<a deck list>"}')
    text = value["text"]
    if len(text) > MAX_LIST_LENGTH:
        raise ConfigError(f"a deck list has at most {MAX_LIST_LENGTH} characters")
    try:
        deck = read_deck_list(text)
    except DeckError as exc:
        raise ConfigError("the deck list cannot be read", exc.problems) from None
    problems = check_deck(deck)
    problems += [f"not implemented yet: {card}" for card in unimplemented(deck)]
    if problems:
        raise ConfigError("the deck breaks the deck-building rules", problems)
    return deck_to_json(deck), summary(deck, "C4")

"""The rules key (docs/rules/) names every rule id the code, tests and docs cite.

Ids and where they belong (docs/rules/README.md):

- ``R<n>[.<m>…]`` board game; its FAQ index entries ``E<n>``/``F<n>`` (under R10), decision
  points ``D<n>`` (R11) and open questions ``Q<n>`` (R12);
- ``C<n>[.<m>…]`` card game; its decision points ``D<n>`` (C22) and open questions ``Q<n>`` (C23);
- ``X<n>[.<m>…]``, ``X-<PART>-[D|Q]<n>[.<m>…]``, ``XE<n>``/``XF<n>`` board-game expansions.

A bare ``D``/``Q`` id belongs to the game its file is about (a ``boardgame``/``cardgame`` path
part), or to the game of the section id written right before it (``C23 Q27``, ``R12 Q5``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
KEY_DIR = ROOT / "docs" / "rules"
KEY_FILES = {"board": "boardgame.md", "card": "cardgame.md", "expansions": "expansions.md"}

_NUM = r"(?:0|[1-9][0-9]*)(?:\.[0-9]+)*"
CITE = re.compile(
    r"(?<![\w.#$%&@\\-])"  # not inside an identifier, a number, a hex colour, a path, a code
    r"(?P<id>"
    rf"X-[A-Z]{{2,5}}-[DQ]?{_NUM}"  # X-ADWD-4.1, X-MOD-D3, X-AFFC-Q2
    rf"|X[EF][1-9][0-9]*|X{_NUM}"  # XF12 (expansion FAQ), X1.5
    rf"|[RC]{_NUM}"  # R7.9.2, C18.4
    r"|[DQEF][1-9][0-9]*"  # D7, Q13, E3, F12 (game by context)
    r")"
    r"(?![\w-])"
)
# Tool codes that look like ids: ruff's ``noqa`` codes and mypy's ``type: ignore[…]`` codes.
TOOL_CODES = re.compile(r"#\s*(?:noqa\b|type:\s*ignore\b)[^#\n]*")
QUALIFIER = re.compile(r"\b(?P<section>R1[012]|C2[23])[\s,]*$")
SHARED_PREFIXES = {"D", "Q"}  # in both games
PARENT_OF = {  # where the lettered lists sit in each rulebook
    "board": {"E": "R10", "F": "R10", "D": "R11", "Q": "R12"},
    "card": {"D": "C22", "Q": "C23"},
}
ENTRY = re.compile(r"^(?P<indent> *)- \*\*(?P<id>[^*\s]+)\*\*(?P<text>.*)$")
SCAN_PY = ("src", "tests", "benchmarks", "examples", "scripts")
SELF = Path(__file__).resolve()  # its ids are examples for the scanner's own tests


@dataclass(frozen=True)
class Citation:
    rule: str  # the id as written
    games: tuple[str, ...]  # keys where it may be found (one, or both games if unqualified)
    where: str  # path:line

    def __str__(self) -> str:
        return f"{self.rule} ({'/'.join(self.games)}) at {self.where}"


def _game_of_path(path: Path) -> str | None:
    parts = "/".join(path.relative_to(ROOT).parts).lower()
    board, card = "boardgame" in parts, "cardgame" in parts or "cli_cards" in parts
    return "board" if board and not card else "card" if card and not board else None


def _games_of(rule: str, before: str, path_game: str | None) -> tuple[str, ...]:
    if rule.startswith("X"):
        return ("expansions",)
    if rule[0] in "EF":
        return ("board",)
    if rule[0] == "R":
        return ("board",)
    if rule[0] == "C":
        return ("card",)
    qualified = QUALIFIER.search(before)
    if qualified:
        return ("board",) if qualified["section"][0] == "R" else ("card",)
    return (path_game,) if path_game else ("board", "card")


def citations_in_text(text: str, path_game: str | None, name: str) -> Iterator[Citation]:
    """Every id cited in ``text`` (a file's content), with the keys it may belong to."""
    for number, raw in enumerate(text.splitlines(), start=1):
        line = TOOL_CODES.sub("", raw)
        for m in CITE.finditer(line):
            rule = m["id"]
            games = _games_of(rule, line[: m.start()], path_game)
            yield Citation(rule, games, f"{name}:{number}")


def scanned_files() -> list[Path]:
    files = [p for d in SCAN_PY for p in sorted((ROOT / d).rglob("*.py")) if p.resolve() != SELF]
    docs = [p for p in sorted((ROOT / "docs").rglob("*.md")) if KEY_DIR not in p.parents]
    return [p for p in [*files, *docs, ROOT / "README.md"] if p.is_file()]


def all_citations() -> list[Citation]:
    found: list[Citation] = []
    for path in scanned_files():
        name = str(path.relative_to(ROOT))
        text = path.read_text(encoding="utf-8")
        found.extend(citations_in_text(text, _game_of_path(path), name))
    return found


@dataclass(frozen=True)
class Entry:
    rule: str
    statement: str
    line: int


def key_entries(game: str) -> list[Entry]:
    """The entries of one key file, in file order."""
    path = KEY_DIR / KEY_FILES[game]
    entries, fenced = [], False
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        fenced ^= line.startswith("```")  # examples in code blocks are not entries
        m = None if fenced else ENTRY.match(line)
        if m:
            entries.append(Entry(m["id"], m["text"].strip(), number))
    return entries


def key_ids() -> dict[str, set[str]]:
    return {game: {e.rule for e in key_entries(game)} for game in KEY_FILES}


def missing(citations: list[Citation] | None = None) -> list[Citation]:
    """Citations whose id is in none of the keys it may belong to."""
    keys = key_ids()
    cites = all_citations() if citations is None else citations
    return [c for c in cites if not any(c.rule in keys[g] for g in c.games)]


def parent(rule: str, game: str) -> str | None:
    """The section an id sits in: R7.9 for R7.9.2, R10 for F12, C22 for a card D7."""
    if "." in rule:
        return rule.rsplit(".", 1)[0]
    prefix = rule[0]
    if game in PARENT_OF and prefix in PARENT_OF[game]:
        return PARENT_OF[game][prefix]
    return None


_EXP_PARTS = {"": 0, "ADWD": 1, "AFFC": 2, "MOD": 3}


def order(rule: str, game: str) -> tuple[int, ...]:
    """Rule order: sections by number, lettered lists inside the section holding them."""
    if game == "expansions":
        m = re.fullmatch(r"X(?:-(?P<part>[A-Z]+)-)?(?P<kind>[DQEF]?)(?P<num>[0-9.]+)", rule)
        assert m, rule
        part = 4 if m["kind"] in ("E", "F") and not m["part"] else _EXP_PARTS[m["part"] or ""]
        kind = "DQEF".find(m["kind"]) + 1 if m["kind"] else 0
        return (part, kind, *map(int, m["num"].split(".")))
    if rule[0] in "RC":
        return tuple(int(n) for n in rule[1:].split("."))
    section = PARENT_OF[game][rule[0]]
    letters = [p for p, s in PARENT_OF[game].items() if s == section]
    return (int(section[1:]), letters.index(rule[0]) + 1, int(rule[1:]))


# -- the scanner itself ---------------------------------------------------------------------


def _ids(text: str, path_game: str | None = None) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.rule, c.games) for c in citations_in_text(text, path_game, "x")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("R7.9.2: routed units die", ["R7.9.2"]),
        ("(C18.4, C11/C12)", ["C18.4", "C11", "C12"]),
        ("steps R7.3.2–3 and C16.9–C16.10.", ["R7.3.2", "C16.9", "C16.10"]),
        ("see R0.4 and C0.1", ["R0.4", "C0.1"]),
        ("X-ADWD-4.1, X-MOD-D3, XF12, X1.5", ["X-ADWD-4.1", "X-MOD-D3", "XF12", "X1.5"]),
    ],
)
def test_the_scanner_finds_cited_ids(text: str, expected: list[str]) -> None:
    assert [rule for rule, _ in _ids(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "MIX = 0x9E3779B97F4A7C15",  # hex constants
        "digest = 'e3b0c44298fc1c149afbf4c8996fb924'",
        "color: #C4C4C4; fill: #E3E3E3; stroke: #C00",
        "R_C4 = x.C4 + C4x + my_R7",  # inside identifiers
        "version 1.2.3, v2.0, python3.11, utf-8",
        "import x  # noqa: F401, E402",
        "y = f()  # type: ignore[E1]",
        "path d='M100 200 L10 5'",
        "Z95 = 1.96; B008; RUF012; SIM102",
        "C07 and R01 are not ids",  # leading zeros
        "E2E test, D3D, Q&A",
    ],
)
def test_the_scanner_ignores_look_alikes(text: str) -> None:
    assert _ids(text) == []


def test_a_bare_decision_or_question_belongs_to_its_files_game() -> None:
    assert _ids("D7 Q13", "card") == [("D7", ("card",)), ("Q13", ("card",))]
    assert _ids("F12 E3 D7", "card") == [("F12", ("board",)), ("E3", ("board",)), ("D7", ("card",))]
    assert _ids("C23 Q27; R12 Q5, R11 D7", "board") == [
        ("C23", ("card",)),
        ("Q27", ("card",)),
        ("R12", ("board",)),
        ("Q5", ("board",)),
        ("R11", ("board",)),
        ("D7", ("board",)),
    ]
    assert _ids("D7") == [("D7", ("board", "card"))]


def test_the_path_names_the_game() -> None:
    assert _game_of_path(ROOT / "src/westeros/boardgame/combat.py") == "board"
    assert _game_of_path(ROOT / "tests/cardgame/test_melee.py") == "card"
    assert _game_of_path(ROOT / "src/westeros/cli_cards.py") == "card"
    assert _game_of_path(ROOT / "docs/cardgame-engine.md") == "card"
    assert _game_of_path(ROOT / "src/westeros/server/app.py") is None


def test_a_missing_id_is_reported_with_its_place() -> None:
    cites = list(citations_in_text("ok R7.9.2\nnew R99.1 and C23 Q99\n", None, "f.py"))
    assert [str(c) for c in missing(cites)] == ["R99.1 (board) at f.py:2", "Q99 (card) at f.py:2"]


def test_the_scanner_reads_the_code_tests_and_docs() -> None:
    names = {str(p.relative_to(ROOT)) for p in scanned_files()}
    assert "src/westeros/boardgame/combat.py" in names
    assert "tests/boardgame/test_combat.py" in names
    assert "tests/test_rules_key.py" not in names
    assert "docs/architecture.md" in names
    assert not any(n.startswith("docs/rules/") for n in names)


# -- the key ----------------------------------------------------------------------------------


def test_every_cited_id_is_in_the_key() -> None:
    lacking = missing()
    listing = "\n".join(map(str, lacking))
    assert not lacking, f"cited ids the key lacks (scripts/rules_key_missing.py):\n{listing}"


@pytest.mark.parametrize("game", sorted(KEY_FILES))
def test_every_key_entry_has_a_one_line_statement(game: str) -> None:
    empty = [f"{e.rule} (line {e.line})" for e in key_entries(game) if len(e.statement) < 8]
    assert not empty, f"entries without a statement in {KEY_FILES[game]}: {empty}"


@pytest.mark.parametrize("game", sorted(KEY_FILES))
def test_the_key_is_an_outline_in_rule_order(game: str) -> None:
    entries = key_entries(game)
    rules = [e.rule for e in entries]
    assert len(rules) == len(set(rules)), "an id appears twice"
    known = set(rules)
    orphans = [r for r in rules if (p := parent(r, game)) is not None and p not in known]
    assert not orphans, f"entries whose section is missing: {orphans}"
    keys = [order(r, game) for r in rules]
    unordered = [rules[i + 1] for i in range(len(keys) - 1) if keys[i] >= keys[i + 1]]
    assert not unordered, f"entries out of rule order: {unordered}"


def test_the_key_tells_ids_by_their_prefix() -> None:
    for game, ids in key_ids().items():
        for rule in ids:
            assert [c.rule for c in citations_in_text(rule, None, "key")] == [rule], rule
            allowed = {"board": "REFDQ", "card": "CDQ", "expansions": "X"}[game]
            assert rule[0] in allowed, (game, rule)

"""The card game's decision and event catalogues (issue 19): every decision kind is declared
once in ``decisions.py`` with a codec; no rules module or card text writes a decision-kind
literal or builds a ``Decision`` itself; every legal choice met in random jousts and melees
fits its kind's grammar and round-trips through the codec (C22); every event is catalogued
and renders."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from westeros.cardgame import decisions as D
from westeros.cardgame import events as E
from westeros.engine import Rng, new_game

PACKAGE = Path(D.__file__).parent
RULES_MODULES = sorted(
    p for p in PACKAGE.rglob("*.py") if p.name != "decisions.py" and p.name != "__init__.py"
)


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _strings(tree: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE))


@pytest.mark.parametrize("path", RULES_MODULES, ids=_name)
def test_no_module_but_the_catalogue_builds_a_decision(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            assert name != "Decision", f"{_name(path)}:{node.lineno} builds a Decision"


@pytest.mark.parametrize("path", RULES_MODULES, ids=_name)
def test_no_module_uses_a_decision_kind_literal(path: Path) -> None:
    """``x.kind == "attacker"`` / ``kind="…"`` / ``ask(g, seat, "option", …)`` are not allowed:
    rules and card texts name kinds by their catalogue constant."""
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "kind" for s in sides):
                found = _strings(node) & set(D.KINDS)
                assert not found, f"{_name(path)}:{node.lineno} compares a kind with {found}"
        if isinstance(node, ast.keyword) and node.arg == "kind":
            found = _strings(node) & set(D.KINDS)
            assert not found, f"{_name(path)}:{node.lineno} passes kind={found}"
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "ask":
            literal = [a for a in node.args[:3] if isinstance(a, ast.Constant)]
            assert not literal, f"{_name(path)}:{node.lineno} asks a kind by a literal"


def test_every_catalogued_kind_is_used_by_the_rules() -> None:
    used: set[str] = set()
    for path in RULES_MODULES:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                used.add(node.attr)
    names = {name for name, value in vars(D).items() if isinstance(value, D.DecisionKind)}
    assert names - used == set(), "catalogue entries no rule opens"


def test_catalogue_json_lists_every_kind_with_grammar_and_description() -> None:
    data = D.catalogue_json()
    assert [d["kind"] for d in data] == list(D.KINDS)
    assert all(d["grammar"] and d["description"] for d in data)
    json.dumps(data)
    assert all(k.description for k in E.KINDS.values())


def test_the_codecs_read_the_compound_choices() -> None:
    """C22: an action is <verb>:<card>[:<ability>]; a challenge is <type>><opponent>."""
    assert D.ACTION.parse("use:12:0") == {"verb": "use", "card": 12, "index": 0}
    assert D.ACTION.parse("marshal:5") == {"verb": "marshal", "card": 5}
    assert D.CHALLENGE.parse("military>1") == {"type": "military", "opponent": 1}
    assert D.ATTACKER.parse(7) == {"card": 7} and D.ATTACKER.parse("done") == {"word": "done"}
    for bad in ("use:x:0", "military>one", "", "use::1"):
        with pytest.raises(ValueError):
            (D.CHALLENGE if ">" in bad else D.ACTION).parse(bad)
    with pytest.raises(ValueError):
        D.ATTACKER.parse("12")


DECKS = {
    "joust": ["westeros-stark", "westeros-lannister"],
    "joust-starter": ["Core-2", "Core-3"],
    "melee": ["Core-1", "Core-2", "Core-3", "Core-4"],
    "melee-3": ["Core-3", "Core-4", "Core-1"],
}


@pytest.mark.parametrize(
    ("decks", "seed"),
    [("joust", 1), ("joust", 2), ("joust-starter", 3), ("melee", 4), ("melee-3", 5)],
)
def test_every_choice_met_fits_its_grammar_and_round_trips(decks: str, seed: int) -> None:
    """Every decision kind met in random games is catalogued; every legal choice parses with
    its codec and ``unparse(parse(choice)) == choice``; every event is catalogued and renders
    without a field holding English."""
    game = new_game("cardgame", {"decks": DECKS[decks]}, seed)
    rng = Rng(seed)
    met: set[str] = set()
    while game.pending() and game.moves < 3000:
        for d in game.pending():
            kind = D.KINDS[d.kind]
            met.add(d.kind)
            for choice in d.choices:
                assert kind.unparse(kind.parse(choice)) == choice, (d.kind, choice)
        d = game.pending()[0]
        game.apply(d.seat, rng.choice(d.choices))
    assert {"plot", "action", "challenge", "attacker"} <= met
    for event in game.events(None):
        assert event.kind in E.KINDS
        assert game.render(event)
        assert not _english(event.fields), (event.kind, event.fields)


# fields that hold printed card titles or seat names (data, not sentences)
TITLES = {"name", "names", "target_names", "host_name", "from_name", "to_name", "players"}


def _english(fields: dict[str, object]) -> list[str]:
    """Field values that read as English text: a string with a space outside the titles."""
    return [
        key
        for key, value in fields.items()
        if key not in TITLES and isinstance(value, str) and " " in value
    ]


def test_the_renderer_holds_the_english_of_results() -> None:
    """C11.7, C13.3, C20.3: results are logged as data and read as text by the renderer."""
    game = new_game("cardgame", {"decks": DECKS["joust"]}, 1)
    stark, lannister = game.seat_names()
    won = E.event(
        "challenge_result",
        winner=0,
        loser=1,
        type="power",
        unopposed=True,
        attacker_total=3,
        defender_total=0,
    )
    assert game.render(won) == f"{stark} wins the power challenge (3–0) unopposed."
    nobody = E.event(
        "challenge_result", type="military", winner=None, attacker_total=0, defender_total=0
    )
    assert game.render(nobody) == "Nobody wins the military challenge (0–0)."
    tie = E.event("dominance", player=None, total=5, totals={"0": 5, "1": 5})
    assert game.render(tie) == "Nobody wins dominance (tie at 5)."
    over = E.event("game_over", reason="power", winner=1, power=15)
    assert game.render(over) == f"{lannister} reached 15 power"

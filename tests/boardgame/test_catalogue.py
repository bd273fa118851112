"""The decision and event catalogues (issue "one shape"): every decision kind and every event
kind is declared once, in ``decisions.py`` / ``events.py``; no rules module writes a decision
kind literal or builds a ``Decision`` itself; every choice met in play fits its kind's grammar
and round-trips through the codec; ``combat.py`` names no house card."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.engine import Game, Rng, new_game

PACKAGE = Path(D.__file__).parent
RULES_MODULES = sorted(p for p in PACKAGE.glob("*.py") if p.name != "decisions.py")


def _tree(path: Path) -> ast.AST:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def _strings(tree: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


@pytest.mark.parametrize("path", RULES_MODULES, ids=lambda p: p.name)
def test_no_module_but_the_catalogue_builds_a_decision(path: Path) -> None:
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            assert name != "Decision", f"{path.name}:{node.lineno} builds a Decision"


@pytest.mark.parametrize("path", RULES_MODULES, ids=lambda p: p.name)
def test_no_module_compares_a_decision_kind_with_a_literal(path: Path) -> None:
    """``x.kind == "march_move"`` / ``kind in ("bid", …)`` / ``kind="…"`` are not allowed."""
    for node in ast.walk(_tree(path)):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            if any(isinstance(s, ast.Attribute) and s.attr == "kind" for s in sides):
                found = _strings(node) & set(D.KINDS)
                assert not found, f"{path.name}:{node.lineno} compares a kind with {found}"
        if isinstance(node, ast.keyword) and node.arg == "kind":
            found = _strings(node) & set(D.KINDS)
            assert not found, f"{path.name}:{node.lineno} passes kind={found}"


def test_every_catalogued_kind_is_used_by_the_rules() -> None:
    used: set[str] = set()
    for path in RULES_MODULES:
        for node in ast.walk(_tree(path)):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
                used.add(node.attr)
    names = {name for name, value in vars(D).items() if isinstance(value, D.DecisionKind)}
    assert names - used == set(), "catalogue entries no rule opens"


def test_combat_names_no_house_card() -> None:
    """One home per card text: the combat module never names a house card (R7.12)."""
    card_ids = set(T.HOUSE_CARD_BY_ID)
    assert _strings(_tree(PACKAGE / "combat.py")) & card_ids == set()


def test_catalogue_json_lists_every_kind_with_grammar_and_description() -> None:
    data = D.catalogue_json()
    assert [d["kind"] for d in data] == list(D.KINDS)
    assert all(d["grammar"] and d["description"] for d in data)
    json.dumps(data)
    assert all(k.description for k in E.KINDS.values())


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4)])
def test_every_choice_met_fits_its_grammar_and_round_trips(players: int, seed: int) -> None:
    """Every decision kind met in random games is catalogued; every legal choice parses with
    its codec and ``unparse(parse(choice)) == choice``; every event renders."""
    _round_trip({"players": players, "tides": seed % 2 == 0}, seed)


def test_every_adwd_choice_fits_its_grammar_and_round_trips() -> None:
    """The same for a game of A Dance with Dragons (its 8 new kinds, X-ADWD-3)."""
    _round_trip({"players": 6, "scenario": "adwd", "tides": True}, 6)


def test_every_affc_choice_fits_its_grammar_and_round_trips() -> None:
    """The same for a game of A Feast for Crows (return, score special, score an objective,
    X-AFFC-D1, X-AFFC-D2); every event renders for a spectator and for each seat."""
    game = _round_trip({"players": 4, "scenario": "affc"}, 8)
    for seat in range(4):
        for event in game.events(seat):
            assert game.render(event)


def _round_trip(config: dict[str, object], seed: int) -> Game:
    game = new_game("boardgame", config, seed)
    rng = Rng(seed)
    while game.pending():
        for d in game.pending():
            kind = D.KINDS[d.kind]
            for choice in d.choices:
                assert kind.unparse(kind.parse(choice)) == choice, (d.kind, choice)
        d = game.pending()[0]
        game.apply(d.seat, rng.choice(d.choices))
    for event in game.events(None):
        assert event.kind in E.KINDS
        assert game.render(event)
    return game

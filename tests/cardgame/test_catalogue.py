"""The card catalogue and the texts: one home per card text, every implemented card shown
working in a test named after it."""

from __future__ import annotations

import ast
import inspect
import re
from functools import cache
from pathlib import Path

import pytest

from westeros.cardgame import texts
from westeros.cardgame.abilities import TEXTS
from westeros.cardgame.cards import catalogue
from westeros.cardgame.decklists import implemented
from westeros.engine import ConfigError, new_game

TESTS = Path(__file__).parent
MODULE_OF_FACTION = {"thenightswatch": "nightswatch"}


@cache
def _tested_codes() -> set[str]:
    """Card codes named in a test function's name or docstring under tests/cardgame."""
    found: set[str] = set()
    for path in TESTS.glob("test_*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                words = node.name + " " + (ast.get_docstring(node) or "")
                found.update(re.findall(r"(?<!\d)01\d{3}(?!\d)", words))
    return found & set(catalogue())


def test_the_core_set_has_211_cards_and_8_faction_cards() -> None:
    cards = catalogue()
    assert sum(1 for c in cards.values() if c.type != "faction") == 211
    assert sum(1 for c in cards.values() if c.type == "faction") == 8


def test_every_text_lives_in_its_factions_module() -> None:
    """One home per card text: plots, agendas and titles in their modules; other cards in
    their faction's module."""
    for code, _ in TEXTS.items():
        card = catalogue()[code]
        module = {"plot": "plots", "agenda": "agendas", "title": "titles"}.get(
            card.type, MODULE_OF_FACTION.get(card.faction, card.faction)
        )
        source = inspect.getsource(getattr(texts, module))
        assert f'"{code}"' in source, f"{card.name} ({code}) is not in texts/{module}.py"


def test_every_implemented_card_is_shown_working_in_a_test() -> None:
    missing = sorted(
        f"{c.name} ({code})"
        for code, c in catalogue().items()
        if c.type != "faction" and implemented(code) and code not in _tested_codes()
    )
    assert not missing, f"implemented cards without a test naming them: {missing}"


def test_every_plot_vanilla_and_simple_card_and_agenda_is_implemented() -> None:
    """Issue part 1: every plot, every vanilla card, every simple card, the agendas."""
    missing = sorted(
        f"{c.name} ({code})"
        for code, c in catalogue().items()
        if (c.type in ("plot", "agenda") or c.complexity in ("vanilla", "simple"))
        and not implemented(code)
    )
    assert not missing, f"not implemented: {missing}"


def test_all_211_core_set_cards_are_implemented_and_named_in_a_test() -> None:
    """Issue part 2: every Core Set card code has a text (or needs none) and a test."""
    codes = [code for code, c in catalogue().items() if c.type != "faction"]
    assert len(codes) == 211
    assert [c for c in codes if not implemented(c)] == []
    assert sorted(set(codes) - _tested_codes()) == []


def test_a_deck_with_a_card_not_implemented_is_refused_naming_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue part 1, item 4: such a deck is refused with a message listing those cards."""
    monkeypatch.delitem(TEXTS, "01152")  # Winterfell Steward, as if not written yet
    monkeypatch.delitem(TEXTS, "01146")  # Robb Stark
    with pytest.raises(ConfigError) as error:
        new_game("cardgame", {"decks": ["westeros-stark", "westeros-lannister"]}, 1)
    message = str(error.value)
    assert "not implemented yet" in message
    assert "Winterfell Steward (01152)" in message and "Robb Stark (01146)" in message

"""A Feast for Crows' data as the rest reads it (X-AFFC-2.9, X-AFFC-4.4): the objective cards'
names come from their data wherever events are rendered, with or without the rules loaded;
a fault in the AFfC Westeros deck's data names its own file."""

from __future__ import annotations

import subprocess
import sys

import pytest

from westeros.boardgame import events as E
from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.refusals import part_words


def test_every_objective_is_named_by_its_data() -> None:
    """X-AFFC-4.4: the event texts, the refusals and the prompts name a card as printed."""
    for card, info in O.OBJECTIVES.items():
        assert E.objective_name(card) == info.name
        assert part_words(card) == info.name
    cards = sorted(O.OBJECTIVES)[:2]
    assert E.objectives_text(cards) == ", ".join(O.OBJECTIVES[c].name for c in cards)
    assert E.objective_name("no_such_card") == "No such card"


def test_the_events_name_objectives_without_the_rules_loaded() -> None:
    """The catalogue alone (a log rendered by a tool) reads the names from the data, not from
    a table the rules fill when they are imported."""
    code = (
        "import sys; from westeros.boardgame import events as E; "
        "assert 'westeros.boardgame.affc' not in sys.modules; "
        "print(E.objective_name('land_grab'))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == O.OBJECTIVES["land_grab"].name


def test_a_fault_in_a_westeros_deck_file_names_that_file(monkeypatch: pytest.MonkeyPatch) -> None:
    bad = {"cards": [{"deck": 9, "id": "famine"}]}
    monkeypatch.setattr(T, "_load", lambda name: bad)
    with pytest.raises(ValueError, match=r"westeros_cards_affc\.json\.cards\[0\]: unknown deck 9"):
        T._build_westeros("westeros_cards_affc.json")


@pytest.mark.parametrize(("n", "words"), [(1, "1 victory point,"), (2, "2 victory points,")])
def test_victory_points_are_counted_in_words(n: int, words: str) -> None:
    """X-AFFC-4.1, X-AFFC-4.2: one point, or points, in every text that counts them."""
    fields = {"house": "arryn", "card": "land_grab", "victory_points": 5}
    texts = [
        E.SPECIAL_SCORED(gained=n, **fields),
        E.OBJECTIVE_SCORED(gained=n, **fields),
        E.VICTORY_POINTS(delta=-n, **fields),
        E.IRONBORN_RAID(scored=2, lost=n, **fields),
    ]
    for event in texts:
        assert words in E.render(event), E.render(event)

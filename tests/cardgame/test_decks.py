"""Decks (C4): validation per rule, starter decks (C4.8), text/JSON import and export."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from westeros.cardgame import decks
from westeros.cardgame.cards import CardDef, catalogue
from westeros.cardgame.decklists import format_text, load_deck, parse_json, parse_text
from westeros.cardgame.decks import (
    STARTER_IDS,
    Deck,
    DeckError,
    check_deck,
    describe,
    starter,
)

STARK = [c.code for c in catalogue().values() if c.faction == "stark" and c.is_draw_card]
PLOTS = ("01001", "01004", "01005", "01006", "01007", "01009", "01010")
KINGSROAD = "01039"  # neutral location
STEWARD = "01152"  # Winterfell Steward, stark, non-loyal
ROBB = "01146"  # stark, loyal
BALON = "01068"  # greyjoy, loyal
ASHA = "01067"  # greyjoy, non-loyal
GREYJOY = [
    c.code
    for c in catalogue().values()
    if c.faction == "greyjoy" and c.is_draw_card and not c.loyal
]
NEUTRAL_DRAW = [c.code for c in catalogue().values() if c.faction == "neutral" and c.is_draw_card]
FEALTY = "01027"
KRAKEN = "01199"  # Banner of the Kraken


def legal(**changes: object) -> Deck:
    """A tournament-legal Stark deck: 19 Stark titles x3 + 3 Kingsroad, 7 distinct plots."""
    draw = (*((c, 3) for c in STARK), (KINGSROAD, 3))
    deck = Deck(faction="stark", agenda=None, plots=PLOTS, draw=draw, name="Legal")
    return dataclasses.replace(deck, **changes)  # type: ignore[arg-type]


def with_draw(deck: Deck, **counts: int) -> Deck:
    """``deck`` with draw counts replaced (codes given as c01152=4)."""
    draw = dict(deck.draw)
    for key, n in counts.items():
        draw[key.removeprefix("c")] = n
    return dataclasses.replace(deck, draw=tuple((c, n) for c, n in draw.items() if n))


def rules(problems: list[str]) -> list[str]:
    return [p.split(":")[0] for p in problems]


@pytest.fixture
def extra_cards(monkeypatch: pytest.MonkeyPatch) -> dict[str, CardDef]:
    """The catalogue plus invented cards the Core Set lacks: faction plots, odd deck limits."""
    cards = dict(catalogue())
    cards["99001"] = CardDef("99001", "Kraken Plot", "plot", "greyjoy")
    cards["99002"] = CardDef("99002", "Triple Plot", "plot", "neutral", deck_limit=3)
    cards["99003"] = CardDef("99003", "Lone Stark", "character", "stark", deck_limit=1)
    cards["99004"] = CardDef("99004", "Many Stark", "character", "stark", deck_limit=4)
    cards["99005"] = CardDef("99005", "Lion Plot", "plot", "lannister")
    monkeypatch.setattr(decks, "catalogue", lambda: cards)
    return cards


# --- the Deck value ----------------------------------------------------------------------------


def test_deck_normalises_and_counts() -> None:
    """Draw entries are merged and sorted by code; plots sorted; count covers all parts."""
    d = Deck(
        "stark", KRAKEN, ("01009", "01001", "01001"), (("01152", 2), ("01141", 1), ("01152", 1))
    )
    assert d.draw == (("01141", 1), ("01152", 3))
    assert d.plots == ("01001", "01001", "01009")
    assert d.draw_cards() == ("01141", "01152", "01152", "01152")
    assert d.count("01152") == 3 and d.count("01001") == 2 and d.count(KRAKEN) == 1
    assert d.count("01999") == 0


def test_deck_error_carries_problems() -> None:
    e = DeckError(["a", "b"])
    assert isinstance(e, ValueError) and e.problems == ["a", "b"] and str(e) == "a\nb"


def test_legal_deck_passes() -> None:
    """C4: a 60-card Stark deck with 7 distinct plots and no agenda is legal."""
    assert check_deck(legal()) == []
    assert check_deck(legal(), casual=True) == []


# --- C4.1 faction and agenda ----------------------------------------------------------------


def test_c4_1_unknown_faction() -> None:
    assert rules(check_deck(legal(faction="dothraki"))) == ["C4.1"]
    assert "'dothraki'" in check_deck(legal(faction="dothraki"))[0]


def test_c4_1_agenda_must_be_known_agenda() -> None:
    assert check_deck(legal(agenda="99999")) == ["C4.1: unknown agenda code '99999'"]
    problems = check_deck(legal(agenda=STEWARD))
    assert problems == [
        "C4.1: Winterfell Steward (01152) is a character, not an agenda, "
        "and cannot be the deck's agenda"
    ]
    assert check_deck(legal(agenda=FEALTY)) == []


def test_c4_unknown_codes_in_plot_and_draw_decks() -> None:
    """C4: unknown codes are reported wherever they are, every one of them."""
    deck = legal(plots=(*PLOTS[:6], "99998"), draw=(*legal().draw, ("99999", 1), ("99997", 2)))
    problems = check_deck(deck)
    assert "C4: unknown card code '99998' in the plot deck" in problems
    assert "C4: unknown card code '99999' in the draw deck" in problems
    assert "C4: unknown card code '99997' in the draw deck" in problems


# --- C4.2 draw deck -----------------------------------------------------------------------------


def test_c4_2_draw_deck_minimum_60() -> None:
    short = with_draw(legal(), c01039=2)
    assert check_deck(short) == ["C4.2: the draw deck has 59 cards; it must have at least 60"]
    assert check_deck(short, casual=True) == []  # C4.8
    assert check_deck(with_draw(legal(), c01039=4 - 1)) == []


@pytest.mark.parametrize("code", [FEALTY, "01001", "01206", "faction:stark"])
def test_c4_2_draw_deck_card_types(code: str) -> None:
    """C4.2: agendas, plots, titles and faction cards are not draw cards."""
    problems = check_deck(with_draw(legal(), **{code: 1}), casual=True)
    assert len(problems) == 1 and problems[0].startswith("C4.2: ")
    assert f"({code}) in the draw deck is a {catalogue()[code].type}" in problems[0]


def test_c4_2_counts_must_be_positive() -> None:
    deck = legal(draw=(*legal().draw, ("01141", -5)))  # merges: Arya 3 - 5 = -2
    assert "C4.2: count -2 for card '01141' in the draw deck must be positive" in check_deck(deck)


# --- C4.3 copies by title -----------------------------------------------------------------------


def test_c4_3_at_most_three_copies() -> None:
    problems = check_deck(with_draw(legal(), c01152=4))
    assert problems == ["C4.3: 4 copies of Winterfell Steward (01152) exceed the limit of 3"]
    assert check_deck(with_draw(legal(), c01152=3)) == []


def test_c4_3_deck_limit_overrides(extra_cards: dict[str, CardDef]) -> None:
    """C4.3: Deck Limit 1 restricts, Deck Limit 4 permits."""
    assert check_deck(with_draw(legal(), c99003=1, c99004=4)) == []
    problems = check_deck(with_draw(legal(), c99003=2, c99004=5))
    assert problems == [
        "C4.3: 2 copies of Lone Stark (99003) exceed the limit of 1",
        "C4.3: 5 copies of Many Stark (99004) exceed the limit of 4",
    ]


# --- C4.4 plot deck ---------------------------------------------------------------------------


@pytest.mark.parametrize("n", [6, 8])
def test_c4_4_exactly_seven_plots(n: int) -> None:
    plots = ("01001", "01004", "01005", "01006", "01007", "01009", "01010", "01011")[:n]
    assert check_deck(legal(plots=plots)) == [
        f"C4.4: the plot deck has {n} cards; it must have exactly 7"
    ]


def test_c4_4_plots_must_be_plots() -> None:
    problems = check_deck(legal(plots=(*PLOTS[:6], STEWARD)))
    assert problems == [
        "C4.4: Winterfell Steward (01152) in the plot deck is a character, not a plot"
    ]


def test_c4_4_one_plot_title_may_be_doubled() -> None:
    assert check_deck(legal(plots=("01001", "01001", *PLOTS[1:6]))) == []
    problems = check_deck(legal(plots=("01001", "01001", "01004", "01004", *PLOTS[2:5])))
    assert problems == [
        "C4.4: 2 plot titles appear more than once (A Clash of Kings (01001); "
        "A Noble Cause (01004)); at most one may"
    ]


def test_c4_4_plot_deck_limit() -> None:
    """C4.4: Plot Deck Limit 1 forbids doubling; 3 copies of an ordinary plot are too many."""
    problems = check_deck(legal(plots=("01002", "01002", *PLOTS[1:6])))
    assert problems == [
        "C4.4: 2 copies of A Feast for Crows (01002) exceed its plot deck limit of 1"
    ]
    problems = check_deck(legal(plots=("01001",) * 3 + PLOTS[1:5]))
    assert problems == [
        "C4.4: 3 copies of A Clash of Kings (01001) exceed its plot deck limit of 2"
    ]


def test_c4_4_plot_deck_limit_permits_more(extra_cards: dict[str, CardDef]) -> None:
    assert check_deck(legal(plots=("99002",) * 3 + PLOTS[:4])) == []
    assert rules(check_deck(legal(plots=("99002",) * 4 + PLOTS[:3]))) == ["C4.4"]


# --- C4.5 affiliation and C4.6 loyalty -------------------------------------------------------


def test_c4_5_out_of_faction_draw_card() -> None:
    deck = with_draw(legal(), c01067=1)
    assert check_deck(deck) == [
        "C4.5: Asha Greyjoy (01067) in the draw deck is a greyjoy card; "
        "a stark deck may only use stark and neutral cards"
    ]
    assert check_deck(deck, casual=True) == []


def test_c4_5_out_of_faction_plot(extra_cards: dict[str, CardDef]) -> None:
    deck = legal(plots=(*PLOTS[:6], "99005"))
    assert rules(check_deck(deck)) == ["C4.5"]
    assert "Lion Plot (99005) in the plot deck is a lannister card" in check_deck(deck)[0]
    assert check_deck(deck, casual=True) == []


def test_c4_6_loyal_cards_only_in_own_faction() -> None:
    """C4.6: own loyal cards are fine; others' loyal cards are not, even under a Banner."""
    assert check_deck(with_draw(legal(), c01146=3)) == []  # Robb Stark in a Stark deck
    deck = with_draw(legal(), c01068=1)
    assert check_deck(deck) == [
        "C4.6: Balon Greyjoy (01068) is a loyal greyjoy card and cannot be used in a stark deck"
    ]
    banner = with_draw(legal(agenda=KRAKEN), c01068=1, **{f"c{c}": 1 for c in GREYJOY[:12]})
    assert rules(check_deck(banner)) == ["C4.6"]
    assert check_deck(deck, casual=True) == []  # C4.8


# --- agendas: Fealty, Banners, C4.7 ---------------------------------------------------------


def neutral_deck(n: int) -> Deck:
    """The legal deck with exactly ``n`` neutral draw cards (3 Kingsroad + others)."""
    base = with_draw(legal(), c01039=0)
    counts: Counter[str] = Counter()
    for i in range(n):
        counts[NEUTRAL_DRAW[i // 3]] += 1
    return with_draw(base, **{f"c{c}": k for c, k in counts.items()})


def test_fealty_at_most_15_neutral_cards() -> None:
    """Fealty (C4.1 agenda text): at most 15 neutral cards in the draw deck."""
    assert check_deck(neutral_deck(15), casual=True) == []
    ok = dataclasses.replace(neutral_deck(15), agenda=FEALTY)
    assert check_deck(ok) == []
    bad = dataclasses.replace(neutral_deck(16), agenda=FEALTY)
    assert check_deck(bad) == [
        "C4.1: agenda Fealty (01027) allows at most 15 neutral cards in the draw deck; it has 16"
    ]
    assert check_deck(bad, casual=True) == check_deck(bad)


def test_banner_permits_non_loyal_cards_and_needs_twelve() -> None:
    """Banner of the Kraken (C4.5): non-loyal Greyjoy draw cards allowed; at least 12 (C4.1)."""
    twelve = with_draw(legal(agenda=KRAKEN), **{f"c{c}": 1 for c in GREYJOY[:12]})
    assert check_deck(twelve) == []
    eleven = with_draw(legal(agenda=KRAKEN), **{f"c{c}": 1 for c in GREYJOY[:11]})
    assert check_deck(eleven) == [
        "C4.1: agenda Banner of the Kraken (01199) requires at least 12 greyjoy cards in the "
        "draw deck; it has 11"
    ]
    assert check_deck(eleven, casual=True) == check_deck(eleven)


def test_banner_forbids_plots_of_its_faction(extra_cards: dict[str, CardDef]) -> None:
    """C4.5: a Banner permits draw cards only; checked in casual mode too (agenda text)."""
    deck = with_draw(
        legal(agenda=KRAKEN, plots=(*PLOTS[:6], "99001")), **{f"c{c}": 1 for c in GREYJOY[:12]}
    )
    expected = [
        "C4.5: agenda Banner of the Kraken (01199) permits greyjoy draw cards only, "
        "not the greyjoy plot Kraken Plot (99001)"
    ]
    assert check_deck(deck) == expected
    assert check_deck(deck, casual=True) == expected


def test_c4_7_one_copy_of_an_agenda_and_c4_1_one_agenda() -> None:
    """C4.7 / C4.1: a deck list with two agendas is rejected when read."""
    base = {"faction": "stark", "slots": {STEWARD: 3}}
    with pytest.raises(DeckError) as e:
        parse_json({**base, "agendas": [{"code": FEALTY}, {"code": FEALTY}]})
    assert e.value.problems[0].startswith("C4.7: ")
    with pytest.raises(DeckError) as e:
        parse_json({**base, "agendas": [{"code": FEALTY}, {"code": KRAKEN}]})
    assert e.value.problems[0].startswith("C4.1: ")
    assert parse_json({**base, "agendas": [{"code": FEALTY}]}).agenda == FEALTY


# --- starter decks (C4.8) ---------------------------------------------------------------------

# (draw deck size, deck faction, loyal cards of the Banner's faction) for each starter deck
STARTER_VIOLATIONS = {
    "Core-1": (
        45,
        "stark",
        "greyjoy",
        [
            "Balon Greyjoy (01068)",
            "Euron Crow's Eye (01069)",
            "Great Kraken (01078)",
            "The Kraken's Grasp (01082)",
            "We Do Not Sow (01083)",
        ],
    ),
    "Core-2": (
        46,
        "thenightswatch",
        "baratheon",
        [
            "Robert Baratheon (01048)",
            "Stannis Baratheon (01052)",
            "Lightbringer (01058)",
            "The Red Keep (01061)",
            "Consolidation of Power (01062)",
            "Ours is the Fury (01063)",
        ],
    ),
    "Core-3": (
        46,
        "targaryen",
        "martell",
        [
            "Areo Hotah (01103)",
            "Doran Martell (01105)",
            "The Red Viper (01109)",
            "Greenblood Trader (01112)",
            "Ghaston Grey (01116)",
            "Doran's Game (01119)",
        ],
    ),
    "Core-4": (
        46,
        "lannister",
        "tyrell",
        [
            "Paxter Redwyne (01182)",
            "The Queen of Thorns (01186)",
            "Highgarden (01192)",
            "The Mander (01193)",
            "Olenna's Cunning (01196)",
        ],
    ),
}


@pytest.mark.parametrize("deck_id", STARTER_IDS)
def test_c4_8_starter_decks_pass_casual(deck_id: str) -> None:
    deck = starter(deck_id)
    assert len(deck.plots) == 7 and deck.agenda is not None
    assert check_deck(deck, casual=True) == []


@pytest.mark.parametrize("deck_id", STARTER_IDS)
def test_c4_8_starter_decks_in_tournament_mode(deck_id: str) -> None:
    """C4.2 and C4.6: each starter deck has 45-46 draw cards and loyal cards of its Banner's
    faction; everything else (plots, copies, Banner minimum) is tournament-legal."""
    size, faction, banner, loyal = STARTER_VIOLATIONS[deck_id]
    assert check_deck(starter(deck_id)) == [
        f"C4.2: the draw deck has {size} cards; it must have at least 60",
        *(
            f"C4.6: {card} is a loyal {banner} card and cannot be used in a {faction} deck"
            for card in loyal
        ),
    ]


def test_unknown_starter() -> None:
    with pytest.raises(KeyError, match="Core-9"):
        starter("Core-9")


# --- text import/export -----------------------------------------------------------------------


@pytest.mark.parametrize("deck_id", STARTER_IDS)
def test_text_round_trip(deck_id: str) -> None:
    deck = starter(deck_id)
    assert parse_text(format_text(deck)) == deck


def test_text_round_trip_with_copies() -> None:
    deck = legal(agenda=FEALTY, plots=("01001", "01001", *PLOTS[1:6]))
    text = format_text(deck)
    assert "2x A Clash of Kings (Core)" in text and "3x Winterfell Steward (Core)" in text
    assert parse_text(text) == deck


def test_parse_text_line_styles() -> None:
    text = """My Deck

Faction: Stark
Agenda
Fealty (Core)

Plots (7)
1x A Clash of Kings (Core)
2 a noble cause
Calling the Banners x1
1X Confiscation (Core)
1x Counting Coppers (Core)
1x Building Orders

Characters (20)
3x Winterfell Steward (Core)
3 WINTERFELL STEWARD
Arya Stark x2
Events:
1x \u201cThe Bear and the Maiden Fair\u201d (Core)
1x Rattleshirt\u2019s Raiders (Core)
"""
    deck = parse_text(text)
    assert deck.name == "My Deck" and deck.faction == "stark" and deck.agenda == FEALTY
    assert Counter(deck.plots) == {
        "01001": 1,
        "01004": 2,
        "01007": 1,
        "01009": 1,
        "01010": 1,
        "01006": 1,
    }
    assert dict(deck.draw) == {"01152": 6, "01141": 2, "01197": 1, "01030": 1}
    assert deck.count(STEWARD) == 6 and deck.count("01141") == 2
    assert deck.count("01030") == 1  # Rattleshirt's Raiders, curly apostrophe


@pytest.mark.parametrize(
    ("line", "faction"),
    [
        ("House Stark", "stark"),
        ("The Night's Watch", "thenightswatch"),
        ("The Night\u2019s Watch", "thenightswatch"),
        ("Faction: Stark", "stark"),
        ("Faction: Night's Watch", "thenightswatch"),
        ("faction: house greyjoy", "greyjoy"),
        ("Faction: tyrell", "tyrell"),
    ],
)
def test_parse_text_faction_lines(line: str, faction: str) -> None:
    assert parse_text(f"Deck\n{line}\n3x Winterfell Steward\n").faction == faction


def test_parse_text_needs_a_faction() -> None:
    with pytest.raises(DeckError) as e:
        parse_text("Deck\n3x Winterfell Steward\n")
    assert e.value.problems == ["no faction line (e.g. 'House Stark' or 'Faction: Stark')"]


def test_parse_text_lists_every_unknown_card_and_bad_line() -> None:
    text = "Deck\nHouse Stark\n3x Winterfel Steward\n2x Ser Nobody (Core)\n???\n1x Arya Stark\n"
    with pytest.raises(DeckError) as e:
        parse_text(text)
    assert e.value.problems == [
        "line 3: unknown card 'Winterfel Steward': did you mean 'Winterfell Steward'?",
        "line 4: unknown card 'Ser Nobody': no Core Set card has this title (only the Core Set "
        "is played)",
        "line 5: cannot read '???'",
    ]
    assert str(e.value) == "\n".join(e.value.problems)


def test_parse_text_conflicting_factions() -> None:
    with pytest.raises(DeckError, match="more than one faction"):
        parse_text("House Stark\nHouse Lannister\n")


# --- JSON import ------------------------------------------------------------------------------


EXPECTED = Deck(
    faction="stark",
    agenda=KRAKEN,
    plots=PLOTS,
    draw=((STEWARD, 3), (ASHA, 1)),
    name="J",
)


@pytest.mark.parametrize(
    "faction",
    [
        {"faction": {"name": "House Stark", "value": "stark"}},
        {"faction_code": "stark"},
        {"faction": "stark"},
    ],
)
@pytest.mark.parametrize(
    "agenda",
    [{"agenda": {"code": KRAKEN}}, {"agendas": [{"code": KRAKEN}]}, {"agenda_code": KRAKEN}, {}],
)
def test_parse_json_slots(faction: dict[str, object], agenda: dict[str, object]) -> None:
    """ThronesDB style: plots (and the agenda, when not given apart) inside 'slots'."""
    slots: dict[str, int] = {STEWARD: 3, ASHA: 1, **dict.fromkeys(PLOTS, 1)}
    if not agenda:
        slots[KRAKEN] = 1
    assert parse_json({"name": "J", **faction, **agenda, "slots": slots}) == EXPECTED


def test_parse_json_throneteki_lists_and_string() -> None:
    data = {
        "name": "J",
        "faction": {"value": "stark"},
        "agenda": {"code": KRAKEN},
        "plotCards": [{"count": 1, "card": {"code": c}} for c in PLOTS],
        "drawCards": [
            {"count": 3, "card": {"code": STEWARD}},
            {"count": 1, "card": {"code": ASHA, "name": "Asha Greyjoy"}},
        ],
    }
    assert parse_json(data) == EXPECTED
    assert parse_json(json.dumps(data)) == EXPECTED


def test_parse_json_lists_every_problem() -> None:
    data = {
        "faction": "stark",
        "agenda_code": "09999",
        "slots": {"99998": 1, STEWARD: "three", "99997": 2},
        "drawCards": [{"count": 1, "card": {}}],
    }
    with pytest.raises(DeckError) as e:
        parse_json(data)
    assert e.value.problems == [
        "drawCards[0]: no card code in {'count': 1, 'card': {}}",
        "unknown card code '99998': not a Core Set card",
        "count 'three' for '01152' is not a whole number",
        "unknown card code '99997': not a Core Set card",
        "unknown agenda code '09999'",
    ]


def test_parse_json_bad_input() -> None:
    with pytest.raises(DeckError, match="not JSON"):
        parse_json("{nope")
    with pytest.raises(DeckError, match="no known faction"):
        parse_json({"faction": "dothraki", "slots": {}})


def test_load_deck_text_and_json(tmp_path: Path) -> None:
    deck = starter("Core-2")
    (tmp_path / "d.txt").write_text(format_text(deck), encoding="utf-8")
    slots = dict(Counter(deck.plots)) | dict(deck.draw) | {deck.agenda: 1}
    data = {"name": deck.name, "faction_code": deck.faction, "slots": slots}
    (tmp_path / "d.json").write_text(json.dumps(data), encoding="utf-8")
    assert load_deck(tmp_path / "d.txt") == deck
    assert load_deck(str(tmp_path / "d.json")) == deck


def test_describe() -> None:
    text = describe(starter("Core-1"))
    assert text.splitlines() == [
        "The Old Ways (Core)",
        "Faction: House Stark",
        "Agenda: Banner of the Kraken",
        "Plots (7): Calm Over Westeros, Confiscation, Naval Superiority, Rebuilding, Summons, "
        "Supporting the Faith, The Winds of Winter",
        "Draw deck (45): 4 attachment, 27 character, 6 event, 8 location",
    ]


# --- property ---------------------------------------------------------------------------------

DRAWABLE = sorted(STARK + NEUTRAL_DRAW)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(DRAWABLE), st.integers(1, 5), max_size=30))
def test_c4_3_fires_exactly_when_a_title_exceeds_its_limit(counts: dict[str, int]) -> None:
    """C4.3 property: for any legal-affiliation draw deck, check_deck never crashes, C4.3
    fires once per title over its limit, and C4.5/C4.6 never fire."""
    deck = legal(draw=tuple(counts.items()))
    problems = check_deck(deck)
    over = [c for c, n in counts.items() if n > catalogue()[c].deck_limit]
    assert sum(p.startswith("C4.3") for p in problems) == len(over)
    assert not any(p.startswith(("C4.5", "C4.6", "C4:")) for p in problems)
    assert (sum(counts.values()) < 60) == any(p.startswith("C4.2") for p in problems)

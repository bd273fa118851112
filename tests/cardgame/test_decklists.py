"""Deck lists as people paste them (D1, C4): ThronesDB's text export and its looser cousins,
ThronesDB JSON, every unreadable line named with its number and the nearest Core Set title,
and a seat's deck checked with every C4 rule and the implemented cards."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.cardgame.lists import HEADINGS, counted_headings, name, sections, thronesdb
from westeros.cardgame import decklists
from westeros.cardgame.cards import FACTION_NAMES, catalogue
from westeros.cardgame.decklists import (
    SHIPPED,
    check_seat_deck,
    deck_from_json,
    parse_json,
    parse_text,
    read_deck_list,
    shipped_choices,
)
from westeros.cardgame.decks import STARTER_IDS, Deck, DeckError, check_deck
from westeros.engine import ConfigError

STARK = SHIPPED["westeros-stark"]()  # a legal deck (C4): Fealty, 7 plots, 60 cards


def cards_of(deck: Deck) -> tuple[object, ...]:
    """What a deck plays, without its name."""
    return (deck.faction, deck.agenda, deck.plots, deck.draw)


def styled(deck: Deck, line: Callable[[str, int], str], faction: str, agenda: str) -> str:
    lines = [faction.format(FACTION_NAMES[deck.faction])]
    if deck.agenda:
        lines.append(agenda.format(name(deck.agenda)))
    for kind, cards in sections(deck).items():
        lines.append(f"## {HEADINGS[kind]}s ({sum(n for _, n in cards)})")
        lines += [line(name(c), n) for c, n in cards]
    return "\n".join(lines)


STYLES: dict[str, Callable[[Deck], str]] = {
    "thronesdb": thronesdb,
    "counted headings": counted_headings,
    "count first": lambda d: styled(d, lambda t, n: f"{n} {t}", "{}", "{}"),
    "count last": lambda d: styled(d, lambda t, n: f"{t} x{n}", "Faction: {}", "Agenda: {}"),
    "bullets": lambda d: styled(d, lambda t, n: f"- {n}x {t} (Core)", "{}", "- {}"),
    "spaced x": lambda d: styled(d, lambda t, n: f"  {n} x {t}  ", "{}", "{}"),
    "lower case": lambda d: styled(d, lambda t, n: f"{n}x {t.lower()}", "{}", "{}"),
    "curly quotes": lambda d: styled(
        d, lambda t, n: f"{n}\u00d7 {t.replace(chr(39), chr(0x2019))}", "{}", "{}"
    ),
    "windows": lambda d: thronesdb(d).replace("\n", "\r\n"),
}


@pytest.mark.parametrize("style", sorted(STYLES))
@pytest.mark.parametrize("deck_id", ["westeros-stark", "westeros-lannister", *STARTER_IDS])
def test_d1_every_style_of_list_reads_back_the_same_deck(style: str, deck_id: str) -> None:
    deck = SHIPPED[deck_id]()
    assert cards_of(parse_text(STYLES[style](deck))) == cards_of(deck)


def test_d1_the_thronesdb_export_keeps_the_deck_name() -> None:
    assert parse_text(thronesdb(STARK)).name == f"{STARK.name} 1.0"
    assert parse_text(counted_headings(STARK)).name == STARK.name


def test_d1_a_deck_named_after_a_card_is_not_that_card() -> None:
    """The first line names the deck even when a card has that title (Winter Is Coming)."""
    text = thronesdb(STARK).replace(f"{STARK.name} 1.0", "Winter Is Coming", 1)
    deck = parse_text(text)
    assert deck.name == "Winter Is Coming" and deck.draw == STARK.draw


def test_d1_the_agenda_may_come_first_on_a_list_without_a_name() -> None:
    lines = styled(STARK, lambda t, n: f"{n}x {t}", "{}", "{}").splitlines()
    assert lines[1] == "Fealty"
    lines.insert(0, lines.pop(1))
    assert parse_text("\n".join(lines)).agenda == "01027"


def test_d1_a_mistyped_card_is_named_with_its_line_and_the_nearest_title() -> None:
    lines = thronesdb(STARK).splitlines()
    at = next(i for i, line in enumerate(lines) if "Eddard Stark" in line)
    lines[at] = lines[at].replace("Eddard", "Edard")
    with pytest.raises(DeckError) as err:
        parse_text("\n".join(lines))
    assert err.value.problems == [
        f"line {at + 1}: unknown card 'Edard Stark': did you mean 'Eddard Stark'?"
    ]


def test_d1_every_bad_line_is_reported_at_once() -> None:
    lines = thronesdb(STARK).splitlines()
    plot = next(i for i, line in enumerate(lines) if "A Clash of Kings" in line)
    wolf = next(i for i, line in enumerate(lines) if "Grey Wind" in line)
    lines[plot] = "1x A Clash of Kngs (Core Set)"
    lines[wolf] = "3x Wolfpack of the Frozen Zzyzx (Wolves of the North)"
    lines.insert(4, "this line means nothing")
    with pytest.raises(DeckError) as err:
        parse_text("\n".join(lines))
    assert err.value.problems == [
        "line 5: cannot read 'this line means nothing'",
        f"line {plot + 2}: unknown card 'A Clash of Kngs': did you mean 'A Clash of Kings'?",
        f"line {wolf + 2}: unknown card 'Wolfpack of the Frozen Zzyzx': no Core Set card has "
        "this title (only the Core Set is played)",
    ]


def test_d1_a_list_of_nonsense_says_its_first_bad_lines_and_counts_the_rest() -> None:
    text = "House Stark\n" + "\n".join(f"3x Nonsense Card {i}" for i in range(50))
    with pytest.raises(DeckError) as err:
        parse_text(text)
    problems = err.value.problems
    assert len(problems) == decklists.MAX_LINE_PROBLEMS + 1
    assert problems[0].startswith("line 2: unknown card 'Nonsense Card 0'")
    assert problems[-1] == "... and 30 more lines that cannot be read"


def test_d1_a_count_of_nothing_is_refused_on_its_line() -> None:
    text = "House Stark\n0x Eddard Stark\n3x Arya Stark"
    with pytest.raises(DeckError) as err:
        parse_text(text)
    assert err.value.problems == ["line 2: 0 copies of Eddard Stark: a count is 1 or more"]


def test_c4_1_a_list_needs_one_faction() -> None:
    with pytest.raises(DeckError) as err:
        parse_text("3x Eddard Stark")
    assert err.value.problems == ["no faction line (e.g. 'House Stark' or 'Faction: Stark')"]
    with pytest.raises(DeckError) as err:
        parse_text("House Stark\nHouse Lannister\n3x Eddard Stark")
    assert err.value.problems == ["C4.1: more than one faction: House Stark, House Lannister"]
    with pytest.raises(DeckError) as err:
        parse_text("Faction: House Starck\n3x Eddard Stark")
    assert err.value.problems[0].startswith("line 1: unknown faction 'House Starck'")


def test_d1_an_empty_list_says_so() -> None:
    with pytest.raises(DeckError) as err:
        parse_text(" \n\n  ")
    assert err.value.problems == ["the deck list is empty"]


@pytest.mark.parametrize(
    ("line", "faction"),
    [
        ("House Stark", "stark"),
        ("Stark", "stark"),
        ("The Night's Watch", "thenightswatch"),
        ("Nights Watch", "thenightswatch"),
        ("Faction: Targaryen", "targaryen"),
        ("faction: house greyjoy", "greyjoy"),
    ],
)
def test_d1_faction_lines(line: str, faction: str) -> None:
    assert parse_text(f"{line}\n3x Eddard Stark").faction == faction


def test_d1_thronesdb_json_with_its_agenda_in_the_slots_and_in_agendas() -> None:
    """ThronesDB's API lists the agenda in ``agendas`` and may list it in ``slots`` too: one
    agenda (C4.1), not two."""
    slots = {code: n for code, n in STARK.draw}
    slots.update(Counter(STARK.plots))
    slots["01027"] = 1
    data = {"name": "From the API", "faction_code": "stark", "agendas": ["01027"], "slots": slots}
    deck = parse_json(data)
    assert cards_of(deck) == cards_of(STARK)
    assert read_deck_list(json.dumps(data)) == deck  # pasted as text
    assert check_deck(deck) == []


def test_d1_read_deck_list_takes_text_or_json() -> None:
    assert read_deck_list(thronesdb(STARK)).draw == STARK.draw
    with pytest.raises(DeckError) as err:
        read_deck_list('{"faction_code": "stark", "slots": {"99999": 3}}')
    assert err.value.problems == ["unknown card code '99999': not a Core Set card"]


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=300))
def test_d1_any_text_gives_a_deck_or_the_list_of_its_problems(text: str) -> None:
    try:
        deck = read_deck_list(text)
    except DeckError as exc:
        assert exc.problems and all(isinstance(p, str) and p for p in exc.problems)
    else:
        assert isinstance(deck, Deck)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(sorted(STYLES)),
    st.lists(
        st.sampled_from(
            sorted(
                c.code
                for c in catalogue().values()
                if c.is_draw_card and c.faction in ("stark", "neutral")
            )
        ),
        min_size=1,
        max_size=25,
    ),
)
def test_d1_random_decks_read_back_in_every_style(style: str, codes: list[str]) -> None:
    deck = Deck("stark", "01027", STARK.plots, tuple(Counter(codes).items()), "Random")
    assert cards_of(parse_text(STYLES[style](deck))) == cards_of(deck)


# --- a seat's deck (GameInfo.seat_options["deck"]) --------------------------------------------


def test_d1_a_seat_may_bring_a_shipped_or_a_starter_deck() -> None:
    kept, summary = check_seat_deck("westeros-stark")
    assert kept == "westeros-stark"
    assert summary["faction"] == "stark" and summary["agenda"] == "Fealty"
    assert (summary["plots"], summary["draw"], summary["rules"]) == (7, 60, "C4")
    kept, summary = check_seat_deck("Core-1")
    assert kept == "Core-1" and summary["rules"] == "C4.8"  # played as it comes
    with pytest.raises(ConfigError, match="unknown deck 'westeros-tully'"):
        check_seat_deck("westeros-tully")


def test_d1_the_shipped_choices_are_the_games_own_then_the_starters() -> None:
    ids = [c["id"] for c in shipped_choices()]
    assert ids == [*decklists.shipped_names(), *STARTER_IDS] and set(ids) == set(SHIPPED)
    assert [c["starter"] for c in shipped_choices()].count(True) == len(STARTER_IDS)


def test_d1_a_pasted_list_is_kept_as_a_deck_object() -> None:
    kept, summary = check_seat_deck({"text": thronesdb(STARK)})
    assert cards_of(deck_from_json(kept)) == cards_of(STARK)
    assert summary["name"] == f"{STARK.name} 1.0" and summary["types"]["character"] > 0


def test_c4_a_pasted_list_is_checked_with_every_deck_building_rule() -> None:
    """C4.2, C4.4: a list short of its 60th card and with an eighth plot lists both."""
    lines = thronesdb(STARK).splitlines()
    at = next(i for i, line in enumerate(lines) if "Eddard Stark" in line)
    lines[at] = "2x Eddard Stark (Core Set)"
    plots = lines.index("Plots")
    lines.insert(plots + 1, "1x Sneak Attack (Core Set)")
    with pytest.raises(ConfigError) as err:
        check_seat_deck({"text": "\n".join(lines)})
    assert err.value.problems == [
        "C4.4: the plot deck has 8 cards; it must have exactly 7",
        "C4.2: the draw deck has 59 cards; it must have at least 60",
    ]


def test_d1_a_typo_in_a_pasted_list_is_refused_with_its_line() -> None:
    text = thronesdb(STARK).replace("Arya Stark", "Aria Stark")
    line = text.splitlines().index("3x Aria Stark (Core Set)") + 1
    with pytest.raises(ConfigError) as err:
        check_seat_deck({"text": text})
    assert err.value.problems == [
        f"line {line}: unknown card 'Aria Stark': did you mean 'Arya Stark'?"
    ]


def test_d1_cards_not_implemented_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """A card whose text the engine lacks is refused by name (the Core Set is complete now:
    the test takes one text away)."""
    code = next(c for c, _ in STARK.draw if c in decklists.TEXTS)
    monkeypatch.delitem(decklists.TEXTS, code)
    with pytest.raises(ConfigError) as err:
        check_seat_deck({"text": thronesdb(STARK)})
    assert err.value.problems == [f"not implemented yet: {name(code)} ({code})"]


@pytest.mark.parametrize("value", [3, None, {"text": 3}, {"text": "x", "more": 1}, ["Core-1"]])
def test_d1_a_seat_deck_of_another_shape_is_refused(value: object) -> None:
    with pytest.raises(ConfigError, match="shipped deck's id"):
        check_seat_deck(value)


def test_d1_a_list_too_long_is_refused() -> None:
    with pytest.raises(ConfigError, match="at most 20000 characters"):
        check_seat_deck({"text": "x" * (decklists.MAX_LIST_LENGTH + 1)})

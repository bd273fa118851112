"""Supply (R3.5): updating the track (R3.5.1, R1.5.5) and reconciling armies (R3.5.2, D5)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.boardgame.driver import assert_illegal, events_of, log_lines
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame, supply_complies
from westeros.boardgame.supply import (
    Reconcile,
    UpdateSupply,
    min_removals,
)

SEAT = {"stark": 0, "lannister": 1, "baratheon": 2, "greyjoy": 3}


def brute_min_removals(sizes: list[int], supply: int) -> int:
    """Least destructions by trying every final size of every area (R1.5.3, R3.5.2)."""
    best = sum(sizes)
    for finals in itertools.product(*(range(n + 1) for n in sizes)):
        if supply_complies(finals, supply):
            best = min(best, sum(sizes) - sum(finals))
    return best


def started(s: Scenario, *houses: str) -> BoardGame:
    g = s.start(Reconcile(houses or ("baratheon", "lannister", "stark", "greyjoy")))
    g.pending()
    return g


# ------------------------------------------------------------------------ R3.5.1 update


def test_r3_5_1_supply_set_to_barrels_of_controlled_areas() -> None:
    """R3.5.1: barrels of areas controlled by units, power tokens or the home emblem."""
    s = Scenario(players=4).empty()
    s.supply("stark", 6).supply("lannister", 0).supply("greyjoy", 1)
    s.units("the_stony_shore", "stark", "footman").token("widows_watch", "stark")
    s.units("blackwater", "lannister", "footman")
    g = s.start(UpdateSupply())
    assert not g.pending()
    assert g.supply["stark"] == 3  # Winterfell 1 + Stony Shore 1 + Widow's Watch 1
    assert g.supply["lannister"] == 4  # Lannisport 2 + Blackwater 2
    assert g.supply["greyjoy"] == 1 and g.supply["baratheon"] == 1
    assert any("Stark goes from 6 to 3" in line for line in log_lines(g))
    changes = {e["house"]: (e["old"], e["new"]) for e in events_of(g, E.SUPPLY.name)}
    assert changes["stark"] == (6, 3) and changes["lannister"] == (0, 4)
    assert "Supply: Greyjoy stays at 1" in log_lines(g)


def test_r3_5_1_supply_capped_at_6() -> None:
    s = Scenario(players=4).empty()
    for area in ("blackwater", "searoad_marches", "the_stony_shore", "kingswood", "the_fingers"):
        s.token(area, "lannister")
    g = s.start(UpdateSupply())
    assert not g.pending() and g.supply["lannister"] == 6


def test_r3_5_2_update_then_reconcile_in_turn_order() -> None:
    """R3.5.2: after the update, non-compliant houses reconcile in turn order (Iron Throne:
    Baratheon, Lannister, Stark, Greyjoy)."""
    s = Scenario(players=4).empty()
    s.units("winterfell", "stark", "footman", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman", "footman")
    s.units("lannisport", "lannister", "footman", "footman", "footman", "footman")
    s.units("the_golden_sound", "lannister", "ship", "ship", "ship")  # Lannister supply 2
    g = s.start(UpdateSupply())
    (d,) = g.pending()
    assert d.kind == D.RECONCILE.name and d.seat == SEAT["lannister"]
    g.apply(d.seat, d.choices[0])
    (d,) = g.pending()
    assert d.kind == D.RECONCILE.name and d.seat == SEAT["lannister"]
    g.apply(d.seat, d.choices[0])
    (d,) = g.pending()
    assert d.seat == SEAT["stark"]
    g.apply(d.seat, "white_harbor:footman")
    assert not g.pending()
    assert all(g.complies(h) for h in g.houses)


# ---------------------------------------------------------------------- R3.5.2 reconcile


def test_d5_only_needed_removals_are_offered() -> None:
    """R3.5.2 / D5: supply 1 allows (3,2); with armies 4 and 2 only the 4 must lose a unit."""
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", "footman", "footman", "knight", "footman")
    s.units("white_harbor", "stark", "footman", "siege_engine")
    s.units("moat_cailin", "stark", "footman")
    g = started(s)
    (d,) = g.pending()
    assert d.kind == D.RECONCILE.name and d.seat == SEAT["stark"]
    assert d.choices == ("winterfell:footman", "winterfell:knight")
    assert "supply 1" in d.prompt and "Stark" in d.prompt
    g.apply(d.seat, "winterfell:knight")
    assert not g.pending()
    assert [u.kind for u in g.units["winterfell"]] == ["footman", "footman", "footman"]
    assert T.UNIT_POOL["knight"] - g.pool_left("stark", "knight") == 0
    assert any("Stark destroys a knight in Winterfell" in line for line in log_lines(g))
    (event,) = events_of(g, E.SUPPLY_DESTROY.name)
    assert event.fields == {
        "house": "stark",
        "area": "winterfell",
        "units": [{"kind": "knight", "routed": False}],
        "supply": 1,
    }
    assert log_lines(g)[-1] == "Stark destroys a knight in Winterfell to comply with supply 1"


def test_r3_5_2_every_destroyed_unit_needed_not_the_fewest_units() -> None:
    """R3.5.2: a selection is refused only if one of its units could be spared (S&R), not
    because a smaller one exists. Supply 1 (3,2), armies 4, 2, 2: Stark may keep both 2-armies
    and cut Winterfell down to one unit (3 destroyed, each needed: put any back and there are
    three armies)."""
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", *["footman"] * 4)
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman", "footman")
    g = started(s)
    for _ in range(3):
        (d,) = g.pending()
        assert "winterfell:footman" in d.choices
        g.apply(d.seat, "winterfell:footman")
    assert not g.pending()
    assert [len(g.units[a]) for a in ("winterfell", "white_harbor", "moat_cailin")] == [1, 2, 2]


def test_r3_5_2_a_unit_that_could_be_spared_is_never_offered() -> None:
    """R3.5.2: supply 1 (3,2), armies 4 and 3. After one White Harbor loss (4,2) a second one
    would force a Winterfell loss too, and then the second White Harbor unit could be spared."""
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", *["footman"] * 4)
    s.units("white_harbor", "stark", "footman", "footman", "footman")
    g = started(s)
    (d,) = g.pending()
    assert d.choices == ("winterfell:footman", "white_harbor:footman")
    g.apply(d.seat, "white_harbor:footman")
    (d,) = g.pending()
    assert d.choices == ("winterfell:footman",)
    assert_illegal(g, "white_harbor:footman", kind=D.RECONCILE)


def test_d5_cutting_an_army_to_one_unit_is_offered() -> None:
    """R1.5.1: a single unit is no army; supply 0 (2,2) with three armies of 2: each may go."""
    s = Scenario(players=4).empty().supply("stark", 0)
    for area in ("winterfell", "white_harbor", "moat_cailin"):
        s.units(area, "stark", "footman", "footman")
    g = started(s)
    (d,) = g.pending()
    assert d.choices == ("winterfell:footman", "white_harbor:footman", "moat_cailin:footman")
    g.apply(d.seat, "white_harbor:footman")
    assert not g.pending() and len(g.units["white_harbor"]) == 1


def test_d5_ships_and_ports_count_as_armies() -> None:
    """R8.2: 2–3 ships in a port are an army."""
    s = Scenario(players=4).empty().supply("stark", 0)
    s.units("port_of_winterfell", "stark", "ship", "ship", "ship")
    s.units("bay_of_ice", "stark", "ship", "ship")
    g = started(s)
    (d,) = g.pending()
    assert d.choices == ("port_of_winterfell:ship",)


def test_d5_choices_exclude_the_units_that_could_be_spared() -> None:
    """Supply 4 (3,3,2,2): armies 4,4,2 need 2 destructions (one per 4); the 2 is never
    offered."""
    s = Scenario(players=4).empty().supply("stark", 4)
    s.units("winterfell", "stark", *["footman"] * 4)
    s.units("white_harbor", "stark", *["footman"] * 4)
    s.units("moat_cailin", "stark", "footman", "footman")
    g = started(s)
    assert g.pending()[0].choices == ("winterfell:footman", "white_harbor:footman")
    g.apply(SEAT["stark"], "winterfell:footman")
    assert g.pending()[0].choices == ("white_harbor:footman",)
    assert "at least 1 more" in g.pending()[0].prompt
    g.apply(SEAT["stark"], "white_harbor:footman")
    assert not g.pending()


def test_r3_5_2_given_order_is_followed() -> None:
    """Rattleshirt's Raiders passes its own order (R4.5.3): the first listed house acts first."""
    s = Scenario(players=4).empty().supply("stark", 0).supply("greyjoy", 0)
    for area in ("winterfell", "white_harbor", "moat_cailin"):
        s.units(area, "stark", "footman", "footman")
    for area in ("pyke", "flints_finger", "greywater_watch"):
        s.units(area, "greyjoy", "footman", "footman")
    g = started(s, "greyjoy", "stark")
    assert g.pending()[0].seat == SEAT["greyjoy"]
    g.apply(SEAT["greyjoy"], "pyke:footman")
    assert g.pending()[0].seat == SEAT["stark"]


def test_r3_5_2_houses_not_listed_are_not_asked() -> None:
    s = Scenario(players=4).empty().supply("stark", 0)
    for area in ("winterfell", "white_harbor", "moat_cailin"):
        s.units(area, "stark", "footman", "footman")
    g = started(s, "greyjoy")
    assert not g.pending()


def test_d5_illegal_choices_change_nothing() -> None:
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", "footman", "footman", "knight", "footman")
    s.units("white_harbor", "stark", "footman", "siege_engine")
    g = started(s)
    for bad in ("white_harbor:footman", "winterfell:ship", "winterfell", "moat_cailin:footman", 1):
        assert_illegal(g, bad, kind=D.RECONCILE, house="stark")
    assert_illegal(g, "winterfell:footman", seat=SEAT["lannister"])


def test_r3_5_2_compliant_houses_destroy_nothing() -> None:
    s = Scenario(players=4).empty().supply("stark", 6)
    s.units("winterfell", "stark", *["footman"] * 4)
    g = started(s)
    assert not g.pending() and len(g.units["winterfell"]) == 4


# ------------------------------------------------------------------ minimality (R3.5.2)


@pytest.mark.parametrize(
    ("sizes", "supply", "expected"),
    [
        ([3, 3, 2], 0, 3),
        ([4, 2], 1, 1),
        ([4, 4, 2], 2, 3),
        ([4, 4, 2], 4, 2),
        ([2, 2, 2, 2, 2, 2], 6, 1),
        ([5, 1, 1], 6, 1),
        ([4, 3, 2, 2, 2], 6, 0),
        ([3, 3], 0, 2),
    ],
)
def test_min_removals_examples(sizes: list[int], supply: int, expected: int) -> None:
    assert min_removals(sizes, supply) == expected == brute_min_removals(sizes, supply)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=5), min_size=0, max_size=6),
    st.integers(min_value=0, max_value=6),
)
def test_min_removals_matches_brute_force(sizes: list[int], supply: int) -> None:
    assert min_removals(sizes, supply) == brute_min_removals(sizes, supply)


AREAS_FOR_STARK = ("winterfell", "white_harbor", "moat_cailin", "the_stony_shore", "karhold")


def inclusion_minimal(original: list[int], final: list[int], supply: int) -> bool:
    """R3.5.2 as S&R checks a selection: the house complies and no destroyed unit could be
    spared (putting any one back breaks supply)."""
    if not supply_complies(final, supply):
        return False
    return not any(
        supply_complies([*final[:i], final[i] + 1, *final[i + 1 :]], supply)
        for i in range(len(final))
        if final[i] < original[i]
    )


def brute_offered(original: list[int], current: list[int], supply: int) -> set[int]:
    """Indexes of the areas where one more destruction can still end in a minimal selection,
    by trying every final size 0..current of every area."""
    offered = set()
    for i, n in enumerate(current):
        if n == 0:
            continue
        after = [*current[:i], n - 1, *current[i + 1 :]]
        finals = itertools.product(*(range(m + 1) for m in after))
        if any(inclusion_minimal(original, list(f), supply) for f in finals):
            offered.add(i)
    return offered


@settings(max_examples=50, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=4), min_size=1, max_size=4),
    st.integers(min_value=0, max_value=6),
    st.data(),
)
def test_d5_offered_choices_are_exactly_the_minimal_selections(
    sizes: list[int], supply: int, data: st.DataObject
) -> None:
    """R3.5.2 / D5: at every step exactly the areas from which a minimal selection can still be
    completed are offered (checked against brute force); whatever path is taken, the house ends
    compliant with no unit it could have spared, and at least the minimum number destroyed."""
    s = Scenario(players=4).empty().supply("stark", supply)
    areas = AREAS_FOR_STARK[: len(sizes)]
    for area, n in zip(areas, sizes, strict=True):
        s.units(area, "stark", *["footman"] * n)
    g = started(s, "stark")
    done = 0
    while g.pending():
        (d,) = g.pending()
        current = [len(g.units.get(a, ())) for a in areas]
        offered = {areas.index(D.RECONCILE.parse(c)["area"]) for c in d.choices}
        assert offered == brute_offered(sizes, current, supply)
        g.apply(d.seat, data.draw(st.sampled_from(d.choices)))
        done += 1
    final = [len(g.units.get(a, ())) for a in areas]
    assert inclusion_minimal(sizes, final, supply)
    assert done == sum(sizes) - sum(final) >= brute_min_removals(sizes, supply)

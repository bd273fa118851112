"""A Feast for Crows objectives (X-AFFC-4.3, X-AFFC-4.4): the data, and for every objective card
and every special objective a position that fulfils it and one that just fails it.

Positions start from an empty board (no units, no power tokens): each house still controls its
home area by its emblem (R1.3.2). "More than each other house" is strict (X-AFFC-4.4): the
failing position of such a card is a tie.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from westeros.boardgame import objectives as O
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import PlayedGame
from westeros.boardgame.state import TRACKS

Case = Callable[[bool], tuple[PlayedGame, str]]
CASES: dict[str, Case] = {}
SPECIAL_CASES: dict[str, Case] = {}


def case(objective: str, table: dict[str, Case] = CASES) -> Callable[[Case], Case]:
    def register(build: Case) -> Case:
        assert objective not in table, objective
        table[objective] = build
        return build

    return register


def special(house: str) -> Callable[[Case], Case]:
    return case(house, SPECIAL_CASES)


def board(scenario: str = "affc") -> Scenario:
    """An empty board of the AFfC houses (X-AFFC-2.1), or of the four-player base game (Stark,
    Lannister, Baratheon, Greyjoy): the conditions read the state, whatever the scenario."""
    return Scenario(players=4, scenario=scenario).empty()


def set_victory_points(g: PlayedGame, **points: int) -> None:
    """The public victory track; houses not named stand on 0."""
    g.victory_points = {h: points.get(h, 0) for h in g.houses}


def fourth(g: PlayedGame) -> str:
    """Arryn in AFfC, Greyjoy in a base game."""
    return next(h for h in g.houses if h not in ("stark", "lannister", "baratheon"))


# --------------------------------------------------------------------------------------------
# Control of named areas (X-AFFC-4.4)
# --------------------------------------------------------------------------------------------


@case("stop_the_storm")
def _stop_the_storm(ok: bool) -> tuple[PlayedGame, str]:
    """Stark holds Storm's End with a power token (R1.3.3), or the token is Lannister's."""
    s = board().token("storms_end", "stark" if ok else "lannister")
    return s.g, "stark"


@case("arbor_gold")
def _arbor_gold(ok: bool) -> tuple[PlayedGame, str]:
    """Baratheon's footman on The Arbor; a ship in the sea next to it is not enough."""
    s = board()
    if ok:
        s.units("the_arbor", "baratheon", "footman")
    else:
        s.units("redwyne_straights", "baratheon", "ship")
    return s.g, "baratheon"


@case("take_the_black")
def _take_the_black(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("castle_black", "lannister" if ok else "stark", "footman")
    return s.g, "lannister"


@case("hold_court")
def _hold_court(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("kings_landing", "stark" if ok else "baratheon", "knight")
    return s.g, "stark"


@case("a_mountainous_task")
def _a_mountainous_task(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("the_mountains_of_the_moon", "lannister", "knight")
    if ok:
        s.units("the_eyrie", "lannister", "footman")
    return s.g, "lannister"


@case("a_riper_fruit")
def _a_riper_fruit(ok: bool) -> tuple[PlayedGame, str]:
    """Lannister in Winterfell; without its unit there Stark holds it by its emblem (R1.3.2)."""
    s = board().units("winterfell" if ok else "white_harbor", "lannister", "footman")
    return s.g, "lannister"


@case("pull_the_weeds")
def _pull_the_weeds(ok: bool) -> tuple[PlayedGame, str]:
    """All three areas; two of the three are not enough."""
    s = board().units("searoad_marches", "stark", "footman").token("blackwater", "stark")
    if ok:
        s.units("the_reach", "stark", "knight")
    return s.g, "stark"


@case("protect_the_neck")
def _protect_the_neck(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("seagard", "baratheon", "footman")
    s.units("greywater_watch", "baratheon", "footman")
    s.units("flints_finger", "baratheon" if ok else "stark", "footman")
    return s.g, "baratheon"


@case("a_firm_grip")
def _a_firm_grip(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("crackclaw_point", "stark", "footman")
    s.units("kingswood", "stark" if ok else "baratheon", "footman")
    return s.g, "stark"


@case("crossing_guard")
def _crossing_guard(ok: bool) -> tuple[PlayedGame, str]:
    """XF5: both ends of one bridge suffice; one end of each bridge does not."""
    s = board().units("seagard", "stark", "footman")
    s.units("the_twins" if ok else "crackclaw_point", "stark", "footman")
    return s.g, "stark"


@case("home_invasion")
def _home_invasion(ok: bool) -> tuple[PlayedGame, str]:
    """Lannisport is Lannister's home; Stark's own home does not count."""
    s = board().units("winterfell", "stark", "knight")
    s.units("lannisport" if ok else "riverrun", "stark", "footman")
    return s.g, "stark"


# --------------------------------------------------------------------------------------------
# "More than each other house" — strictly (X-AFFC-4.4)
# --------------------------------------------------------------------------------------------


@case("land_grab")
def _land_grab(ok: bool) -> tuple[PlayedGame, str]:
    """Stark: Winterfell + 2 areas = 3; Lannister ties at 3 in the failing position."""
    s = board().units("white_harbor", "stark", "footman").token("karhold", "stark")
    s.units("stoney_sept", "lannister", "footman")
    if not ok:
        s.units("riverrun", "lannister", "footman")
    return s.g, "stark"


@case("extend_your_reach")
def _extend_your_reach(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("bay_of_ice", "stark", "ship").units("the_shivering_sea", "stark", "ship")
    s.units("the_golden_sound", "lannister", "ship")
    if not ok:
        s.units("sunset_sea", "lannister", "ship")
    return s.g, "stark"


@case("naval_superiority")
def _naval_superiority(ok: bool) -> tuple[PlayedGame, str]:
    """Ships in a port are on the board too; Baratheon ties at 3 in the failing position."""
    s = board().units("port_of_winterfell", "stark", "ship", "ship")
    s.units("bay_of_ice", "stark", "ship")
    s.units("shipbreaker_bay", "baratheon", "ship", "ship")
    if not ok:
        s.units("port_of_dragonstone", "baratheon", "ship")
    return s.g, "stark"


@case("mercantile_ventures")
def _mercantile_ventures(ok: bool) -> tuple[PlayedGame, str]:
    """XF6: Stark holds the ports of Winterfell and White Harbor through their land areas, no
    ship in either; Lannister ties at 2 when it also holds Storm's End."""
    s = board().units("white_harbor", "stark", "footman")
    if not ok:
        s.token("storms_end", "lannister")
    return s.g, "stark"


@case("a_stalwart_position")
def _a_stalwart_position(ok: bool) -> tuple[PlayedGame, str]:
    """Strongholds: Stark Winterfell + King's Landing; Lannister Lannisport + Riverrun ties."""
    s = board().units("kings_landing", "stark", "footman")
    s.units("harrenhal", "lannister", "footman")  # a castle, not a stronghold
    if not ok:
        s.units("riverrun", "lannister", "footman")
    return s.g, "stark"


@case("friendly_confines")
def _friendly_confines(ok: bool) -> tuple[PlayedGame, str]:
    """Castles only: Stark White Harbor + Moat Cailin; Lannister's strongholds do not count,
    and a second castle makes a tie."""
    s = board().units("white_harbor", "stark", "footman").units("moat_cailin", "stark", "knight")
    s.units("harrenhal", "lannister", "footman").units("riverrun", "lannister", "footman")
    s.units("kings_landing", "lannister", "footman")
    if not ok:
        s.units("crackclaw_point", "lannister", "footman")
    return s.g, "stark"


@case("spreading_the_wealth")
def _spreading_the_wealth(ok: bool) -> tuple[PlayedGame, str]:
    s = board().token("karhold", "stark").token("the_twins", "stark")
    s.token("stoney_sept", "lannister")
    if not ok:
        s.token("blackwater", "lannister")
    return s.g, "stark"


# --------------------------------------------------------------------------------------------
# Tokens, tracks, pools, hands (X-AFFC-4.4)
# --------------------------------------------------------------------------------------------


def _track_with(track: str, house: str, first: bool) -> tuple[PlayedGame, str]:
    s = board()
    others = [h for h in s.g.tracks[track] if h != house]
    order = [house, *others] if first else [others[0], house, *others[1:]]
    return s.track(track, *order).g, house


@case("the_throne")
def _the_throne(ok: bool) -> tuple[PlayedGame, str]:
    return _track_with("iron_throne", "stark", ok)


@case("the_blade")
def _the_blade(ok: bool) -> tuple[PlayedGame, str]:
    return _track_with("fiefdoms", "lannister", ok)


@case("the_raven")
def _the_raven(ok: bool) -> tuple[PlayedGame, str]:
    return _track_with("kings_court", "baratheon", ok)


@case("cavalry_charge")
def _cavalry_charge(ok: bool) -> tuple[PlayedGame, str]:
    """All five knights on the board; four are not enough."""
    s = board().units("winterfell", "stark", "knight", "knight")
    s.units("white_harbor", "stark", "knight", "knight")
    if ok:
        s.units("moat_cailin", "stark", "knight")
    assert T.UNIT_POOL["knight"] == 5
    return s.g, "stark"


@case("ample_harvest")
def _ample_harvest(ok: bool) -> tuple[PlayedGame, str]:
    return board().supply("baratheon", 5 if ok else 4).g, "baratheon"


@case("the_final_hour")
def _the_final_hour(ok: bool) -> tuple[PlayedGame, str]:
    s = board()
    deck = [c.id for c in s.g.house_deck("lannister")]
    return s.hand("lannister", *deck[: 1 if ok else 2]).g, "lannister"


@case("the_peoples_chosen")
def _the_peoples_chosen(ok: bool) -> tuple[PlayedGame, str]:
    """Crowns: Winterfell (emblem), Castle Black, Karhold, and The Twins; White Harbor has none."""
    s = board().units("castle_black", "stark", "footman").token("karhold", "stark")
    s.units("white_harbor", "stark", "footman")
    if ok:
        s.units("the_twins", "stark", "footman")
    return s.g, "stark"


@case("backdoor_politics")
def _backdoor_politics(ok: bool) -> tuple[PlayedGame, str]:
    """Every other house strictly ahead on victory points; a tie with one of them fails."""
    g = board().g
    set_victory_points(g, stark=1, lannister=2 if ok else 1, baratheon=3, **{fourth(g): 2})
    return g, "stark"


@case("support_the_crown")
def _support_the_crown(ok: bool) -> tuple[PlayedGame, str]:
    """Exactly three units in Crackclaw Point; one more of the house's in King's Landing fails."""
    s = board().units("crackclaw_point", "baratheon", "footman", "footman", "knight")
    if not ok:
        s.units("kings_landing", "baratheon", "footman")
    return s.g, "baratheon"


@case("nothing_but_ghosts")
def _nothing_but_ghosts(ok: bool) -> tuple[PlayedGame, str]:
    """One unit in Harrenhal; the house's unit in Riverrun (next to it) fails. Another
    house next to Harrenhal does not matter."""
    s = board().units("harrenhal", "lannister", "footman").units("stoney_sept", "stark", "knight")
    s.units("lannisport", "lannister", "footman")
    if not ok:
        s.units("riverrun", "lannister", "footman")
    return s.g, "lannister"


# --------------------------------------------------------------------------------------------
# Special objectives (X-AFFC-4.3)
# --------------------------------------------------------------------------------------------

_STARK_CASTLES = ("white_harbor", "moat_cailin", "seagard", "riverrun")


@special("stark")
def _stark(ok: bool) -> tuple[PlayedGame, str]:
    """XF4: Winterfell is one of the five: Winterfell and four more; three more fail."""
    s = board()
    for area in _STARK_CASTLES if ok else _STARK_CASTLES[:3]:
        s.units(area, "stark", "footman")
    return s.g, "stark"


@special("lannister")
def _lannister(ok: bool) -> tuple[PlayedGame, str]:
    s = board().units("kings_landing", "lannister" if ok else "baratheon", "footman")
    return s.g, "lannister"


@special("baratheon")
def _baratheon(ok: bool) -> tuple[PlayedGame, str]:
    """Dragonstone by its emblem and King's Landing by a token; Lannister in Dragonstone fails."""
    s = board().token("kings_landing", "baratheon")
    if not ok:
        s.units("dragonstone", "lannister", "footman")
    return s.g, "baratheon"


@special("arryn")
def _arryn(ok: bool) -> tuple[PlayedGame, str]:
    """The Eyrie, empty, is Arryn's by its emblem (X-AFFC-2.2); 6 available power against 5,
    and a tie with Lannister at 6 fails."""
    s = board().power("arryn", 6).power("lannister", 5 if ok else 6)
    return s.g, "arryn"


# --------------------------------------------------------------------------------------------
# The tests
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("objective", sorted(O.OBJECTIVES))
def test_each_objective_card_is_fulfilled_and_just_fails(objective: str) -> None:
    """X-AFFC-4.4: every card's condition, on a position that meets it and one that misses."""
    g, house = CASES[objective](True)
    assert O.fulfils(g, house, objective)
    g, house = CASES[objective](False)
    assert not O.fulfils(g, house, objective)


@pytest.mark.parametrize("house", sorted(SPECIAL_CASES))
def test_each_special_objective_is_fulfilled_and_just_fails(house: str) -> None:
    """X-AFFC-4.3: each house's special objective, met and just missed."""
    g, who = SPECIAL_CASES[house](True)
    assert O.fulfils_special(g, who)
    g, who = SPECIAL_CASES[house](False)
    assert not O.fulfils_special(g, who)


def test_every_card_has_its_cases() -> None:
    assert set(CASES) == set(O.OBJECTIVES)


def test_stark_special_needs_winterfell_itself() -> None:
    """XF4: five castle areas without Winterfell do not do (Lannister holds Winterfell)."""
    s = board().units("winterfell", "lannister", "footman")
    for area in (*_STARK_CASTLES, "harrenhal"):
        s.units(area, "stark", "footman")
    assert not O.fulfils_special(s.g, "stark")
    s.clear("winterfell")
    assert O.fulfils_special(s.g, "stark")


def test_support_the_crown_counts_exactly_three() -> None:
    """Two or four units in Crackclaw Point do not do; another house in King's Landing does not
    matter."""
    s = board().units("kings_landing", "stark", "footman")
    s.units("crackclaw_point", "baratheon", "footman", "footman")
    assert not O.fulfils(s.g, "baratheon", "support_the_crown")
    s.units("crackclaw_point", "baratheon", "knight")
    assert O.fulfils(s.g, "baratheon", "support_the_crown")
    s.units("crackclaw_point", "baratheon", "siege_engine")
    assert not O.fulfils(s.g, "baratheon", "support_the_crown")


def test_nothing_but_ghosts_needs_a_single_unit() -> None:
    s = board().units("harrenhal", "lannister", "footman", "footman")
    assert not O.fulfils(s.g, "lannister", "nothing_but_ghosts")
    assert not O.fulfils(board().g, "lannister", "nothing_but_ghosts")  # Harrenhal empty


def test_ample_harvest_holds_at_six() -> None:
    assert O.fulfils(board().supply("stark", 6).g, "stark", "ample_harvest")


def test_the_final_hour_fails_with_no_card() -> None:
    assert not O.fulfils(board().hand("stark").g, "stark", "the_final_hour")


def test_mercantile_ventures_ignores_ships_in_a_port() -> None:
    """XF6: Lannister's ships in the Port of Lannisport add nothing: the port counts once,
    through Lannisport, and Stark's two ports (no ships) still win."""
    s = board().units("white_harbor", "stark", "footman")
    s.units("port_of_lannisport", "lannister", "ship", "ship")
    assert O.fulfils(s.g, "stark", "mercantile_ventures")
    assert not O.fulfils(s.g, "lannister", "mercantile_ventures")


def test_most_is_measured_against_every_other_house() -> None:
    """X-AFFC-4.4: Stark ahead of two houses but tied with the third still fails."""
    s = board().units("white_harbor", "stark", "footman")
    g = s.g
    other = fourth(g)
    s.units("the_shivering_sea", "stark", "ship").units("bay_of_ice", other, "ship", "ship")
    assert O.fulfils(g, "stark", "land_grab")  # Stark 2 land areas, the others 1
    assert not O.fulfils(g, "stark", "naval_superiority")  # 1 ship against 2
    assert O.fulfils(g, other, "naval_superiority")


# --------------------------------------------------------------------------------------------
# House Arryn (X-AFFC-2.2, X-AFFC-4.3, X-AFFC-4.4)
# --------------------------------------------------------------------------------------------


def test_arryn_special_needs_the_eyrie() -> None:
    """X-AFFC-4.3: the most available power is not enough once Stark stands in The Eyrie."""
    s = board().power("arryn", 7).units("the_eyrie", "stark", "footman")
    assert not O.fulfils_special(s.g, "arryn")
    s.clear("the_eyrie").units("the_eyrie", "arryn", "knight")
    assert O.fulfils_special(s.g, "arryn")


def test_arryn_special_counts_available_power_not_tokens_on_the_board() -> None:
    """X-AFFC-4.3: Lannister's power tokens on the board do not count against Arryn."""
    s = board().power("arryn", 3).power("lannister", 2).power("stark", 0).power("baratheon", 1)
    s.token("stoney_sept", "lannister").token("blackwater", "lannister")
    assert s.g.power["lannister"] == 0
    assert O.fulfils_special(s.g, "arryn")
    assert not O.fulfils_special(s.power("stark", 3).g, "arryn")


def test_the_eyrie_is_a_home_for_home_invasion_in_affc_only() -> None:
    """X-AFFC-2.2: Stark in The Eyrie invades Arryn's home; in a base game The Eyrie is no
    home area (and a home of a house not in play, Highgarden, does not count)."""
    assert O.fulfils(board().units("the_eyrie", "stark", "footman").g, "stark", "home_invasion")
    base = (
        board("base").units("the_eyrie", "stark", "footman").units("highgarden", "stark", "knight")
    )
    assert not O.fulfils(base.g, "stark", "home_invasion")
    assert O.fulfils(base.units("pyke", "stark", "footman").g, "stark", "home_invasion")


def test_arryn_meets_cards_worth_nothing_to_it() -> None:
    """X-AFFC-4.4: Arryn holds The Eyrie (A Mountainous Task) and the Messenger Raven at the
    start (X-AFFC-2.3), and both cards are worth 0 to Arryn."""
    g = Scenario(players=4, scenario="affc").g
    for card in ("a_mountainous_task", "the_raven"):
        assert O.fulfils(g, "arryn", card)
        assert O.points(card, "arryn") == 0
    assert not O.fulfils(g, "lannister", "a_mountainous_task")


def test_arryn_cavalry_charge_and_no_port() -> None:
    """Arryn's five knights on the board meet Cavalry Charge; The Eyrie has no port (the S&R
    option is off, X-AFFC-Q4), so Arryn's land gives it no port for Mercantile Ventures."""
    s = board().units("the_eyrie", "arryn", "knight", "knight")
    s.units("the_mountains_of_the_moon", "arryn", "knight", "knight")
    s.units("the_fingers", "arryn", "knight").units("the_twins", "arryn", "footman")
    assert O.fulfils(s.g, "arryn", "cavalry_charge")
    assert not O.fulfils(s.g, "arryn", "mercantile_ventures")
    s.clear("the_fingers")
    assert not O.fulfils(s.g, "arryn", "cavalry_charge")


def test_special_objectives_at_the_affc_start() -> None:
    """X-AFFC-4.3 on the AFfC set-up (X-AFFC-2.5, 2.6): Lannister holds Lannisport and King's
    Landing; Baratheon lacks King's Landing; Stark holds 4 castle areas (Winterfell, White
    Harbor, Moat Cailin, Seagard), one short; Arryn's 5 available power ties everybody's."""
    g = Scenario(players=4, scenario="affc").g
    assert [h for h in g.houses if O.fulfils_special(g, h)] == ["lannister"]


# --------------------------------------------------------------------------------------------
# At most one house: control of an area, "more than each other house", a dominance token
# --------------------------------------------------------------------------------------------

AT_MOST_ONE = (
    "stop_the_storm",
    "arbor_gold",
    "take_the_black",
    "hold_court",
    "a_mountainous_task",
    "a_riper_fruit",
    "pull_the_weeds",
    "protect_the_neck",
    "a_firm_grip",
    "land_grab",
    "extend_your_reach",
    "naval_superiority",
    "mercantile_ventures",
    "a_stalwart_position",
    "friendly_confines",
    "spreading_the_wealth",
    "support_the_crown",
    "nothing_but_ghosts",
    "backdoor_politics",
)
EXACTLY_ONE = ("the_throne", "the_blade", "the_raven")
PLACES = tuple(a for a in T.AREA_IDS if not T.AREAS[a].is_port)
HOUSE_INDEX = st.integers(0, 3)


@st.composite
def positions(draw: st.DrawFn) -> PlayedGame:
    """A random board: units and power tokens anywhere, random tracks, supply, hands and
    victory points (legality aside: the conditions only read the state)."""
    s = board()
    houses = s.g.houses
    for area, who, count in draw(
        st.lists(st.tuples(st.sampled_from(PLACES), HOUSE_INDEX, st.integers(1, 3)), max_size=25)
    ):
        kind = "ship" if T.AREAS[area].is_sea else "footman"
        if s.g.owner(area) in (None, houses[who]):
            s.units(area, houses[who], *[kind] * count)
    for area, who in draw(st.lists(st.tuples(st.sampled_from(PLACES), HOUSE_INDEX), max_size=8)):
        if T.AREAS[area].is_land and s.g.owner(area) is None:
            s.token(area, houses[who])
    for track in TRACKS:
        s.track(track, *draw(st.permutations(houses)))
    for house in houses:
        s.supply(house, draw(st.integers(0, 6)))
        s.hand(house, *[c.id for c in s.g.house_deck(house)][: draw(st.integers(0, 7))])
    set_victory_points(s.g, **{h: draw(st.integers(0, 7)) for h in houses})
    return s.g


@settings(max_examples=60, deadline=None)
@given(g=positions())
def test_exclusive_objectives_are_met_by_one_house_at_most(g: PlayedGame) -> None:
    """An area has one controller (R1.3), "more than each other house" is strict (X-AFFC-4.4),
    a dominance token has one holder (R1.9.5), and two houses cannot each have every other
    house ahead of them (Backdoor Politics). Lannister and Baratheon both need King's Landing
    for their special objectives (X-AFFC-4.3)."""
    for objective in AT_MOST_ONE + EXACTLY_ONE:
        meeting = [h for h in g.houses if O.fulfils(g, h, objective)]
        assert len(meeting) <= 1, (objective, meeting)
        assert len(meeting) == 1 or objective not in EXACTLY_ONE, objective
    assert not (O.fulfils_special(g, "lannister") and O.fulfils_special(g, "baratheon"))


# --------------------------------------------------------------------------------------------
# The data
# --------------------------------------------------------------------------------------------


def test_the_data_holds_28_cards_with_points_for_the_four_houses() -> None:
    """X-AFFC-4.4: 28 cards, unique ids, points for Stark, Lannister, Baratheon and Arryn."""
    assert len(O.OBJECTIVES) == 28
    assert all(oid == o.id for oid, o in O.OBJECTIVES.items())
    assert len({o.name for o in O.OBJECTIVES.values()}) == 28
    for objective in O.OBJECTIVES.values():
        assert set(objective.victory_points) == {"stark", "lannister", "baratheon", "arryn"}
        assert objective.text
    assert set(O.SPECIAL_TEXTS) == {"stark", "lannister", "baratheon", "arryn"}
    assert O.SPECIAL_VICTORY_POINTS == 1


@pytest.mark.parametrize(
    ("objective", "house", "worth"),
    [
        ("stop_the_storm", "stark", 3),
        ("stop_the_storm", "baratheon", 0),
        ("arbor_gold", "arryn", 4),
        ("the_raven", "arryn", 0),
        ("protect_the_neck", "baratheon", 4),
        ("a_mountainous_task", "lannister", 4),
        ("a_mountainous_task", "arryn", 0),
        ("a_riper_fruit", "stark", 0),
        ("backdoor_politics", "lannister", 2),
    ],
)
def test_points_are_per_house(objective: str, house: str, worth: int) -> None:
    """X-AFFC-4.4: a card is worth its own points to each house (0: worthless to it)."""
    assert O.points(objective, house) == worth


def test_points_add_up_per_house() -> None:
    """The four columns of the printed cards, summed (a check on the transcription)."""
    totals = {h: sum(O.points(o, h) for o in O.OBJECTIVES) for h in O.AFFC_HOUSES}
    assert totals == {"stark": 39, "lannister": 34, "baratheon": 36, "arryn": 38}


def test_unknown_ids_are_refused() -> None:
    g = board().g
    with pytest.raises(KeyError):
        O.fulfils(g, "stark", "no_such_card")
    with pytest.raises(KeyError):
        O.points("no_such_card", "stark")


def _raw() -> dict[str, Any]:
    card = {
        "id": "x",
        "name": "X",
        "text": "Control Winterfell.",
        "victory_points": {h: 1 for h in O.AFFC_HOUSES},
        "check": {"type": "control_all", "areas": ["winterfell"]},
    }
    return {
        "special_victory_points": 1,
        "objectives": [card],
        "special_objectives": {h: {"text": "t", "check": card["check"]} for h in O.AFFC_HOUSES},
    }


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["objectives"].append(dict(r["objectives"][0])), "duplicate objective id"),
        (lambda r: r["objectives"][0]["check"].update(type="magic"), "unknown check type"),
        (lambda r: r["objectives"][0]["check"].update(areas=["atlantis"]), "known area ids"),
        (lambda r: r["objectives"][0]["victory_points"].pop("arryn"), "need points for exactly"),
        (lambda r: r["objectives"][0]["victory_points"].update(stark=9), "from 0 to 7"),
        (lambda r: r["special_objectives"].pop("stark"), "need one for each"),
        (
            lambda r: r["objectives"][0].update(check={"type": "most", "count": "dragons"}),
            "unknown count",
        ),
        (
            lambda r: r["objectives"][0].update(
                check={"type": "control_any_pair", "pairs": [["winterfell", "sunspear"]]}
            ),
            "a bridge joins two adjacent areas",
        ),
        (
            lambda r: r["objectives"][0].update(check={"type": "hold_token", "token": "crown"}),
            "unknown dominance token",
        ),
        (
            lambda r: r["objectives"][0].update(
                check={"type": "whole_pool_on_board", "unit": "dragon"}
            ),
            "unknown unit type",
        ),
    ],
)
def test_bad_data_fails_with_a_clear_error(
    change: Callable[[dict[str, Any]], object], message: str
) -> None:
    """Bad data is refused when the module loads it, naming the fault."""
    raw = _raw()
    O._build(raw)  # the unchanged data loads
    change(raw)
    with pytest.raises(ValueError, match=message):
        O._build(raw)

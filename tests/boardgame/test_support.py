"""Support (R7.3, D15, D16) and neutral-force attacks (R6.5)."""

from __future__ import annotations

from tests.boardgame.driver import (
    assert_illegal,
    cards,
    decide,
    fight,
    log_has,
    pending,
    pending_kinds,
    run,
    s4,
    strengths,
)
from westeros.boardgame.builder import Scenario
from westeros.boardgame.state import BoardGame, Order, Unit
from westeros.boardgame.support import can_support, eligible_areas, subset_choices

# -- R7.3.1 eligible areas -----------------------------------------------------------------------


def test_r7_3_1_land_units_support_only_land_combats() -> None:
    s = s4().units("riverrun", "stark", "footman").order("riverrun", "support+0")
    assert eligible_areas(s.g, "seagard", "stark") == ("riverrun",)
    assert eligible_areas(s.g, "ironmans_bay", "stark") == ()  # a sea combat
    assert eligible_areas(s.g, "moat_cailin", "stark") == ()  # not adjacent


def test_r7_3_1_ships_at_sea_support_adjacent_land_and_sea() -> None:
    s = s4().units("the_golden_sound", "lannister", "ship").order("the_golden_sound", "support+0")
    assert eligible_areas(s.g, "riverrun", "lannister") == ("the_golden_sound",)
    assert eligible_areas(s.g, "ironmans_bay", "lannister") == ("the_golden_sound",)
    assert eligible_areas(s.g, "harrenhal", "lannister") == ()


def test_r7_3_1_r8_4_ships_in_a_port_support_only_its_sea() -> None:
    s = s4().units("port_of_lannisport", "lannister", "ship")
    s.order("port_of_lannisport", "support+0")
    assert eligible_areas(s.g, "the_golden_sound", "lannister") == ("port_of_lannisport",)
    assert eligible_areas(s.g, "lannisport", "lannister") == ()


def test_f27_no_support_through_ship_transport() -> None:
    s = s4().units("castle_black", "stark", "footman").order("castle_black", "support+0")
    s.units("bay_of_ice", "stark", "ship")
    s.units("the_stony_shore", "greyjoy", "footman")
    assert eligible_areas(s.g, "the_stony_shore", "stark") == ()
    g = s.attack("stark", "winterfell", "the_stony_shore", "knight")
    assert pending_kinds(g) == ["house_card", "house_card"]  # no support call at all


def test_r1_1_4_no_support_into_or_from_impassable_areas() -> None:
    g = Scenario(players=3).empty().g
    assert "pyke" in g.impassable
    assert not can_support(g, "ironmans_bay", "pyke")
    assert can_support(g, "ironmans_bay", "riverrun")


# -- R7.3.2 declarations ---------------------------------------------------------------------------


def _three_way() -> BoardGame:
    """Lannister (Harrenhal) attacks Stark in Riverrun. Support orders: Stark in Seagard,
    Lannister in Stoney Sept, Baratheon ship in The Golden Sound, Greyjoy in Ironman's Bay."""
    s = s4().units("riverrun", "stark", "footman")
    s.units("seagard", "stark", "footman").order("seagard", "support+0")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    s.units("the_golden_sound", "baratheon", "ship").order("the_golden_sound", "support+1*")
    s.units("ironmans_bay", "greyjoy", "ship").order("ironmans_bay", "support+0")
    return s.attack("lannister", "harrenhal", "riverrun", "knight")


def test_f28_declarations_in_turn_order_attacker_and_defender_included() -> None:
    g = _three_way()
    order = []
    while "support" in pending_kinds(g):
        d = pending(g, "support")
        order.append(g.house_of(d.seat))
        g.apply(d.seat, "none")
    # Iron Throne (4 players): Baratheon, Lannister, Stark, Greyjoy
    assert order == ["baratheon", "lannister", "stark", "greyjoy"]
    assert pending_kinds(g) == ["house_card", "house_card"]


def test_r7_3_2_f29_sides_a_house_may_back() -> None:
    g = _three_way()
    assert pending(g, "support", "baratheon").choices == ("attacker", "defender", "none")
    decide(g, "support", "none")
    assert pending(g, "support", "lannister").choices == ("attacker", "none")
    assert_illegal(g, kind="support", choice="defender")  # never against itself
    decide(g, "support", "none")
    assert pending(g, "support", "stark").choices == ("defender", "none")
    assert_illegal(g, kind="support", choice="attacker")
    assert_illegal(g, kind="support", choice="all")


def test_r7_3_3_self_support_accepted_without_asking() -> None:
    g = _three_way()
    run(g, {"support@lannister": "attacker", "support@stark": "defender"}, until="house_card")
    assert "accept_support" not in pending_kinds(g)
    st = strengths(g)
    assert (st["attacker"].support, st["defender"].support) == (1, 1)


def test_r7_3_3_supported_side_accepts_or_declines() -> None:
    g = _three_way()
    decide(g, "support", "defender", "baratheon")
    d = pending(g, "accept_support", "stark")
    assert d.choices == ("accept", "decline")
    assert_illegal(g, kind="accept_support", choice="yes")
    decide(g, "accept_support", "decline")
    assert log_has(g, "Stark declines the support of Baratheon")
    run(g, {"support@greyjoy": "defender"}, until="house_card")
    st = strengths(g)
    assert st["defender"].support == 1  # only Greyjoy's ship; Baratheon's +1* was declined


def test_r7_3_4_third_party_support_counts_units_and_bonus() -> None:
    g = _three_way()
    decide(g, "support", "attacker", "baratheon")
    decide(g, "accept_support", "accept", "lannister")
    run(g, until="house_card")
    st = strengths(g)
    assert st["attacker"].support == 2  # ship 1 + Support +1 (R7.3.4)
    assert fight(g).support == (("the_golden_sound", "baratheon", "attacker"),)


def test_q4_attacker_may_refrain_from_its_own_support() -> None:
    g = _three_way()
    run(g, {"support@lannister": "none"}, until="house_card")
    assert strengths(g)["attacker"].support == 0
    assert log_has(g, "Lannister gives no support")


def test_r7_3_4_support_orders_stay_on_the_board_after_the_combat() -> None:
    g = _three_way()
    run(g, {"support@lannister": "attacker", "support@stark": "defender"}, until="house_card")
    cards(g, lannister="tywin_lannister", stark="eddard_stark")
    run(g)
    assert g.orders["stoney_sept"] == Order("lannister", "support+0")
    assert g.orders["seagard"] == Order("stark", "support+0")


def test_q5_a_house_commits_a_chosen_subset_of_its_areas() -> None:
    s = s4().units("harrenhal", "stark", "footman")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    s.units("blackwater", "lannister", "knight").order("blackwater", "support+1*")
    g = s.attack("lannister", "riverrun", "harrenhal", "knight")
    decide(g, "support", "attacker", "lannister")
    d = pending(g, "support_areas", "lannister")
    assert d.choices == ("all", "stoney_sept", "blackwater")
    assert subset_choices(("a", "b", "c")) == ("all", "a+b", "a+c", "b+c", "a", "b", "c")
    assert_illegal(g, kind="support_areas", choice="riverrun")
    decide(g, "support_areas", "blackwater")
    assert strengths(g)["attacker"].support == 3  # knight 2 + 1; not Stoney Sept
    assert log_has(g, "Lannister supports Lannister from Blackwater")


def test_q5_all_commits_every_eligible_area() -> None:
    s = s4().units("harrenhal", "stark", "footman")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    s.units("blackwater", "lannister", "knight").order("blackwater", "support+1*")
    g = s.attack("lannister", "riverrun", "harrenhal", "knight")
    run(g, {"support@lannister": "attacker"}, until="house_card")
    assert strengths(g)["attacker"].support == 4


# -- R6.5 neutral forces ---------------------------------------------------------------------------


def test_r6_5_d15_supporters_may_only_back_the_marcher_or_refuse() -> None:
    s = s4().units("kingswood", "baratheon", "footman").order("kingswood", "support+0")
    s.units("crackclaw_point", "lannister", "footman").order("crackclaw_point", "support+0")
    g = s.neutral_attack(
        "lannister", "blackwater", "kings_landing", "knight", "footman", token="march+1*"
    )
    d = pending(g, "support", "baratheon")
    assert d.choices == ("attacker", "none")
    assert_illegal(g, kind="support", choice="defender")
    decide(g, "support", "none")
    assert pending(g, "support", "lannister").choices == ("attacker", "none")
    decide(g, "support", "attacker")
    assert not g.pending()
    # 2 + 1 + march +1 + support 1 = 5 >= 5 (R6.5.1)
    assert "kings_landing" not in g.neutral
    assert g.units["kings_landing"] == (Unit("lannister", "knight"), Unit("lannister", "footman"))
    assert g.controller("kings_landing") == "lannister"
    assert "blackwater" not in g.orders
    assert log_has(g, "Lannister defeats the neutral force in King's Landing (5 vs 5)")


def test_r6_5_2_too_weak_the_units_stay_home_and_the_order_stays() -> None:
    s = s4().units("kingswood", "baratheon", "footman").order("kingswood", "support+0")
    g = s.neutral_attack("lannister", "blackwater", "kings_landing", "knight", "footman")
    decide(g, "support", "attacker", "baratheon")  # accepted without asking (R6.5.1)
    assert not g.pending()
    assert g.neutral["kings_landing"] == 5
    assert g.units["blackwater"] == (Unit("lannister", "knight"), Unit("lannister", "footman"))
    assert g.orders["blackwater"] == Order("lannister", "march+0")
    assert log_has(g, "Lannister is too weak for the neutral force in King's Landing (4 vs 5)")


def test_r6_5_1_siege_engines_count_4_against_a_castle_no_cards_no_tides() -> None:
    s = Scenario(players=4, tides=True).empty()
    g = s.neutral_attack("baratheon", "kingswood", "storms_end", "siege_engine")
    assert not g.pending()  # no house cards, no blade, no Tides of Battle
    assert "storms_end" not in g.neutral
    assert g.owner("storms_end") == "baratheon"
    hand = g.hands["baratheon"]
    assert len(hand) == 7


def test_r6_5_1_siege_engines_count_0_without_castle() -> None:
    s = s4()
    g = s.neutral_attack(
        "lannister", "the_reach", "dornish_marches", "siege_engine", "footman", token="march+1*"
    )
    assert not g.pending()
    assert g.neutral["dornish_marches"] == 3  # 0 + 1 + 1 = 2 < 3
    assert g.owner("the_reach") == "lannister"

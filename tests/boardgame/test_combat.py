"""Combat (R7, D16–D21): steps, strength, victor, casualties, retreat, clean up, Tides, VSB.

Scenarios start with ``Scenario.attack``; the shared driver (tests/boardgame/driver.py)
answers the decisions.
"""

from __future__ import annotations

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    cards,
    decide,
    events_of,
    fight,
    log_has,
    log_lines,
    pending,
    pending_kinds,
    run,
    s4,
    s6,
    strengths,
)
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.combat import retreat_options
from westeros.boardgame.state import BoardGame, Unit

# -- R7.1, R7.2: participants and the step list -------------------------------------------------


def test_r7_basic_combat_log_move_in_and_discards() -> None:
    s = s4().units("riverrun", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "riverrun", "knight", "footman")
    assert pending_kinds(g) == ["house_card", "house_card"]  # no Support order anywhere
    cards(g, lannister="ser_gregor_clegane", stark="eddard_stark")
    run(g)
    assert not g.pending()
    assert log_has(g, "Lannister attacks Riverrun from Harrenhal: 3 vs 1")
    assert log_has(g, "Lannister wins the combat 6–5")
    assert g.units["riverrun"] == (Unit("lannister", "knight"), Unit("lannister", "footman"))
    assert "harrenhal" not in g.orders  # R7.11 step 2
    assert "ser_gregor_clegane" in g.discards["lannister"]
    assert "eddard_stark" in g.discards["stark"]
    assert g.controller("riverrun") == "lannister"


def test_r1_7_2_garrison_alone_defends_and_plays_a_card() -> None:
    s = s4()
    g = s.attack("stark", "riverrun", "lannisport", "knight", "knight")
    c = fight(g)
    assert c.defender == "lannister"  # the home house of the garrison (R7.1.1)
    assert {d.seat for d in g.pending()} == {g.seat_of("stark"), g.seat_of("lannister")}
    assert strengths(g)["defender"].garrison == 2
    cards(g, stark="eddard_stark", lannister="the_hound")
    run(g)
    assert "lannisport" not in g.garrisons  # R7.9.1 / R1.7.3
    assert g.owner("lannisport") == "stark"


def test_r7_2_step_order_without_tides() -> None:
    """R7.2: support (declare, accept), cards, VSB, casualties, retreat — in that order."""
    s = s4()
    s.units("seagard", "stark", "footman", "knight")
    s.units("moat_cailin", "stark", "footman").order("moat_cailin", "support+0")
    s.units("riverrun", "baratheon", "footman").order("riverrun", "support+0")
    g = s.attack("greyjoy", "greywater_watch", "seagard", "knight", "footman")
    trace: list[str] = []
    run(
        g,
        {
            "support@baratheon": "attacker",
            "support@stark": "defender",
            "house_card@greyjoy": "euron_crows_eye",
            "house_card@stark": "greatjon_umber",
            "blade": "+1",
            "casualty": "knight",
            "retreat": "the_twins",
        },
        trace=trace,
    )
    assert trace == [
        "support",  # Baratheon (turn order: Baratheon, Lannister, Stark, Greyjoy)
        "accept_support",  # Greyjoy accepts
        "support",  # Stark backs itself: accepted automatically
        "house_card",
        "house_card",
        "blade",  # Greyjoy holds the VSB (R7.6)
        "casualty",
        "retreat",
    ]
    assert log_has(g, "Greyjoy attacks Seagard from Greywater Watch: 4 vs 4")
    assert log_has(g, "Greyjoy wins the combat 9–6")
    assert g.units["the_twins"] == (Unit("stark", "footman", True),)
    assert g.vsb_used


def test_e3_step_order_with_tides() -> None:
    """E3 / R7.2 with Tides: cards, draw, VSB redraw, reveal, VSB +1, swords, skulls, retreat."""
    s = s4(tides=True)
    s.units("seagard", "stark", "footman", "knight", "footman")
    s.tides_top("zero", "skull", "three")
    g = s.attack("greyjoy", "greywater_watch", "seagard", "knight", "footman")
    run(g, until="house_card")
    c = fight(g)
    assert len(c.tides_deck) == 24  # E8 a fresh deck before the cards are chosen
    assert sorted(c.tides_deck) == sorted(t.id for t in T.TIDES_OF_BATTLE)
    trace: list[str] = []
    run(
        g,
        {
            "house_card@greyjoy": "euron_crows_eye",
            "house_card@stark": "greatjon_umber",
            "blade": ["redraw", "+1"],
        },
        trace=trace,
    )
    # the redraw used the blade: no +1 afterwards (R7.7.3)
    assert trace == ["house_card", "house_card", "blade", "casualty", "casualty", "retreat"]
    text = "\n".join(log_lines(g))
    assert (
        text.index("House cards:")
        < text.index("draw a Tides")
        < text.index("Valyrian Steel Blade to draw")
        < text.index("Tides of Battle: Greyjoy +3")
    )
    # Greyjoy 3+4+3 = 10 vs Stark 4+2 = 6; 1 sword; Stark's skull hits Greyjoy afterwards
    assert log_has(g, "Greyjoy wins the combat 10–6")
    assert (
        text.index("Stark loses footman to the winner's swords")
        < text.index("Greyjoy loses footman to a Tides of Battle skull")
        < text.index("Stark retreats")
    )


# -- R7.4 initial strength -------------------------------------------------------------------------


def test_r7_4_siege_engines_count_only_attacking_a_castle() -> None:
    s = s4()
    s.units("harrenhal", "stark", "footman", "siege_engine")
    s.units("stoney_sept", "lannister", "siege_engine").order("stoney_sept", "support+0")
    s.units("riverrun", "stark", "siege_engine").order("riverrun", "support+0")
    g = s.attack("lannister", "blackwater", "harrenhal", "siege_engine", "footman")
    run(g, {"support@lannister": "attacker", "support@stark": "defender"}, until="house_card")
    st = strengths(g)
    assert (st["attacker"].units, st["attacker"].support) == (5, 4)  # 4 + 1; supporting 4
    assert (st["defender"].units, st["defender"].support) == (1, 0)  # defending/supporting 0


def test_r7_4_siege_engine_worth_0_against_an_area_without_castle() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "siege_engine", "knight")
    assert strengths(g)["attacker"].units == 2


def test_r7_4_order_modifiers_defense_and_garrison() -> None:
    s = s4().units("lannisport", "lannister", "footman").order("lannisport", "defense+2*")
    g = s.attack("stark", "riverrun", "lannisport", "knight", token="march+1*")
    st = strengths(g)
    assert (st["attacker"].units, st["attacker"].order) == (2, 1)
    assert (st["defender"].units, st["defender"].order, st["defender"].garrison) == (1, 2, 2)
    assert st["defender"].initial == 5


def test_f30_negative_initial_strength_and_final_floor_at_zero() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "siege_engine", token="march-1")
    cards(g, lannister="cersei_lannister", stark="catelyn_stark")
    run(g)
    assert log_has(g, "Lannister attacks Blackwater from Harrenhal: -1 vs 1")  # F30
    assert log_has(g, "Stark wins the combat 1–0")  # -1 + 0 counts as 0 (R7.8.1)
    assert "harrenhal" not in g.units  # the losing siege engine is destroyed (R7.9.2)


def test_q13_f22_routed_supporters_give_zero_but_support_plus_one_counts() -> None:
    s = s4().units("riverrun", "stark", "footman")
    s.units("stoney_sept", "lannister", "knight", routed=True).order("stoney_sept", "support+1*")
    g = s.attack("lannister", "harrenhal", "riverrun", "footman")
    run(g, {"support@lannister": "attacker"}, until="house_card")
    st = strengths(g)
    assert st["attacker"].support == 1  # routed knight 0 (F22) + special bonus (Q13)
    assert fight(g).supported(g, "attacker")  # still "supported" for card texts (F22)


# -- R7.8 victor ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("fiefdoms", "winner"),
    [
        (("greyjoy", "stark", "baratheon", "lannister"), "stark"),
        (("greyjoy", "lannister", "baratheon", "stark"), "lannister"),
    ],
)
def test_r7_8_3_tie_goes_to_the_house_higher_on_fiefdoms(
    fiefdoms: tuple[str, ...], winner: str
) -> None:
    s = s4().units("blackwater", "stark", "knight").track("fiefdoms", *fiefdoms)
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", stark="greatjon_umber")
    run(g)
    assert log_has(g, f"{T.house_name(winner)} wins the combat 4–4 (tie won on the Fiefdoms")


# -- R7.9 casualties -----------------------------------------------------------------------------


def test_r7_9_3_casualties_are_swords_minus_fortifications_chosen_by_the_loser() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="ser_gregor_clegane", stark="ser_rodrik_cassel")  # 3 swords - 2 forts
    d = pending(g, "casualty", "stark")
    assert d.choices == ("footman", "knight")
    assert_illegal(g, kind="casualty", choice="ship")
    decide(g, "casualty", "knight")
    assert "casualty" not in pending_kinds(g)  # one casualty only
    run(g, {"retreat": "stoney_sept"})
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),) * 2


def test_r7_9_3_fewer_units_than_casualties_all_destroyed() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="ser_gregor_clegane", stark="greatjon_umber")
    assert "casualty" not in pending_kinds(g)
    run(g)
    assert g.owner("blackwater") == "lannister"
    assert g.count_units("stark", "knight") == 0


def test_f18_routed_units_and_siege_engines_destroyed_in_addition_to_casualties() -> None:
    s = s4().units("harrenhal", "stark", "knight", "siege_engine")
    s.units("harrenhal", "stark", "footman", routed=True)
    g = s.attack("lannister", "blackwater", "harrenhal", "knight", "knight", "knight")
    cards(g, lannister="ser_jaime_lannister", stark="catelyn_stark")  # 1 sword
    run(g)
    # the routed footman and the siege engine do not satisfy the casualty: the knight dies too
    assert g.count_units("stark", "siege_engine") == 0
    assert g.count_units("stark", "footman") == 0
    assert g.count_units("stark", "knight") == 0
    assert log_has(
        g,
        "Stark loses siege engine, footman (routed): routed units and siege engines cannot retreat",
    )


def test_r7_9_1_garrison_stays_when_the_defender_wins() -> None:
    s = s4().units("winterfell", "stark", "footman")
    g = s.attack("greyjoy", "castle_black", "winterfell", "footman")
    cards(g, greyjoy="dagmar_cleftjaw", stark="catelyn_stark")
    run(g)
    assert g.garrisons["winterfell"] == 2
    assert g.units["castle_black"] == (Unit("greyjoy", "footman", True),)  # R7.10.2, R7.10.6


# -- R7.10 retreat -------------------------------------------------------------------------------


def test_r7_10_3_defender_retreat_areas() -> None:
    """Adjacent friendly or empty-uncontrolled areas; not the attacker's origin, not enemy,
    not a neutral force; ship transport included (F25)."""
    s = s6().units("blackwater", "stark", "footman", "footman")
    s.units("stoney_sept", "stark", "footman")  # friendly
    s.units("the_reach", "tyrell", "footman")  # enemy
    s.token("searoad_marches", "baratheon")  # enemy power token
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    d = pending(g, "retreat", "stark")
    # kings_landing holds a neutral force; harrenhal is where the attack came from
    assert d.choices == ("crackclaw_point", "stoney_sept")
    assert_illegal(g, kind="retreat", choice="harrenhal")
    decide(g, "retreat", "crackclaw_point")
    assert g.units["crackclaw_point"] == (Unit("stark", "footman", True),) * 2


def test_f25_defender_retreats_only_to_adjacent_or_ship_connected_areas() -> None:
    s = s4().units("the_stony_shore", "stark", "footman")
    s.units("bay_of_ice", "stark", "ship")
    g = s.attack("greyjoy", "winterfell", "the_stony_shore", "knight", "knight")
    s.garrison("winterfell", None)
    cards(g, greyjoy="euron_crows_eye", stark="ser_rodrik_cassel")
    run(g, until="retreat")  # Greyjoy declines the blade
    d = pending(g, "retreat", "stark")
    # by the ship in Bay of Ice: Castle Black, Flint's Finger, Greywater Watch (not Winterfell,
    # the attacker's origin); Sunset Sea holds no Stark ship, so nothing beyond
    assert d.choices == ("castle_black", "greywater_watch", "flints_finger")


def test_f40_ships_retreat_into_a_port_of_a_controlled_land_within_three_ships() -> None:
    """F40 / R8.2: the only retreat is the Port of Lannisport (Lannister holds Lannisport);
    it already holds 2 ships, so one of the 2 retreating ships is lost (R7.10.4)."""
    s = s4().units("the_golden_sound", "lannister", "ship", "ship")
    s.units("port_of_lannisport", "lannister", "ship", "ship")
    s.units("ironmans_bay", "baratheon", "ship")
    g = s.attack("greyjoy", "sunset_sea", "the_golden_sound", "ship", "ship", "ship")
    cards(g, greyjoy="theon_greyjoy", lannister="cersei_lannister")  # no swords
    run(g)
    assert g.units["port_of_lannisport"] == (
        Unit("lannister", "ship"),
        Unit("lannister", "ship"),
        Unit("lannister", "ship", True),
    )
    assert log_has(g, "Lannister destroys ship to keep its supply")


def test_f40_no_retreat_into_a_port_of_an_uncontrolled_land() -> None:
    s = s4().units("the_narrow_sea", "stark", "ship")
    s.units("the_shivering_sea", "baratheon", "ship")
    g = s.attack("greyjoy", "shipbreaker_bay", "the_narrow_sea", "ship", "ship")
    cards(g, greyjoy="theon_greyjoy", stark="catelyn_stark")
    run(g)
    # White Harbor is uncontrolled: its port is closed; every sea around is enemy or origin
    assert g.count_units("stark", "ship") == 0
    assert log_has(g, "Stark has no legal retreat")


def test_r7_10_4_q6_fewest_losses_and_retreat_casualty() -> None:
    """Supply 0 allows armies 2, 2 and Stark already has both. Into Crackclaw Point (2+3) or
    Stoney Sept (1+3) all 3 units would die; into an empty area only 2 (Q6: fewest losses)."""
    s = s4().supply("stark", 0)
    s.units("blackwater", "stark", "footman", "knight", "footman")
    s.units("stoney_sept", "stark", "footman")
    s.units("crackclaw_point", "stark", "footman", "footman")
    s.units("kingswood", "stark", "footman", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    assert retreat_options(g, fight(g)) == {"searoad_marches": 2, "the_reach": 2}
    d = pending(g, "retreat", "stark")
    assert d.choices == ("searoad_marches", "the_reach")
    decide(g, "retreat", "the_reach")
    assert pending(g, "retreat_casualty", "stark").choices == ("footman", "knight")
    assert_illegal(g, kind="retreat_casualty", choice="ship")
    decide(g, "retreat_casualty", "footman")
    decide(g, "retreat_casualty", "footman")  # one at a time (D21)
    run(g)
    assert g.units["the_reach"] == (Unit("stark", "knight", True),)
    assert g.complies("stark")


def test_r7_10_5_no_legal_retreat_units_destroyed() -> None:
    s = s4().units("the_stony_shore", "stark", "footman")
    g = s.attack("greyjoy", "winterfell", "the_stony_shore", "knight", "knight")
    s.garrison("winterfell", None)
    cards(g, greyjoy="euron_crows_eye", stark="ser_rodrik_cassel")
    run(g)
    assert g.count_units("stark", "footman") == 0
    assert log_has(g, "Stark has no legal retreat")


def test_f26_attacker_emptied_an_enemy_home_without_token_is_destroyed() -> None:
    s = s4().garrison("winterfell", None).units("karhold", "stark", "footman", "footman")
    g = s.attack("greyjoy", "winterfell", "karhold", "footman")
    assert g.controller("winterfell") == "stark"  # reverted to its owner (R1.3.2)
    cards(g, greyjoy="dagmar_cleftjaw", stark="greatjon_umber")  # 1 sword - 1 fortification
    run(g)
    assert g.count_units("greyjoy", "footman") == 0
    assert log_has(g, "Greyjoy has no legal retreat")


def test_r7_10_2_attacker_retreats_to_an_empty_origin_even_uncontrolled() -> None:
    s = s4().units("riverrun", "stark", "knight", "knight")
    g = s.attack("lannister", "harrenhal", "riverrun", "footman", "footman")
    assert g.controller("harrenhal") is None
    cards(g, lannister="the_hound", stark="eddard_stark")
    run(g)
    assert g.units["harrenhal"] == (Unit("lannister", "footman", True),) * 2


def test_f21_only_routed_defenders_still_fight_and_die() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight", routed=True)
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    assert pending_kinds(g) == ["house_card", "house_card"]
    assert strengths(g)["defender"].units == 0
    cards(g, lannister="ser_jaime_lannister", stark="ser_rodrik_cassel")
    run(g)
    assert g.owner("blackwater") == "lannister"
    assert g.count_units("stark", "knight") == 0


def test_f23_control_changes_only_after_the_whole_combat() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    pending(g, "retreat", "stark")
    assert g.controller("blackwater") == "stark"
    run(g)
    assert g.controller("blackwater") == "lannister"


def test_r7_9_6_f19_winner_killed_by_a_skull_loser_still_retreats_nobody_moves_in() -> None:
    s = s4(tides=True).units("blackwater", "stark", "footman").order("blackwater", "defense+1")
    s.tides_top("three", "skull")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    run(g, until="house_card")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "Lannister wins the combat 9–3")
    assert log_has(g, "Lannister loses knight to a Tides of Battle skull")
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),)  # F19
    assert "blackwater" not in g.units  # nobody moves in (R7.11 step 1)
    assert "blackwater" not in g.orders  # the defender's order goes with the defeat
    assert g.controller("blackwater") is None


# -- R7.11 clean up ------------------------------------------------------------------------------


def test_r7_11_enemy_power_token_goes_to_the_pool() -> None:
    s = s4().units("blackwater", "stark", "footman").token("blackwater", "stark")
    pool = s.g.power_in_pool("stark")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert "blackwater" not in g.power_tokens
    assert g.power_in_pool("stark") == pool + 1


def test_r7_11_defender_order_removed_when_the_attacker_wins() -> None:
    s = s4().units("blackwater", "stark", "footman").order("blackwater", "defense+1")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert "blackwater" not in g.orders
    assert "harrenhal" not in g.orders


def test_r7_11_march_order_already_removed_is_fine() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack(
        "lannister", "harrenhal", "blackwater", "knight", token="march+1*", place_order=False
    )
    assert strengths(g)["attacker"].order == 1  # the modifier counts (R7.4.1)
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert g.owner("blackwater") == "lannister"


def test_r1_11_3_hand_recovery_after_the_last_card() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "eddard_stark")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", stark="eddard_stark")
    run(g)
    assert g.discards["stark"] == ("eddard_stark",)
    assert len(g.hands["stark"]) == 6 and "eddard_stark" not in g.hands["stark"]


def test_e2_orders_in_areas_without_units_are_removed_after_combat() -> None:
    """Mace kills the last defending footman but the garrison wins: the Defense order left in
    an empty Lannisport is removed at the end of clean up (E2, F16)."""
    s = s6().units("lannisport", "lannister", "footman").order("lannisport", "defense+1")
    g = s.attack("tyrell", "searoad_marches", "lannisport", "footman")
    cards(g, tyrell="mace_tyrell", lannister="tywin_lannister")
    run(g)
    assert log_has(g, "Lannister wins the combat")
    assert "lannisport" not in g.units
    assert "lannisport" not in g.orders
    assert g.controller("lannisport") == "lannister"  # home emblem


def test_r9_2_combat_win_ends_the_game_at_seven_castles() -> None:
    s = s4()
    for area in ("riverrun", "seagard", "moat_cailin", "white_harbor", "the_eyrie"):
        s.neutral(area, None).units(area, "lannister", "footman")
    s.units("harrenhal", "stark", "footman")
    g = s.attack("lannister", "blackwater", "harrenhal", "knight", "knight")
    assert g.castles("lannister") == 6  # with Lannisport (home emblem)
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert g.phase == "over"
    assert g.winner == "lannister"
    assert not g.pending()


def test_r8_5_ports_checked_after_combat() -> None:
    s = s4().units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship")
    g = s.attack("greyjoy", "moat_cailin", "white_harbor", "knight", "knight")
    cards(g, greyjoy="euron_crows_eye", stark="catelyn_stark")
    run(g, until="port_takeover")
    assert pending(g, "port_takeover", "greyjoy").choices == (0, 1)


# -- R7.6 Valyrian Steel Blade, R7.7 Tides of Battle ----------------------------------------------


def test_r7_6_blade_plus_one_once_per_round() -> None:
    s = s4().units("blackwater", "greyjoy", "knight")  # Greyjoy holds the blade (4 players)
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", greyjoy="balon_greyjoy")
    d = pending(g, "blade", "greyjoy")
    assert d.choices == ("+1", "no")
    assert_illegal(g, kind="blade", choice="redraw")
    decide(g, "blade", "+1")
    run(g)
    assert g.vsb_used
    assert log_has(g, "Greyjoy wins the combat 5–2")  # Balon: The Hound's printed 2 → 0


def test_r7_6_no_blade_when_used_or_holder_not_in_combat() -> None:
    s = s4().units("blackwater", "greyjoy", "knight")
    s.blade_used()
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", greyjoy="dagmar_cleftjaw")
    assert "blade" not in pending_kinds(g)
    s2 = s4().units("blackwater", "stark", "knight")
    g2 = s2.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g2, lannister="the_hound", stark="greatjon_umber")
    assert "blade" not in pending_kinds(g2)


def test_e8_a_fresh_tides_deck_for_every_combat() -> None:
    """E8 / R7.7.1: all 24 cards are shuffled anew before the cards of each combat."""
    s = s4(tides=True).units("blackwater", "stark", "footman")
    s.units("seagard", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    run(g, until="house_card")
    first = fight(g).tides_deck
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert len(first) == 24
    s.attack("greyjoy", "greywater_watch", "seagard", "knight")
    run(g, until="house_card")
    second = fight(g).tides_deck
    assert len(second) == 24 and sorted(second) == sorted(first)
    assert second != first  # reshuffled (the rng moved on)


def test_r7_7_3_blade_keep_then_plus_one() -> None:
    s = s4(tides=True).units("blackwater", "greyjoy", "knight")
    s.tides_top("two", "one_sword")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    run(g, until="house_card")
    cards(g, lannister="the_hound", greyjoy="dagmar_cleftjaw")
    d = pending(g, "blade", "greyjoy")
    assert d.choices == ("redraw", "keep") and "one_sword" in d.prompt
    assert_illegal(g, kind="blade", choice="+1")
    decide(g, "blade", "keep")
    assert pending(g, "blade", "greyjoy").choices == ("+1", "no")
    decide(g, "blade", "+1")
    run(g)
    # Lannister 2+2+2 = 6; Greyjoy 2+1+1+1 = 5 … the Hound's fortifications 2 vs 1+1 swords
    assert log_has(g, "Lannister wins the combat 6–5")


def test_r7_7_4_tides_icons_count_as_printed() -> None:
    s = s4(tides=True).units("blackwater", "stark", "footman", "knight")
    s.tides_top("one_sword", "zero")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    run(g, until="house_card")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    d = pending(g, "casualty", "stark")  # 0 swords on Tywin + 1 from the Tides card
    assert d.choices == ("footman", "knight")


def test_r7_7_5_skull_hits_the_opposing_side_garrisons_immune() -> None:
    s = s4(tides=True)  # Lannisport: garrison only
    s.tides_top("skull", "zero")
    g = s.attack("stark", "riverrun", "lannisport", "knight", "knight", "knight")
    run(g, until="house_card")
    cards(g, stark="eddard_stark", lannister="cersei_lannister")
    run(g)
    assert log_has(g, "Stark wins the combat")
    assert g.count_units("stark", "knight") == 3  # nothing of Lannister's to kill; garrison gone
    assert "lannisport" not in g.garrisons


# -- decisions are atomic ------------------------------------------------------------------------


def test_illegal_house_card_and_support_choices_change_nothing() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "eddard_stark", "robb_stark")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    assert_illegal(g, kind="support", choice="defender")  # never against itself (R7.3.2)
    decide(g, "support", "attacker")
    assert_illegal(g, kind="house_card", choice="roose_bolton")  # not in hand (it is discarded)
    assert_illegal(g, kind="house_card", choice="tywin")


def test_a_game_cloned_mid_combat_is_independent() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tywin_lannister")
    clone = g.clone()
    assert clone.state_hash() == g.state_hash()
    decide(g, "house_card", "catelyn_stark")
    run(g)
    assert clone.units["blackwater"][0].house == "stark"
    assert [d.kind for d in clone.pending()] == ["house_card"]
    decide(clone, "house_card", "eddard_stark")
    run(clone)
    assert log_has(clone, "Lannister wins the combat 6–5")
    assert log_has(g, "Lannister wins the combat 6–1") and not log_has(g, "6–5")


# -- random combats --------------------------------------------------------------------------------


def _random_combat(seed: int) -> BoardGame:
    """A random 6-player combat around Blackwater, Harrenhal or The Golden Sound."""
    from westeros.engine import Rng

    rng = Rng(seed)
    s = Scenario(players=6, seed=seed, tides=bool(seed % 2)).empty()
    area, origin = rng.choice(
        [("blackwater", "harrenhal"), ("harrenhal", "riverrun"), ("the_golden_sound", "sunset_sea")]
    )
    sea = T.AREAS[area].is_sea
    houses = list(T.SETUPS[6].houses)
    attacker = rng.choice(houses)
    defender = rng.choice([h for h in houses if h != attacker])
    land = ["footman", "knight", "siege_engine", "footman"]
    kinds_ = ["ship"] if sea else land
    s.units(area, defender, *(rng.choice(kinds_) for _ in range(rng.below(3) + 1)))
    if rng.below(2):
        s.units(area, defender, rng.choice(kinds_), routed=True)
    if rng.below(2):
        s.order(area, rng.choice(["defense+1", "defense+2*", "support+0"]), defender)
    for n in sorted(T.AREAS[area].neighbors):
        if n == origin or n in s.g.neutral or rng.below(3) == 0:
            continue
        info = T.AREAS[n]
        if info.is_port and s.g.controller(info.port_land or "") is None:
            continue
        owner = rng.choice(houses)
        unit = "ship" if not info.is_land else rng.choice(land)
        if info.is_port and s.g.controller(info.port_land or "") != owner:
            continue
        s.units(n, owner, unit)
        s.order(n, rng.choice(["support+0", "support+1*", "raid", "consolidate"]), owner)
    for h in houses:
        cards_ = [c.id for c in T.HOUSE_CARDS[h]]
        s.hand(h, *rng.shuffled(cards_)[: rng.below(7) + 1])
        s.power(h, rng.below(6))
    token = rng.choice(["march-1", "march+0", "march+1*"])
    units = tuple(
        Unit(attacker, "ship" if sea else rng.choice(land)) for _ in range(rng.below(3) + 1)
    )
    return s.attack(attacker, origin, area, *(u.kind for u in units), token=token)


@pytest.mark.parametrize("seed", range(300))
def test_random_combats_end_cleanly(seed: int) -> None:
    from westeros.engine import Rng

    g = _random_combat(seed)
    chooser = Rng(seed + 1000)
    for _ in range(100):
        ds = g.pending()
        if not ds or g.fight is None:
            break
        d = chooser.choice(ds)
        assert d.choices, d
        g.apply(d.seat, chooser.choice(d.choices))
        for house in g.houses:
            assert len(g.hands[house]) + len(g.discards[house]) == 7
            assert set(g.hands[house]).isdisjoint(g.discards[house])
        for a, us in g.units.items():
            assert us and len({u.house for u in us}) == 1, a
    else:
        raise AssertionError("combat did not end")
    assert g.fight is None
    for a, us in g.units.items():
        assert len({u.house for u in us}) == 1, a
        assert all((u.kind == "ship") == (not T.AREAS[a].is_land) for u in us), a
    for a in g.orders:
        assert a in g.units, f"order left in empty {a} (E2)"
    assert any("The combat in" in line for line in log_lines(g))


# -- structured events (issue #8) -----------------------------------------------------------------


def test_r7_a_fight_logs_its_facts_as_event_data() -> None:
    """The fight's summary event carries houses, area, initial and final strength by part,
    cards, casualties, retreat and winner (a client never parses English)."""
    s = s4().units("riverrun", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "riverrun", "knight", "footman")
    cards(g, lannister="ser_gregor_clegane", stark="eddard_stark")
    run(g)
    (over,) = events_of(g, E.COMBAT_OVER.name)
    assert (over["attacker"], over["defender"], over["area"]) == ("lannister", "stark", "riverrun")
    assert over["winner"] == "attacker"
    assert over["initial"]["attacker"] == {
        "units": 3,
        "order": 0,
        "garrison": 0,
        "support": 0,
        "initial": 3,
    }
    assert over["final"]["attacker"]["house_card"] == 3 and over["final"]["attacker"]["final"] == 6
    assert over["final"]["defender"]["house_card"] == 4 and over["final"]["defender"]["final"] == 5
    assert over["cards"] == {"attacker": "ser_gregor_clegane", "defender": "eddard_stark"}
    assert over["casualties"] == {
        "attacker": [],
        "defender": [{"kind": "footman", "routed": False}],
    }
    assert over["retreat"] is None
    (won,) = events_of(g, E.COMBAT_WON.name)
    assert won["winner"] == "attacker" and not won["tie"]
    (moved,) = events_of(g, E.MOVE_IN.name)
    assert moved["house"] == "lannister" and len(moved["units"]) == 2


def test_r7_10_the_retreat_is_event_data() -> None:
    s = s4().units("riverrun", "stark", "footman", "footman")
    g = s.attack("lannister", "harrenhal", "riverrun", "knight", "footman")
    cards(g, lannister="the_hound", stark="ser_rodrik_cassel")
    run(g, {"retreat": "seagard"})
    (retreat,) = events_of(g, E.RETREAT.name)
    assert (retreat["house"], retreat["area"], retreat["to"]) == ("stark", "riverrun", "seagard")
    (over,) = events_of(g, E.COMBAT_OVER.name)
    assert over["retreat"] == {"to": "seagard", "units": [{"kind": "footman", "routed": False}] * 2}
    assert over["casualties"] == {"attacker": [], "defender": []}


def seventh_castle_with_a_port(s: Scenario) -> Scenario:
    """Greyjoy holds 6 castles/strongholds (Pyke by its emblem) and attacks White Harbor,
    whose port holds a Stark ship: winning gives the 7th (R9.2) and captures the port (R8.5)."""
    for area in ("riverrun", "seagard", "harrenhal", "flints_finger", "the_eyrie"):
        s.neutral(area, None).units(area, "greyjoy", "footman")
    s.units("white_harbor", "stark", "footman").units("port_of_white_harbor", "stark", "ship")
    return s


def test_r8_5_r9_2_the_winning_combat_settles_the_captured_port_first() -> None:
    """R1.3.8 (issue #24, item 0): the combat that gives the 7th castle captures an enemy area
    with ships in its port; the port is settled (D10 takeover) before the game ends."""
    s = seventh_castle_with_a_port(s4())
    g = s.attack("greyjoy", "widows_watch", "white_harbor", "knight", "knight")
    assert g.castles("greyjoy") == 6
    cards(g, greyjoy="euron_crows_eye", stark="catelyn_stark")
    run(g, until="port_takeover")
    assert g.phase != "over"
    assert pending(g, "port_takeover", "greyjoy").choices == (0, 1)
    decide(g, "port_takeover", 1)
    assert g.phase == "over" and g.winner == "greyjoy" and not g.pending()
    assert g.units["port_of_white_harbor"] == (Unit("greyjoy", "ship"),)
    assert g.pool_left("stark", "ship") == 6  # R8.5: the Stark ship is destroyed (R1.5.1: 6)


def test_r8_5_r9_2_declined_takeover_destroys_the_ships_before_the_win() -> None:
    s = seventh_castle_with_a_port(s4())
    g = s.attack("greyjoy", "widows_watch", "white_harbor", "knight", "knight")
    cards(g, greyjoy="euron_crows_eye", stark="catelyn_stark")
    run(g, until="port_takeover")
    decide(g, "port_takeover", 0)
    assert g.phase == "over" and g.winner == "greyjoy"
    assert "port_of_white_harbor" not in g.units

"""House cards (R7.5, R7.12, D18): every card's text applies, and does not apply / is cancelled.

Six-player tracks: Iron Throne Baratheon, Lannister, Stark, Martell, Greyjoy, Tyrell; Fiefdoms
Greyjoy, Tyrell, Martell, Stark, Baratheon, Lannister. Four players: Iron Throne Baratheon,
Lannister, Stark, Greyjoy; Fiefdoms Greyjoy, Stark, Baratheon, Lannister.
"""

from __future__ import annotations

import pytest

from tests.boardgame.driver import (
    assert_illegal,
    cards,
    decide,
    log_has,
    log_lines,
    pending,
    pending_kinds,
    run,
    s4,
    s6,
    strengths,
)
from westeros.boardgame import house_cards as HC
from westeros.boardgame import tables as T
from westeros.boardgame.fight import COMBAT, Fight
from westeros.boardgame.state import Order, Side, Unit

BASE_CARDS = [c.id for cards_ in T.HOUSE_CARDS.values() for c in cards_]  # ADwD: test_adwd_cards
TEXTLESS = [c for c in BASE_CARDS if T.HOUSE_CARD_BY_ID[c].timing is None]


# -- every card: printed values ------------------------------------------------------------------


@pytest.mark.parametrize("card", sorted(BASE_CARDS))
def test_r7_5_1_printed_strength_and_icons_when_no_text_applies(card: str) -> None:
    """R7.5.1: with no condition met, a card adds its printed strength and icons."""
    info = T.HOUSE_CARD_BY_ID[card]
    house = info.house
    other = "stark" if house != "stark" else "lannister"
    s = s6().units("blackwater", house, "footman")
    s.track("iron_throne", house, *(h for h in T.SETUPS[6].iron_throne if h != house))
    g = s.g
    att_card = "greatjon_umber" if other == "stark" else "ser_jaime_lannister"
    f = Fight(COMBAT, other, "harrenhal", "blackwater", (Unit(other, "knight"),), "march+0")
    f.defender, f.chosen, f.revealed = house, (att_card, card), True  # both cards revealed
    stats = HC.card_stats(g, f, Side.DEFENDER)
    if card == "asha_greyjoy":  # unsupported: its text always applies (see its own tests)
        assert (stats.strength, stats.swords, stats.fortifications) == (1, 2, 1)
        return
    if card == "nymeria_sand":  # defending: +1 fortification (see its own tests)
        assert (stats.strength, stats.swords, stats.fortifications) == (1, 0, 1)
        return
    assert (stats.strength, stats.swords, stats.fortifications) == (
        info.strength,
        info.swords,
        info.fortifications,
    )


@pytest.mark.parametrize("card", TEXTLESS)
def test_r7_9_3_textless_card_attacking_swords_become_casualties(card: str) -> None:
    house = T.HOUSE_CARD_BY_ID[card].house
    victim, victim_card = (
        ("stark", "catelyn_stark")
        if house != "stark"
        else (
            "lannister",
            "cersei_lannister",
        )
    )
    s = s6().units("blackwater", victim, "footman", "footman", "footman")
    g = s.attack(house, "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, **{house: card, victim: victim_card})
    run(g)
    info = T.HOUSE_CARD_BY_ID[card]
    assert log_has(g, f"wins the combat {6 + info.strength}–3")
    assert g.count_units(victim, "footman") == 3 - info.swords


@pytest.mark.parametrize("card", TEXTLESS)
def test_r7_9_3_textless_card_defending_fortifications_stop_casualties(card: str) -> None:
    house = T.HOUSE_CARD_BY_ID[card].house
    foe, foe_card = (
        ("lannister", "ser_gregor_clegane")
        if house != "lannister"
        else (
            "stark",
            "eddard_stark",
        )
    )
    swords = T.HOUSE_CARD_BY_ID[foe_card].swords
    s = s6().units("blackwater", house, "footman", "footman", "footman")
    g = s.attack(foe, "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, **{foe: foe_card, house: card})
    run(g)
    lost = max(0, swords - T.HOUSE_CARD_BY_ID[card].fortifications)
    assert g.count_units(house, "footman") == 3 - lost


# ================================================================================== Stark


def test_robb_winning_attacker_chooses_the_defender_retreat() -> None:
    s = s4().units("blackwater", "lannister", "footman")
    g = s.attack("stark", "harrenhal", "blackwater", "knight", "knight")
    cards(g, stark="robb_stark", lannister="cersei_lannister")
    d = pending(g, "retreat")
    assert g.house_of(d.seat) == "stark"  # R7.10.7
    assert d.choices == (
        "crackclaw_point",
        "stoney_sept",
        "searoad_marches",
        "the_reach",
    )
    decide(g, "retreat", "the_reach")
    run(g)
    assert g.units["the_reach"] == (Unit("lannister", "footman", True),)


def test_f4_robb_winning_defender_sends_the_attacker_elsewhere() -> None:
    """R7.12.1: (a) the origin, (b) adjacent uncontrolled or attacker-controlled areas,
    (c) areas connected by the attacker's ships — supply permitting."""
    s = s4().units("blackwater", "stark", "knight", "knight")
    s.units("stoney_sept", "lannister", "footman")  # attacker-controlled (b)
    s.units("the_reach", "baratheon", "footman")  # enemy: never
    s.units("kingswood", "greyjoy", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    cards(g, lannister="ser_jaime_lannister", stark="robb_stark")
    d = pending(g, "retreat")
    assert g.house_of(d.seat) == "stark"
    assert d.choices == ("harrenhal", "crackclaw_point", "stoney_sept", "searoad_marches")
    assert_illegal(g, kind="retreat", choice="the_reach")
    decide(g, "retreat", "searoad_marches")
    run(g)
    assert g.units["searoad_marches"] == (Unit("lannister", "footman", True),)


def test_r7_12_1_robb_b_and_c_never_break_the_attackers_supply() -> None:
    """R7.12.1: (b) and (c) are excluded if they would break the attacker's supply; only (a)
    may cost nothing anyway. Greyjoy emptied Winterfell without a token (F26: no (a)); Castle
    Black would make a third army at supply 0, so it is excluded: no legal retreat."""
    s = s4().garrison("winterfell", None).units("karhold", "stark", "knight", "knight")
    s.supply("greyjoy", 0).power("greyjoy", 0)
    s.units("pyke", "greyjoy", "footman", "footman")
    s.units("greywater_watch", "greyjoy", "footman", "footman")
    g = s.attack("greyjoy", "winterfell", "karhold", "footman", "footman")
    cards(g, greyjoy="theon_greyjoy", stark="robb_stark")
    run(g)
    assert log_has(g, "Stark wins the combat")
    assert log_has(g, "Greyjoy has no legal retreat")
    assert "castle_black" not in g.units
    assert g.count_units("greyjoy", "footman") == 4


def test_robb_losing_gives_no_choice_to_stark() -> None:
    s = s4().units("blackwater", "lannister", "footman", "footman")
    g = s.attack("stark", "harrenhal", "blackwater", "footman")
    cards(g, stark="robb_stark", lannister="tywin_lannister")
    run(g)
    assert g.units["harrenhal"] == (Unit("stark", "footman", True),)


def test_roose_on_defeat_the_whole_discard_pile_returns() -> None:
    s = s4().units("blackwater", "stark", "footman")
    s.hand("stark", "roose_bolton", "eddard_stark")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="roose_bolton")
    run(g)
    assert len(g.hands["stark"]) == 7 and g.discards["stark"] == ()
    assert log_has(g, "Roose Bolton: Stark takes its whole discard pile back")


def test_roose_on_victory_is_discarded() -> None:
    s = s4().units("blackwater", "stark", "knight", "knight")
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    cards(g, lannister="ser_jaime_lannister", stark="roose_bolton")
    run(g)
    assert g.discards["stark"] == ("roose_bolton",)


def test_blackfish_prevents_sword_casualties() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="ser_gregor_clegane", stark="the_blackfish")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "The Blackfish: Stark takes no sword casualties")
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),) * 2


def test_blackfish_does_not_save_routed_units_or_a_failed_retreat() -> None:
    """R7.9.5: the automatic destruction (R7.9.2) and a failed retreat still apply."""
    s = s4().units("the_stony_shore", "stark", "footman")
    s.units("the_stony_shore", "stark", "footman", routed=True)
    s.garrison("winterfell", None)
    g = s.attack("greyjoy", "winterfell", "the_stony_shore", "knight", "knight")
    cards(g, greyjoy="euron_crows_eye", stark="the_blackfish")
    run(g)
    assert g.count_units("stark", "footman") == 0
    assert log_has(g, "Stark loses footman (routed): routed units and siege engines cannot retreat")
    assert log_has(g, "Stark has no legal retreat")


def test_blackfish_prevents_skulls() -> None:
    s = s4(tides=True).units("blackwater", "stark", "knight")
    s.tides_top("skull", "zero")
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    run(g, until="house_card")
    cards(g, lannister="ser_jaime_lannister", stark="the_blackfish")
    run(g)
    assert log_has(g, "The Blackfish: Stark ignores the skull")
    assert g.units["blackwater"] == (Unit("stark", "knight"),)


def test_catelyn_doubles_the_defense_order() -> None:
    s = s4().units("blackwater", "stark", "footman").order("blackwater", "defense+2*")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", stark="catelyn_stark")
    run(g)
    assert log_has(g, "Stark 5 (units 1, order +4)")


def test_catelyn_without_defense_order_or_attacking_adds_nothing() -> None:
    s = s4().units("blackwater", "lannister", "footman").order("blackwater", "defense+1")
    g = s.attack("stark", "harrenhal", "blackwater", "knight", token="march+1*")
    cards(g, stark="catelyn_stark", lannister="cersei_lannister")
    run(g)
    assert log_has(g, "Stark 3 (units 2, order +1)")  # the March +1 is not doubled
    assert log_has(g, "Lannister 2 (units 1, order +1)")


# ================================================================================== Lannister


def test_tywin_on_victory_gains_two_power() -> None:
    s = s4().units("blackwater", "stark", "footman").power("lannister", 3)
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert g.power["lannister"] == 5


def test_tywin_on_defeat_gains_nothing() -> None:
    s = s4().units("blackwater", "stark", "knight", "knight").power("lannister", 3)
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    cards(g, lannister="tywin_lannister", stark="eddard_stark")
    run(g)
    assert g.power["lannister"] == 3


def test_e11_kevan_attacking_footmen_supporting_included() -> None:
    s = s4().units("blackwater", "stark", "knight")
    s.units("stoney_sept", "lannister", "footman", "knight").order("stoney_sept", "support+0")
    s.units("crackclaw_point", "lannister", "footman", routed=True)
    s.order("crackclaw_point", "support+0", "lannister")
    s.units("the_reach", "baratheon", "footman").order("the_reach", "support+0")
    g = s.attack("lannister", "harrenhal", "blackwater", "footman", "footman", "knight")
    run(
        g,
        {"support@lannister": "attacker", "support@baratheon": "attacker"},
        until="house_card",
    )
    before = strengths(g)["attacker"]
    cards(g, lannister="ser_kevan_lannister", stark="catelyn_stark")
    run(g)
    # units 1+1+2 -> +2; supporting: Stoney Sept footman +1 (knight no), routed footman stays 0,
    # Baratheon's footman is not Lannister's
    assert (before.units, before.support) == (4, 4)
    assert log_has(g, "Lannister 12 (units 6, support +5, card +1)")


def test_kevan_defending_adds_nothing() -> None:
    s = s4().units("blackwater", "lannister", "footman", "footman")
    g = s.attack("stark", "harrenhal", "blackwater", "knight")
    cards(g, stark="greatjon_umber", lannister="ser_kevan_lannister")
    run(g)
    assert log_has(g, "Lannister 3 (units 2, card +1)")


def test_tyrion_cancel_the_opponent_plays_another_card() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", stark="eddard_stark")
    d = pending(g, "tyrion", "lannister")
    assert d.choices == ("cancel", "keep")
    assert_illegal(g, kind="tyrion", choice="maybe")
    decide(g, "tyrion", "cancel")
    d = pending(g, "house_card", "stark")
    assert "eddard_stark" not in d.choices and "robb_stark" in d.choices
    assert_illegal(g, kind="house_card", choice="eddard_stark")
    decide(g, "house_card", "catelyn_stark")
    run(g)
    assert "eddard_stark" in g.hands["stark"]  # R7.12.5 stays in hand
    assert "catelyn_stark" in g.discards["stark"]
    assert log_has(g, "Lannister wins the combat 3–1")


def test_tyrion_keep_leaves_the_card() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", stark="eddard_stark")
    decide(g, "tyrion", "keep")
    run(g)
    assert "eddard_stark" in g.discards["stark"]
    assert log_has(g, "Stark wins the combat 5–3")


def test_tyrion_opponent_without_another_card_fights_without_one() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "eddard_stark")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", stark="eddard_stark")
    decide(g, "tyrion", "cancel")
    run(g)
    assert log_has(g, "Stark has no other card and fights without one")
    assert g.hands["stark"] == ("eddard_stark",)
    assert log_has(g, "Lannister wins the combat 3–1")


def test_cersei_on_victory_removes_an_order_of_the_loser_anywhere() -> None:
    s = s4().units("blackwater", "stark", "footman").order("blackwater", "defense+1")
    s.units("winterfell", "stark", "footman").order("winterfell", "consolidate*")
    s.units("castle_black", "stark", "footman").order("castle_black", "raid")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="cersei_lannister", stark="catelyn_stark")
    d = pending(g, "cersei", "lannister")
    assert d.choices == ("castle_black", "winterfell", "pass")  # not Blackwater (R7.12.10)
    assert_illegal(g, kind="cersei", choice="blackwater")
    decide(g, "cersei", "winterfell")
    run(g)
    assert "winterfell" not in g.orders and "castle_black" in g.orders


def test_cersei_on_defeat_or_against_the_march_order_does_nothing() -> None:
    s = s4().units("blackwater", "stark", "knight", "knight")
    s.units("winterfell", "stark", "footman").order("winterfell", "raid")
    g = s.attack("lannister", "harrenhal", "blackwater", "footman")
    cards(g, lannister="cersei_lannister", stark="greatjon_umber")
    assert "cersei" not in pending_kinds(g)
    run(g)
    # Lannister defending and winning: the attacker's own March order is never a target
    s2 = s4().units("blackwater", "lannister", "knight", "knight")
    g2 = s2.attack("stark", "harrenhal", "blackwater", "footman")
    cards(g2, stark="greatjon_umber", lannister="cersei_lannister")
    assert "cersei" not in pending_kinds(g2)


# ================================================================================== Baratheon


def test_stannis_plus_one_when_the_opponent_is_higher_on_the_iron_throne() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    s.track("iron_throne", "lannister", "baratheon", "stark", "greyjoy")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="ser_jaime_lannister", baratheon="stannis_baratheon")
    run(g)
    assert log_has(g, "Baratheon 6 (units 1, card +5)")


def test_stannis_no_bonus_when_the_opponent_is_lower() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="ser_jaime_lannister", baratheon="stannis_baratheon")
    run(g)
    assert log_has(g, "Baratheon 5 (units 1, card +4)")


def test_renly_on_victory_upgrades_a_participating_footman() -> None:
    s = s4().units("blackwater", "stark", "footman")
    s.units("stoney_sept", "baratheon", "footman").order("stoney_sept", "support+0")
    g = s.attack("baratheon", "harrenhal", "blackwater", "footman", "knight")
    run(g, {"support@baratheon": "attacker"}, until="house_card")
    cards(g, baratheon="renly_baratheon", stark="catelyn_stark")
    d = pending(g, "renly", "baratheon")
    assert d.choices == ("blackwater", "stoney_sept", "pass")
    assert_illegal(g, kind="renly", choice="harrenhal")
    decide(g, "renly", "blackwater")
    run(g)
    assert sorted(u.kind for u in g.units["blackwater"]) == ["knight", "knight"]


def test_f8_renly_upgrades_a_routed_footman_which_stays_routed() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    s.units("blackwater", "baratheon", "footman", routed=True)
    g = s.attack("stark", "harrenhal", "blackwater", "footman")
    cards(g, stark="catelyn_stark", baratheon="renly_baratheon")
    d = pending(g, "renly", "baratheon")
    assert d.choices == ("blackwater", "blackwater:routed", "pass")
    decide(g, "renly", "blackwater:routed")
    run(g)
    assert sorted(g.units["blackwater"], key=lambda u: u.kind) == [
        Unit("baratheon", "footman"),
        Unit("baratheon", "knight", True),
    ]


def test_r7_12_3_renly_counts_the_held_attackers_once_against_the_pool() -> None:
    """R1.4.2 / R7.12.3: 3 Baratheon knights on the board and 1 attacking (held by the combat)
    leave 1 knight in the pool, so Renly may upgrade."""
    s = s4().units("blackwater", "stark", "footman")
    for area in ("castle_black", "karhold", "the_stony_shore"):
        s.units(area, "baratheon", "knight")
    g = s.attack("baratheon", "harrenhal", "blackwater", "footman", "knight")
    cards(g, baratheon="renly_baratheon", stark="catelyn_stark")
    assert pending(g, "renly", "baratheon").choices == ("blackwater", "pass")
    decide(g, "renly", "blackwater")
    run(g)
    assert g.units["blackwater"] == (Unit("baratheon", "knight"),) * 2
    assert g.pool_left("baratheon", "knight") == 0


def test_renly_needs_a_pool_knight_and_a_victory() -> None:
    s = s4().units("blackwater", "stark", "footman")
    for area in ("castle_black", "karhold", "the_stony_shore", "widows_watch"):
        s.units(area, "baratheon", "knight")
    g = s.attack("baratheon", "harrenhal", "blackwater", "footman", "knight")
    cards(g, baratheon="renly_baratheon", stark="catelyn_stark")
    assert "renly" not in pending_kinds(g)  # 5 knights on the board (one held by the combat)
    run(g)
    s2 = s4().units("blackwater", "stark", "knight", "knight")
    g2 = s2.attack("baratheon", "harrenhal", "blackwater", "footman")
    cards(g2, baratheon="renly_baratheon", stark="eddard_stark")
    assert "renly" not in pending_kinds(g2)


def test_davos_with_stannis_discarded() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman")
    s.hand("baratheon", "ser_davos_seaworth", "renly_baratheon")  # Stannis discarded
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="ser_davos_seaworth", stark="catelyn_stark")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "Baratheon 5 (units 2, card +3)")
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),)  # 1 sword


def test_davos_without_stannis_discarded() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="ser_davos_seaworth", stark="catelyn_stark")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "Baratheon 4 (units 2, card +2)")
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),) * 2


def test_f9_salladhor_supported_zeroes_other_ships_not_order_bonuses() -> None:
    """R7.12.4 / F9: attacking and supporting non-Baratheon ships are worth 0; a Support +1
    order still adds 1; Baratheon ships keep their strength."""
    s = s4().units("the_golden_sound", "baratheon", "ship", "ship")
    s.units("ironmans_bay", "baratheon", "ship").order("ironmans_bay", "support+0")
    s.units("port_of_lannisport", "lannister", "ship").order("port_of_lannisport", "support+1*")
    s.units("lannisport", "lannister", "footman")
    g = s.attack("lannister", "sunset_sea", "the_golden_sound", "ship", "ship", "ship")
    run(g, {"support@baratheon": "defender", "support@lannister": "attacker"}, until="house_card")
    cards(g, lannister="ser_jaime_lannister", baratheon="salladhor_saan")
    run(g)
    assert log_has(g, "Lannister 3 (units 0, support +1, card +2)")
    assert log_has(g, "Baratheon 4 (units 2, support +1, card +1)")


def test_salladhor_unsupported_has_no_effect() -> None:
    s = s4().units("the_golden_sound", "baratheon", "ship", "ship")
    g = s.attack("lannister", "sunset_sea", "the_golden_sound", "ship", "ship", "ship")
    cards(g, lannister="ser_jaime_lannister", baratheon="salladhor_saan")
    run(g)
    assert log_has(g, "Lannister 5 (units 3, card +2)")


@pytest.mark.parametrize(
    ("iron_throne", "greyjoy_units"),
    [
        (("baratheon", "lannister", "stark", "greyjoy"), 2),  # Salladhor first, then +1 each
        (("greyjoy", "baratheon", "lannister", "stark"), 0),  # Victarion first: Salladhor wins
    ],
)
def test_f10_victarion_vs_salladhor_in_turn_order(
    iron_throne: tuple[str, ...], greyjoy_units: int
) -> None:
    s = s4().units("the_golden_sound", "baratheon", "ship")
    s.units("ironmans_bay", "baratheon", "ship").order("ironmans_bay", "support+0")
    s.track("iron_throne", *iron_throne)
    g = s.attack("greyjoy", "sunset_sea", "the_golden_sound", "ship", "ship")
    run(g, {"support@baratheon": "defender"}, until="house_card")
    cards(g, greyjoy="victarion_greyjoy", baratheon="salladhor_saan")
    run(g)
    assert log_has(g, f"Greyjoy {greyjoy_units + 3} (units {greyjoy_units}, card +3)")


def test_patchface_after_combat_discards_a_card_of_the_opponent() -> None:
    s = s4().units("blackwater", "stark", "footman")
    s.hand("stark", "eddard_stark", "robb_stark", "catelyn_stark")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="patchface", stark="catelyn_stark")
    run(g, until="patchface")  # after the retreat: the very last thing (F1)
    d = pending(g, "patchface", "baratheon")
    assert d.choices == ("eddard_stark", "robb_stark", "pass")  # Catelyn already discarded
    assert_illegal(g, kind="patchface", choice="catelyn_stark")
    decide(g, "patchface", "eddard_stark")
    assert g.hands["stark"] == ("robb_stark",)
    assert g.discards["stark"][-2:] == ("catelyn_stark", "eddard_stark")


def test_patchface_pass() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="patchface", stark="catelyn_stark")
    run(g, until="patchface")  # after the retreat: the very last thing (F1)
    decide(g, "patchface", "pass")
    assert len(g.hands["stark"]) == 6


def test_patchface_f6_against_a_last_card_hits_the_recovered_hand() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "catelyn_stark")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="patchface", stark="catelyn_stark")
    run(g, until="patchface")  # after the retreat: the very last thing (F1)
    d = pending(g, "patchface", "baratheon")
    assert len(d.choices) == 7 and "catelyn_stark" not in d.choices
    decide(g, "patchface", "eddard_stark")
    assert len(g.hands["stark"]) == 5
    assert set(g.discards["stark"]) == {"catelyn_stark", "eddard_stark"}


def test_f7_patchface_emptying_a_hand_the_other_six_return() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "catelyn_stark", "robb_stark")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight")
    cards(g, baratheon="patchface", stark="catelyn_stark")
    run(g, until="patchface")  # after the retreat: the very last thing (F1)
    decide(g, "patchface", "robb_stark")
    assert g.discards["stark"] == ("robb_stark",)
    assert len(g.hands["stark"]) == 6


def test_f5_roose_resolves_before_patchface() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "roose_bolton")
    g = s.attack("baratheon", "harrenhal", "blackwater", "knight", "knight")
    cards(g, baratheon="patchface", stark="roose_bolton")
    run(g, until="patchface")  # after the retreat: the very last thing (F1)
    d = pending(g, "patchface", "baratheon")
    assert len(d.choices) == 8 and "roose_bolton" in d.choices  # all 7 back in hand
    decide(g, "patchface", "roose_bolton")
    assert g.discards["stark"] == ("roose_bolton",)


# ================================================================================== Greyjoy


def test_e10_victarion_attacking_ships_supporting_included() -> None:
    s = s4().units("the_golden_sound", "lannister", "ship")
    s.units("ironmans_bay", "greyjoy", "ship").order("ironmans_bay", "support+0")
    g = s.attack("greyjoy", "sunset_sea", "the_golden_sound", "ship", "ship")
    run(g, {"support@greyjoy": "attacker"}, until="house_card")
    cards(g, greyjoy="victarion_greyjoy", lannister="cersei_lannister")
    run(g)
    assert log_has(g, "Greyjoy 9 (units 4, support +2, card +3)")


def test_victarion_defending_adds_nothing() -> None:
    s = s4().units("the_golden_sound", "greyjoy", "ship", "ship")
    g = s.attack("lannister", "sunset_sea", "the_golden_sound", "ship")
    cards(g, lannister="cersei_lannister", greyjoy="victarion_greyjoy")
    run(g)
    assert log_has(g, "Greyjoy 5 (units 2, card +3)")


def test_balon_opponent_printed_strength_zero_own_bonus_applies() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    s.track("iron_throne", "greyjoy", "baratheon", "lannister", "stark")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="balon_greyjoy", baratheon="stannis_baratheon")
    run(g)
    assert log_has(g, "Baratheon 2 (units 1, card +1)")  # 4 -> 0, +1 (Stannis' own text)
    assert log_has(g, "Greyjoy 4 (units 2, card +2)")


def test_balon_cancelled_by_tyrion_has_no_effect() -> None:
    s = s4().units("blackwater", "lannister", "footman")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="balon_greyjoy", lannister="tyrion_lannister")
    decide(g, "tyrion", "cancel")
    decide(g, "house_card", "dagmar_cleftjaw")
    run(g)
    assert log_has(g, "Lannister 2 (units 1, card +1)")


def test_theon_defending_a_castle() -> None:
    s = s4().units("harrenhal", "greyjoy", "footman")
    g = s.attack("stark", "riverrun", "harrenhal", "footman", "footman")
    cards(g, stark="greatjon_umber", greyjoy="theon_greyjoy")
    run(g)
    assert log_has(g, "Greyjoy 4 (units 1, card +3)")
    assert g.count_units("stark", "footman") == 1  # 1 sword from Theon


def test_theon_without_castle_or_attacking_adds_nothing() -> None:
    s = s4().units("blackwater", "greyjoy", "footman")
    g = s.attack("stark", "harrenhal", "blackwater", "footman", "footman")
    cards(g, stark="greatjon_umber", greyjoy="theon_greyjoy")
    run(g)
    assert log_has(g, "Greyjoy 3 (units 1, card +2)")
    s2 = s4().units("harrenhal", "stark", "footman")
    g2 = s2.attack("greyjoy", "riverrun", "harrenhal", "footman")
    cards(g2, greyjoy="theon_greyjoy", stark="catelyn_stark")
    run(g2)
    assert log_has(g2, "Greyjoy 3 (units 1, card +2)")


def test_asha_unsupported_gains_swords_and_a_fortification() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman", "footman")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight", "knight")
    cards(g, greyjoy="asha_greyjoy", stark="catelyn_stark")
    run(g, {"retreat": "stoney_sept"})
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),)  # 2 swords


def test_f3_asha_supported_by_another_house_no_bonus() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman", "footman")
    s.units("stoney_sept", "baratheon", "footman").order("stoney_sept", "support+0")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight", "knight")
    decide(g, "support", "attacker", "baratheon")
    decide(g, "accept_support", "accept", "greyjoy")
    cards(g, greyjoy="asha_greyjoy", stark="catelyn_stark")
    run(g, {"retreat": "crackclaw_point"})
    assert g.units["crackclaw_point"] == (Unit("stark", "footman", True),) * 3


def test_aeron_pays_two_power_to_play_another_card() -> None:
    s = s4().units("blackwater", "stark", "footman").power("greyjoy", 3)
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="aeron_damphair", stark="eddard_stark")
    d = pending(g, "aeron", "greyjoy")
    assert d.choices[0] == "pass" and "euron_crows_eye" in d.choices
    assert_illegal(g, kind="aeron", choice="aeron_damphair")
    decide(g, "aeron", "euron_crows_eye")
    run(g)
    assert g.power["greyjoy"] == 1
    assert "aeron_damphair" in g.discards["greyjoy"] and "euron_crows_eye" in g.discards["greyjoy"]
    assert log_has(g, "Greyjoy 6 (units 2, card +4)")


def test_aeron_needs_two_power() -> None:
    s = s4().units("blackwater", "stark", "footman").power("greyjoy", 1)
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="aeron_damphair", stark="eddard_stark")
    assert "aeron" not in pending_kinds(g)
    run(g)
    assert g.power["greyjoy"] == 1
    assert log_has(g, "Greyjoy 2 (units 2)")


def test_f11_aeron_replays_the_card_tyrion_returned() -> None:
    s = s4().units("blackwater", "lannister", "footman")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="euron_crows_eye", lannister="tyrion_lannister")
    decide(g, "tyrion", "cancel")
    decide(g, "house_card", "aeron_damphair")
    d = pending(g, "aeron", "greyjoy")
    assert "euron_crows_eye" in d.choices
    decide(g, "aeron", "euron_crows_eye")
    run(g)
    assert log_has(g, "Greyjoy 6 (units 2, card +4)")


def test_f2_tyrion_cancels_aeron_before_its_immediately_text() -> None:
    s = s4().units("blackwater", "lannister", "footman")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="aeron_damphair", lannister="tyrion_lannister")
    decide(g, "tyrion", "cancel")
    assert "aeron_damphair" not in pending(g, "house_card", "greyjoy").choices
    decide(g, "house_card", "dagmar_cleftjaw")
    assert "aeron" not in pending_kinds(g)
    run(g)
    assert "aeron_damphair" in g.hands["greyjoy"]


def test_aeron_vs_patchface() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    cards(g, greyjoy="aeron_damphair", baratheon="patchface")
    decide(g, "aeron", "balon_greyjoy")
    run(g, until="patchface")
    d = pending(g, "patchface", "baratheon")
    assert "aeron_damphair" not in d.choices and "balon_greyjoy" not in d.choices
    decide(g, "patchface", "euron_crows_eye")
    assert "euron_crows_eye" in g.discards["greyjoy"]


def test_tyrion_cancels_patchface() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", baratheon="patchface")
    decide(g, "tyrion", "cancel")
    decide(g, "house_card", "melisandre")
    run(g)
    assert log_has(g, "Tyrion Lannister cancels Patchface")
    assert not any(line.startswith("Patchface:") for line in log_lines(g))


def test_f1_patchface_acts_after_the_cards_are_discarded() -> None:
    s = s4().units("blackwater", "baratheon", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", baratheon="patchface")
    decide(g, "tyrion", "keep")
    run(g, until="patchface")
    d = pending(g, "patchface", "baratheon")
    assert "tyrion_lannister" not in d.choices  # discarded in step 3, before Patchface
    decide(g, "patchface", "tywin_lannister")
    assert "tywin_lannister" in g.discards["lannister"]


# ================================================================================== Tyrell


def test_mace_destroys_a_defending_footman_immediately() -> None:
    s = s6().units("blackwater", "stark", "footman", "footman")
    g = s.attack("tyrell", "harrenhal", "blackwater", "knight")
    cards(g, tyrell="mace_tyrell", stark="catelyn_stark")
    run(g)
    assert log_has(g, "Mace Tyrell destroys a footman of Stark")
    assert log_has(g, "Stark 1 (units 1)")


def test_f16_mace_killing_the_last_defender_the_combat_goes_on() -> None:
    s = s6().units("blackwater", "stark", "footman")
    s.units("stoney_sept", "stark", "knight").order("stoney_sept", "support+1*")
    g = s.attack("tyrell", "harrenhal", "blackwater", "footman")
    run(g, {"support@stark": "defender"}, until="house_card")
    cards(g, tyrell="mace_tyrell", stark="eddard_stark")
    run(g)
    # Tyrell 1 + 4 = 5 vs Stark 0 + 3 + 4 = 7: Stark wins with no unit left in the area
    assert log_has(g, "Mace Tyrell destroys a footman of Stark")
    assert log_has(g, "Stark wins the combat 7–5")
    assert "blackwater" not in g.units
    assert log_has(g, "Tyrell loses footman to the winner's swords")


def test_q16_blackfish_prevents_mace() -> None:
    s = s6().units("blackwater", "stark", "footman")
    g = s.attack("tyrell", "harrenhal", "blackwater", "knight")
    cards(g, tyrell="mace_tyrell", stark="the_blackfish")
    run(g)
    assert log_has(g, "The Blackfish: Mace Tyrell destroys no footman")
    assert log_has(g, "Stark 2 (units 1, card +1)")


def test_mace_without_footman_does_nothing_and_kills_attackers_too() -> None:
    s = s6().units("blackwater", "stark", "knight")
    g = s.attack("tyrell", "harrenhal", "blackwater", "knight")
    cards(g, tyrell="mace_tyrell", stark="catelyn_stark")
    run(g)
    assert log_has(g, "Mace Tyrell: Stark has no footman in the combat")
    s2 = s6().units("blackwater", "tyrell", "knight")
    g2 = s2.attack("stark", "harrenhal", "blackwater", "footman", "knight")
    cards(g2, stark="catelyn_stark", tyrell="mace_tyrell")
    run(g2)
    assert log_has(g2, "Mace Tyrell destroys a footman of Stark")
    assert g2.units["harrenhal"] == (Unit("stark", "knight", True),)


def test_mace_asks_routed_or_standing_footman_only_when_it_matters() -> None:
    s = s6().units("blackwater", "stark", "footman")
    s.units("blackwater", "stark", "footman", routed=True)
    g = s.attack("tyrell", "harrenhal", "blackwater", "knight")
    cards(g, tyrell="mace_tyrell", stark="catelyn_stark")
    d = pending(g, "mace", "tyrell")
    assert d.choices == ("footman", "routed_footman")
    assert_illegal(g, kind="mace", choice="knight")
    decide(g, "mace", "footman")
    assert log_has(g, "Stark 0 (units 0)")  # only the routed footman was left
    assert log_has(g, "Stark loses footman (routed): routed units and siege engines cannot retreat")


def test_loras_the_march_order_moves_into_the_conquered_area() -> None:
    s = s6().units("blackwater", "stark", "footman")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight", token="march+1*")
    cards(g, tyrell="ser_loras_tyrell", stark="catelyn_stark")
    run(g)
    assert g.orders["blackwater"] == Order("tyrell", "march+1*")
    assert "the_reach" not in g.orders


def test_loras_losing_or_defending_nothing_moves() -> None:
    s = s6().units("blackwater", "stark", "knight", "knight", "knight")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight")
    cards(g, tyrell="ser_loras_tyrell", stark="eddard_stark")
    run(g)
    assert "blackwater" not in g.orders and "the_reach" not in g.orders
    s2 = s6().units("blackwater", "tyrell", "knight").order("blackwater", "defense+1")
    g2 = s2.attack("stark", "harrenhal", "blackwater", "footman")
    cards(g2, stark="catelyn_stark", tyrell="ser_loras_tyrell")
    run(g2)
    assert g2.orders["blackwater"] == Order("tyrell", "defense+1")
    assert "harrenhal" not in g2.orders


def test_f15_loras_into_an_area_arianne_kept_empty_order_removed() -> None:
    s = s6().units("blackwater", "martell", "footman")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight", "knight")
    cards(g, tyrell="ser_loras_tyrell", martell="arianne_martell")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "Ser Loras Tyrell: the March order moves into Blackwater")
    assert "blackwater" not in g.orders  # E2 / R7.12.9
    assert g.units["the_reach"] == (Unit("tyrell", "knight"),) * 2  # not routed
    assert g.units["stoney_sept"] == (Unit("martell", "footman", True),)


def test_f17_queen_of_thorns_removes_a_supporting_order() -> None:
    s = s6().units("blackwater", "stark", "footman")
    s.units("stoney_sept", "stark", "knight").order("stoney_sept", "support+0")
    s.units("crackclaw_point", "stark", "footman").order("crackclaw_point", "raid")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight")
    s.units("the_reach", "tyrell", "footman")  # units left behind keep the order out of reach
    run(g, {"support@stark": "defender"}, until="house_card")
    assert strengths(g)["defender"].support == 2
    cards(g, tyrell="queen_of_thorns", stark="catelyn_stark")
    d = pending(g, "queen_of_thorns", "tyrell")
    assert d.choices == ("crackclaw_point", "stoney_sept")  # mandatory (R7.12, D18)
    assert_illegal(g, kind="queen_of_thorns", choice="blackwater")
    assert_illegal(g, kind="queen_of_thorns", choice="none")
    decide(g, "queen_of_thorns", "stoney_sept")
    run(g)
    assert "stoney_sept" not in g.orders
    assert log_has(g, "Stark 1 (units 1)")  # the support stopped counting (R7.4.3)


def test_d18_queen_of_thorns_is_mandatory_a_single_target_is_removed() -> None:
    """R7.12 / D18: the Queen of Thorns text has no "may" (unlike Tyrion, Aeron, Renly, Cersei,
    Patchface): Tyrell names which order, it cannot decline."""
    s = s6().units("blackwater", "stark", "footman")
    s.units("stoney_sept", "stark", "knight").order("stoney_sept", "consolidate")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight")
    cards(g, tyrell="queen_of_thorns", stark="catelyn_stark")
    assert pending(g, "queen_of_thorns", "tyrell").choices == ("stoney_sept",)
    assert_illegal(g, kind="queen_of_thorns", choice="none")
    decide(g, "queen_of_thorns", "stoney_sept")
    assert "stoney_sept" not in g.orders


def test_queen_of_thorns_never_the_march_order_nor_the_embattled_area() -> None:
    s = s6().units("blackwater", "tyrell", "footman").order("blackwater", "defense+1")
    s.units("stoney_sept", "tyrell", "footman").order("stoney_sept", "raid")
    g = s.attack("stark", "harrenhal", "blackwater", "knight")
    cards(g, stark="catelyn_stark", tyrell="queen_of_thorns")
    assert "queen_of_thorns" not in pending_kinds(g)  # Harrenhal's March order is the only one
    run(g)
    assert g.orders["stoney_sept"] == Order("tyrell", "raid")


def test_tyrion_cancels_queen_of_thorns() -> None:
    s = s6().units("blackwater", "tyrell", "footman")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    run(g, {"support@lannister": "attacker"}, until="house_card")
    cards(g, lannister="tyrion_lannister", tyrell="queen_of_thorns")
    decide(g, "tyrion", "cancel")
    decide(g, "house_card", "margaery_tyrell")
    assert "queen_of_thorns" not in pending_kinds(g)
    run(g)
    assert "stoney_sept" in g.orders


def test_aeron_then_queen_of_thorns_in_turn_order() -> None:
    """Both immediately texts (R7.5.2): Greyjoy (IT 5) before Tyrell (IT 6)."""
    s = s6().units("blackwater", "tyrell", "footman")
    s.units("stoney_sept", "greyjoy", "footman").order("stoney_sept", "support+0")
    g = s.attack("greyjoy", "harrenhal", "blackwater", "knight")
    run(g, {"support@greyjoy": "attacker"}, until="house_card")
    cards(g, greyjoy="aeron_damphair", tyrell="queen_of_thorns")
    assert pending_kinds(g) == ["aeron"]
    decide(g, "aeron", "euron_crows_eye")
    decide(g, "queen_of_thorns", "stoney_sept")
    run(g)
    assert log_has(g, "Greyjoy 6 (units 2, card +4)")


def test_queen_of_thorns_vs_patchface() -> None:
    s = s6().units("blackwater", "baratheon", "footman")
    s.units("stoney_sept", "baratheon", "footman").order("stoney_sept", "consolidate")
    g = s.attack("tyrell", "the_reach", "blackwater", "knight")
    cards(g, tyrell="queen_of_thorns", baratheon="patchface")
    decide(g, "queen_of_thorns", "stoney_sept")
    run(g, until="patchface")
    decide(g, "patchface", "mace_tyrell")
    assert "mace_tyrell" in g.discards["tyrell"] and "stoney_sept" not in g.orders


# ================================================================================== Martell


def test_nymeria_defending_fortification_attacking_sword() -> None:
    s = s6().units("blackwater", "martell", "footman", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="ser_jaime_lannister", martell="nymeria_sand")  # 1 sword - 1 fort
    run(g)
    assert not any("Martell loses" in line for line in log_lines(g))
    s2 = s6().units("blackwater", "stark", "footman", "footman")
    g2 = s2.attack("martell", "harrenhal", "blackwater", "knight", "knight")
    cards(g2, martell="nymeria_sand", stark="catelyn_stark")
    run(g2, {"retreat": "stoney_sept"})
    assert g2.units["stoney_sept"] == (Unit("stark", "footman", True),)


def test_arianne_defending_and_losing_the_attacker_stays_out() -> None:
    s = s6().units("blackwater", "martell", "footman").token("blackwater", "martell")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tywin_lannister", martell="arianne_martell")
    run(g, {"retreat": "stoney_sept"})
    assert g.units["harrenhal"] == (Unit("lannister", "knight"),)  # back, not routed
    assert g.units["stoney_sept"] == (Unit("martell", "footman", True),)
    assert g.controller("blackwater") == "martell"  # its power token stays


def test_d23_arianne_the_attacker_returns_to_an_emptied_enemy_home_area_and_controls_it() -> None:
    """D23 (F15, R1.3.2): Stark marched every unit out of Lannisport (Lannister's home) without
    leaving a power token, so Lannister controls it again; Stark wins against Arianne: its
    units return to Lannisport, as the card says, and Stark controls it again."""
    s = s6().garrison("lannisport", None).units("searoad_marches", "martell", "footman")
    g = s.attack("stark", "lannisport", "searoad_marches", "knight", "knight")
    assert g.controller("lannisport") == "lannister"  # emptied, no token: its home emblem
    cards(g, stark="ser_rodrik_cassel", martell="arianne_martell")
    run(g)
    assert log_has(g, "Stark wins the combat")
    assert g.units["lannisport"] == (Unit("stark", "knight"), Unit("stark", "knight"))
    assert g.controller("lannisport") == "stark"
    assert g.owner("searoad_marches") != "stark"  # no move-in
    (text,) = [e for e in g.log if e.kind == "card_text" and e["card"] == "arianne_martell"]
    assert (text["victim"], text["to"]) == ("stark", "lannisport")


def test_arianne_winning_or_attacking_has_no_effect() -> None:
    s = s6().units("blackwater", "stark", "footman")
    g = s.attack("martell", "harrenhal", "blackwater", "knight", "knight")
    cards(g, martell="arianne_martell", stark="catelyn_stark")
    run(g)
    assert g.owner("blackwater") == "martell"
    s2 = s6().units("blackwater", "martell", "knight", "knight")
    g2 = s2.attack("lannister", "harrenhal", "blackwater", "footman")
    cards(g2, lannister="ser_jaime_lannister", martell="arianne_martell")
    run(g2)
    assert g2.units["harrenhal"] == (Unit("lannister", "footman", True),)


def test_f14_doran_moves_the_opponent_down_the_token_keeps_its_state() -> None:
    s = s6().units("blackwater", "greyjoy", "footman")
    s.blade_used()
    g = s.attack("martell", "harrenhal", "blackwater", "knight")
    cards(g, martell="doran_martell", greyjoy="dagmar_cleftjaw")
    d = pending(g, "doran", "martell")
    assert d.choices == ("iron_throne", "fiefdoms", "kings_court")
    assert_illegal(g, kind="doran", choice="supply")
    decide(g, "doran", "fiefdoms")
    assert g.tracks["fiefdoms"] == (
        "tyrell",
        "martell",
        "stark",
        "baratheon",
        "lannister",
        "greyjoy",
    )
    assert g.holder("fiefdoms") == "tyrell" and g.vsb_used  # F14 keeps the used state
    run(g)
    # tie 2–2 is now won by Martell, higher on the Fiefdoms track (R7.8.3)
    assert log_has(g, "Martell wins the combat")


def test_f13_doran_on_kings_court_keeps_placed_special_orders() -> None:
    s = s6().units("blackwater", "stark", "footman")
    s.units("winterfell", "stark", "footman").order("winterfell", "consolidate*")
    g = s.attack("martell", "harrenhal", "blackwater", "knight")
    cards(g, martell="doran_martell", stark="catelyn_stark")
    decide(g, "doran", "kings_court")
    run(g)
    assert g.tracks["kings_court"][-1] == "stark"
    assert g.orders["winterfell"] == Order("stark", "consolidate*")


def test_f12_doran_on_the_iron_throne_changes_turn_order() -> None:
    s = s6().units("blackwater", "baratheon", "footman")
    g = s.attack("martell", "harrenhal", "blackwater", "knight")
    cards(g, martell="doran_martell", baratheon="melisandre")
    decide(g, "doran", "iron_throne")
    assert g.turn_order() == ("lannister", "stark", "martell", "greyjoy", "tyrell", "baratheon")
    assert g.holder("iron_throne") == "lannister"


def test_doran_cancelled_by_tyrion() -> None:
    s = s6().units("blackwater", "martell", "footman")
    g = s.attack("lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="tyrion_lannister", martell="doran_martell")
    decide(g, "tyrion", "cancel")
    decide(g, "house_card", "darkstar")
    assert "doran" not in pending_kinds(g)
    run(g)
    assert g.tracks["iron_throne"] == T.SETUPS[6].iron_throne


# ================================================================================== every card


def test_one_ability_per_card_text_and_none_for_textless_cards() -> None:
    """Every card with a text has exactly one ability registered by its id; textless cards
    have none (issue #8: one home per card text)."""
    with_text = {c.id for c in T.HOUSE_CARD_BY_ID.values() if c.timing is not None}
    assert set(HC.ABILITIES) == with_text
    assert all(HC.ability(card) is HC.NO_TEXT for card in TEXTLESS)


def test_combat_module_names_no_house_card() -> None:
    """combat.py runs the card texts only through their abilities: none of its string
    constants is one of the card ids of any deck (42 each, base and ADwD; Arryn's 7 of AFfC)."""
    import ast
    from pathlib import Path

    from westeros.boardgame import combat

    tree = ast.parse(Path(combat.__file__).read_text())
    strings = {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
    }
    assert len(T.HOUSE_CARD_BY_ID) == 42 + 42 + 7 + 7  # + the Targaryen placeholder (X-MOD-Q3)
    assert not strings & set(T.HOUSE_CARD_BY_ID)

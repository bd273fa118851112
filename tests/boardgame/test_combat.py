"""Combat (R7, D16–D21): steps, strength, victor, casualties, retreat, clean up, Tides, VSB.

Helpers here (``attack``, ``run``, ``decide``, ``illegal``…) are shared with
``test_house_cards.py`` and ``test_support.py``.
"""

from __future__ import annotations

import pytest

from tests.boardgame.driver import log_lines
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.combat import Combat
from westeros.boardgame.state import BoardGame, Unit
from westeros.engine import Decision, IllegalAction

# -- helpers ------------------------------------------------------------------------------------

DEFAULTS = {
    "support": "none",
    "accept_support": "accept",
    "support_areas": "all",
    "tyrion": "keep",
    "aeron": "pass",
    "renly": "pass",
    "cersei": "pass",
    "patchface": "pass",
}


def attack(
    s: Scenario, attacker: str, from_area: str, area: str, *kinds: str, token: str = "march+0"
) -> BoardGame:
    """Start a combat: the March order stands in ``from_area``, the units are held on the step."""
    s.order(from_area, token, attacker)
    units = tuple(Unit(attacker, k) for k in kinds)
    return s.start(Combat(attacker, from_area, area, units, token))


def combat(g: BoardGame) -> Combat:
    g.pending()  # run the rules up to the next decision
    step = next(s for s in reversed(g.stack) if isinstance(s, Combat))
    return step


def pending(g: BoardGame, kind: str, house: str | None = None) -> Decision:
    for d in g.pending():
        if d.kind == kind and (house is None or d.seat == g.seat_of(house)):
            return d
    raise AssertionError(f"no {kind} decision: {[(d.seat, d.kind) for d in g.pending()]}")


def decide(g: BoardGame, kind: str, choice: str, house: str | None = None) -> None:
    g.apply(pending(g, kind, house).seat, choice)


def kinds(g: BoardGame) -> list[str]:
    return [d.kind for d in g.pending()]


def run(
    g: BoardGame,
    choices: dict[str, str | list[str]] | None = None,
    until: str | None = None,
    trace: list[str] | None = None,
) -> None:
    """Answer decisions until the game waits for ``until`` (or nothing is left).

    ``choices`` keys are ``kind`` or ``kind@house``; a string answers every such decision, a
    list answers them one after the other. Otherwise ``DEFAULTS``, ``"no"``/``"keep"`` for the
    blade, else the first legal choice.
    """
    queues = {k: list(v) if isinstance(v, list) else v for k, v in (choices or {}).items()}
    for _ in range(300):
        ds = g.pending()
        if not ds or (until is not None and any(d.kind == until for d in ds)):
            return
        d = ds[0]
        house = g.house_of(d.seat)
        pick: str | None = None
        for key in (f"{d.kind}@{house}", d.kind):
            if key in queues:
                q = queues[key]
                if isinstance(q, list):
                    if q:
                        pick = q.pop(0)
                        break
                else:
                    pick = q
                    break
        if pick is None:
            if d.kind == "blade":
                pick = "no" if "no" in d.choices else "keep"
            else:
                pick = DEFAULTS.get(d.kind, str(d.choices[0]))
        if trace is not None:
            trace.append(d.kind)
        g.apply(d.seat, pick)
    raise AssertionError("too many decisions")


def cards(g: BoardGame, **by_house: str) -> None:
    """Answer support with defaults, then play the given house cards (``stark="..."``)."""
    run(g, until="house_card")
    for house, card in by_house.items():
        decide(g, "house_card", card, house)


def illegal(g: BoardGame, kind: str, bad: str) -> None:
    """An illegal choice raises IllegalAction and leaves the state hash unchanged."""
    d = pending(g, kind)
    before = g.state_hash()
    with pytest.raises(IllegalAction):
        g.apply(d.seat, bad)
    assert g.state_hash() == before


def log_has(g: BoardGame, text: str) -> bool:
    return any(text in line for line in log_lines(g))


def s4(tides: bool = False) -> Scenario:
    return Scenario(players=4, tides=tides).empty()


def s6(tides: bool = False) -> Scenario:
    return Scenario(players=6, tides=tides).empty()


# -- R7.1, R7.2: participants and the step list -------------------------------------------------


def test_r7_basic_combat_log_move_in_and_discards() -> None:
    s = s4().units("riverrun", "stark", "footman")
    g = attack(s, "lannister", "harrenhal", "riverrun", "knight", "footman")
    assert kinds(g) == ["house_card", "house_card"]  # no Support order anywhere
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
    g = attack(s, "stark", "riverrun", "lannisport", "knight", "knight")
    c = combat(g)
    assert c.defender == "lannister"  # the home house of the garrison (R7.1.1)
    assert {d.seat for d in g.pending()} == {g.seat_of("stark"), g.seat_of("lannister")}
    assert c.strengths(g)["defender"].garrison == 2
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
    g = attack(s, "greyjoy", "greywater_watch", "seagard", "knight", "footman")
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
    g = attack(s, "greyjoy", "greywater_watch", "seagard", "knight", "footman")
    run(g, until="house_card")
    c = combat(g)
    assert len(c.tides_deck) == 24  # E8 a fresh deck before the cards are chosen
    assert sorted(c.tides_deck) == sorted(t.id for t in T.TIDES_OF_BATTLE)
    c.tides_deck = ("zero", "skull", "three", *c.tides_deck[3:])
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
        < text.index("Tides of Battle: Greyjoy 'three'")
    )
    # Greyjoy 3+4+3 = 10 vs Stark 4+2 = 6; 1 sword; Stark's skull hits Greyjoy afterwards
    assert log_has(g, "Greyjoy wins the combat 10–6")
    assert (
        text.index("Stark loses footman (casualties)")
        < text.index("Greyjoy loses footman (skull)")
        < text.index("Stark retreats")
    )


# -- R7.4 initial strength -------------------------------------------------------------------------


def test_r7_4_siege_engines_count_only_attacking_a_castle() -> None:
    s = s4()
    s.units("harrenhal", "stark", "footman", "siege_engine")
    s.units("stoney_sept", "lannister", "siege_engine").order("stoney_sept", "support+0")
    s.units("riverrun", "stark", "siege_engine").order("riverrun", "support+0")
    g = attack(s, "lannister", "blackwater", "harrenhal", "siege_engine", "footman")
    run(g, {"support@lannister": "attacker", "support@stark": "defender"}, until="house_card")
    st = combat(g).strengths(g)
    assert (st["attacker"].units, st["attacker"].support) == (5, 4)  # 4 + 1; supporting 4
    assert (st["defender"].units, st["defender"].support) == (1, 0)  # defending/supporting 0


def test_r7_4_siege_engine_worth_0_against_an_area_without_castle() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "siege_engine", "knight")
    assert combat(g).strengths(g)["attacker"].units == 2


def test_r7_4_order_modifiers_defense_and_garrison() -> None:
    s = s4().units("lannisport", "lannister", "footman").order("lannisport", "defense+2*")
    g = attack(s, "stark", "riverrun", "lannisport", "knight", token="march+1*")
    st = combat(g).strengths(g)
    assert (st["attacker"].units, st["attacker"].order) == (2, 1)
    assert (st["defender"].units, st["defender"].order, st["defender"].garrison) == (1, 2, 2)
    assert st["defender"].initial == 5


def test_f30_negative_initial_strength_and_final_floor_at_zero() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "siege_engine", token="march-1")
    cards(g, lannister="cersei_lannister", stark="catelyn_stark")
    run(g)
    assert log_has(g, "Lannister attacks Blackwater from Harrenhal: -1 vs 1")  # F30
    assert log_has(g, "Stark wins the combat 1–0")  # -1 + 0 counts as 0 (R7.8.1)
    assert "harrenhal" not in g.units  # the losing siege engine is destroyed (R7.9.2)


def test_q13_f22_routed_supporters_give_zero_but_support_plus_one_counts() -> None:
    s = s4().units("riverrun", "stark", "footman")
    s.units("stoney_sept", "lannister", "knight", routed=True).order("stoney_sept", "support+1*")
    g = attack(s, "lannister", "harrenhal", "riverrun", "footman")
    run(g, {"support@lannister": "attacker"}, until="house_card")
    st = combat(g).strengths(g)
    assert st["attacker"].support == 1  # routed knight 0 (F22) + special bonus (Q13)
    assert combat(g).supported(g, "attacker")  # still "supported" for card texts (F22)


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
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", stark="greatjon_umber")
    run(g)
    assert log_has(g, f"{T.house_name(winner)} wins the combat 4–4 (tie won on the Fiefdoms")


# -- R7.9 casualties -----------------------------------------------------------------------------


def test_r7_9_3_casualties_are_swords_minus_fortifications_chosen_by_the_loser() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="ser_gregor_clegane", stark="ser_rodrik_cassel")  # 3 swords - 2 forts
    d = pending(g, "casualty", "stark")
    assert d.choices == ("footman", "knight")
    illegal(g, "casualty", "ship")
    decide(g, "casualty", "knight")
    assert "casualty" not in kinds(g)  # one casualty only
    run(g, {"retreat": "stoney_sept"})
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),) * 2


def test_r7_9_3_fewer_units_than_casualties_all_destroyed() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="ser_gregor_clegane", stark="greatjon_umber")
    assert "casualty" not in kinds(g)
    run(g)
    assert g.owner("blackwater") == "lannister"
    assert g.count_units("stark", "knight") == 0


def test_f18_routed_units_and_siege_engines_destroyed_in_addition_to_casualties() -> None:
    s = s4().units("harrenhal", "stark", "knight", "siege_engine")
    s.units("harrenhal", "stark", "footman", routed=True)
    g = attack(s, "lannister", "blackwater", "harrenhal", "knight", "knight", "knight")
    cards(g, lannister="ser_jaime_lannister", stark="catelyn_stark")  # 1 sword
    run(g)
    # the routed footman and the siege engine do not satisfy the casualty: the knight dies too
    assert g.count_units("stark", "siege_engine") == 0
    assert g.count_units("stark", "footman") == 0
    assert g.count_units("stark", "knight") == 0
    assert log_has(g, "Stark loses siege engine, footman (routed) (routed or siege)")


def test_r7_9_1_garrison_stays_when_the_defender_wins() -> None:
    s = s4().units("winterfell", "stark", "footman")
    g = attack(s, "greyjoy", "castle_black", "winterfell", "footman")
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
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    d = pending(g, "retreat", "stark")
    # kings_landing holds a neutral force; harrenhal is where the attack came from
    assert d.choices == ("crackclaw_point", "stoney_sept")
    illegal(g, "retreat", "harrenhal")
    decide(g, "retreat", "crackclaw_point")
    assert g.units["crackclaw_point"] == (Unit("stark", "footman", True),) * 2


def test_f25_defender_retreats_only_to_adjacent_or_ship_connected_areas() -> None:
    s = s4().units("the_stony_shore", "stark", "footman")
    s.units("bay_of_ice", "stark", "ship")
    g = attack(s, "greyjoy", "winterfell", "the_stony_shore", "knight", "knight")
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
    g = attack(s, "greyjoy", "sunset_sea", "the_golden_sound", "ship", "ship", "ship")
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
    g = attack(s, "greyjoy", "shipbreaker_bay", "the_narrow_sea", "ship", "ship")
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
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    assert combat(g).retreat_options(g) == {"searoad_marches": 2, "the_reach": 2}
    d = pending(g, "retreat", "stark")
    assert d.choices == ("searoad_marches", "the_reach")
    decide(g, "retreat", "the_reach")
    assert pending(g, "retreat_casualty", "stark").choices == ("footman", "knight")
    illegal(g, "retreat_casualty", "ship")
    decide(g, "retreat_casualty", "footman")
    decide(g, "retreat_casualty", "footman")  # one at a time (D21)
    run(g)
    assert g.units["the_reach"] == (Unit("stark", "knight", True),)
    assert g.complies("stark")


def test_r7_10_5_no_legal_retreat_units_destroyed() -> None:
    s = s4().units("the_stony_shore", "stark", "footman")
    g = attack(s, "greyjoy", "winterfell", "the_stony_shore", "knight", "knight")
    s.garrison("winterfell", None)
    cards(g, greyjoy="euron_crows_eye", stark="ser_rodrik_cassel")
    run(g)
    assert g.count_units("stark", "footman") == 0
    assert log_has(g, "Stark has no legal retreat")


def test_f26_attacker_emptied_an_enemy_home_without_token_is_destroyed() -> None:
    s = s4().garrison("winterfell", None).units("karhold", "stark", "footman", "footman")
    g = attack(s, "greyjoy", "winterfell", "karhold", "footman")
    assert g.controller("winterfell") == "stark"  # reverted to its owner (R1.3.2)
    cards(g, greyjoy="dagmar_cleftjaw", stark="greatjon_umber")  # 1 sword - 1 fortification
    run(g)
    assert g.count_units("greyjoy", "footman") == 0
    assert log_has(g, "Greyjoy has no legal retreat")


def test_r7_10_2_attacker_retreats_to_an_empty_origin_even_uncontrolled() -> None:
    s = s4().units("riverrun", "stark", "knight", "knight")
    g = attack(s, "lannister", "harrenhal", "riverrun", "footman", "footman")
    assert g.controller("harrenhal") is None
    cards(g, lannister="the_hound", stark="eddard_stark")
    run(g)
    assert g.units["harrenhal"] == (Unit("lannister", "footman", True),) * 2


def test_f21_only_routed_defenders_still_fight_and_die() -> None:
    s = s4().units("blackwater", "stark", "footman", "knight", routed=True)
    g = attack(s, "lannister", "harrenhal", "blackwater", "footman")
    assert kinds(g) == ["house_card", "house_card"]
    assert combat(g).strengths(g)["defender"].units == 0
    cards(g, lannister="ser_jaime_lannister", stark="ser_rodrik_cassel")
    run(g)
    assert g.owner("blackwater") == "lannister"
    assert g.count_units("stark", "knight") == 0


def test_f23_control_changes_only_after_the_whole_combat() -> None:
    s = s4().units("blackwater", "stark", "footman", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    pending(g, "retreat", "stark")
    assert g.controller("blackwater") == "stark"
    run(g)
    assert g.controller("blackwater") == "lannister"


def test_r7_9_6_f19_winner_killed_by_a_skull_loser_still_retreats_nobody_moves_in() -> None:
    s = s4(tides=True).units("blackwater", "stark", "footman").order("blackwater", "defense+1")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    run(g, until="house_card")
    combat(g).tides_deck = ("three", "skull", *combat(g).tides_deck[2:])
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g, {"retreat": "stoney_sept"})
    assert log_has(g, "Lannister wins the combat 9–3")
    assert log_has(g, "Lannister loses knight (skull)")
    assert g.units["stoney_sept"] == (Unit("stark", "footman", True),)  # F19
    assert "blackwater" not in g.units  # nobody moves in (R7.11 step 1)
    assert "blackwater" not in g.orders  # the defender's order goes with the defeat
    assert g.controller("blackwater") is None


# -- R7.11 clean up ------------------------------------------------------------------------------


def test_r7_11_enemy_power_token_goes_to_the_pool() -> None:
    s = s4().units("blackwater", "stark", "footman").token("blackwater", "stark")
    pool = s.g.power_in_pool("stark")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert "blackwater" not in g.power_tokens
    assert g.power_in_pool("stark") == pool + 1


def test_r7_11_defender_order_removed_when_the_attacker_wins() -> None:
    s = s4().units("blackwater", "stark", "footman").order("blackwater", "defense+1")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight")
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert "blackwater" not in g.orders
    assert "harrenhal" not in g.orders


def test_r7_11_march_order_already_removed_is_fine() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = s.start(
        Combat("lannister", "harrenhal", "blackwater", (Unit("lannister", "knight"),), "march+1*")
    )
    assert combat(g).strengths(g)["attacker"].order == 1  # the modifier counts (R7.4.1)
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert g.owner("blackwater") == "lannister"


def test_r1_11_3_hand_recovery_after_the_last_card() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "eddard_stark")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", stark="eddard_stark")
    run(g)
    assert g.discards["stark"] == ("eddard_stark",)
    assert len(g.hands["stark"]) == 6 and "eddard_stark" not in g.hands["stark"]


def test_e2_orders_in_areas_without_units_are_removed_after_combat() -> None:
    """Mace kills the last defending footman but the garrison wins: the Defense order left in
    an empty Lannisport is removed at the end of clean up (E2, F16)."""
    s = s6().units("lannisport", "lannister", "footman").order("lannisport", "defense+1")
    g = attack(s, "tyrell", "searoad_marches", "lannisport", "footman")
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
    g = attack(s, "lannister", "blackwater", "harrenhal", "knight", "knight")
    assert g.victory_points("lannister") == 6  # with Lannisport (home emblem)
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert g.phase == "over"
    assert g.winner == "lannister"
    assert not g.pending()


def test_r8_5_ports_checked_after_combat() -> None:
    s = s4().units("white_harbor", "stark", "footman")
    s.units("port_of_white_harbor", "stark", "ship")
    g = attack(s, "greyjoy", "moat_cailin", "white_harbor", "knight", "knight")
    cards(g, greyjoy="euron_crows_eye", stark="catelyn_stark")
    run(g, until="port_takeover")
    assert pending(g, "port_takeover", "greyjoy").choices == (0, 1)


# -- R7.6 Valyrian Steel Blade, R7.7 Tides of Battle ----------------------------------------------


def test_r7_6_blade_plus_one_once_per_round() -> None:
    s = s4().units("blackwater", "greyjoy", "knight")  # Greyjoy holds the blade (4 players)
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", greyjoy="balon_greyjoy")
    d = pending(g, "blade", "greyjoy")
    assert d.choices == ("+1", "no")
    illegal(g, "blade", "redraw")
    decide(g, "blade", "+1")
    run(g)
    assert g.vsb_used
    assert log_has(g, "Greyjoy wins the combat 5–2")  # Balon: The Hound's printed 2 → 0


def test_r7_6_no_blade_when_used_or_holder_not_in_combat() -> None:
    s = s4().units("blackwater", "greyjoy", "knight")
    s.g.vsb_used = True
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    cards(g, lannister="the_hound", greyjoy="dagmar_cleftjaw")
    assert "blade" not in kinds(g)
    s2 = s4().units("blackwater", "stark", "knight")
    g2 = attack(s2, "lannister", "harrenhal", "blackwater", "knight")
    cards(g2, lannister="the_hound", stark="greatjon_umber")
    assert "blade" not in kinds(g2)


def test_e8_a_fresh_tides_deck_for_every_combat() -> None:
    """E8 / R7.7.1: all 24 cards are shuffled anew before the cards of each combat."""
    s = s4(tides=True).units("blackwater", "stark", "footman")
    s.units("seagard", "stark", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight")
    run(g, until="house_card")
    first = combat(g).tides_deck
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    run(g)
    assert len(first) == 24
    g.push(Combat("greyjoy", "greywater_watch", "seagard", (Unit("greyjoy", "knight"),), "march+0"))
    g._pending = None
    run(g, until="house_card")
    second = combat(g).tides_deck
    assert len(second) == 24 and sorted(second) == sorted(first)
    assert second != first  # reshuffled (the rng moved on)


def test_r7_7_3_blade_keep_then_plus_one() -> None:
    s = s4(tides=True).units("blackwater", "greyjoy", "knight")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    run(g, until="house_card")
    combat(g).tides_deck = ("two", "one_sword", *combat(g).tides_deck[2:])
    cards(g, lannister="the_hound", greyjoy="dagmar_cleftjaw")
    d = pending(g, "blade", "greyjoy")
    assert d.choices == ("redraw", "keep") and "one_sword" in d.prompt
    illegal(g, "blade", "+1")
    decide(g, "blade", "keep")
    assert pending(g, "blade", "greyjoy").choices == ("+1", "no")
    decide(g, "blade", "+1")
    run(g)
    # Lannister 2+2+2 = 6; Greyjoy 2+1+1+1 = 5 … the Hound's fortifications 2 vs 1+1 swords
    assert log_has(g, "Lannister wins the combat 6–5")


def test_r7_7_4_tides_icons_count_as_printed() -> None:
    s = s4(tides=True).units("blackwater", "stark", "footman", "knight")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight", "knight")
    run(g, until="house_card")
    combat(g).tides_deck = ("one_sword", "zero", *combat(g).tides_deck[2:])
    cards(g, lannister="tywin_lannister", stark="catelyn_stark")
    d = pending(g, "casualty", "stark")  # 0 swords on Tywin + 1 from the Tides card
    assert d.choices == ("footman", "knight")


def test_r7_7_5_skull_hits_the_opposing_side_garrisons_immune() -> None:
    s = s4(tides=True)  # Lannisport: garrison only
    g = attack(s, "stark", "riverrun", "lannisport", "knight", "knight", "knight")
    run(g, until="house_card")
    combat(g).tides_deck = ("skull", "zero", *combat(g).tides_deck[2:])
    cards(g, stark="eddard_stark", lannister="cersei_lannister")
    run(g)
    assert log_has(g, "Stark wins the combat")
    assert g.count_units("stark", "knight") == 3  # nothing of Lannister's to kill; garrison gone
    assert "lannisport" not in g.garrisons


# -- decisions are atomic ------------------------------------------------------------------------


def test_illegal_house_card_and_support_choices_change_nothing() -> None:
    s = s4().units("blackwater", "stark", "footman").hand("stark", "eddard_stark", "robb_stark")
    s.units("stoney_sept", "lannister", "footman").order("stoney_sept", "support+0")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
    illegal(g, "support", "defender")  # never against itself (R7.3.2)
    decide(g, "support", "attacker")
    illegal(g, "house_card", "roose_bolton")  # not in hand (it is discarded)
    illegal(g, "house_card", "tywin")


def test_a_game_cloned_mid_combat_is_independent() -> None:
    s = s4().units("blackwater", "stark", "footman")
    g = attack(s, "lannister", "harrenhal", "blackwater", "knight")
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
    s.order(origin, token, attacker)
    return s.start(Combat(attacker, origin, area, units, token))


@pytest.mark.parametrize("seed", range(300))
def test_random_combats_end_cleanly(seed: int) -> None:
    from westeros.engine import Rng

    g = _random_combat(seed)
    chooser = Rng(seed + 1000)
    for _ in range(100):
        ds = g.pending()
        if not ds or not any(isinstance(s, Combat) for s in g.stack):
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
    assert not any(isinstance(s, Combat) for s in g.stack)
    for a, us in g.units.items():
        assert len({u.house for u in us}) == 1, a
        assert all((u.kind == "ship") == (not T.AREAS[a].is_land) for u in us), a
    for a in g.orders:
        assert a in g.units, f"order left in empty {a} (E2)"
    assert any("The combat in" in line for line in log_lines(g))

"""The march's hand-off to combat (R6.4.4, R6.4.8) and neutral-force attacks (R6.5)."""

from __future__ import annotations

from tests.boardgame.driver import assert_illegal, choices, decide, fight, log_lines, pending_kinds
from tests.boardgame.invariants import check_invariants
from westeros.boardgame.builder import Scenario
from westeros.boardgame.fight import COMBAT
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.state import BoardGame

HOUSES = ["stark", "lannister", "baratheon", "greyjoy"]


def scenario() -> Scenario:
    s = Scenario(players=4, houses=HOUSES).empty()
    for house in HOUSES:
        s.supply(house, 6)
    return s


def play(g: BoardGame, *answers: str) -> None:
    """Answer the first open decision with each choice in turn."""
    for choice in answers:
        decide(g, None, choice)


def test_r6_4_8_non_combat_moves_first_then_combat_with_attackers_held() -> None:
    s = scenario().units("moat_cailin", "stark", "footman", "knight", "footman")
    s.units("the_twins", "lannister", "footman").order("moat_cailin", "march+1*")
    g = s.start(ResolveMarch("stark"))
    play(g, "moat_cailin", "knight>the_twins", "footman>the_twins", "footman>winterfell")
    play(g, "done", "no")
    combat = fight(g)
    assert combat.kind == COMBAT
    assert [u.kind for u in combat.attackers] == ["knight", "footman"]
    assert combat.march_token == "march+1*" and combat.from_area == "moat_cailin"
    assert [u.kind for u in g.units["winterfell"]] == ["footman"]  # moved before the fight
    assert "moat_cailin" not in g.units
    assert g.pending()  # the combat opens its first decision (house cards here)
    assert {d.kind for d in g.pending()} == {"house_card"}


def test_r6_4_5_only_one_hostile_destination_per_order() -> None:
    s = scenario().units("moat_cailin", "stark", "footman", "footman")
    s.units("the_twins", "lannister", "footman").units("greywater_watch", "greyjoy", "footman")
    g = s.order("moat_cailin", "march+0").start(ResolveMarch("stark"))
    play(g, "moat_cailin")
    assert {"footman>the_twins", "footman>greywater_watch"} <= set(choices(g))
    play(g, "footman>the_twins")
    assert "footman>greywater_watch" not in choices(g)


def test_r6_5_neutral_force_out_of_reach_is_not_offered() -> None:
    """R6.5.1: a lone footman can never reach King's Landing's 5, whatever support is given."""
    s = scenario().units("blackwater", "stark", "footman").order("blackwater", "march+0")
    g = s.start(ResolveMarch("stark"))
    play(g, "blackwater")
    assert "footman>kings_landing" not in choices(g)


def test_r6_5_3_neutral_force_defeated_token_removed_units_move_in() -> None:
    s = scenario().units("blackwater", "stark", "knight", "knight", "footman", "footman")
    s.order("blackwater", "march+1*")
    g = s.start(ResolveMarch("stark"))
    play(g, "blackwater", "knight>kings_landing", "knight>kings_landing", "footman>harrenhal")
    play(g, "done")
    assert "kings_landing" not in g.neutral
    assert [u.kind for u in g.units["kings_landing"]] == ["knight", "knight"]
    assert g.controller("kings_landing") == "stark"
    assert [u.kind for u in g.units["harrenhal"]] == ["footman"]
    assert [u.kind for u in g.units["blackwater"]] == ["footman"]
    assert "blackwater" not in g.orders  # R6.4.1 the order is removed
    assert not g.pending()


def test_r6_5_2_refused_support_makes_the_plan_illegal_and_the_house_plans_again() -> None:
    """R6.5.2: support is called first; too weak → nothing moved, another plan is chosen."""
    s = scenario().units("blackwater", "stark", "knight", "knight", "footman")
    s.units("kingswood", "lannister", "footman").order("kingswood", "support+0")
    g = s.order("blackwater", "march+0").start(ResolveMarch("stark"))
    play(g, "blackwater")
    assert "knight>kings_landing" in choices(g)  # 4 + 1 possible support = 5
    play(g, "knight>kings_landing", "knight>kings_landing", "footman>harrenhal", "done", "no")
    d = g.pending()[0]
    assert d.kind == "support" and d.seat == 1 and set(d.choices) == {"attacker", "none"}
    play(g, "none")
    assert g.neutral["kings_landing"] == 5
    assert sorted(u.kind for u in g.units["blackwater"]) == ["footman", "knight", "knight"]
    assert "harrenhal" not in g.units  # the footman's move was part of the illegal plan
    d = g.pending()[0]
    assert d.kind == "march_move"
    assert not any(c.endswith(">kings_landing") for c in d.choices)
    play(g, "footman>harrenhal", "done")
    assert "blackwater" not in g.orders


def test_r6_5_1_granted_support_reaches_the_strength() -> None:
    s = scenario().units("blackwater", "stark", "knight", "knight")
    s.units("kingswood", "lannister", "footman").order("kingswood", "support+0")
    g = s.order("blackwater", "march+0").start(ResolveMarch("stark"))
    play(g, "blackwater", "knight>kings_landing", "knight>kings_landing", "done", "no")
    play(g, "attacker")
    assert "kings_landing" not in g.neutral and g.controller("kings_landing") == "stark"


def test_illegal_choice_during_a_neutral_support_call_changes_nothing() -> None:
    s = scenario().units("blackwater", "stark", "knight", "knight")
    s.units("kingswood", "lannister", "footman").order("kingswood", "support+0")
    g = s.order("blackwater", "march+0").start(ResolveMarch("stark"))
    play(g, "blackwater", "knight>kings_landing", "knight>kings_landing", "done", "no")
    assert_illegal(g, "defender", seat=1)


def test_r6_5_1_moves_that_leave_the_neutral_force_out_of_reach_are_not_offered() -> None:
    """R6.5.1 / R6.5.2: the reach of a neutral-force attack counts only the units the plan
    can still send there. Two knights and a footman with March +0 and no Support order make
    exactly King's Landing's 5, so no unit may go elsewhere and no smaller attack may end."""

    def start() -> BoardGame:
        s = scenario().units("blackwater", "stark", "knight", "knight", "footman")
        return s.order("blackwater", "march+0").start(ResolveMarch("stark"))

    g = start()
    play(g, "blackwater")
    assert {"knight>kings_landing", "footman>kings_landing"} <= set(choices(g))
    play(g, "footman>harrenhal")  # at most 4 left for King's Landing
    assert not any(str(c).endswith(">kings_landing") for c in choices(g))
    g = start()
    play(g, "blackwater", "knight>kings_landing")
    assert set(choices(g)) == {"knight>kings_landing", "footman>kings_landing"}  # no "done"
    play(g, "footman>kings_landing")
    assert choices(g) == ("knight>kings_landing",)
    play(g, "knight>kings_landing", "done", "no")
    assert "kings_landing" not in g.neutral and len(g.units["kings_landing"]) == 3


def test_r6_4_7_r8_5_token_left_for_a_neutral_attack_keeps_the_port_ships() -> None:
    """R6.4.7 / R6.4.8 / R8.5: a power token left in the starting castle keeps it controlled,
    so its port ships survive a successful neutral-force attack by all of its units."""
    s = scenario().neutral("storms_end", None).units("storms_end", "baratheon", "knight", "footman")
    s.units("port_of_storms_end", "baratheon", "ship", "ship").order("storms_end", "march+0")
    g = s.start(ResolveMarch("baratheon"))
    power = g.power["baratheon"]
    play(g, "storms_end", "knight>the_boneway", "footman>the_boneway", "done", "yes")
    assert not g.pending()
    assert "the_boneway" not in g.neutral and len(g.units["the_boneway"]) == 2
    assert g.power_tokens["storms_end"] == "baratheon" and g.power["baratheon"] == power - 1
    assert len(g.units["port_of_storms_end"]) == 2
    assert not any("destroyed" in line for line in log_lines(g))


def test_r6_5_2_token_of_a_refused_neutral_attack_is_not_placed() -> None:
    """R6.5.2: a plan found too weak is illegal: nothing of it happens, the power token
    included, and the house plans again."""
    s = scenario().units("blackwater", "stark", "knight", "knight")
    s.units("kingswood", "lannister", "footman").order("kingswood", "support+0")
    g = s.order("blackwater", "march+0").start(ResolveMarch("stark"))
    power = g.power["stark"]
    play(g, "blackwater", "knight>kings_landing", "knight>kings_landing", "done", "yes")
    play(g, "none")
    assert "blackwater" not in g.power_tokens and g.power["stark"] == power
    assert pending_kinds(g)[0] == "march_move"
    play(g, "knight>harrenhal", "knight>harrenhal", "done", "yes")
    assert g.power_tokens["blackwater"] == "stark" and g.power["stark"] == power - 1


def test_r9_2_game_won_by_the_march_moves_the_pending_attack_stays_home() -> None:
    """R6.4.8 / R9.2 (issue #8, fix 1): the non-combat part of a march takes a 7th castle and
    the game ends at once; the attack never happens and its units stay where they marched
    from — no unit ever vanishes."""
    s = Scenario(players=6).empty().neutral("the_eyrie", None)
    s.units("winterfell", "stark", "footman", "knight").order("winterfell", "march+0")
    for area in ("white_harbor", "flints_finger", "seagard", "the_eyrie", "riverrun"):
        s.units(area, "stark", "footman")
    s.units("the_stony_shore", "greyjoy", "footman")
    g = s.start(ResolveMarch("stark"))
    play(g, "winterfell", "footman>moat_cailin", "knight>the_stony_shore", "done")
    assert g.phase == "over" and g.winner == "stark"
    assert [u.kind for u in g.units["winterfell"]] == ["knight"]
    assert g.fight is None and g.pool_left("stark", "knight") == 4
    check_invariants(g)


def test_r8_5_r9_2_a_winning_march_settles_the_captured_port_first() -> None:
    """R6.4.8 / R1.3.8 (issue #24, item 0): the march that takes a 7th castle also takes White
    Harbor (a Stark power token, a Stark ship in its port): the port is settled — taken over
    or destroyed (R8.5, D10) — before the game ends (R9.2)."""
    s = Scenario(players=6).empty()
    for area in ("riverrun", "seagard", "harrenhal", "flints_finger", "the_eyrie"):
        s.neutral(area, None).units(area, "greyjoy", "footman")
    s.token("white_harbor", "stark").units("port_of_white_harbor", "stark", "ship")
    s.units("widows_watch", "greyjoy", "footman", "footman").order("widows_watch", "march+0")
    g = s.start(ResolveMarch("greyjoy"))
    play(g, "widows_watch", "footman>white_harbor", "done")
    assert g.phase != "over" and pending_kinds(g) == ["port_takeover"]
    decide(g, "port_takeover", 1)
    assert g.phase == "over" and g.winner == "greyjoy"
    assert [u.house for u in g.units["port_of_white_harbor"]] == ["greyjoy"]
    check_invariants(g)

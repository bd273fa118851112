"""A Feast for Crows scoring phase, victory points and the end (X-AFFC-4), each from a position.

The positions hold the objective cards whose conditions are easy to set on the board: The Throne
(hold the Iron Throne), Stop the Storm (control Storm's End), A Riper Fruit (control
Winterfell), Hold Court (control King's Landing), Backdoor Politics (every other house has more
victory points)."""

from __future__ import annotations

import pytest

from tests.boardgame.driver import decide, pending, run
from westeros.boardgame import decisions as D
from westeros.boardgame.affc import change_victory_points, scoring_phase
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import PlayedGame
from westeros.boardgame.victory import check_win

HOUSES = ("baratheon", "lannister", "arryn", "stark")  # the AFfC Iron Throne order (X-AFFC-2.3)


def position(round_: int = 10) -> Scenario:
    """An empty AFfC board (garrisons kept) in round ``round_``; every house holds three
    objective cards nobody fulfils on it."""
    s = Scenario(scenario="affc").empty().round(round_)
    s.objectives("baratheon", "cavalry_charge", "arbor_gold", "take_the_black")
    s.objectives("lannister", "support_the_crown", "pull_the_weeds", "protect_the_neck")
    s.objectives("arryn", "nothing_but_ghosts", "crossing_guard", "mercantile_ventures")
    s.objectives("stark", "the_peoples_chosen", "extend_your_reach", "naval_superiority")
    for house in HOUSES:
        s.power(house, 0)  # nobody has the most available power (Arryn's special objective)
    return s


def kinds_logged(g: PlayedGame) -> list[str]:
    return [e.kind for e in g.log if e.kind != "game_setup" and e.kind != "objectives_dealt"]


def scoring(s: Scenario) -> PlayedGame:
    """Start the scoring phase that follows the Action phase (X-AFFC-4.2)."""
    return s.start(*scoring_phase())


# -- step 1: supply (X-AFFC-4.2) ------------------------------------------------------------------


def test_x_affc_4_2_step_1_updates_supply_and_reconciles() -> None:
    s = position()
    s.units("the_eyrie", "arryn", "footman", "footman", "footman")
    s.units("the_twins", "arryn", "footman", "footman", "footman")
    s.supply("arryn", 3)
    g = scoring(s)
    assert pending(g).kind == D.RECONCILE.name  # two armies of 3 on supply 1: reconcile
    assert g.supply["arryn"] == 1  # The Eyrie and The Twins: one barrel
    run(g)
    assert g.complies("arryn")
    assert kinds_logged(g)[:3] == ["scoring_phase", "supply", "supply"]


# -- step 2: special objectives (X-AFFC-4.2, X-AFFC-4.3, X-AFFC-D2) -------------------------------


def test_x_affc_4_2_step_2_a_fulfilled_special_objective_may_be_scored() -> None:
    """Lannister holds Lannisport (home) and King's Landing (its token): +1 if it scores."""
    s = position()
    s.token("kings_landing", "lannister")
    g = scoring(s)
    d = pending(g, D.SCORE_SPECIAL, "lannister")
    assert d.choices == ("score", "pass")
    assert [g.house_of(x.seat) for x in g.pending()] == ["lannister"]  # nobody else fulfils
    decide(g, D.SCORE_SPECIAL, "score", house="lannister")
    assert g.victory_points["lannister"] == 1
    assert "special_scored" in kinds_logged(g)


def test_x_affc_d2_a_special_objective_may_be_passed() -> None:
    s = position()
    s.token("kings_landing", "lannister")
    g = scoring(s)
    decide(g, D.SCORE_SPECIAL, "pass", house="lannister")
    assert g.victory_points["lannister"] == 0 and "special_scored" not in kinds_logged(g)


def test_x_affc_4_2_step_2_not_fulfilled_not_asked() -> None:
    """Without King's Landing, Lannister's special objective is not fulfilled: no question."""
    g = scoring(position())
    run(g)
    assert "score_special" not in [k for k in kinds_logged(g)]
    assert all(g.victory_points[h] == 0 for h in HOUSES)


def test_x_affc_4_2_step_2_the_special_objective_scores_again_every_round() -> None:
    s = position(round_=3)
    s.token("kings_landing", "lannister").victory("lannister", 2)
    g = scoring(s)
    decide(g, D.SCORE_SPECIAL, "score", house="lannister")
    assert g.victory_points["lannister"] == 3
    g2 = scoring(position(round_=4).token("kings_landing", "lannister").victory("lannister", 3))
    decide(g2, D.SCORE_SPECIAL, "score", house="lannister")
    assert g2.victory_points["lannister"] == 4


# -- step 3: objective cards (X-AFFC-4.2, X-AFFC-4.4, X-AFFC-D2) ----------------------------------


def test_x_affc_4_2_step_3_only_fulfilled_cards_are_offered() -> None:
    """Stark controls Storm's End and Winterfell (home): Stop the Storm and A Riper Fruit are
    offered (and pass); Hold Court is not (King's Landing is not Stark's)."""
    s = position()
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    g = scoring(s)
    d = pending(g, D.SCORE_OBJECTIVE, "stark")
    assert set(d.choices) == {"stop_the_storm", "a_riper_fruit", "pass"}
    assert "3 VP" in d.prompt  # Stop the Storm is worth 3 to Stark
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="stark")
    assert g.victory_points["stark"] == 3
    assert g.objectives_scored["stark"] == ("stop_the_storm",)
    assert "stop_the_storm" not in g.objective_hands["stark"]


def test_x_affc_4_2_step_3_one_card_per_round() -> None:
    s = position()
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "a_riper_fruit", house="stark")
    assert not [d for d in g.pending() if d.kind == D.SCORE_OBJECTIVE.name]
    assert g.victory_points["stark"] == 0  # A Riper Fruit is worth 0 to Stark: it scores 0
    assert g.objectives_scored["stark"] == ("a_riper_fruit",)


def test_x_affc_d2_pass_keeps_the_card() -> None:
    s = position()
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "pass", house="stark")
    assert g.objective_hands["stark"] == ("stop_the_storm", "a_riper_fruit", "hold_court")
    assert g.victory_points["stark"] == 0 and g.objectives_scored["stark"] == ()


def test_x_affc_4_2_step_3_in_turn_order_backdoor_politics_reads_earlier_scores() -> None:
    """Turn order Baratheon, Lannister, Arryn, Stark. Stark has Backdoor Politics with 0 VP;
    Arryn and Lannister stand on 1, Baratheon on 0. When Baratheon scores a card worth 0 first,
    Stark is not asked; when it scores one worth 1, every other house has more when Stark's
    turn comes: Backdoor Politics is offered."""
    s = position()
    s.victory("lannister", 1).victory("arryn", 1)
    s.objectives("baratheon", "cavalry_charge", "stop_the_storm", "take_the_black")
    s.objectives("stark", "backdoor_politics", "extend_your_reach", "naval_superiority")
    s.units("storms_end", "baratheon", "footman")
    g = scoring(s)
    assert pending(g).seat == g.seat_of("baratheon")  # Stark is not asked yet
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="baratheon")  # worth 0 to Baratheon
    assert g.victory_points["baratheon"] == 0
    assert not [d for d in g.pending() if d.seat == g.seat_of("stark")]  # 0 = 0: not more

    s = position()  # Hold Court is worth 1 to Baratheon
    s.victory("lannister", 1).victory("arryn", 1)
    s.objectives("baratheon", "cavalry_charge", "hold_court", "take_the_black")
    s.objectives("stark", "backdoor_politics", "extend_your_reach", "naval_superiority")
    s.units("kings_landing", "baratheon", "footman")
    g = scoring(s)
    decide(g, D.SCORE_SPECIAL, "pass", house="baratheon")  # Dragonstone and King's Landing
    decide(g, D.SCORE_OBJECTIVE, "hold_court", house="baratheon")
    assert g.victory_points["baratheon"] == 1
    d = pending(g, D.SCORE_OBJECTIVE, "stark")
    assert "backdoor_politics" in d.choices
    decide(g, D.SCORE_OBJECTIVE, "backdoor_politics", house="stark")
    assert g.victory_points["stark"] == 2


# -- step 4: draw (X-AFFC-4.2) --------------------------------------------------------------------


def test_x_affc_4_2_step_4_a_short_hand_draws_one() -> None:
    s = position()
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    top = s.g.objective_deck[0]
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="stark")
    run(g)
    assert g.objective_hands["stark"] == ("a_riper_fruit", "hold_court", top)
    assert all(len(g.objective_hands[h]) == 3 for h in HOUSES)
    drawn = [e for e in g.events(g.seat_of("lannister")) if e.kind == "objective_drawn"]
    assert len(drawn) == 1 and "card" not in drawn[0].fields  # secret to Stark's seat
    mine = [e for e in g.events(g.seat_of("stark")) if e.kind == "objective_drawn"]
    assert mine[0]["card"] == top


def test_x_affc_4_2_step_4_an_empty_deck_draws_nothing() -> None:
    s = position()
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    s.scored("arryn", *s.g.objective_deck)  # nothing left to draw (test position)
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="stark")
    run(g)
    assert len(g.objective_hands["stark"]) == 2


# -- victory points (X-AFFC-4.1) ------------------------------------------------------------------


def test_x_affc_4_1_victory_points_stay_between_0_and_7() -> None:
    s = position()
    s.victory("stark", 6).victory("arryn", 0)
    g = s.g
    assert change_victory_points(g, "arryn", -1) == 0 and g.victory_points["arryn"] == 0
    assert change_victory_points(g, "stark", 3) == 1 and g.victory_points["stark"] == 7
    assert [e["delta"] for e in g.log if e.kind == "victory_points"] == [1]


def test_x_affc_4_1_scoring_past_7_stops_at_7() -> None:
    s = position()
    s.victory("stark", 6)
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="stark")
    assert g.victory_points["stark"] == 7


# -- the end (X-AFFC-4.5 to X-AFFC-4.7, XF7, X-AFFC-Q5) -------------------------------------------


def test_x_affc_4_5_seven_points_win_after_the_draw() -> None:
    """Stark reaches 7 in step 3 (round 4): the draw (step 4) still happens, then Stark wins."""
    s = position(round_=4)
    s.victory("stark", 5)
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    g = scoring(s)
    decide(g, D.SCORE_OBJECTIVE, "stop_the_storm", house="stark")
    assert not g.pending() and g.phase == "over"
    assert g.winner == "stark" and g.end_reason == "7 victory points"
    assert len(g.objective_hands["stark"]) == 3  # drew before the win
    assert kinds_logged(g)[-4:] == ["objective_drawn", "round_end", "game_over", "final_ranking"]
    ranking = [e for e in g.log if e.kind == "final_ranking"][-1]
    assert ranking["victory_points"][0] == 7
    assert g.outcome() is not None and g.outcome().scores[g.seat_of("stark")]["victory points"] == 7


def test_x_affc_4_5_several_on_7_more_land_areas_then_iron_throne() -> None:
    s = position(round_=4)
    s.victory("stark", 7).victory("lannister", 7)
    s.units("riverrun", "lannister", "footman")  # Lannister: Lannisport + Riverrun
    g = scoring(s)
    run(g)
    assert g.winner == "lannister"  # 2 land areas (Lannisport, Riverrun) against Winterfell
    s = position(round_=4)
    s.victory("stark", 7).victory("lannister", 7)  # one land area each: the Iron Throne
    g = scoring(s)
    run(g)
    assert g.winner == "lannister"  # Lannister 2nd on the Iron Throne, Stark 4th
    assert g.ranking[1] == "stark"


def test_x_affc_4_6_xf7_end_of_round_10_most_points_ties_by_iron_throne() -> None:
    """Round 10 without a house on 7: most VP; Stark and Arryn tie on 3 and Arryn sits higher
    on the Iron Throne — it wins though Stark controls more land areas (land areas count only
    among houses on 7, X-AFFC-4.5)."""
    s = position(round_=10)
    s.victory("stark", 3).victory("arryn", 3).victory("baratheon", 2)
    s.units("white_harbor", "stark", "footman").units("karhold", "stark", "footman")
    g = scoring(s)
    run(g)
    assert g.end_reason == "end of round 10"
    assert g.ranking == ("arryn", "stark", "baratheon", "lannister")


def test_x_affc_q5_the_scoring_phase_runs_after_round_10() -> None:
    s = position(round_=10)
    s.token("kings_landing", "lannister").victory("lannister", 1)
    g = s.start_action("consolidate", through="clean_up")
    decide(g, D.SCORE_SPECIAL, "score", house="lannister")
    run(g)
    assert g.victory_points["lannister"] == 2 and g.winner == "lannister"
    assert kinds_logged(g).index("scoring_phase") < kinds_logged(g).index("game_over")


def test_x_affc_4_2_the_next_round_follows_the_scoring_phase() -> None:
    s = position(round_=3)
    g = s.start_action("consolidate", through="clean_up")
    g.pending()
    logged = kinds_logged(g)
    assert logged.index("scoring_phase") < logged.index("round_end") < logged.index("round")
    assert g.round == 4 and g.phase != "over"


def test_x_affc_4_7_no_castle_win() -> None:
    """Seven castles and strongholds win a base game at once (R9.2), never an AFfC game."""
    s = position(round_=5)
    for area in ("winterfell", "white_harbor", "moat_cailin", "seagard", "riverrun", "pyke"):
        s.units(area, "stark", "footman")
    s.units("the_eyrie", "stark", "footman")
    g = s.g
    assert g.castles("stark") >= 7
    assert not check_win(g) and g.phase != "over"


@pytest.mark.parametrize("area", ["the_eyrie", "kings_landing"])
def test_x_affc_2_7_the_printed_garrisons_defend_for_their_house(area: str) -> None:
    """The Eyrie's 6 defend for Arryn, King's Landing's 5 for Lannister, with no unit there;
    when their house loses the combat there they are removed for good (X-AFFC-2.7, R7.9.1)."""
    owner, strength = {"the_eyrie": ("arryn", 6), "kings_landing": ("lannister", 5)}[area]
    attacker, frm = {
        "the_eyrie": ("stark", "the_mountains_of_the_moon"),
        "kings_landing": ("baratheon", "kingswood"),
    }[area]
    s = position(round_=5)
    s.units(frm, attacker, "knight")
    g = s.attack(attacker, frm, area, "knight", "knight", "knight", "knight")
    run(g, until=D.HOUSE_CARD)
    combat = [e for e in g.log if e.kind == "combat_begin"][-1]
    assert combat["defender"] == owner and combat["garrison"] == strength
    run(g)
    assert g.owner(area) == attacker and area not in g.garrisons  # removed for good


def test_x_affc_2_7_a_garrison_that_holds_stays() -> None:
    """Arryn's garrison of 6 beats a lone footman: it stays for the next attack (X-AFFC-2.7)."""
    s = position(round_=5)
    s.units("the_mountains_of_the_moon", "stark", "footman")
    g = s.attack("stark", "the_mountains_of_the_moon", "the_eyrie", "footman")
    run(g)
    assert g.garrisons["the_eyrie"] == 6 and g.controller("the_eyrie") == "arryn"

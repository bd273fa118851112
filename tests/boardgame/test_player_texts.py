"""What a player reads (issue #23, "what a player hits"): refusals in plain words naming the
house and the areas (never a choice's code or a seat number), prompts without input hints or
cut sentences, log lines without raw ids, the Raven's card named (R5.5.2), and the combat view
that keeps the strengths that decided the fight (R7.8) after it."""

from __future__ import annotations

import pytest

from tests.boardgame.test_march import marching
from tests.boardgame.test_planning import raven, raven_scenario
from tests.boardgame.test_wildlings import STARK_HIGHEST, bid, scen
from westeros.boardgame import decisions as D
from westeros.boardgame import events as E
from westeros.boardgame import tables as T
from westeros.boardgame.builder import Scenario
from westeros.boardgame.march import ResolveMarch
from westeros.boardgame.wildlings import WildlingAttack
from westeros.engine import IllegalAction


def refused(g: object, seat: int, choice: object) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        g.apply(seat, choice)  # type: ignore[attr-defined]
    return info.value


def test_d14_illegal_march_move_refused_naming_house_unit_and_areas() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    g = marching(s, "winterfell")
    (d,) = g.pending()
    exc = refused(g, d.seat, "footman>sunspear")
    assert "is not a legal choice for seat" in str(exc)  # the developers' text is kept
    text = exc.player
    assert text.startswith("Stark: no footman can march from Winterfell to Sunspear")
    assert "footman>sunspear" not in text and "seat" not in text


def test_r3_7_2_bid_refused_with_the_range_of_power() -> None:
    g = scen().start(WildlingAttack(8))
    d = g.pending()[0]
    house = T.house_name(g.house_of(d.seat))
    most = max(c for c in d.choices if isinstance(c, int))
    exc = refused(g, d.seat, most + 5)
    assert exc.player == (
        f"{house} can bid a whole number of power tokens from 0 to {most}, not {most + 5}."
    )


def test_unreadable_choice_refused_with_the_question_asked() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    g = marching(s, "winterfell")
    (d,) = g.pending()
    exc = refused(g, d.seat, "no-such-choice")
    assert exc.player.startswith("Stark: “no-such-choice” is not one of your choices now (")
    assert "march from Winterfell" in exc.player
    assert refused(g, d.seat, 1.5).player.startswith("Stark: a choice is a word or a whole number")


def test_d14_march_prompt_has_no_input_hint() -> None:
    s = Scenario(players=4).empty().units("winterfell", "stark", "footman")
    (d,) = marching(s, "winterfell").pending()
    assert d.prompt == (
        "Stark: march from Winterfell — move one unit, or carry out the march (planned: nothing)"
    )
    assert ">" not in d.prompt


def test_r4_5_choose_track_prompt_names_the_house_that_moves() -> None:
    g = scen("a_king_beyond_the_wall").start(WildlingAttack(8))
    bid(g, STARK_HIGHEST, exact=True)
    (d,) = g.pending()
    assert d.kind == D.CHOOSE_TRACK.name
    assert d.prompt == "Stark: choose the track on which Stark moves to position 1"


def test_r5_5_2_raven_keep_or_bottom_names_the_card() -> None:
    g = raven_scenario()
    top = g.wildling_deck[0]
    raven(g, "look")
    (d,) = g.pending()
    assert d.kind == D.RAVEN_WILDLING.name and d.about("card") == top
    name = T.WILDLING_CARD_BY_ID[top].name
    assert d.prompt == (
        f"Lannister: Messenger Raven — keep {name} on top of the wildling deck or put it at "
        "the bottom?"
    )


@pytest.mark.parametrize(
    ("card", "text"),
    [("zero", "0"), ("one_sword", "+1 with a sword"), ("skull", "a skull"), (None, "no card")],
)
def test_r7_7_tides_cards_read_in_words(card: str | None, text: str) -> None:
    assert E.tides_text(card) == text
    line = E.render(
        E.TIDES_REVEALED(
            attacker="stark", defender="lannister", tides={"attacker": card, "defender": "three"}
        )
    )
    assert line == f"Tides of Battle: Stark {text}, Lannister +3" and "'" not in line


@pytest.mark.parametrize(
    ("cause", "text"),
    [
        ("routed", "Stark loses knight (routed): routed units and siege engines cannot retreat"),
        ("swords", "Stark loses knight (routed) to the winner's swords"),
        ("skull", "Stark loses knight (routed) to a Tides of Battle skull"),
    ],
)
def test_r7_9_casualties_say_the_cause_once(cause: str, text: str) -> None:
    units = [{"kind": "knight", "routed": True}]
    assert E.render(E.CASUALTIES(house="stark", area="riverrun", units=units, cause=cause)) == text


def test_r7_8_combat_view_keeps_the_deciding_strengths_after_the_fight() -> None:
    """After the victor is known (R7.8) the view shows the strengths that decided the fight,
    not what is left on the board: here the attacker's footman has retreated (R7.10) when
    Patchface's decision comes (R7.12.2), and still counted 1."""
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.units("riverrun", "baratheon", "knight", "knight")
    g = s.attack("lannister", "harrenhal", "riverrun", "footman")
    g.apply(1, "cersei_lannister")
    g.apply(2, "patchface")
    (d,) = g.pending()
    assert d.kind == D.PATCHFACE.name
    combat = g.view(None)["combat"]
    assert combat["winner"] == "defender" and combat["attacking_units"] == []
    att, dfn = combat["strength"]["attacker"], combat["strength"]["defender"]
    assert (att["units"], att["final"]) == (1, 1)  # the footman that fought
    assert (dfn["units"], dfn["final"]) == (4, 4)  # two knights


def test_r6_4_6_a_march_that_cannot_end_yet_says_why() -> None:
    """When "done" is not a choice the decision says why, for the player (R6.4.6): the plan
    breaks supply as it stands (F24), or its neutral-force attack is too weak so far
    (R6.5.1)."""
    s = Scenario(players=4).empty().supply("stark", 1)
    s.units("winterfell", "stark", "footman", "footman", "footman")
    s.units("white_harbor", "stark", "footman", "footman")
    s.units("moat_cailin", "stark", "footman")
    g = marching(s, "winterfell")
    assert g.pending()[0].about("blocked") == ""
    g.apply(g.pending()[0].seat, "footman>moat_cailin")
    (d,) = g.pending()
    assert "done" not in d.choices and d.about("blocked") == "supply"
    assert d.about("plan") == "footman>moat_cailin"
    s = Scenario(players=4, houses=["stark", "lannister", "baratheon", "greyjoy"]).empty()
    s.supply("stark", 6).units("blackwater", "stark", "knight", "knight", "footman")
    g = s.order("blackwater", "march+0").start(ResolveMarch("stark"))
    g.apply(g.pending()[0].seat, "blackwater")
    g.apply(g.pending()[0].seat, "knight>kings_landing")
    (d,) = g.pending()
    assert "done" not in d.choices and d.about("blocked") == "neutral_force"


def test_x_affc_d2_refusal_and_log_name_the_objective_card() -> None:
    """A refused objective is named in words (X-AFFC-D2); the log names cards, never ids."""
    from westeros.boardgame.affc import scoring_phase

    s = Scenario(scenario="affc").empty().round(10)
    s.objectives("stark", "stop_the_storm", "a_riper_fruit", "hold_court")
    s.units("storms_end", "stark", "footman")
    for house in ("stark", "lannister", "baratheon", "arryn"):
        s.power(house, 0)
    g = s.start(*scoring_phase())
    d = next(d for d in g.pending() if d.kind == D.SCORE_OBJECTIVE.name)
    text = refused(g, d.seat, "hold_court").player
    assert text.startswith("Stark: Hold Court is not possible now")
    assert "Stop the Storm (3 VP)" in d.prompt and "stop_the_storm" not in d.prompt
    g.apply(d.seat, "stop_the_storm")
    line = g.render([e for e in g.log if e.kind == "objective_scored"][-1])
    assert line == "Stark scores Stop the Storm: 3 victory points, now 3"

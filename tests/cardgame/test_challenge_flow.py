"""The challenge as a declared flow (issue 19): the steps of C11 in order, in one place, and
the record on the game naming the stage a challenge is at."""

from __future__ import annotations

from tests.cardgame.driver import FILLER, Table
from westeros.cardgame.challenges import FLOW, ChallengeStep


def test_c11_the_flow_lists_the_steps_of_the_procedure_in_order() -> None:
    assert [s.name for s in FLOW] == [
        "attackers",  # C11.1.3
        "stealth",  # C11.1.4
        "initiate",  # C11.1–C11.2
        "redirect",  # C21.6 (melee)
        "redirect_stealth",  # C21.6.2 (melee, after a redirect)
        "initiated",  # C11.3
        "attackers_window",  # C11.4
        "defenders",  # C11.5
        "defenders_window",  # C11.6
        "winner",  # C11.7
        "bonuses",  # C11.9
        "claim",  # C11.10
        "keywords",  # C11.11
        "end",  # C11.12
    ]
    assert ChallengeStep.FLOW is FLOW


def test_c11_the_record_names_the_running_stage_and_is_cleared_at_the_end() -> None:
    t = Table()
    a = t.add(0, FILLER)
    b = t.add(1, FILLER)
    t.add(1, FILLER)
    t.start("challenges")
    t.challenge(0, "military", [], stop=lambda d: d.kind == "attacker")
    ch = t.g.challenge
    assert ch is not None and ch.stage == "attackers" and not ch.declared
    assert t.g.view(0)["challenge"]["stage"] == "attackers"
    t.do(a)
    assert t.g.challenge is ch and ch.stage == "defenders" and ch.declared  # C11.1–C11.4 ran
    assert t.decision().kind == "defender" and t.decision().seat == 1
    t.do(b)
    t.do("done")
    t.auto(stop=lambda d: d.kind == "claim_kill")
    assert t.g.challenge is ch and ch.stage == "claim" and ch.winner == 0  # ties: attacker
    t.do(b)
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.challenge is None  # C11.12: the challenge is over

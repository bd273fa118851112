"""Whole random games with vassals (X-MOD-10): invariants after every choice (vassals hold no
power, no dominance token, at most 2 orders of their own tokens, cards only in their combats),
the random and heuristic bots answer every vassal decision legally, at both planning modes."""

from __future__ import annotations

import random

import pytest

from tests.boardgame.invariants import check_ended, check_invariants
from westeros.boardgame import decisions as D
from westeros.boardgame import vassals as V
from westeros.boardgame.builder import Scenario
from westeros.boardgame.game import PlayedGame, Round
from westeros.bots import RandomBot
from westeros.bots.heuristic import RULES, HeuristicBot

VASSAL_KINDS = {D.CHOOSE_VASSALS.name, D.VASSAL_ORDER.name}
FOR_A_VASSAL = {D.RAID.name, D.MARCH_ORDER.name, D.MARCH_MOVE.name}


def board_with_vassals(vassals: tuple[str, ...], seed: int, planning: str | None) -> PlayedGame:
    """The six-house board with ``vassals`` made vassals by hand (not yet handed out)."""
    s = Scenario(players=6, seed=seed, planning=planning).vassals(**dict.fromkeys(vassals))
    return s.start(Round(first=True))


def play(g: PlayedGame, heuristic: bool, seed: int) -> set[str]:
    """Play to the end, checking invariants after every choice; returns the kinds met (a
    decision for a vassal as ``<kind>@vassal``)."""
    seats = len(g.seat_houses)
    bots = [HeuristicBot(seed + s) if heuristic else RandomBot(seed + s) for s in range(seats)]
    ready = random.Random(seed)
    met: set[str] = set()
    while g.pending():
        d = next((p for p in g.pending() if not p.idle), g.pending()[0])
        if isinstance(d.about("vassal"), str):
            met.add(f"{d.kind}@vassal")
            assert d.seat == g.seat_for(str(d.about("vassal")))
        met.add(d.kind)
        if d.kind == D.PLAN_ORDERS.name and "ready" in d.choices and ready.random() < 0.5:
            choice: object = "ready"
        else:
            choice = bots[d.seat].choose(g.view(d.seat), d)
        assert choice in d.choices
        g.apply(d.seat, choice)  # type: ignore[arg-type]
        check_invariants(g)
    check_ended(g)
    assert g.winner not in g.vassals
    return met


@pytest.mark.parametrize(
    "vassals", [("martell",), ("baratheon", "tyrell"), ("stark", "greyjoy", "martell")]
)
def test_random_games_with_vassals_keep_the_invariants(vassals: tuple[str, ...]) -> None:
    """X-MOD-10.3–10.7: whole random games with 1–3 vassals (5, 4 and 3 seats)."""
    met: set[str] = set()
    for seed in range(2):
        met |= play(board_with_vassals(vassals, seed, None), heuristic=False, seed=seed)
    assert met >= VASSAL_KINDS
    assert {f"{k}@vassal" for k in FOR_A_VASSAL} <= met


def test_random_games_with_vassals_planned_at_the_table() -> None:
    """X-MOD-10.4: the players plan at the table, then the commanders order their vassals."""
    met = play(board_with_vassals(("lannister", "tyrell"), 5, "table"), heuristic=False, seed=5)
    assert {D.PLAN_ORDERS.name, *VASSAL_KINDS} <= met


def test_the_heuristic_bot_plays_every_vassal_decision_by_its_rules() -> None:
    """X-MOD-D1, X-MOD-D2: the heuristic bot has a rule for each vassal decision, answers
    legally, and plays the other decisions for a vassal as the vassal (context ``vassal``)."""
    assert {D.CHOOSE_VASSALS.name, D.VASSAL_ORDER.name, D.VASSAL_MUSTER.name} <= set(RULES)
    met: set[str] = set()
    for seed, vassals in enumerate((("martell", "baratheon"), ("stark",))):
        met |= play(board_with_vassals(vassals, seed, None), heuristic=True, seed=seed)
    assert met >= VASSAL_KINDS and f"{D.MARCH_MOVE.name}@vassal" in met


def test_the_heuristic_bot_gives_vassal_orders_it_scores() -> None:
    """X-MOD-D2: with an enemy to attack next to the vassal it places the vassal's March."""
    s = (
        Scenario(players=6)
        .empty()
        .vassals(martell="tyrell")
        .units("yronwood", "martell", "footman", "knight", "knight")
        .units("princes_pass", "stark", "footman")
        .units("highgarden", "tyrell", "footman")
    )
    g = s.start(V.VassalOrders())
    d = g.pending()[0]
    bot = HeuristicBot(0)
    assert bot.choose(g.view(d.seat), d) == "yronwood:vassal_march+0"

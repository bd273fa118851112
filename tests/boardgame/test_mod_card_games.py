"""Whole random games that play the Mother of Dragons vassal cards (X-MOD-10.7, X-MOD-10.9): on
the six-house board with three vassals, the random and heuristic bots answer every card text's
decision (X-MOD-D10) legally and the invariants hold after every choice (slow list)."""

from __future__ import annotations

from collections import Counter

from tests.boardgame.invariants import check_ended, check_invariants
from tests.boardgame.test_mod_vassal_games import board_with_vassals
from westeros.boardgame import decisions as D
from westeros.boardgame import tables as T
from westeros.bots import RandomBot
from westeros.bots.heuristic import HeuristicBot

VASSAL_CARDS = {c.id for c in T.VASSAL_CARDS}


def play(seed: int, heuristic: bool) -> tuple[Counter[str], set[str]]:
    """One whole game; returns the vassal cards revealed and the decision kinds met."""
    g = board_with_vassals(("martell", "baratheon", "greyjoy"), seed, None)
    bots = [
        HeuristicBot(seed + s) if heuristic else RandomBot(seed + s)
        for s in range(len(g.seat_houses))
    ]
    kinds: set[str] = set()
    while g.pending():
        d = next((p for p in g.pending() if not p.idle), g.pending()[0])
        choice = bots[d.seat].choose(g.view(d.seat), d)
        assert choice in d.choices, (d.kind, choice)
        kinds.add(d.kind)
        g.apply(d.seat, choice)
        check_invariants(g)
    check_ended(g)
    revealed = Counter(
        c
        for e in g.log
        if e.kind == "cards_revealed"
        for c in e.fields["cards"].values()
        if c in VASSAL_CARDS
    )
    return revealed, kinds


def test_whole_games_play_every_vassal_card_and_answer_their_decisions() -> None:
    revealed: Counter[str] = Counter()
    kinds: set[str] = set()
    for seed in range(6):
        for heuristic in (False, True):
            cards, met = play(seed, heuristic)
            revealed += cards
            kinds |= met
    assert set(revealed) == VASSAL_CARDS
    assert {D.BRONN.name, D.JON_CONNINGTON.name, D.BERIC_DONDARRION.name} <= kinds

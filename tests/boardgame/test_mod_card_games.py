"""Whole random Mother of Dragons games that play the MoD house cards (X-MOD-4.2, X-MOD-5.8,
X-MOD-10.9): the 7-house board with three vassals and the 8-house board with Targaryen's deck A
or B; the random and heuristic bots answer every card text's decision (X-MOD-D10) legally and
the invariants hold after every choice, cards removed from the game included (X1.3). Slow list.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tests.boardgame.invariants import check_ended, check_invariants
from westeros.bots import RandomBot
from westeros.bots.heuristic import HeuristicBot
from westeros.engine import new_game
from westeros.rl.actions import MOD_CARD_KINDS as CARD_KINDS
from westeros.rl.actions import MOD_CARDS

CONFIGS: tuple[dict[str, Any], ...] = (
    {"scenario": "mod", "players": 4},  # three vassals
    {"scenario": "mod", "players": 8, "essos": True},  # Targaryen deck A
    {"scenario": "mod", "players": 8, "essos": True, "targaryen_deck": "b"},
)


def play(config: dict[str, Any], seed: int, heuristic: bool) -> tuple[Counter[str], set[str]]:
    """One whole game; returns the MoD cards revealed and the card decisions met."""
    g = new_game("boardgame", config, seed)
    bots = [
        HeuristicBot(seed + s) if heuristic else RandomBot(seed + s)
        for s in range(config["players"])
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
        if c in MOD_CARDS
    )
    return revealed, kinds & CARD_KINDS


def test_whole_mod_games_play_the_mod_cards_and_answer_their_decisions() -> None:
    """18 games (3 seeds, 3 boards, 2 bots): nearly every MoD card is played and most of the
    card decisions are met (all 28 and all 7 when this was written)."""
    revealed: Counter[str] = Counter()
    kinds: set[str] = set()
    for seed in range(3):
        for config in CONFIGS:
            for heuristic in (False, True):
                cards, met = play(config, seed, heuristic)
                revealed += cards
                kinds |= met
    assert len(revealed) >= 24, sorted(MOD_CARDS - set(revealed))
    assert len(kinds) >= 5, sorted(CARD_KINDS - kinds)

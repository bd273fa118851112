"""What the search bot needs of the card game: which decisions it searches and how good a
position is for a seat, read from the public view (``game.view(None)``) only."""

from __future__ import annotations

import math

from westeros.cardgame.public import decisions as D
from westeros.engine import Decision, Game

SEARCHED = frozenset(
    k.name
    for k in (
        D.PLOT,
        D.FIRST_PLAYER,
        D.CHALLENGE,
        D.ATTACKER,
        D.DEFENDER,
        D.CLAIM_KILL,
        D.TARGET,
        D.SETUP,
        D.TITLE,
    )
)


def searched(decision: Decision) -> bool:
    """Challenges, plots, setup, targets and marshaling; not the other windows (passes)."""
    if decision.kind == D.ACTION.name:
        return decision.about("window") == "marshaling"
    return decision.kind in SEARCHED


def evaluate(game: Game, seat: int) -> float:
    """How good the position is for ``seat`` in [0, 1]: 1 a win, 0 a loss (in melee a place
    counts a little); before the end a squashed lead over the best other player in power
    (C20.1), then the strength of the characters in play and the cards in hand."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner == seat:
            return 1.0
        if seat not in outcome.ranking:
            return 0.0
        rank = outcome.ranking.index(seat)
        return 0.2 * (1 - rank / max(1, len(outcome.ranking) - 1))
    view = game.view(None)
    strength: dict[int, int] = {}
    for card in view["in_play"]:
        if card.get("type") == "character" and card.get("zone") == "play":
            who = card["controller"]
            strength[who] = strength.get(who, 0) + int(card.get("strength", 0))
    scores = {
        p["seat"]: p["power"] + 0.25 * strength.get(p["seat"], 0) + 0.3 * p["hand_size"]
        for p in view["players"]
        if not p["eliminated"]
    }
    if seat not in scores:
        return 0.0
    others = [v for s, v in scores.items() if s != seat]
    best_other = max(others, default=0.0)
    return 0.5 + 0.5 * math.tanh((scores[seat] - best_other) / 5.0)

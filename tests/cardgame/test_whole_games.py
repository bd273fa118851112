"""Seeded random joust games played to their end, invariants checked after every choice
(cards conserved across zones, gold and power never negative, power conserved, attachments
on cards in play, the unique rule, one challenge of each type per player per phase)."""

from __future__ import annotations

import pytest

from tests.cardgame.invariants import check_invariants, power_balance
from westeros.cardgame.state import CardGame
from westeros.engine import Rng, new_game

SEEDS = range(40)
STARTER_PAIRS = [
    ("Core-1", "Core-2"),
    ("Core-3", "Core-4"),
    ("Core-1", "Core-3"),
    ("Core-2", "Core-4"),
    ("Core-1", "Core-4"),
    ("Core-2", "Core-3"),
]


def play_checked(config: dict[str, object], seed: int) -> CardGame:
    g = new_game("cardgame", config, seed)
    assert isinstance(g, CardGame)
    rng = Rng(seed * 31 + 1)
    check_invariants(g)
    for _ in range(20_000):
        pending = g.pending()
        if not pending:
            break
        d = pending[rng.below(len(pending))]
        before = {c: rec.power for c, rec in g.play.items()}
        challenges = [p.challenges for p in g.players]
        mark = len(g.log)
        g.apply(d.seat, rng.choice(d.choices))
        check_invariants(g, challenges)
        power_balance(before, g, g.log[mark:])
    assert g.is_over, "a random joust game did not end"
    return g


@pytest.mark.parametrize("seed", SEEDS)
def test_random_joust_game_keeps_the_invariants(seed: int) -> None:
    g = play_checked({}, seed)
    outcome = g.outcome()
    assert outcome is not None and outcome.winner in (0, 1)
    assert outcome.ranking[0] == outcome.winner
    # C20.3/C20.4: the game ends by 15 power or by an empty draw deck
    winner = outcome.winner
    assert g.total_power(winner) >= 15 or any(p.eliminated for p in g.players)


def test_decks_swapped_seats_play_too() -> None:
    play_checked({"decks": ["westeros-lannister", "westeros-stark"]}, 99)


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (3, 6)])
def test_random_melee_game_keeps_the_invariants(players: int, seed: int) -> None:
    """C21: melee with titles, 3 to 6 players."""
    g = play_checked({"players": players}, seed)
    outcome = g.outcome()
    assert outcome is not None and len(outcome.ranking) == players


@pytest.mark.parametrize(("a", "b"), STARTER_PAIRS)
def test_starter_decks_play_whole_games_in_every_pairing(a: str, b: str) -> None:
    """C4.8: the four Core Set starter decks, every pairing, seats both ways."""
    for seed, decks in enumerate(([a, b], [b, a])):
        g = play_checked({"decks": decks, "casual": True}, 40 + seed)
        assert g.outcome() is not None


def test_starter_decks_in_a_four_player_melee() -> None:
    g = play_checked({"decks": ["Core-1", "Core-2", "Core-3", "Core-4"]}, 77)
    outcome = g.outcome()
    assert outcome is not None and len(outcome.ranking) == 4

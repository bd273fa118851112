"""Seeded random games played to their end, invariants checked after every choice (cards
conserved across zones, gold and power never negative, power conserved, attachments on cards
in play, the unique rule, one challenge of each type per player per phase, and issue 20's:
see invariants.py), by two bots — the random bot and one that prefers using abilities — with
the automatic setting (D7, D11, D14, D15, D22, D23) on and off."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.cardgame.invariants import check_invariants, in_play, power_balance
from westeros.cardgame.decklists import SHIPPED
from westeros.cardgame.state import CardGame
from westeros.engine import Choice, Decision, Rng, new_game

Bot = Callable[[Rng, Decision], Choice]


def random_bot(rng: Rng, d: Decision) -> Choice:
    return rng.choice(d.choices)


def ability_bot(rng: Rng, d: Decision) -> Choice:
    """Uses an ability (or plays an event) whenever one is offered, else chooses at random."""
    uses = [c for c in d.choices if isinstance(c, str) and c.startswith("use:")]
    return rng.choice(uses or d.choices)


BOTS = {"random": random_bot, "abilities": ability_bot}
# (bot, automatic setting): every test below runs with each
SETTINGS = [("random", True), ("random", False), ("abilities", True), ("abilities", False)]
SETTING_IDS = [f"{bot}-{'auto' if auto else 'choose'}" for bot, auto in SETTINGS]
SEEDS = range(20)
STARTER_PAIRS = [
    ("Core-1", "Core-2"),
    ("Core-3", "Core-4"),
    ("Core-1", "Core-3"),
    ("Core-2", "Core-4"),
    ("Core-1", "Core-4"),
    ("Core-2", "Core-3"),
]


def play_checked(
    config: dict[str, object], seed: int, bot: str = "random", auto: bool = True
) -> CardGame:
    g = new_game("cardgame", {**config, "auto": auto}, seed)
    assert isinstance(g, CardGame)
    choose = BOTS[bot]
    rng = Rng(seed * 31 + 1)
    check_invariants(g)
    for _ in range(20_000):
        pending = g.pending()
        if not pending:
            break
        d = pending[rng.below(len(pending))]
        before = {c: rec.power for c, rec in g.play.items()}
        challenges = [p.challenges for p in g.players]
        cards = in_play(g)
        mark = len(g.log)
        g.apply(d.seat, choose(rng, d))
        check_invariants(g, challenges, cards)
        power_balance(before, g, g.log[mark:])
    assert g.is_over, "a random game did not end"
    outcome = g.outcome()
    assert outcome is not None and outcome.winner is not None  # C20.3, C20.4: never stuck
    return g


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_joust_game_keeps_the_invariants(seed: int, bot: str, auto: bool) -> None:
    g = play_checked({}, seed + (20 if bot == "abilities" else 0), bot, auto)
    outcome = g.outcome()
    assert outcome is not None and outcome.winner in (0, 1)
    assert outcome.ranking[0] == outcome.winner
    # C20.3/C20.4: the game ends by 15 power or by an empty draw deck
    winner = outcome.winner
    assert g.total_power(winner) >= 15 or any(p.eliminated for p in g.players)


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
def test_decks_swapped_seats_play_too(bot: str, auto: bool) -> None:
    play_checked({"decks": ["westeros-lannister", "westeros-stark"]}, 99, bot, auto)


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (6, 4), (4, 5), (3, 6)])
def test_random_melee_game_keeps_the_invariants(
    players: int, seed: int, bot: str, auto: bool
) -> None:
    """C21: melee with titles, 3 to 6 players."""
    g = play_checked({"players": players}, seed, bot, auto)
    outcome = g.outcome()
    assert outcome is not None and len(outcome.ranking) == players


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
@pytest.mark.parametrize(("a", "b"), STARTER_PAIRS)
def test_starter_decks_play_whole_games_in_every_pairing(
    a: str, b: str, bot: str, auto: bool
) -> None:
    """C4.8: the four Core Set starter decks, every pairing, seats both ways."""
    for seed, decks in enumerate(([a, b], [b, a])):
        g = play_checked({"decks": decks, "casual": True}, 40 + seed, bot, auto)
        assert g.outcome() is not None


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
def test_starter_decks_in_a_four_player_melee(bot: str, auto: bool) -> None:
    g = play_checked({"decks": ["Core-1", "Core-2", "Core-3", "Core-4"]}, 77, bot, auto)
    outcome = g.outcome()
    assert outcome is not None and len(outcome.ranking) == 4


def small_deck(name: str) -> dict[str, object]:
    """A starter deck cut to its first 16 card titles (16 to 30 cards), without agenda."""
    deck = SHIPPED[name]()
    return {"faction": deck.faction, "plots": list(deck.plots), "draw": dict(deck.draw[:16])}


@pytest.mark.parametrize(("bot", "auto"), SETTINGS, ids=SETTING_IDS)
@pytest.mark.parametrize("seed", range(3))
def test_small_decks_eliminate_players_in_melee_and_joust(seed: int, bot: str, auto: bool) -> None:
    """C20.4, D15, Q12: decks run out mid-game, several at once, in melee and joust; the
    invariants hold through every elimination and the game ends with a winner."""
    players = 2 + seed
    names = [f"Core-{1 + (seed + i) % 4}" for i in range(players)]
    g = play_checked({"decks": [small_deck(n) for n in names], "casual": True}, seed, bot, auto)
    assert sum(p.eliminated for p in g.players) == players - 1  # the last one standing wins

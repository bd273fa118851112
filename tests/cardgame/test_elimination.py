"""Winning and elimination (C20) as continuous state checks, checked after every step (issue
20, items 8 and 11): an empty draw deck eliminates whatever emptied it (C20.4, Q16), 15 power
wins however it was reached (C20.1, C20.3), the draw phase's draws are simultaneous (C8.2),
several results at once are ordered by the first player (D15), everyone eliminated at once
leaves the last one standing in that order the winner (C20.4), and an eliminated melee player
resolves and decides nothing more (Q12)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.cardgame.driver import Effect, Table
from westeros.cardgame import actions as A
from westeros.cardgame.abilities import TEXTS, text
from westeros.cardgame.decklists import SHIPPED
from westeros.cardgame.state import CardGame
from westeros.cardgame.texts.common import forced_reaction, when_revealed
from westeros.engine import new_game

THREE = ("stark", "lannister", "baratheon")
SUMMONS = "01022"  # When Revealed: search the top 10 cards for a character, add it to hand
BANNERS = "01007"  # Calling the Banners: When Revealed: choose an opponent, gain gold
BLANK = "01025"
CLASH = "01001"  # A Clash of Kings (its text replaced in one test)
BODY = "01132"


# -- C20.4: an empty deck, whatever emptied it -------------------------------------------


def test_c20_4_a_deck_emptied_by_a_search_eliminates_at_once() -> None:
    """Summons takes the last card of the deck into the hand: no draw, still eliminated
    (the check ran only at draws)."""
    t = Table(deck=1)
    t.plot_phase({0: SUMMONS, 1: BLANK}, first=0)
    only = t.g.players[0].deck[0]
    t.do(only)  # the search: the deck's only card, to hand
    assert not t.g.players[0].deck
    assert t.g.players[0].eliminated and t.g.winner == 1 and t.g.is_over


def test_c20_4_a_deck_empty_after_setup_eliminates_before_the_first_round() -> None:
    """Q16: checked at any time after setup, not at the first draw."""
    plots = list(SHIPPED["westeros-stark"]().plots)
    small = {"faction": "stark", "plots": plots, "draw": {BODY: 3, "01127": 3, "01145": 1}}
    g = new_game("cardgame", {"decks": [small, "westeros-lannister"], "auto": True}, 1)
    assert isinstance(g, CardGame)
    for _ in range(100):
        d = g.pending()[0]
        assert d.kind in ("mulligan", "setup", "attach_to"), d  # no plot is ever chosen
        g.apply(d.seat, "keep" if d.kind == "mulligan" else d.choices[-1])
        if g.is_over:
            break
    assert g.players[0].eliminated and g.winner == 1 and g.round == 0


def test_c20_4_a_player_with_an_empty_deck_is_out_before_the_next_step() -> None:
    """A reaction or effect that empties a deck: the player is out before anything else."""
    t = Table(THREE, deck=2)
    t.run(Effect(lambda g: A.discard_from_deck(g, 1, 2)), phase="challenges")
    assert t.g.players[1].eliminated and t.g.winner is None  # two players left


# -- C20.1 / C20.3: 15 power, however it was reached -------------------------------------


def test_c20_1_power_gained_by_taking_control_wins_at_once() -> None:
    """C20.1: power on cards a player controls counts; taking control of a card with power
    can reach 15 (only gains and moves were checked)."""
    t = Table()
    t.power(0, 12)
    theirs = t.add(1, BODY, power=3)
    t.run(Effect(lambda g: A.take_control(g, theirs, 0)), phase="challenges")
    assert t.g.winner == 0 and t.g.is_over


# -- C8.2 and D15: simultaneous draws, results in the first player's order ----------------


def test_c8_2_draw_phase_draws_are_simultaneous_and_the_first_player_orders_d15() -> None:
    """Both decks hold one card: both players draw it, then the first player (seat 0,
    choosing) orders the eliminations; seat 1 out first, seat 0 is the last one standing."""
    t = Table(deck=1, auto=[False, True])
    hands = [len(t.hand(0)), len(t.hand(1))]
    t.start("draw")
    d = t.decision()
    assert d.kind == "result" and d.seat == 0
    assert set(d.choices) == {"out:0", "out:1"}
    assert [len(t.hand(0)), len(t.hand(1))] == [hands[0] + 1, hands[1] + 1]  # both drew
    t.do("out:1")
    assert t.g.players[1].eliminated and not t.g.players[0].eliminated
    assert t.g.winner == 0 and t.g.is_over
    assert t.g.outcome() is not None and t.g.outcome().reason.endswith("last player left")


def test_c8_2_the_first_player_may_order_themselves_out_first() -> None:
    t = Table(deck=1, first=0, auto=[False, False])
    t.start("draw")
    t.do("out:0")
    assert t.g.winner == 1


def test_d15_automatic_eliminations_leave_the_first_player_last() -> None:
    """D15's automatic answer: the first player is eliminated last, so wins (C20.4)."""
    t = Table(deck=1, first=1)
    t.start("draw")
    assert t.g.players[0].eliminated and not t.g.players[1].eliminated
    assert t.g.winner == 1 and t.g.is_over


def test_c20_4_one_empty_deck_in_the_draw_phase_eliminates_that_player() -> None:
    t = Table(deck=3)
    t.g.players[0].deck = t.g.players[0].deck[:1]
    t.start("draw")
    assert t.g.players[0].eliminated and t.g.winner == 1


def test_d15_c20_3_several_players_at_15_power_the_first_player_picks_the_winner() -> None:
    t = Table(first=1, auto=[True, False])

    def both(g: CardGame) -> None:
        for seat in (0, 1):
            g.update(g.players[seat].faction, power=15)

    t.run(Effect(both), phase="challenges")
    d = t.decision()
    assert d.kind == "result" and d.seat == 1 and set(d.choices) == {"win:0", "win:1"}
    t.do("win:0")
    assert t.g.winner == 0 and t.g.is_over


def test_d15_a_win_and_an_elimination_at_once_are_ordered_by_the_first_player() -> None:
    """C20.4 (C16.20): seat 0 reaches 15 power as its deck empties; the first player (seat
    1) puts the elimination first, so seat 1 is the last one standing."""
    t = Table(first=1, auto=[True, False])

    def both(g: CardGame) -> None:
        g.update(g.players[0].faction, power=15)
        g.players[0].deck.clear()

    t.run(Effect(both), phase="challenges")
    assert set(t.choices()) == {"win:0", "out:0"}
    t.do("out:0")
    assert t.g.winner == 1


# -- item 11: everyone eliminated at once ------------------------------------------------


@pytest.mark.parametrize("auto", [True, False])
def test_c20_4_everyone_eliminated_at_once_in_melee_the_last_one_standing_wins(
    auto: bool,
) -> None:
    """Every deck empties in the same draw: the first player orders the eliminations and
    the last one standing wins (C20.4); the game ends with a winner, no error."""
    t = Table(THREE, deck=1, first=2, auto=auto)
    t.start("draw")
    if not auto:
        for out in (0, 1):
            d = t.decision()
            assert d.kind == "result" and d.seat == 2
            t.do(f"out:{out}")
    assert t.g.is_over and t.g.winner == 2
    assert [p.eliminated for p in t.g.players] == [True, True, False]
    outcome = t.g.outcome()
    assert outcome is not None and outcome.ranking[0] == 2 and len(outcome.ranking) == 3


def test_c20_4_everyone_eliminated_at_once_from_a_whole_game() -> None:
    """The issue's failure: jousts whose decks empty in the same draw raised ValueError in
    the dominance phase; they now end (found by playing seeded games with tiny decks)."""
    plots = list(SHIPPED["westeros-stark"]().plots)
    tiny = {"faction": "stark", "plots": plots, "draw": {BODY: 3, "01127": 3, "01145": 3}}
    ended = 0
    for seed in range(8):
        g = new_game("cardgame", {"decks": [tiny, tiny], "auto": seed % 2 == 0}, seed)
        for _ in range(2000):
            pending = g.pending()
            if not pending:
                break
            d = pending[0]
            g.apply(d.seat, d.choices[(seed + len(g.log)) % len(d.choices)])
        assert g.is_over
        outcome = g.outcome()
        assert outcome is not None and outcome.winner is not None
        ended += 1
    assert ended == 8


# -- Q12: an eliminated melee player leaves at once ---------------------------------------


def test_q12_an_eliminated_player_resolves_no_when_revealed_and_decides_nothing(
    texts: dict[str, Any],
) -> None:
    """Seat 0's plot (test text) discards the top card of every opponent's deck: seat 1's
    only card goes, seat 1 is out at once, and its Calling the Banners (choose an opponent)
    neither resolves nor asks seat 1 anything."""
    TEXTS.pop(CLASH, None)
    text(
        CLASH,
        when_revealed(
            lambda g, ctx: [A.discard_from_deck(g, s, 1) for s in g.opponents(ctx.you)],
        ),
    )
    t = Table(THREE, deck=3, first=0)
    t.g.players[1].deck = t.g.players[1].deck[:1]
    t.plot_phase({0: CLASH, 1: BANNERS, 2: BLANK}, first=0)
    for _ in range(50):
        pending = t.pending()
        if not pending or t.g.phase != "plot":
            break
        d = pending[0]
        assert d.seat != 1 or not t.g.players[1].eliminated, d
        t.do(d.choices[0], seat=d.seat)
    assert t.g.players[1].eliminated
    assert not [e for e in t.g.log if e.kind == "gold" and e["player"] == 1]


def test_q12_a_challenge_against_a_player_eliminated_during_it_has_no_winner(
    texts: dict[str, Any],
) -> None:
    """The defending player is eliminated while the challenge resolves (a test text: after
    attackers are declared, the defender's deck is discarded): they have left the game, so
    nobody wins the challenge (no unopposed power, no claim)."""
    TEXTS.pop(BODY, None)
    text(
        BODY,
        forced_reaction(
            "attackers_declared",
            lambda g, ctx: A.discard_from_deck(g, 1, 99),
            when=lambda g, ctx: ctx.occ is not None and ctx.source in ctx.occ.cards,
        ),
    )
    t = Table(THREE)
    attacker = t.add(0, BODY)
    t.start("challenges")
    mark = len(t.g.log)
    t.challenge(0, "military", [attacker])
    t.auto(stop=lambda d: d.kind == "challenge")
    assert t.g.players[1].eliminated
    results = [e for e in t.g.log[mark:] if e.kind == "challenge_result"]
    assert [e["winner"] for e in results] == [None]
    assert t.g.total_power(0) == 0
    assert not [e for e in t.g.log[mark:] if e.kind == "claim"]

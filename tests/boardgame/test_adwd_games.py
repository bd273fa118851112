"""Whole random games of A Dance with Dragons (X-ADWD): invariants, views, secrecy, bad input,
replay hash by hash (the checks of test_fuzz.py), and every new decision met."""

from __future__ import annotations

import pytest

from tests.boardgame.test_fuzz import heuristic_game, play_checked
from westeros.boardgame import decisions as D

ADWD = {"scenario": "adwd"}
NEW_KINDS = {
    D.REEK.name,
    D.QYBURN.name,
    D.AERON_POWER.name,
    D.ILYN_PAYNE.name,
    D.JON_SNOW.name,
    D.MELISANDRE.name,
    D.RODRIK.name,
    D.GERRIS.name,
}


@pytest.mark.parametrize("tides", [False, True])
def test_deep_checks_on_a_random_adwd_game(tides: bool) -> None:
    """Bad input at every decision of a whole 6-round game (X-ADWD-2.2)."""
    kinds = play_checked(6, 2400 + tides, tides=tides, deep=True, extra=ADWD)
    assert D.HOUSE_CARD.name in kinds


def test_the_adwd_cards_in_a_base_game() -> None:
    """X-ADWD-1.1: the ADwD deck with the base scenario, 4 players."""
    play_checked(4, 77, extra={"house_cards": "adwd"})


def test_seeded_adwd_games_meet_every_new_decision_kind() -> None:
    kinds: set[str] = set()
    for i in range(16):
        kinds |= play_checked(6, 2500 + i, tides=i % 4 == 3, extra=ADWD)
    assert kinds >= NEW_KINDS, NEW_KINDS - kinds


def test_the_heuristic_bot_answers_every_adwd_decision_legally() -> None:
    """Every seat heuristic; each new kind is answered by its own rule (not the random
    fallback) with a legal choice."""
    met: set[str] = set()
    for seed in range(4):
        config = {"players": 6, "scenario": "adwd", "tides": seed == 1}
        met |= heuristic_game(config, seed, NEW_KINDS)
    assert met  # some of the new decisions came up


def test_an_adwd_sample_carries_no_other_seats_secret() -> None:
    """R1.14 with the ADwD cards: another seat's orders, bids and cards never reach a sample."""
    from tests.bots.test_determinize import no_secret_reaches_a_sample

    config = {"players": 6, "scenario": "adwd", "tides": True}
    kinds = no_secret_reaches_a_sample(config, 31, every=3)
    assert {"place_order", "house_card"} <= kinds, kinds


def test_a_determinized_adwd_game_is_a_legal_game() -> None:
    from tests.bots.test_determinize import _positions
    from westeros.bots import RandomBot, play_out
    from westeros.engine import new_game

    game = new_game("boardgame", {"players": 6, "scenario": "adwd"}, 32)
    checked = 0
    for position in _positions(game, 32, every=151):
        seat = position.pending()[0].seat
        sample = position.determinize(seat, checked)
        assert sample.view(seat) == position.view(seat)
        play_out(sample, [RandomBot(checked * 10 + s) for s in range(6)])
        assert sample.outcome() is not None
        checked += 1
    assert checked >= 3

"""Whole random games of A Feast for Crows (X-AFFC): invariants (the 28 objective cards
conserved, victory points 0..7), views and objective secrecy, bad input, replay hash by hash
(the checks of test_fuzz.py); samples carry no other seat's objectives; the bots play the new
decisions legally."""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.test_fuzz import heuristic_game, play_checked
from westeros.boardgame import decisions as D
from westeros.boardgame.state import BoardGame
from westeros.engine import new_game

AFFC: dict[str, Any] = {"scenario": "affc"}
NEW_KINDS = {D.RETURN_OBJECTIVE.name, D.SCORE_SPECIAL.name, D.SCORE_OBJECTIVE.name}


@pytest.mark.parametrize("tides", [False, True])
def test_deep_checks_on_a_random_affc_game(tides: bool) -> None:
    """Bad input at every decision of a whole AFfC game (X-AFFC-2, X-AFFC-4)."""
    kinds = play_checked(4, 3100 + tides, tides=tides, deep=True, extra=AFFC)
    assert kinds >= NEW_KINDS


def test_seeded_affc_games_end_by_victory_points() -> None:
    """X-AFFC-4.5, X-AFFC-4.6: seeded games end on 7 VP or after round 10, never on castles."""
    for i in range(3):  # X-AFFC-Q3 with 19 tokens for Arryn
        play_checked(4, 3200 + i, tides=i == 2, extra={**AFFC, "arryn_power_tokens": 19})
    reasons = {_random_game(3300 + i).end_reason for i in range(6)}
    assert reasons <= {"7 victory points", "end of round 10"}, reasons


def _random_game(seed: int) -> BoardGame:
    from westeros.bots import RandomBot

    g: BoardGame = new_game("boardgame", {"players": 4, **AFFC}, seed)
    bots = [RandomBot(seed + s) for s in range(4)]
    while g.pending():
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
    return g


def test_the_heuristic_bot_answers_every_affc_decision_legally() -> None:
    """Every seat heuristic; each new kind is answered by its own rule (not the random
    fallback) with a legal choice (X-AFFC-D1, X-AFFC-D2)."""
    met: set[str] = set()
    for seed in range(3):
        met |= heuristic_game({"players": 4, **AFFC, "tides": seed == 1}, seed, NEW_KINDS)
    assert met == NEW_KINDS


def test_the_heuristic_bot_scores_when_it_can_and_keeps_what_is_worth_most() -> None:
    """X-AFFC-D2: it always scores its special objective and the card worth most to it;
    X-AFFC-D1: it returns the card worth least to it (a card it fulfils now counts +2)."""
    from westeros.bots.heuristic import HeuristicBot
    from westeros.bots.heuristic.objectives import REACHABLE_BONUS

    g = new_game("boardgame", {"players": 4, **AFFC}, 4)
    bot = HeuristicBot(1)
    d = g.pending()[0]
    view = g.view(d.seat)
    house, objectives = view["house"], view["objectives"]

    def worth(card: str) -> float:
        bonus = REACHABLE_BONUS if card in objectives["fulfilled"] else 0.0
        return objectives["cards"][card]["victory_points"][house] + bonus

    assert worth(str(bot.choose(view, d))) == min(worth(str(c)) for c in d.choices)
    special = D.SCORE_SPECIAL.ask(d.seat, "score?", ("score", "pass"))
    assert bot.choose(view, special) == "score"
    cards = [c for c in objectives["hand"]][:2]
    scoring = D.SCORE_OBJECTIVE.ask(d.seat, "which?", (*cards, "pass"))
    best = max(cards, key=lambda c: objectives["cards"][c]["victory_points"][house])
    assert bot.choose(view, scoring) == best


def test_an_affc_sample_carries_no_other_seats_secret() -> None:
    """R1.14, X-AFFC-2.8: at every simultaneous decision (the keep-3 choice, orders, bids, house
    cards) another seat's choice never reaches a sample."""
    from tests.bots.test_determinize import no_secret_reaches_a_sample

    kinds = no_secret_reaches_a_sample({"players": 4, **AFFC, "tides": True}, 41, every=2)
    assert {D.RETURN_OBJECTIVE.name, D.PLACE_ORDER.name} <= kinds, kinds


def _swap_hidden(g: BoardGame, seat: int) -> BoardGame:
    """The game with the objective deck and the other houses' hands dealt otherwise (sizes
    kept): the same game as far as ``seat`` can tell."""
    other = g.clone()
    me = g.house_of(seat)
    others = [h for h in g.houses if h != me]
    cards = [*other.objective_deck, *(c for h in others for c in other.objective_hands[h])]
    cards.reverse()
    for house in others:
        size = len(other.objective_hands[house])
        other.objective_hands[house], cards = tuple(cards[:size]), cards[size:]
    other.objective_deck = tuple(cards)
    return other


def test_the_objective_deck_and_other_hands_never_reach_the_sample() -> None:
    """X-AFFC-2.8: whatever the hidden objective cards are, a seat's sample is the same; its
    own hand, the scored cards and the hand sizes are kept."""
    g = _random_game_until_round(7, 3)
    assert g.round == 3 and g.pending()
    for seat in range(4):
        me = g.house_of(seat)
        other = _swap_hidden(g, seat)
        assert other.objective_hands != g.objective_hands or len(g.objective_deck) < 2
        a, b = g.determinize(seat, 9), other.determinize(seat, 9)
        assert a.state_hash() == b.state_hash(), seat
        assert a.objective_hands[me] == g.objective_hands[me]
        assert a.objectives_scored == g.objectives_scored
        assert {h: len(c) for h, c in a.objective_hands.items()} == {
            h: len(c) for h, c in g.objective_hands.items()
        }
        assert sorted(
            [*a.objective_deck, *(c for h in a.houses for c in a.objective_hands[h])]
        ) == (sorted([*g.objective_deck, *(c for h in g.houses for c in g.objective_hands[h])]))
        assert a.view(seat) == g.view(seat)  # the seat sees the same game


def _random_game_until_round(seed: int, round_: int) -> BoardGame:
    from westeros.bots import RandomBot

    g: BoardGame = new_game("boardgame", {"players": 4, **AFFC}, seed)
    bots = [RandomBot(seed + s) for s in range(4)]
    while g.pending() and g.round < round_:
        d = g.pending()[0]
        g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
    return g


def test_a_determinized_affc_game_plays_to_the_end() -> None:
    from westeros.bots import RandomBot

    g = _random_game_until_round(13, 4)
    sample = g.determinize(g.pending()[0].seat, 21)
    bots = [RandomBot(s) for s in range(4)]
    while sample.pending():
        d = sample.pending()[0]
        sample.apply(d.seat, bots[d.seat].choose(sample.view(d.seat), d))
    assert sample.outcome() is not None


def test_a_card_known_to_be_in_a_hand_stays_there_in_samples(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """R1.14: a card everybody saw a house take (affc.KNOWN_HOLDINGS, as Shifting Ambitions
    shows its pool) stays in that hand in every sample; the other unseen cards move."""
    from westeros.boardgame import affc

    g = _random_game_until_round(11, 2)
    card = g.objective_hands["stark"][0]
    monkeypatch.setattr(affc, "KNOWN_HOLDINGS", [lambda game: {"stark": {card}}])
    seat = g.seat_of("arryn")
    moved = False
    for seed in range(6):
        sample = g.determinize(seat, seed)
        assert card in sample.objective_hands["stark"]
        assert len(sample.objective_hands["stark"]) == len(g.objective_hands["stark"])
        moved |= sample.objective_hands["stark"] != g.objective_hands["stark"]
    assert moved  # the rest of Stark's hand is resampled

"""Random whole games: replay determinism, no leaks in views, bad input refused (R1.14)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.boardgame.invariants import check_ended, check_invariants
from tests.conformance.harness import check_illegal_input
from westeros.boardgame.state import BoardGame
from westeros.bots import RandomBot
from westeros.engine import Choice, Decision, IllegalAction, Record, new_game, replay

SECRET_KINDS = {"bid", "plan_bid", "place_order", "plan_orders", "house_card", "return_objective"}
PUBLIC_WORDS = {"ready", "unready"}  # at the table readiness is public (R5.1, R3.7.2)


def _masked(view: dict[str, Any]) -> str:
    """A seat's view without the fields that legitimately change when another seat moves."""
    v = dict(view)
    v.pop("waiting_for")
    v.pop("ready")  # public: who is ready at the table (never a token)
    # That a face-down order lies in an area is public; its token is checked in _check_views.
    v["orders"] = {a: o for a, o in v["orders"].items() if o["house"] == v["house"]}
    return json.dumps(v, sort_keys=True)


def play_checked(
    players: int,
    seed: int,
    tides: bool = False,
    deep: bool = False,
    extra: dict[str, Any] | None = None,
) -> set[str]:
    """Play a random game checking invariants, views and (if ``deep``) bad input at every step.

    Returns the decision kinds met. The game's record is replayed and must give the same
    hash after every move. ``extra``: more config (a scenario, a house-card deck).
    """
    config = {"players": players, "tides": tides, **(extra or {})}
    g: BoardGame = new_game("boardgame", config, seed)
    bots = [RandomBot(seed * 31 + s) for s in range(players)]
    record = Record("boardgame", config, seed, hashes=[])
    kinds: set[str] = set()
    previous: Decision | None = None
    taken_back = random.Random(seed)  # at the table: now and then a ready house unreadies
    while g.pending():
        pending = g.pending()
        idle = [p for p in pending if p.idle]
        d = idle[0] if idle and taken_back.random() < 0.1 else pending[0]
        kinds.add("unready" if d.idle else d.kind)
        if deep:
            check_illegal_input(g, d, players, previous)
        previous = d
        if d.kind == "plan_orders" and not d.idle and taken_back.random() < 0.8:
            choice = _towards_ready(d, taken_back)  # a uniform walk would take long to ready
        else:
            choice = bots[d.seat].choose(g.view(d.seat), d)
        secret = d.kind in SECRET_KINDS and choice not in PUBLIC_WORDS
        # the other seats choosing the same secretly (not, e.g., an idle gift of power)
        others = [p.seat for p in pending if secret and p.seat != d.seat and p.kind == d.kind]
        views_before = {s: _masked(g.view(s)) for s in others}
        g.apply(d.seat, choice)
        record.moves.append((d.seat, choice))
        assert record.hashes is not None
        record.hashes.append(g.state_hash())
        check_invariants(g)
        _check_views(g)
        for s in others:  # a secret choice of d.seat shows nothing new to the others
            still = next((p for p in g.pending() if p.seat == s), None)
            if still is not None and still.kind == d.kind:
                assert _masked(g.view(s)) == views_before[s], (d.kind, s)
    check_ended(g)
    with pytest.raises(IllegalAction, match="game is over"):
        g.apply(0, "pass")
    replay(Record.loads(record.dumps()))  # raises on any diverging hash
    return kinds


def heuristic_game(config: dict[str, Any], seed: int, new_kinds: set[str]) -> set[str]:
    """A whole game with every seat heuristic: each decision of ``new_kinds`` is answered by
    its own rule (not the random fallback) with a legal choice. Returns those met."""
    from westeros.bots.heuristic import RULES, HeuristicBot
    from westeros.bots.heuristic.board import Board

    met: set[str] = set()
    g: BoardGame = new_game("boardgame", config, seed)
    bots = [HeuristicBot(seed * 10 + s) for s in range(config["players"])]
    while g.pending():
        d = g.pending()[0]
        view = g.view(d.seat)
        if d.kind in new_kinds:
            met.add(d.kind)
            assert RULES[d.kind](Board(view), d) in d.choices, d
        choice = bots[d.seat].choose(view, d)
        assert choice in d.choices
        g.apply(d.seat, choice)
    assert g.outcome() is not None
    return met


def _towards_ready(d: Decision, rng: random.Random) -> Choice:
    """At the table: ready when the house may, else a random token for its next empty area, or
    (none fits there: only sea tokens are left, X-MOD-9.1) a random placement elsewhere."""
    if "ready" in d.choices:
        return "ready"
    places = [c for c in d.choices if str(c).startswith("place:")]
    here = [c for c in places if str(c).startswith(f"place:{d.about('area')}:")]
    return rng.choice(here or places or list(d.choices))


def _check_views(g: BoardGame) -> None:
    """No seat sees another's face-down orders, deck order or the Raven's peek."""
    for seat in (None, *range(len(g.seat_houses))):
        v = g.view(seat)
        me = v["house"]
        mine = {me, *(h for h, c in v.get("commanders", {}).items() if c == me)}  # X-MOD-10.4
        for order in v["orders"].values():
            if not g.orders_revealed and order["house"] not in mine:
                assert order["token"] is None
        for vassal in set(g.vassals) - mine:  # X-MOD-10.7 cards drawn by another commander
            assert v["houses"][vassal]["hand"] == []
        if v["raven_peek"] is not None:
            assert me == g.raven_peek_house
        text = json.dumps(v)
        assert 'wildling_deck"' not in text and "westeros_decks" not in text
        if g.is_affc():  # X-AFFC-2.8: a hand is its house's secret; the deck everyone's
            _check_objective_secrecy(g, v)


def _check_objective_secrecy(g: BoardGame, v: dict[str, Any]) -> None:
    objectives, me = v["objectives"], v["house"]
    assert objectives["hand"] == (list(g.objective_hands[me]) if me is not None else None)
    assert objectives["hand_sizes"] == {h: len(g.objective_hands[h]) for h in g.houses}
    hidden = set(g.objective_deck) | {c for h in g.houses if h != me for c in g.objective_hands[h]}
    text = json.dumps(v)
    assert "objective_deck" not in text
    assert not [c for c in hidden if f'"{c}"' in text], "an unseen objective card shows"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_deep_checks_on_random_games(players: int) -> None:
    """Bad input at every decision of a whole game; views and replay checked every step."""
    kinds = play_checked(players, 1000 + players, tides=players % 2 == 0, deep=True)
    assert {"place_order", "march_order", "march_move", "bid"} & kinds


@pytest.mark.parametrize("players", [3, 6])
def test_random_games_planned_at_the_table(players: int) -> None:
    """Planning at the table (orders placed, changed, removed, readied and unreadied at
    random; march plans reset at random; bids changed, confirmed and taken back, R3.7.2,
    R4.3.2; muster plans built and reset, R3.6): the same invariants, secrecy (a bid changed
    shows nothing to the others) and replay checks."""
    kinds = play_checked(players, 7000 + players, extra={"planning": "table"})
    assert {"plan_orders", "unready", "plan_bid", "plan_muster"} <= kinds
    assert not {"place_order", "bid", "muster"} & kinds


@settings(
    max_examples=12, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(players=st.integers(3, 6), seed=st.integers(0, 2**32), tides=st.booleans())
def test_hypothesis_random_games(players: int, seed: int, tides: bool) -> None:
    play_checked(players, seed, tides)


def test_many_seeded_games_meet_every_decision_kind() -> None:
    """Seeded loop over whole games for every player count (CI plays 200+ games in all)."""
    kinds: set[str] = set()
    for i in range(48):
        kinds |= play_checked(3 + i % 4, 5000 + i, tides=i % 8 >= 4)
    expected = {
        "place_order",
        "raven",
        "raid",
        "march_order",
        "march_move",
        "march_token",
        "consolidate",
        "bid",
        "muster",
        "westeros_choice",
        "reconcile",
        "support",
        "accept_support",
        "house_card",
        "blade",
        "retreat",
    }  # "casualty" is asked only when the loser's units differ (test_combat.py covers it)
    assert expected <= kinds, expected - kinds

"""Whole random Mother of Dragons games with House Targaryen (X-MOD-1.2): every decision of the
8-house board met and answered legally by the bots, invariants (Targaryen last on every track,
X-MOD-5.1; loyalty tokens conserved, X-MOD-7.1; unit pools, X-MOD-5.7), views, replay hash by
hash (the checks of test_fuzz.py)."""

from __future__ import annotations

from typing import Any

from tests.boardgame.test_fuzz import play_checked
from westeros.boardgame import decisions as D
from westeros.boardgame import loyalty
from westeros.boardgame import tables as T
from westeros.boardgame.state import BoardGame
from westeros.bots import RandomBot
from westeros.engine import new_game

MOD8: dict[str, Any] = {"scenario": "mod", "essos": True}
TG_KINDS = {D.BID_HANDOUT.name, D.LOYALTY_AREA.name, D.LOYALTY_MOVE.name}


def _check(g: BoardGame) -> None:
    for track in g.tracks.values():
        assert track[-1] == "targaryen"  # X-MOD-5.1
    on_board = sum(g.loyalty.values())
    assert on_board + g.loyalty_taken + loyalty.tokens_left(g) == T.TARGARYEN.loyalty_tokens
    assert all(g.areas[a].is_land for a in g.loyalty)  # XF21
    assert not any(u.kind == "siege_engine" for _, u in g.units_of("targaryen"))  # XF24


def _random_game(seed: int, players: int = 8, **extra: Any) -> tuple[BoardGame, set[str]]:
    g: BoardGame = new_game("boardgame", {"players": players, **MOD8, **extra}, seed)
    bots = [RandomBot(seed * 7 + s) for s in range(players)]
    kinds: set[str] = set()
    while g.pending():
        d = g.pending()[0]
        kinds.add(d.kind)
        g.apply(d.seat, bots[d.seat].choose(g.view(d.seat), d))
        _check(g)
    assert g.outcome() is not None
    return g, kinds


def test_whole_random_8_player_mod_games() -> None:
    """X-MOD-1.2: random 8-house games end (7 castles, 7 loyalty or round 10) and meet the
    Targaryen decisions (X-MOD-D4, X-MOD-D6)."""
    kinds: set[str] = set()
    reasons = set()
    for seed in range(4):
        g, met = _random_game(4100 + seed, targaryen_deck="ab"[seed % 2])
        kinds |= met
        reasons.add(g.end_reason)
    assert kinds >= TG_KINDS, TG_KINDS - kinds
    assert reasons


def test_deep_checks_on_a_random_8_player_mod_game() -> None:
    """Bad input at every decision, views, replay hash by hash (test_fuzz.play_checked)."""
    kinds = play_checked(8, 4200, deep=True, extra=MOD8)
    assert D.BID_HANDOUT.name in kinds


def test_the_heuristic_bot_answers_every_targaryen_decision_legally() -> None:
    """Every seat heuristic on the 8-house board; each Targaryen kind met is answered by its
    own rule (X-MOD-D4, X-MOD-D6) with a legal choice."""
    from tests.boardgame.test_fuzz import heuristic_game

    kinds = {
        D.BID_HANDOUT.name,
        D.LOYALTY_AREA.name,
        D.LOYALTY_PLAYER.name,
        D.LOYALTY_UNIT.name,
        D.LOYALTY_CANCEL.name,
        D.FIRE_MADE_FLESH.name,
    }
    met: set[str] = set()
    for seed in range(3):
        met |= heuristic_game({"players": 8, **MOD8}, 4300 + seed, kinds)
    assert D.LOYALTY_AREA.name in met

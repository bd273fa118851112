"""Every registered game passes the same conformance test (architecture: the engine contract).

The toy game, the board game and the card game.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.boardgame.invariants import check_ended, check_invariants
from tests.conformance.harness import Case, check_bad_configs, play_and_check
from tests.engine.toy import INFO as TOY
from westeros.boardgame.state import BoardGame
from westeros.engine import Game, IllegalAction, game_info, known_games, new_game, register

register(TOY)

MOD: dict[str, Any] = {"scenario": "mod"}
ESSOS: dict[str, Any] = {**MOD, "essos": True}
# Mother of Dragons (X-MOD-13.1): the 7-house board with 4, 3, 2 and 1 vassals (X-MOD-10) and
# with 7 players; 5 players with Essos and 3 vassals (some seats with the automatic setting);
# 8 players with Essos and the Iron Bank
MOD_CONFIGS: tuple[dict[str, Any], ...] = (
    {"players": 3, **MOD},
    {"players": 4, **MOD, "tides": True},
    {"players": 5, **MOD},
    {"players": 6, **MOD},
    {"players": 7, **MOD},
    {"players": 5, **ESSOS, "auto": [True, False, True, False, True]},  # the automatic setting
    {"players": 8, **ESSOS, "iron_bank": True},
)


def board_invariants(game: Game) -> None:
    """The board game's invariants (tests/boardgame/invariants.py: units, orders, supply, the
    vassals', sea orders'...), and the end checks once the game is over."""
    assert isinstance(game, BoardGame)
    check_invariants(game)
    if game.is_over:
        check_ended(game)


CASES = [
    Case("toy-nim", configs=({}, {"pile": 12}), bad_configs=({"pile": 0}, {"pile": "5"}, [])),
    Case(
        "boardgame",
        configs=(
            {"players": 3},
            {"players": 4, "tides": True},
            {"players": 6, "tides": True},
            {"players": 6, "scenario": "adwd"},  # A Dance with Dragons (X-ADWD)
            {"players": 4, "scenario": "affc"},  # A Feast for Crows (X-AFFC)
            {"players": 4, "scenario": "affc", "arryn_power_tokens": 19},  # X-AFFC-Q3
            *MOD_CONFIGS,
        ),
        bad_configs=(
            {"players": 7},
            {"players": 5, "scenario": "adwd"},  # X-ADWD-2.1
            {"scenario": "affc"},  # 6 players by default: AFfC is for exactly 4 (X-AFFC-2.1)
            {"players": 4, "scenario": "affc", "arryn_power_tokens": 30},  # X-AFFC-Q3
            {"players": 4, "arryn_power_tokens": 19},  # an AFfC setting only
            {"players": 8, "scenario": "mod"},  # 8 houses need Essos (X-MOD-1.2, X-MOD-13.1)
            {"players": 2, "scenario": "mod"},  # X-MOD-13.1: 3-7 on the 7-house board
            {"players": 3, "scenario": "mod", "essos": True},  # X-MOD-Q2: 4-8 with Essos
            {"players": 6, "scenario": "mod", "vassals": ["arryn", "stark"]},  # 1 for 6 players
            # X-MOD-1.5: Targaryen is never a vassal
            {
                "players": 5,
                "scenario": "mod",
                "essos": True,
                "vassals": ["targaryen", "stark", "arryn"],
            },
            {"players": 4, "vassals": ["arryn", "stark"]},  # a MoD setting only
            {"players": 4, "scenario": "mod", "auto": [True]},  # one per seat, or one for all
            {"house_cards": "mod"},
            {"players": "6"},
            {"tides": "yes"},
            {"players": 4, "houses": ["stark"]},
            {"bogus": 1},
            "players=6",
        ),
        seeds=(3,),
        every=9,
        invariants=board_invariants,
        determinize=True,
    ),
    Case(
        "cardgame",
        configs=(
            {},
            {"decks": ["westeros-lannister", "westeros-stark"], "casual": True},
            {"players": 3},
            {"players": 4},
            {"players": 5},
            {"players": 6},
            {"decks": ["Core-1", "Core-3"]},
            {"decks": ["Core-1", "Core-2", "Core-3", "Core-4"]},
            # the automatic setting (D7, D11, D14, D15, D22, D23): on, off (above), per seat
            {"auto": True},
            {"players": 3, "auto": [True, False, True]},
        ),
        bad_configs=(
            {"players": 7},
            {"players": 1},
            {"players": 3, "decks": ["westeros-stark"]},
            {"decks": ["westeros-stark"]},
            {"decks": ["no-such-deck", "westeros-stark"]},
            {"decks": [{"faction": "stark", "plots": [], "draw": {}}, "westeros-stark"]},
            {"casual": "yes"},
            {"auto": "yes"},
            {"auto": [True]},
            {"bogus": 1},
            "decks",
        ),
        seeds=(3, 4),
        every=3,
    ),
]
PLAYS = [(c, cfg, seed) for c in CASES for cfg in c.configs for seed in c.seeds]


def test_every_registered_game_has_a_conformance_case() -> None:
    assert {c.kind for c in CASES} == set(known_games())


@pytest.mark.parametrize(
    ("case", "config", "seed"), PLAYS, ids=[f"{c.kind}-{cfg}-{s}" for c, cfg, s in PLAYS]
)
def test_conformance_play_out(case: Case, config: dict[str, Any], seed: int) -> None:
    play_and_check(case, config, seed)


@pytest.mark.parametrize("case", CASES, ids=[c.kind for c in CASES])
def test_conformance_bad_config_is_a_clear_error(case: Case) -> None:
    check_bad_configs(case)


@pytest.mark.parametrize("case", CASES, ids=[c.kind for c in CASES])
def test_conformance_metadata(case: Case) -> None:
    info = game_info(case.kind)
    assert info.name == case.kind and info.title
    assert 1 <= info.min_players <= info.max_players


@pytest.mark.parametrize("kind", ["raid", "march_order", "place_order", "bid"])
def test_a_float_seat_is_refused_at_every_kind_of_board_decision(kind: str) -> None:
    """``apply(0.0, choice)`` used to be accepted at raid and march decisions (and then a record
    holding it could not be loaded) and raised a bare TypeError at order and bid decisions."""
    from westeros.bots import RandomBot

    game = new_game("boardgame", {"players": 6}, 5)
    bot = RandomBot(1)
    for _ in range(5000):
        pending = game.pending()
        d = next((p for p in pending if p.kind == kind), None)
        if d is not None:
            before = game.state_hash()
            for seat in (float(d.seat), bool(d.seat), str(d.seat)):
                with pytest.raises(IllegalAction, match="seat must be an integer"):
                    game.apply(seat, d.choices[0])  # type: ignore[arg-type]
                assert game.state_hash() == before
            return
        game.apply(pending[0].seat, bot.choose({}, pending[0]))
    raise AssertionError(f"no {kind} decision met")

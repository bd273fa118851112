"""The fixed action enumeration (docs/rl.md): every legal choice has one index that
round-trips, blocks follow the catalogue, the documented table is the real one."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.rl.helpers import random_games
from westeros.boardgame import decisions as D
from westeros.engine import Decision
from westeros.rl import actions as A

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_blocks_cover_every_kind_once_and_contiguously() -> None:
    # every kind but planning at the table's (people only: docs/rl.md) and Mother of Dragons'
    # Targaryen's (MoD games are refused: X-MOD-D4, X-MOD-D6)
    left_out = A.TABLE_ONLY_KINDS | A.MOD_ONLY_KINDS | A.GIFT_KINDS
    assert [b.kind for b in A.BLOCKS] == [k for k in D.KINDS if k not in left_out]
    assert D.BID_HANDOUT.name in A.MOD_ONLY_KINDS
    assert {D.PLAN_ORDERS.name, D.PLAN_BID.name, D.PLAN_MUSTER.name} == A.TABLE_ONLY_KINDS
    assert not any(c in A.TABLE_ONLY_WORDS for _, c in A.ACTIONS)
    at = 0
    for block in A.BLOCKS:
        assert block.start == at and block.size > 0
        assert {A.ACTIONS[i][0] for i in range(at, at + block.size)} == {block.kind}
        at += block.size
    assert at == A.N_ACTIONS == len(set(A.ACTIONS))


def test_every_enumerated_choice_fits_its_kinds_grammar() -> None:
    for kind, choice in A.ACTIONS:
        codec = D.KINDS[kind]
        assert codec.unparse(codec.parse(choice)) == choice


def test_every_legal_choice_in_random_games_has_an_index_that_round_trips() -> None:
    met = 0
    for _game, decision in random_games(12):
        indices = A.legal_indices(decision)
        assert len(set(indices)) == len(decision.choices)
        for i, choice in zip(indices, decision.choices, strict=True):
            assert A.choice(i) == (decision.kind, choice)
            assert A.index(decision.kind, choice) == i
            assert A.decode(decision, i) == choice
        mask = A.mask(decision)
        assert mask.dtype == np.int8 and int(mask.sum()) == len(decision.choices)
        met += 1
    assert met > 3000


def test_unknown_and_illegal_actions_are_refused() -> None:
    decision = D.BID.ask(0, "bid", (0, 1, 2))
    with pytest.raises(A.UnknownChoice):
        A.index("bid", 99)
    with pytest.raises(ValueError):
        A.decode(decision, A.index("bid", 3))  # a bid, but not a legal one
    with pytest.raises(ValueError):
        A.decode(decision, A.index("house_card", "tywin_lannister"))  # another kind
    with pytest.raises(ValueError):
        A.decode(decision, A.N_ACTIONS)
    assert A.mask(None).sum() == 0
    bids = next(b.start for b in A.BLOCKS if b.kind == "bid")  # after westeros_choice's options
    assert A.mask(Decision(0, "bid", "bid", (0, 5))).nonzero()[0].tolist() == [bids, bids + 5]


def test_the_documented_table_is_the_enumeration() -> None:
    text = DOC.read_text(encoding="utf-8")
    for row in A.table():
        assert row in text, row
    assert f"Discrete({A.N_ACTIONS})" in text


def test_x_affc_the_objective_decisions_have_indices_and_affc_is_an_environment() -> None:
    """The AFfC decisions (X-AFFC-D1, X-AFFC-D2) map to indices and back; an AFfC session's
    agents are its four houses, Arryn among them (X-AFFC-2.1; the observation encodes House
    Arryn and the objectives: tests/rl/test_scenarios.py)."""
    from westeros.rl.spaces import space

    for kind, choice in [
        ("return_objective", "land_grab"),
        ("score_special", "score"),
        ("score_objective", "pass"),
        ("score_objective", "the_throne"),
    ]:
        assert A.choice(A.index(kind, choice)) == (kind, choice)
    agents = space("boardgame", config={"players": 4, "scenario": "affc"}).agents
    assert agents == ("stark", "lannister", "baratheon", "arryn")

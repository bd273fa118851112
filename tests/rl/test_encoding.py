"""The observation encoding reads only the seat's view: fixed size, in [0, 1], and blind to
other seats' secrets (R1.14) — an observation never changes when only another seat's secret
differs."""

from __future__ import annotations

import numpy as np

from tests.rl.helpers import random_games
from tests.rl.reference_encoding import reference_encode
from westeros.boardgame import decisions as D
from westeros.engine import Game, new_game
from westeros.rl.core import Session
from westeros.rl.encoding import AREA_WIDTH, OBS_SIZE, SECTIONS, encode, encode_game

SECRET_KINDS = {D.PLACE_ORDER.name, D.BID.name, D.HOUSE_CARD.name}


def observe(game: Game, seat: int) -> dict[str, np.ndarray]:
    session = Session(game.info.players(game.config))
    session.game = game
    return session.observe(seat)


def same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return all(np.array_equal(a[k], b[k]) for k in ("observation", "action_mask"))


def test_sections_tile_the_vector() -> None:
    at = 0
    for start, size in SECTIONS.values():
        assert start == at
        at += size
    assert at == OBS_SIZE
    assert SECTIONS["areas"][1] == 58 * AREA_WIDTH


def test_observations_are_float32_in_the_unit_interval() -> None:
    """Every seat's view at every decision of random games encodes (no unknown value)."""
    for game, decision in random_games(6, first_seed=40):
        seat = (decision.seat + game.moves) % game.info.players(game.config)
        obs = encode(game.view(seat))
        assert obs.shape == (OBS_SIZE,) and obs.dtype == np.float32
        assert obs.min() >= 0.0 and obs.max() <= 1.0


def test_r1_14_other_seats_face_down_orders_do_not_change_an_observation() -> None:
    game = new_game("boardgame", {"players": 4}, 5)
    a, b = game, game.clone()
    first = a.pending()[0]
    assert first.kind == D.PLACE_ORDER.name and first.seat == 0
    placed = 0
    while a.pending()[0].seat == 0 and len(a.pending()) > 1:
        da, db = a.pending()[0], b.pending()[0]
        assert (da.kind, da.prompt) == (db.kind, db.prompt)  # the same area
        a.apply(0, da.choices[0])
        b.apply(0, db.choices[-1])  # another token there
        placed += 1
        for seat in (1, 2, 3):
            assert same(observe(a, seat), observe(b, seat))
    assert placed >= 3
    assert not np.array_equal(observe(a, 0)["observation"], observe(b, 0)["observation"])


def test_r1_14_no_secret_choice_changes_another_seats_observation() -> None:
    """In random games, at every secret decision (orders, bids, house cards) taken while
    other seats still have to choose, two different choices leave the others' observations
    equal."""
    checked = 0
    for n, (game, decision) in enumerate(random_games(4, first_seed=20)):
        if decision.kind not in SECRET_KINDS or len(decision.choices) < 2 or n % 3:
            continue
        others = {d.seat for d in game.pending()} - {decision.seat}
        if not others:
            continue
        a, b = game.clone(), game.clone()
        a.apply(decision.seat, decision.choices[0])
        b.apply(decision.seat, decision.choices[1])
        for seat in range(game.info.players(game.config)):
            if seat != decision.seat:
                assert same(observe(a, seat), observe(b, seat)), (decision, seat)
        checked += 1
    assert checked > 50


def test_the_fast_path_is_bit_identical_to_the_view_encoder() -> None:
    """``encode_game(game, seat)`` (from the state) equals the reference encoder of the view
    (the encoder as it was, kept in tests) and today's ``encode(view)``, bit for bit, for every
    seat and the spectator at every step of seeded random games of 3–6 players, with and
    without Tides of Battle."""
    steps = fights = 0
    for game, _decision in random_games(8, first_seed=60):
        players = game.info.players(game.config)
        for seat in (*range(players), None):
            view = game.view(seat)
            fast = encode_game(game, seat)
            assert fast.dtype == np.float32 and fast.shape == (OBS_SIZE,)
            assert fast.tobytes() == reference_encode(view).tobytes(), (game.moves, seat)
            assert fast.tobytes() == encode(view).tobytes(), (game.moves, seat)
        steps += 1
        fights += view["combat"] is not None
    assert steps > 1000 and fights > 50


def test_session_observations_come_from_the_fast_path() -> None:
    session = Session(4, tides=True)
    session.reset(3)
    for seat in range(4):
        obs = session.observe(seat)["observation"]
        assert obs.tobytes() == reference_encode(session.g.view(seat)).tobytes()

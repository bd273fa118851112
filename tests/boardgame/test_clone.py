"""clone() gives an independent game: bots search by cloning (architecture: engine contract)."""

from __future__ import annotations

import pytest

from westeros.engine import Rng, new_game


@pytest.mark.parametrize(("players", "tides"), [(3, False), (6, True)])
def test_clone_is_independent_at_every_kind_of_decision(players: int, tides: bool) -> None:
    game = new_game("boardgame", {"players": players, "tides": tides}, 77)
    rng = Rng(5)
    kinds_cloned: set[str] = set()
    step = 0
    while game.pending():
        d = game.pending()[0]
        if step % 7 == 0 or d.kind not in kinds_cloned:
            kinds_cloned.add(d.kind)
            before = game.state_hash()
            twin = game.clone()
            assert twin.state_hash() == before and twin.pending() == game.pending()
            other = Rng(step)
            for _ in range(25):  # play the clone on; the original must not change
                if not twin.pending():
                    break
                td = twin.pending()[0]
                twin.apply(td.seat, other.choice(td.choices))
            assert game.state_hash() == before
            assert game.pending()[0] == d
        game.apply(d.seat, rng.choice(d.choices))
        step += 1
    assert {"place_order", "march_move", "bid"} <= kinds_cloned

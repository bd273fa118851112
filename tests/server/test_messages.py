"""The state messages' fast paths give what the plain ones gave: orjson's text decodes to the
same JSON as ``json.dumps``'; the counted log size is the log's length."""

from __future__ import annotations

import json
import random

from westeros.engine import new_game
from westeros.server.fanout import encode, message
from westeros.server.live import LiveGame
from westeros.server.storage import SeatInfo


def live_game(players: int, seed: int) -> LiveGame:
    seats = tuple(SeatInfo(i, "human", None, f"p{i}", True) for i in range(players))
    return LiveGame("g", "boardgame", seats, game=new_game("boardgame", {"players": players}, seed))


def test_encoded_messages_decode_to_what_json_gives_over_a_game() -> None:
    live = live_game(3, 5)
    game = live.game
    assert game is not None
    rng = random.Random(5)
    since = {s: 0 for s in (0, 1, 2, None)}
    for _ in range(150):
        for seat in since:
            state = message(live, seat, since[seat])
            assert json.loads(encode(state)) == json.loads(json.dumps(state))
            since[seat] = state["next"]
        decision = game.pending()[0]
        game.apply(decision.seat, rng.choice(decision.choices))
        live.move += 1


def test_encode_keeps_json_semantics_for_keys_big_numbers_and_text() -> None:
    odd = {"n": {1: "one"}, "big": 2**70, "text": "Lannister – «Casterly Rock» \u202e"}
    assert json.loads(encode(odd)) == json.loads(json.dumps(odd))
    assert json.loads(encode({"k": {2: [1, 2]}})) == {"k": {"2": [1, 2]}}


def test_log_size_counts_on_and_starts_again_for_a_new_game_object() -> None:
    live = live_game(3, 2)
    game = live.game
    assert game is not None
    rng = random.Random(2)
    assert live.log_size() == len(game.events(None, 0))
    for _ in range(40):
        decision = game.pending()[0]
        game.apply(decision.seat, rng.choice(decision.choices))
        game.pending()
        assert live.log_size() == len(game.events(None, 0)) == len(game.events(0, 0))
    live.game = new_game("boardgame", {"players": 3}, 2)  # e.g. rebuilt from storage
    assert live.log_size() == len(live.game.events(None, 0))
    live.game = None
    assert live.log_size() == 0

"""The OpenSpiel game: registered, OpenSpiel's random-simulation test, observations."""

from __future__ import annotations

import json

import numpy as np
import pyspiel
import pytest

import westeros.rl.openspiel_game as osg
from tests.rl.helpers import (
    assert_resamples_keep_the_information_state,
    ismcts_game,
    public_observer,
    under_way,
)
from westeros.rl.actions import N_ACTIONS
from westeros.rl.encoding import OBS_SIZE, encode


def test_registered_with_imperfect_information() -> None:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 4})
    assert game.num_players() == 4
    assert game.num_distinct_actions() == N_ACTIONS
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.observation_tensor_size() == OBS_SIZE


@pytest.mark.parametrize(("players", "tides"), [(3, False), (4, True), (6, False)])
def test_openspiel_random_sim_test(players: int, tides: bool) -> None:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": players, "tides": tides, "seeds": 20})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_chance_picks_the_seed_and_observations_are_the_encoded_views() -> None:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 3, "seeds": 10})
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10
    state.apply_action(7)
    player = state.current_player()
    assert state.game is not None and state.game.seed == 7
    tensor = np.array(state.observation_tensor(player), dtype=np.float32)
    assert np.array_equal(tensor, encode(state.game.view(player)))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.game.moves < clone.game.moves  # the clone is independent
    assert state.legal_actions() == sorted(state.legal_actions())


def test_a_state_deserializes_to_the_same_game() -> None:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 4, "seeds": 10})
    state = game.new_initial_state()
    state.apply_action(3)
    for _ in range(40):
        state.apply_action(state.legal_actions()[-1])
    again = game.deserialize_state(state.serialize())
    assert again.game.state_hash() == state.game.state_hash()
    assert again.history() == state.history()


def _a_game_under_way(players: int = 3, moves: int = 40) -> tuple[pyspiel.Game, pyspiel.State]:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": players, "seeds": 10})
    return game, under_way(game, 4, moves)


def test_the_game_type_says_what_it_provides_and_nothing_falls_back() -> None:
    """An information-state string is provided (view and redacted log); no tensor: asking
    for one is an error, never the observation in disguise."""
    game, state = _a_game_under_way()
    kind = game.get_type()
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    player = state.current_player()
    info = json.loads(state.information_state_string(player))
    assert info["view"] == state.game.view(player)
    assert len(info["log"]) == len(state.game.events(player, 0)) > 10
    assert state.information_state_string(player) != state.observation_string(player)
    with pytest.raises(ValueError, match="information-state tensor"):
        state.information_state_tensor(player)


def test_r1_14_the_public_observation_holds_no_private_data() -> None:
    """The public observation is the spectator's view: the same for every player, and blind
    to a face-down order that changes the placing seat's own observation."""
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 4, "seeds": 10})
    state = game.new_initial_state()
    state.apply_action(2)
    seat = state.current_player()
    a, b = state.clone(), state.clone()
    legal = state.legal_actions()
    a.apply_action(legal[0])
    b.apply_action(legal[-1])
    public = public_observer(game)
    seen = []
    for s in (a, b):
        for player in range(4):
            public.set_from(s, player)
            seen.append(np.array(public.tensor, copy=True))
        assert public.string_from(s, seat) == json.dumps(s.game.view(None), sort_keys=True)
    assert all(np.array_equal(seen[0], t) for t in seen)
    assert np.array_equal(seen[0], encode(a.game.view(None)))
    assert a.observation_tensor(seat) != b.observation_tensor(seat)


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game, state = _a_game_under_way()
    assert_resamples_keep_the_information_state(state)


def test_openspiel_ismcts_bot_plays_a_whole_game() -> None:
    """OpenSpiel's own ISMCTSBot at seat 0, uniform random players at the others."""
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 3, "seeds": 10})
    state, searched = ismcts_game(game, 10)
    assert searched > 20
    assert sorted(state.returns()) == [0.0, 0.0, 1.0]

"""The OpenSpiel game: registered, OpenSpiel's random-simulation test, observations."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import westeros.rl.openspiel_game as osg
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

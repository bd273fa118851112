"""The OpenSpiel game: registered, OpenSpiel's random-simulation test, observations."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.observation import make_observation

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


def _a_game_under_way(players: int = 3, moves: int = 40) -> tuple[pyspiel.Game, pyspiel.State]:
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": players, "seeds": 10})
    state = game.new_initial_state()
    state.apply_action(4)
    rng = np.random.default_rng(moves)
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return game, state


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


def _public(game: pyspiel.Game) -> Any:
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    return make_observation(game, kind)


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
    public = _public(game)
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
    player = state.current_player()
    known = state.information_state_string(player)
    hashes = set()
    for _ in range(5):
        sample = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0, 1))
        assert sample.information_state_string(player) == known
        assert sample.legal_actions() == state.legal_actions()
        hashes.add(sample.game.state_hash())
    assert len(hashes) > 1  # the hidden part differs between samples
    assert state.information_state_string(player) == known  # the state itself is untouched


class FlatEvaluator:
    """An ISMCTS evaluator without roll-outs: equal shares before the end, uniform priors."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_terminal():
            return np.array(state.returns())
        n = state.get_game().num_players()
        return np.full(n, 1.0 / n)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def test_openspiel_ismcts_bot_plays_a_whole_game() -> None:
    """OpenSpiel's own ISMCTSBot at seat 0 (it resamples with ``resample_from_infostate`` and
    keys its tree by information-state strings), uniform random players at the others."""
    game = pyspiel.load_game(osg.SHORT_NAME, {"players": 3, "seeds": 10})
    rng = np.random.RandomState(0)
    bot = ISMCTSBot(game, FlatEvaluator(), uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(10)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 20
    assert sorted(state.returns()) == [0.0, 0.0, 1.0]

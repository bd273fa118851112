"""The card game as an OpenSpiel game (issue 22): an honest game type, OpenSpiel's random
simulation test, a public observation and an information state that hold no other seat's
hidden card (C1.9), ``resample_from_infostate``, and OpenSpiel's ISMCTSBot playing a whole
game."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel
import pytest

import westeros.rl.openspiel_game as osg
from tests.cardgame.driver import swap_hidden_card
from tests.rl.helpers import (
    assert_resamples_keep_the_information_state,
    ismcts_game,
    public_observer,
    under_way,
)
from westeros.rl.spaces import space

MELEE = "westeros-stark+westeros-lannister+westeros-stark"


def _load(**params: Any) -> pyspiel.Game:
    return pyspiel.load_game(osg.CARD_SHORT_NAME, {"seeds": 10, **params})


def test_registered_with_an_honest_game_type() -> None:
    game = _load()
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.provides_information_state_string
    assert not kind.provides_information_state_tensor
    s = space("cardgame")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == s.actions.n
    assert game.observation_tensor_size() == s.obs_size
    assert _load(decks=MELEE).num_players() == 3
    state = _load(auto=False).new_initial_state()
    state.apply_action(0)
    assert state.game.config["auto"] == [False, False]


@pytest.mark.parametrize("params", [{}, {"auto": False}, {"decks": MELEE}], ids=str)
def test_openspiel_random_sim_test(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(_load(**params), num_sims=2, serialize=True, verbose=False)


def _under_way(moves: int = 30) -> tuple[pyspiel.Game, pyspiel.State]:
    game = _load()
    return game, under_way(game, 3, moves)


def test_c1_9_a_hidden_card_changes_no_other_seats_observation_or_information_state() -> None:
    """The same state with one card of seat 1's hand traded with its deck: seat 0's
    observation, information state and the public observation are the same; seat 1's
    observation is not."""
    game, state = _under_way()
    other = state.clone()
    swapped = swap_hidden_card(state.game, 1)
    assert swapped is not None
    other._engine.game = swapped
    assert state.observation_string(0) == other.observation_string(0)
    assert state.observation_tensor(0) == other.observation_tensor(0)
    assert state.information_state_string(0) == other.information_state_string(0)
    assert state.observation_string(1) != other.observation_string(1)
    public = public_observer(game)
    seen = []
    for s in (state, other):
        for player in (0, 1):
            public.set_from(s, player)
            seen.append(np.array(public.tensor, copy=True))
            assert public.string_from(s, player) == json.dumps(s.game.view(None), sort_keys=True)
    assert all(np.array_equal(seen[0], t) for t in seen)


def test_the_information_state_is_the_view_and_the_readable_log() -> None:
    _, state = _under_way()
    player = state.current_player()
    info = json.loads(state.information_state_string(player))
    assert info["view"] == state.game.view(player)
    assert len(info["log"]) == len(state.game.events(player, 0)) > 5
    with pytest.raises(ValueError, match="information-state tensor"):
        state.information_state_tensor(player)


def test_resample_from_infostate_keeps_what_the_player_knows() -> None:
    _, state = _under_way(40)
    assert_resamples_keep_the_information_state(state)


def test_openspiel_ismcts_bot_plays_a_whole_card_game() -> None:
    """OpenSpiel's own ISMCTSBot as player 0 (it resamples with ``resample_from_infostate``),
    a uniform random player 1."""
    state, searched = ismcts_game(_load(), 10)
    assert searched > 20
    assert sorted(state.returns()) == [0.0, 1.0]

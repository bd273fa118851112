"""Mother of Dragons as an OpenSpiel game (``python_westeros_mod``, X-MOD-3): registered for 3 to
8 players with the MoD space and observation; a seat acts for its house and for the vassals it
commands (X-MOD-10.3); gifts (idle, X-MOD-11.1) are never a player's move; OpenSpiel's own
checks (random simulations with serialization), clone, deserialization and resampling."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

import westeros.rl.openspiel_game as osg
from tests.rl.helpers import assert_resamples_keep_the_information_state, under_way
from westeros.boardgame.public import decisions as D
from westeros.engine import Decision, Game
from westeros.rl import actions as A
from westeros.rl.mod_encoding import MOD_OBS_SIZE, mod_encode


def _load(**params: object) -> pyspiel.Game:
    return pyspiel.load_game(osg.MOD_SHORT_NAME, {"seeds": 10, **params})


def _waited(game: Game) -> Decision:
    return next(d for d in game.pending() if not d.idle)


def test_x_mod_3_registered_with_the_mod_space_for_3_to_8_players() -> None:
    kind = pyspiel.load_game(osg.MOD_SHORT_NAME).get_type()
    assert (kind.min_num_players, kind.max_num_players) == (3, 8)
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert pyspiel.load_game(osg.MOD_SHORT_NAME).num_players() == 7  # X-MOD-13.1 default
    for params, players in (({"players": 3}, 3), ({"players": 8, "essos": True}, 8)):
        game = _load(**params)
        assert game.num_players() == players
        assert game.num_distinct_actions() == A.MOD.n
        assert game.observation_tensor_size() == MOD_OBS_SIZE
    config = _load(players=5, essos=True, iron_bank=False, auto=True).space.config
    assert config["essos"] and not config["iron_bank"] and config["auto"] == [True] * 5
    assert config["starting_power"] == 5  # X-MOD-Q1: 5 without the Iron Bank
    config = _load(players=4, houses="stark+lannister+tyrell+arryn", starting_power=9).space.config
    assert config["vassals"] == ["baratheon", "greyjoy", "martell"]
    assert config["starting_power"] == 9


def test_x_mod_impossible_parameters_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="players must be"):
        _load(players=8)  # 8 players need Essos (X-MOD-13.1)
    with pytest.raises(ValueError, match="Targaryen is never a vassal"):
        _load(players=7, essos=True, vassals="targaryen")
    with pytest.raises(ValueError, match="python_westeros_mod"):  # the base game points to it
        pyspiel.load_game(osg.SHORT_NAME, {"players": 4, "scenario": "mod"})


def test_x_mod_10_3_the_commander_acts_for_its_vassals_and_gifts_are_never_a_move() -> None:
    """Each node's player is the seat of the first decision the game waits for: a vassal's
    decision is its commander's; an idle gift is open beside it but never the move."""
    game = _load(players=4)
    state = game.new_initial_state()
    state.apply_action(3)
    rng = np.random.default_rng(0)
    vassal_moves = gifts_open = 0
    for _ in range(400):
        engine = state.game
        decision = _waited(engine)
        assert decision.kind != D.GIFT.name and state.current_player() == decision.seat
        assert state.legal_actions() == sorted(A.MOD.legal_indices(decision))
        vassal = decision.about("vassal")
        if vassal is not None:
            vassal_moves += 1
            view = engine.view(decision.seat)
            assert view["commanders"][vassal] == view["seats"][decision.seat]
        gifts_open += any(d.idle and d.kind == D.GIFT.name for d in engine.pending())
        tensor = np.array(state.observation_tensor(decision.seat), dtype=np.float32)
        assert np.array_equal(tensor, mod_encode(engine.view(decision.seat)))
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert vassal_moves > 10 and gifts_open > 10


def test_x_mod_a_state_clones_and_deserializes_to_the_same_game() -> None:
    game = _load(players=5, essos=True)
    state = under_way(game, 2, 120)
    again = game.deserialize_state(state.serialize())
    assert again.game.state_hash() == state.game.state_hash()
    assert again.history() == state.history()
    assert again.current_player() == state.current_player()
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.game.moves < clone.game.moves  # the clone is independent
    assert state.game.state_hash() == again.game.state_hash()


def test_x_mod_resample_from_infostate_keeps_what_the_player_knows() -> None:
    game = _load(players=4, essos=True)
    assert_resamples_keep_the_information_state(under_way(game, 5, 60))


@pytest.mark.parametrize(
    "params",
    [{"players": 3}, {"players": 4, "essos": True, "auto": True}],
    ids=["3p", "4p_essos_auto"],
)
def test_openspiel_random_sim_test_on_mod(params: dict[str, object]) -> None:
    """OpenSpiel's own random playthrough checks (legal actions, observations, clones, and
    with serialization, every state deserialized again), one whole game each."""
    game = _load(**params)
    pyspiel.random_sim_test(game, num_sims=1, serialize=params["players"] == 3, verbose=False)

"""Small games and drivers for the adapter tests (both games)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.observation import make_observation
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from westeros.bots import RandomBot
from westeros.engine import Decision, Game, new_game
from westeros.rl.gym_env import WesterosGym
from westeros.rl.parallel_env import WesterosParallel
from westeros.rl.pettingzoo_env import WesterosAEC


def random_games(count: int, first_seed: int = 0) -> Iterator[tuple[Game, Decision]]:
    """Every (game, decision) met in ``count`` random games of 3–6 players, tides or not."""
    for seed in range(first_seed, first_seed + count):
        game = new_game("boardgame", {"players": 3 + seed % 4, "tides": seed % 2 == 0}, seed)
        bot = RandomBot(seed)
        while not game.is_over:
            decision = game.pending()[0]
            yield game, decision
            game.apply(decision.seat, bot.choose({}, decision))


def play_aec(e: WesterosAEC, seed: int) -> tuple[dict[str, float], int]:
    """A whole game with uniform masked random actions: the final rewards, the steps."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    steps = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert obs["action_mask"].any()
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
    return totals, steps


def random_actions(
    e: WesterosParallel, obs: dict[str, dict[str, np.ndarray]], rng: np.random.Generator
) -> dict[str, int]:
    """A uniform legal action for every agent of a parallel env (0 when it has none)."""
    out = {}
    for agent in e.agents:
        legal = np.flatnonzero(obs[agent]["action_mask"])
        out[agent] = int(rng.choice(legal)) if len(legal) else 0
    return out


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


def ismcts_game(game: pyspiel.Game, seeds: int) -> tuple[pyspiel.State, int]:
    """A whole game: OpenSpiel's own ISMCTSBot at seat 0 (it resamples with
    ``resample_from_infostate`` and keys its tree by information-state strings), 4
    simulations a move, uniform random players at the others. The final state and the moves
    the bot searched."""
    rng = np.random.RandomState(0)
    bot = ISMCTSBot(game, FlatEvaluator(), uct_c=2.0, max_simulations=4, random_state=rng)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(seeds)))
        elif state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state, searched


def maskable_ppo_plays_legally(env: WesterosGym, n_steps: int, net: int) -> None:
    """sb3-contrib's MaskablePPO on ``env`` with no glue: it finds the masks by itself
    (``action_masks()``), learns three rollouts, then plays only legal actions (an env with
    ``illegal_action="raise"`` raises on any other)."""
    assert is_masking_supported(env)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=n_steps,
        batch_size=n_steps // 2,
        n_epochs=1,
        seed=0,
        device="cpu",
        policy_kwargs={"net_arch": [net]},
    )
    model.learn(total_timesteps=3 * n_steps)
    assert model.num_timesteps >= 3 * n_steps
    obs, _ = env.reset(seed=5)
    for _ in range(20):
        masks = get_action_masks(env)
        action, _ = model.predict(obs, action_masks=masks)
        assert masks[int(action)]
        obs, _, done, _, _ = env.step(int(action))
        if done:
            break


def assert_resamples_keep_the_information_state(state: pyspiel.State) -> None:
    """``resample_from_infostate`` gives states with the acting player's information state and
    legal actions, different hidden parts from one sample to the next, the state untouched."""
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


def under_way(game: pyspiel.Game, seed: int, moves: int) -> pyspiel.State:
    """A state of ``game`` after the seed and ``moves`` uniform random moves."""
    state = game.new_initial_state()
    state.apply_action(seed)
    rng = np.random.default_rng(moves)
    for _ in range(moves):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def public_observer(game: pyspiel.Game) -> Any:
    """OpenSpiel's observer of public information only (no private data)."""
    kind = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    return make_observation(game, kind)

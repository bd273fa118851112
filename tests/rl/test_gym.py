"""The Gymnasium single-agent wrapper: the env checker, whole episodes, illegal actions."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from westeros.bots.heuristic import HeuristicBot
from westeros.bots.registry import PerGame
from westeros.rl.gym_env import GYM_ID, WesterosGym
from westeros.rl.opponents import make_opponent


def test_gymnasium_check_env() -> None:
    check_env(WesterosGym(players=3), skip_render_check=True)
    check_env(gym.make(GYM_ID, players=4, render_mode="ansi").unwrapped)


def test_a_whole_episode_against_random_bots() -> None:
    env = WesterosGym(players=4, seat=2)
    obs, info = env.reset(seed=11)
    assert info["house"] == env.house
    rng = np.random.default_rng(0)
    done, steps, reward = False, 0, 0.0
    while not done:
        assert env.session.decision().seat == 2  # type: ignore[union-attr]
        obs, reward, done, truncated, info = env.step(
            rng.choice(np.flatnonzero(obs["action_mask"]))
        )
        assert not truncated
        steps += 1
    assert steps > 20
    outcome = info["outcome"]
    assert reward == (1.0 if outcome["winner"] == 2 else 0.0)
    assert obs["action_mask"].all() and env.action_masks().all()  # terminal: a valid mask
    assert obs["observation"].any()  # the final view, not zeros


def test_same_seed_same_game() -> None:
    a, b = WesterosGym(players=3), WesterosGym(players=3)
    oa, _ = a.reset(seed=5)
    ob, _ = b.reset(seed=5)
    for _ in range(30):
        assert np.array_equal(oa["observation"], ob["observation"])
        action = int(np.flatnonzero(oa["action_mask"])[-1])
        oa, *_ = a.step(action)
        ob, *_ = b.step(action)


def test_illegal_actions_are_penalized_or_raise() -> None:
    env = WesterosGym(players=3)
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.session.g.state_hash()
    obs2, reward, done, _, info = env.step(illegal)
    assert reward == -1.0 and not done and info == {"illegal_action": True}
    assert env.session.g.state_hash() == before
    strict = WesterosGym(players=3, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError):
        strict.step(illegal)


def test_opponents_by_name() -> None:
    assert make_opponent("random", 1) is not None
    with pytest.raises(ValueError, match="unknown opponent"):
        WesterosGym(opponent="genius")


def test_registry_bots_fill_the_other_seats() -> None:
    """Opponents come from the bot registry (issue #11): heuristic bots play the other seats."""
    env = WesterosGym(players=3, opponent="heuristic")
    obs, _ = env.reset(seed=4)
    for _ in range(30):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, done, _, _ = env.step(int(legal[0]))
        if done:
            break
    opponent = make_opponent("heuristic", 1)  # the heuristic of the game it is handed
    assert isinstance(opponent, PerGame) and isinstance(opponent.of("boardgame"), HeuristicBot)

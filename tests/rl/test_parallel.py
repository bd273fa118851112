"""The PettingZoo parallel environment, truncation and ``max_cycles`` (issue 22): PettingZoo's
own ``parallel_api_test``, ``seed_test`` and ``max_cycles_test``; simultaneous decisions (orders,
bids, house cards) taken in one step without anyone seeing another's choice first."""

from __future__ import annotations

import types
from functools import partial

import numpy as np
import pytest
from pettingzoo.test import max_cycles_test, parallel_api_test, parallel_seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from tests.rl.helpers import random_actions
from westeros.boardgame.public import decisions as D
from westeros.rl.parallel_env import parallel_env
from westeros.rl.pettingzoo_env import env


def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(parallel_env(players=4, seed=3), num_cycles=300)


def test_pettingzoo_parallel_seed_test() -> None:
    """PettingZoo's seed test samples actions without masks: illegal ones are penalized."""
    parallel_seed_test(lambda: parallel_env(players=3, illegal_action="penalize"), num_cycles=100)


def test_pettingzoo_max_cycles_test() -> None:
    """PettingZoo's test needs a round-robin AEC env: the parallel env seen through
    ``parallel_to_aec`` (every agent acts once per cycle). It samples actions without masks,
    so illegal actions are penalized, not raised."""
    par = partial(parallel_env, players=4, illegal_action="penalize")
    module = types.SimpleNamespace(parallel_env=par, env=lambda **kw: parallel_to_aec(par(**kw)))
    max_cycles_test(module)


def test_the_aec_env_is_truncated_after_max_cycles_steps() -> None:
    e = env(players=3, seed=2, max_cycles=7)
    e.reset()
    rng = np.random.default_rng(0)
    acted = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            assert truncated and not terminated and acted == 7
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        acted += 1
    assert acted == 7 and not e.agents
    with pytest.raises(ValueError, match="max_cycles"):
        env(max_cycles=0)


def test_the_aec_env_can_penalize_illegal_actions() -> None:
    e = env(players=3, seed=4, illegal_action="penalize", illegal_reward=-0.5)
    e.reset()
    agent = e.agent_selection
    obs = e.observe(agent)
    before = e.session.g.state_hash()
    e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert e.session.g.state_hash() == before and e.agent_selection == agent
    _, reward, _, _, info = e.last()
    assert reward == -0.5 and info == {"illegal_action": True}


def test_simultaneous_orders_are_placed_in_one_step_blind_to_each_other() -> None:
    """R5.1: at the start every house places an order in the same step; the observations an
    agent acted on were taken before anyone chose (another's choice never shows in them)."""
    e = parallel_env(players=4, seed=5)
    obs, _ = e.reset()
    acting = e.acting()
    assert len(acting) == 4
    kinds = {e.session.seat_decision(e.session.agent_seat[a]).kind for a in acting}  # type: ignore[union-attr]
    assert kinds == {D.PLACE_ORDER.name}
    moves = e.session.decisions
    obs, *_ = e.step(random_actions(e, obs, np.random.default_rng(1)))
    assert e.session.decisions - moves >= 4  # each of the four placed one order


def test_a_whole_parallel_game_ends_with_every_agent_terminated() -> None:
    e = parallel_env(players=3, seed=9)
    obs, _ = e.reset()
    rng = np.random.default_rng(2)
    steps, multi = 0, 0
    while e.agents:
        multi += len(e.acting()) > 1
        obs, rewards, terminations, truncations, infos = e.step(random_actions(e, obs, rng))
        steps += 1
    assert all(terminations.values()) and not any(truncations.values())
    assert sorted(rewards.values()) == [0.0, 0.0, 1.0]
    assert all(o["action_mask"].all() for o in obs.values())  # terminal: a valid mask
    assert multi > 10 and steps > 50

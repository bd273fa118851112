"""The card game as PettingZoo (AEC and parallel) and Gymnasium environments (issue 22): the
libraries' own tests, whole games, the plots taken in one parallel step, truncation, masks at
the end, sb3-contrib's MaskablePPO with no glue."""

from __future__ import annotations

import types
from functools import partial

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from tests.rl.helpers import maskable_ppo_plays_legally, play_aec, random_actions
from westeros.cardgame.public import decisions as D
from westeros.rl.gym_env import CARD_GYM_ID, WesterosGym
from westeros.rl.parallel_env import parallel_env
from westeros.rl.pettingzoo_env import WesterosAEC, env

CARDS = {"kind": "cardgame"}


def test_pettingzoo_api_test() -> None:
    api_test(env(seed=1, **CARDS), num_cycles=300)


def test_pettingzoo_api_test_with_every_choice_asked() -> None:
    api_test(env(seed=2, config={"auto": False}, **CARDS), num_cycles=200)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(illegal_action="penalize", **CARDS), num_cycles=100)


def test_pettingzoo_parallel_api_test() -> None:
    parallel_api_test(parallel_env(seed=3, **CARDS), num_cycles=300)


def test_pettingzoo_max_cycles_test() -> None:
    """Run on the parallel env and its round-robin AEC conversion (PettingZoo's test needs
    one); it samples without masks, so illegal actions are penalized."""
    par = partial(parallel_env, illegal_action="penalize", **CARDS)
    module = types.SimpleNamespace(parallel_env=par, env=lambda **kw: parallel_to_aec(par(**kw)))
    max_cycles_test(module)


def test_the_aec_env_is_truncated_after_max_cycles_steps() -> None:
    e = env(max_cycles=9, **CARDS)
    _, steps = play_aec(e, seed=2)
    assert steps == 9 and not e.agents and not e.session.over  # truncated, not over


def test_c7_2_plots_are_chosen_in_one_parallel_step_and_a_whole_game_ends() -> None:
    """Every simultaneous step of a whole game is the plots (C7.2), both players at once; the
    game ends with a winner and every agent terminated, the final masks valid."""
    e = parallel_env(seed=4, **CARDS)
    obs, _ = e.reset()
    rng = np.random.default_rng(1)
    together: set[str] = set()
    steps = plots = 0
    while e.agents:
        acting = e.acting()
        if len(acting) > 1:
            seats = [e.session.agent_seat[a] for a in acting]
            together |= {e.session.seat_decision(s).kind for s in seats}  # type: ignore[union-attr]
            plots += 1
        obs, rewards, terminations, truncations, _ = e.step(random_actions(e, obs, rng))
        steps += 1
    assert together == {D.PLOT.name} and plots >= 2
    assert all(terminations.values()) and not any(truncations.values())
    assert sorted(rewards.values()) == [0.0, 1.0]
    assert all(o["action_mask"].all() for o in obs.values())


def test_a_whole_aec_game_with_rank_rewards_and_power_shaping() -> None:
    e = env(reward="rank", shaping=0.1, **CARDS)
    e.reset(seed=5)
    start = e.session.scores()
    totals, steps = play_aec(e, seed=5)
    power = e.session.scores()
    outcome = e.session.g.outcome()
    assert outcome is not None and outcome.winner is not None and steps > 20
    for agent, total in totals.items():
        won = 1.0 if e.session.agent_seat[agent] == outcome.winner else 0.0
        assert total == pytest.approx(won + 0.1 * (power[agent] - start[agent]))
    assert max(power.values()) > 0


def test_gymnasium_check_env() -> None:
    check_env(WesterosGym(**CARDS), skip_render_check=True)
    check_env(gym.make(CARD_GYM_ID, render_mode="ansi").unwrapped)


def test_a_whole_gym_episode_ends_with_a_valid_mask() -> None:
    e = WesterosGym(seat=1, illegal_action="raise", **CARDS)
    obs, info = e.reset(seed=3)
    assert info["house"] == "player_1"
    rng = np.random.default_rng(0)
    done, steps, reward = False, 0, 0.0
    while not done:
        assert e.session.decision().seat == 1  # type: ignore[union-attr]
        obs, reward, done, truncated, info = e.step(
            int(rng.choice(np.flatnonzero(e.action_masks())))
        )
        assert not truncated
        steps += 1
    assert steps > 20
    assert reward == (1.0 if info["outcome"]["winner"] == 1 else 0.0)
    assert obs["action_mask"].all() and e.action_masks().all()
    assert obs["observation"].any()


def test_max_steps_truncates_a_gym_episode() -> None:
    e = WesterosGym(max_steps=4, **CARDS)
    obs, _ = e.reset(seed=1)
    for step in range(1, 5):
        obs, _, done, truncated, _ = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert not done and truncated == (step == 4)


def test_maskable_ppo_trains_on_the_card_game_with_no_glue() -> None:
    maskable_ppo_plays_legally(WesterosGym(illegal_action="raise", **CARDS), 64, 16)


def test_c7_2_a_chosen_plot_is_not_shown_to_the_other_player_before_the_reveal() -> None:
    """Two envs on the same seed; at the first plot choice player_0 picks a different plot in
    each: player_1, still to choose, observes exactly the same (and then, at the reveal, both
    see the plots)."""
    a, b = env(**CARDS), env(**CARDS)
    for e in (a, b):
        e.reset(seed=6)
        rng = np.random.default_rng(0)
        while e.session.decision().kind != D.PLOT.name:  # type: ignore[union-attr]
            e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert a.agent_selection == b.agent_selection == "player_0"
    legal = np.flatnonzero(a.observe("player_0")["action_mask"])
    a.step(int(legal[0]))
    b.step(int(legal[-1]))
    assert a.agent_selection == b.agent_selection == "player_1"
    for part in ("observation", "action_mask"):
        assert np.array_equal(a.observe("player_1")[part], b.observe("player_1")[part])
    a.step(int(legal_of(a, "player_1")[0]))
    b.step(int(legal_of(b, "player_1")[0]))
    assert not np.array_equal(
        a.observe("player_1")["observation"], b.observe("player_1")["observation"]
    )


def legal_of(e: WesterosAEC, agent: str) -> np.ndarray:
    return np.flatnonzero(e.observe(agent)["action_mask"])

"""The PettingZoo AEC environment: the API and seed tests, whole games, rewards."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tests.rl.helpers import play_aec
from westeros.rl.actions import N_ACTIONS
from westeros.rl.encoding import OBS_SIZE
from westeros.rl.pettingzoo_env import env


def test_pettingzoo_api_test() -> None:
    api_test(env(players=3, seed=1), num_cycles=300)


def test_pettingzoo_seed_test() -> None:
    seed_test(lambda: env(players=4), num_cycles=100)


def test_spaces_are_fixed() -> None:
    e = env(players=5)
    for agent in e.possible_agents:
        assert e.action_space(agent).n == N_ACTIONS  # type: ignore[attr-defined]
        assert e.observation_space(agent)["observation"].shape == (OBS_SIZE,)  # type: ignore[index]
    assert e.possible_agents == ["stark", "lannister", "baratheon", "greyjoy", "tyrell"]


def test_a_whole_game_ends_with_one_winner_and_every_agent_removed() -> None:
    e = env(players=3)
    totals, steps = play_aec(e, seed=3)
    assert steps > 50
    assert sorted(totals.values()) == [0.0, 0.0, 1.0]
    assert e.agents == []
    outcome = e.session.g.outcome()
    assert outcome is not None and outcome.winner is not None
    assert totals[e.session.seat_agent[outcome.winner]] == 1.0


def test_rank_rewards_and_castle_shaping() -> None:
    totals, _ = play_aec(env(players=3, reward="rank"), seed=4)
    assert sorted(totals.values()) == [0.0, 0.5, 1.0]
    shaped = env(players=3, shaping=0.1)
    shaped.reset(seed=4)
    start = shaped.session.scores()
    totals, _ = play_aec(shaped, seed=4)
    castles = shaped.session.scores()
    for house, total in totals.items():
        won = 1.0 if total > 0.5 else 0.0
        assert total == pytest.approx(won + 0.1 * (castles[house] - start[house]))


def test_the_agent_to_act_is_the_lowest_pending_seat_and_illegal_actions_raise() -> None:
    e = env(players=4, seed=2)
    e.reset()
    decision = e.session.decision()
    assert decision is not None
    assert e.agent_selection == e.session.seat_agent[decision.seat]
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    other = next(a for a in e.agents if a != e.agent_selection)
    seat = e.session.agent_seat[other]
    own = e.session.seat_decision(seat)
    assert e.observe(other)["action_mask"].sum() == (len(own.choices) if own else 0)


def test_human_and_ansi_render() -> None:
    e = env(players=3, render_mode="ansi", seed=1)
    e.reset()
    text = e.render()
    assert isinstance(text, str) and text
    with pytest.raises(ValueError):
        env(render_mode="rgb_array")


def test_r1_14_another_houses_face_down_orders_do_not_change_an_agents_observation() -> None:
    """Two envs on the same seed; the first agent places different orders in each, while
    the others have not placed theirs: every other agent observes exactly the same."""
    a, b = env(players=4), env(players=4)
    a.reset(seed=9)
    b.reset(seed=9)
    first = a.agent_selection
    assert b.agent_selection == first
    steps = 0
    while a.agent_selection == first and b.agent_selection == first:
        ma, mb = (e.observe(first)["action_mask"] for e in (a, b))
        a.step(int(np.flatnonzero(ma)[0]))
        b.step(int(np.flatnonzero(mb)[-1]))
        steps += 1
        for agent in a.agents:
            if agent != first:
                oa, ob = a.observe(agent), b.observe(agent)
                assert np.array_equal(oa["observation"], ob["observation"])
                assert np.array_equal(oa["action_mask"], ob["action_mask"])
    assert steps >= 3
    assert not np.array_equal(a.observe(first)["observation"], b.observe(first)["observation"])

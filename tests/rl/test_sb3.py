"""sb3-contrib's MaskablePPO on the Gymnasium wrapper with no glue (issue 22): it finds the
masks by itself (``action_masks()``) and never plays an illegal action."""

from __future__ import annotations

import numpy as np

from tests.rl.helpers import maskable_ppo_plays_legally
from westeros.rl.gym_env import WesterosGym


def test_maskable_ppo_trains_a_few_hundred_steps_with_no_glue() -> None:
    maskable_ppo_plays_legally(WesterosGym(players=3, illegal_action="raise"), 128, 32)


def test_the_mask_is_valid_at_the_end_and_matches_the_observation() -> None:
    env = WesterosGym(players=3)
    obs, _ = env.reset(seed=2)
    assert np.array_equal(env.action_masks(), obs["action_mask"].astype(bool))
    rng = np.random.default_rng(0)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
    assert env.action_masks().all() and obs["action_mask"].all()


def test_max_steps_truncates_an_episode() -> None:
    env = WesterosGym(players=3, max_steps=5)
    obs, _ = env.reset(seed=1)
    for step in range(1, 6):
        obs, _, done, truncated, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert not done and truncated == (step == 5)

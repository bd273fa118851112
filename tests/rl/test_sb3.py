"""sb3-contrib's MaskablePPO on the Gymnasium wrapper with no glue (issue 22): it finds the
masks by itself (``action_masks()``) and never plays an illegal action."""

from __future__ import annotations

import numpy as np
from sb3_contrib import MaskablePPO
from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported

from westeros.rl.gym_env import WesterosGym


def test_maskable_ppo_trains_a_few_hundred_steps_with_no_glue() -> None:
    env = WesterosGym(players=3, illegal_action="raise")  # an illegal action would raise
    assert is_masking_supported(env)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=128,
        batch_size=64,
        n_epochs=1,
        seed=0,
        device="cpu",
        policy_kwargs={"net_arch": [32]},
    )
    model.learn(total_timesteps=384)
    assert model.num_timesteps >= 384
    obs, _ = env.reset(seed=5)
    for _ in range(20):
        masks = get_action_masks(env)
        action, _ = model.predict(obs, action_masks=masks)
        assert masks[int(action)]
        obs, _, done, _, _ = env.step(int(action))
        if done:
            break


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

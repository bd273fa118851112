"""Train sb3-contrib's MaskablePPO on the board game for a few CPU minutes and print its win
rate against random bots before, during (the curve) and after training.

Run (needs the ``train`` extra: ``pip install 'westeros[train]'``)::

    .venv/bin/python examples/train_maskable_ppo.py [--minutes 4] [--players 3]

The learner sits at seat 0 of the Gymnasium wrapper (its house changes with the game's seed);
the other seats are random bots. MaskablePPO reads the legal actions from the env's
``action_masks()`` with no wrapper. The reward is the place-based one (1 first, 0 last) plus a
small castle-count shaping. Win rates are measured on the same held-out seeds each time,
sampling from the (masked) policy; "before" is the untrained policy, close to uniform over the
legal actions. (Its greedy action is not: an untrained network's argmax is one fixed
preference, which can beat random bots by luck.)
"""

from __future__ import annotations

import argparse
import time

import torch
from sb3_contrib import MaskablePPO

from westeros.bots.tournament import wilson
from westeros.rl.gym_env import WesterosGym

HELD_OUT = 1_000_000  # first seed of the evaluation games (training draws its own)


def win_rate(model: MaskablePPO, players: int, games: int) -> tuple[int, float, float]:
    """Wins of the policy at seat 0 against random bots on the held-out seeds, with a 95%
    Wilson interval."""
    env = WesterosGym(players=players, seat=0)
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=HELD_OUT + i)
        done, info = False, {}
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, _, done, _, info = env.step(int(action))
        wins += info["outcome"]["winner"] == 0
    low, high = wilson(wins, games)
    return wins, low, high


def report(label: str, model: MaskablePPO, players: int, games: int) -> None:
    started = time.perf_counter()
    wins, low, high = win_rate(model, players, games)
    print(
        f"{label}: win rate {wins / games:.1%} ({wins}/{games}, 95% CI {low:.1%}–{high:.1%}; "
        f"{players} players, {time.perf_counter() - started:.0f} s)",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--curve-games", type=int, default=40)
    parser.add_argument("--chunk", type=int, default=4096, help="steps between curve points")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)

    env = WesterosGym(players=args.players, seat=0, reward="rank", castle_shaping=0.05)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        device="cpu",
        policy_kwargs={"net_arch": [128, 64]},
    )
    report("before", model, args.players, args.eval_games)
    trained = 0.0  # seconds spent learning (the curve's evaluations are not counted)
    while trained < args.minutes * 60:
        started = time.perf_counter()
        model.learn(total_timesteps=args.chunk, reset_num_timesteps=False)
        trained += time.perf_counter() - started
        label = f"  {trained / 60:4.1f} min, {model.num_timesteps} steps"
        report(label, model, args.players, args.curve_games)
    report("after", model, args.players, args.eval_games)


if __name__ == "__main__":
    main()

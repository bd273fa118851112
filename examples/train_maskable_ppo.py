"""Train sb3-contrib's MaskablePPO on the board game for a few CPU minutes and print its win
rate against random bots before, during (the curve) and after training.

Run (needs the ``train`` extra: ``pip install 'westeros[train]'``)::

    .venv/bin/python examples/train_maskable_ppo.py [--minutes 4] [--players 3]

The learner sits at seat 0 of the Gymnasium wrapper (its house changes with the game's seed);
the other seats are random bots. MaskablePPO reads the legal actions from the env's
``action_masks()`` with no wrapper. The reward is the place-based one (1 first, 0 last) plus a
small castle-count shaping (``shaping``). Win rates are measured on the same held-out seeds
each time, sampling from the (masked) policy; "before" is the untrained policy, close to
uniform over the legal actions. (Its greedy action is not: an untrained network's argmax is one
fixed preference, which can beat random bots by luck.)
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import torch
from sb3_contrib import MaskablePPO

from westeros.bots.tournament import wilson
from westeros.rl.gym_env import WesterosGym

HELD_OUT = 1_000_000  # first seed of the evaluation games (training draws its own)


def win_rate(model: MaskablePPO, env: WesterosGym, games: int) -> tuple[int, float, float]:
    """Wins of the policy at the env's learning seat against its bots on the held-out seeds,
    with a 95% Wilson interval."""
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=HELD_OUT + i)
        done, info = False, {}
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=False)
            obs, _, done, _, info = env.step(int(action))
        wins += info["outcome"]["winner"] == env.seat
    low, high = wilson(wins, games)
    return wins, low, high


def report(label: str, model: MaskablePPO, env: WesterosGym, games: int) -> None:
    started = time.perf_counter()
    wins, low, high = win_rate(model, env, games)
    print(
        f"{label}: win rate {wins / games:.1%} ({wins}/{games}, 95% CI {low:.1%}–{high:.1%}; "
        f"{env.session.space.players} players, {time.perf_counter() - started:.0f} s)",
        flush=True,
    )


def arguments(description: str | None, players: int) -> argparse.ArgumentParser:
    """The options both training scripts take."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--minutes", type=float, default=4.0)
    parser.add_argument("--players", type=int, default=players)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--curve-games", type=int, default=40)
    parser.add_argument("--chunk", type=int, default=4096, help="steps between curve points")
    parser.add_argument("--n-steps", type=int, default=1024, help="PPO steps per update")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    return parser


def train(make_env: Callable[[], WesterosGym], args: argparse.Namespace) -> None:
    """MaskablePPO on ``make_env()`` for ``args.minutes`` of learning; the win rate before,
    after every chunk (the curve) and after, on an env of its own."""
    torch.set_num_threads(args.threads)
    judge = make_env()
    model = MaskablePPO(
        "MultiInputPolicy",
        make_env(),
        n_steps=args.n_steps,
        batch_size=min(256, args.n_steps),
        n_epochs=4,
        learning_rate=3e-4,
        ent_coef=0.01,
        seed=args.seed,
        device="cpu",
        policy_kwargs={"net_arch": [128, 64]},
    )
    report("before", model, judge, args.eval_games)
    trained = 0.0  # seconds spent learning (the curve's evaluations are not counted)
    while trained < args.minutes * 60:
        started = time.perf_counter()
        model.learn(total_timesteps=args.chunk, reset_num_timesteps=False)
        trained += time.perf_counter() - started
        label = f"  {trained / 60:4.1f} min, {model.num_timesteps} steps"
        report(label, model, judge, args.curve_games)
    report("after", model, judge, args.eval_games)


def main() -> None:
    args = arguments(__doc__, players=3).parse_args()
    train(lambda: WesterosGym(players=args.players, seat=0, reward="rank", shaping=0.05), args)


if __name__ == "__main__":
    main()

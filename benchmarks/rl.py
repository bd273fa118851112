"""RL adapter speed: environment steps per second for the PettingZoo AEC env and the
Gymnasium wrapper, observation encoding time, against the raw engine's decisions per second
in the same run (the same games: same players, seeds and uniform random choices).

Run: ``.venv/bin/python benchmarks/rl.py [--players 6] [--scenario adwd] [--games 6]``, or for
the card game ``.venv/bin/python benchmarks/rl.py --kind cardgame [--decks a,b] [--games 20]`` (the
adapters' default config: the automatic choices answered by the engine). Figures are printed,
never asserted; each row is the best of ``--repeat`` runs, rows interleaved, timed in CPU
seconds of the process (the machine may be shared).
Target (issue #12): the AEC env keeps at least half of the raw engine's decisions per second.

Rows:

* ``raw engine`` — ``play_out`` with random bots (no views, as ``westeros simulate``);
* ``AEC, full loop`` — ``agent_iter`` / ``last()`` (observation and mask) / ``step`` with a
  uniform random legal action; forced decisions (one choice) are taken inside the env
  (default), so engine decisions per second are higher than env steps per second;
* ``AEC, full loop, no skip`` — the same with ``skip_forced=False``: one step per decision;
* ``AEC, no observation`` — ``last(observe=False)``, the action from the mask alone
  (``session.decision()``): the env's own overhead;
* ``Gymnasium`` — the learner at seat 0, random bots elsewhere; steps are the learner's.

Then µs per decision of ``view()``, ``encode(view)``, ``encode_game(game, seat)`` (the same
vector straight from the state: what the envs use; the card game has no such fast path, its
envs encode the view) and the action mask.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import numpy as np

from westeros.bots import RandomBot, play_out
from westeros.engine import new_game
from westeros.rl.gym_env import WesterosGym
from westeros.rl.pettingzoo_env import WesterosAEC
from westeros.rl.spaces import Space, space

# CPU seconds of this process: steadier than wall time on a shared machine
clock = time.process_time


def raw(sp: Space, games: int) -> tuple[int, int, float]:
    decisions = 0
    start = clock()
    for seed in range(games):
        g = new_game(sp.kind, sp.config, seed)
        n0 = g.moves
        play_out(g, [RandomBot(seed * 7919 + s) for s in range(sp.players)])
        decisions += g.moves - n0
    return decisions, decisions, clock() - start


def aec(sp: Space, games: int, skip: bool, observe: bool) -> tuple[int, int, float]:
    env = WesterosAEC(kind=sp.kind, config=sp.config, skip_forced=skip)
    steps = decisions = 0
    start = clock()
    for seed in range(games):
        rng = random.Random(seed)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            obs, _r, term, trunc, _i = env.last(observe)
            if term or trunc:
                env.step(None)
                continue
            if observe:
                legal = np.flatnonzero(obs["action_mask"])  # type: ignore[index]
                action = int(legal[rng.randrange(len(legal))])
            else:
                decision = env.session.decision()
                assert decision is not None
                action = sp.actions.index(decision.kind, rng.choice(decision.choices))
            env.step(action)
            steps += 1
        decisions += env.session.decisions
    return steps, decisions, clock() - start


def gym(sp: Space, games: int) -> tuple[int, int, float]:
    env = WesterosGym(kind=sp.kind, config=sp.config, seat=0)
    steps = decisions = 0
    start = clock()
    for seed in range(games):
        rng = random.Random(seed)
        obs, _ = env.reset(seed=seed)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _r, done, _t, _i = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        decisions += env.session.decisions
    return steps, decisions, clock() - start


def encoding(sp: Space, games: int) -> tuple[float, float, float, float, int]:
    """µs per view(), per encode(view), per encode_game (the envs' path: the same vector
    without a view), per mask, over every decision of random games."""
    t_view = t_enc = t_fast = t_mask = 0.0
    n = 0
    for seed in range(games):
        g = new_game(sp.kind, sp.config, seed)
        bot = RandomBot(seed)
        while not g.is_over:
            d = g.pending()[0]
            t0 = clock()
            v = g.view(d.seat)
            t1 = clock()
            sp.encode_view(v)
            t2 = clock()
            sp.encode(g, d.seat)
            t3 = clock()
            sp.actions.mask(d)
            t4 = clock()
            t_view, t_enc, t_fast = t_view + t1 - t0, t_enc + t2 - t1, t_fast + t3 - t2
            t_mask += t4 - t3
            n += 1
            g.apply(d.seat, bot.choose({}, d))
    us = 1e6 / n
    return t_view * us, t_enc * us, t_fast * us, t_mask * us, n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--kind", choices=("boardgame", "cardgame"), default="boardgame")
    parser.add_argument("--players", type=int, default=None, help="board game: 6")
    parser.add_argument("--decks", default=None, help="card game: shipped decks, a,b,…")
    parser.add_argument("--scenario", default=None, help="board game: base, adwd or affc")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs per row")
    args = parser.parse_args()
    config = {"decks": args.decks.split(",")} if args.decks else None
    if args.scenario:
        config = {"scenario": args.scenario}
    sp = space(args.kind, args.players, config=config)
    n = args.games
    print(
        f"{sp.kind} {sp.config.get('scenario', '')}, {sp.players} players, {n} games each, "
        "action space "
        f"Discrete({sp.actions.n}), observation float32[{sp.obs_size}]"
    )
    rows: list[tuple[str, Callable[[], tuple[int, int, float]]]] = [
        ("raw engine (random bots)", lambda: raw(sp, n)),
        ("AEC, full loop", lambda: aec(sp, n, skip=True, observe=True)),
        ("AEC, full loop, no skip", lambda: aec(sp, n, skip=False, observe=True)),
        ("AEC, no observation", lambda: aec(sp, n, skip=True, observe=False)),
        ("Gymnasium (seat 0)", lambda: gym(sp, n)),
    ]
    print(f"{'':<26} {'steps/s':>9} {'decisions/s':>12} {'vs raw':>7}")
    results: list[list[tuple[int, int, float]]] = [[] for _ in rows]
    for _ in range(args.repeat):  # rows interleaved, so a busy spell hits them alike
        for i, (_name, run) in enumerate(rows):
            results[i].append(run())
    base = 0.0
    for (name, _run), runs in zip(rows, results, strict=True):
        steps, decisions, seconds = min(runs, key=lambda r: r[2])
        rate = decisions / seconds
        base = base or rate
        print(f"{name:<26} {steps / seconds:>9.0f} {rate:>12.0f} {rate / base:>7.2f}")
    view_us, enc_us, fast_us, mask_us, count = encoding(sp, n)
    print(
        f"per decision ({count}): view() {view_us:.1f} µs, encode(view) {enc_us:.1f} µs, "
        f"encode_game (the envs' observation) {fast_us:.1f} µs, mask {mask_us:.1f} µs"
    )


if __name__ == "__main__":
    main()

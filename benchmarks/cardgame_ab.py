"""Card-game speed of two source trees side by side: `make bench-cards`' rows, one game at a
time in turn between two warm worker processes (tree A, tree B), the same seeds on both sides.

Pairs of whole fresh-process runs put each run in one phase of a shared machine (its load, its
clock), which moved a row's figure by ±20% here; games alternating one by one put both trees in
every phase. Printed per row: CPU ms per game (``time.process_time``) of each tree, the ratio
B/A of the totals, and the median and range of the ratios over blocks of 10 games.

Run: ``.venv/bin/python benchmarks/cardgame_ab.py OLD_TREE NEW_TREE [--games N] [--offset S]``,
e.g. a detached worktree of an old commit as OLD_TREE (``git worktree add --detach ../old
cdcf313``) and ``.`` as NEW_TREE. Both trees run under this interpreter (their ``src`` on
``PYTHONPATH``). Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROWS = (
    "westeros-stark,westeros-lannister",
    "Core-1,Core-4",
    "Core-2,Core-3",
    "Core-1,Core-2,Core-3,Core-4",
)


def serve() -> None:
    """The worker: one game a line read (``decks seed``), its CPU ms and decisions written."""
    from westeros.engine import new_game
    from westeros.simulate import play_game

    # trees older than the "auto" setting (issue #20) refuse the key; they answer automatically
    try:
        new_game("cardgame", {"auto": True}, 0)
        auto: dict[str, object] = {"auto": True}
    except Exception:
        auto = {}
    play_game("cardgame", dict(auto), 999)  # warm up
    print("ready", flush=True)
    for line in sys.stdin:
        decks, seed = line.split()
        config = {"decks": decks.split(","), "casual": True, **auto}
        cpu = time.process_time()
        _, result = play_game("cardgame", config, int(seed))
        print((time.process_time() - cpu) * 1e3, result.decisions, flush=True)


class Worker:
    def __init__(self, tree: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(tree.resolve() / "src")}
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        if self.read() != "ready":
            raise SystemExit(f"the worker of {tree} did not start")

    def read(self) -> str:
        assert self.proc.stdout is not None
        return self.proc.stdout.readline().strip()

    def game(self, decks: str, seed: int) -> float:
        assert self.proc.stdin is not None
        self.proc.stdin.write(f"{decks} {seed}\n")
        self.proc.stdin.flush()
        return float(self.read().split()[0])

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def compare(a: Worker, b: Worker, decks: str, seeds: range) -> str:
    cpu_a, cpu_b = [], []
    for i, seed in enumerate(seeds):
        first, second = (a, b) if i % 2 == 0 else (b, a)  # who goes first alternates
        one, two = first.game(decks, seed), second.game(decks, seed)
        cpu_a.append(one if first is a else two)
        cpu_b.append(two if first is a else one)
    blocks = [sum(cpu_b[i : i + 10]) / sum(cpu_a[i : i + 10]) for i in range(0, len(seeds), 10)]
    n = len(seeds)
    return (
        f"{decks:36s} A {sum(cpu_a) / n:7.1f} ms  B {sum(cpu_b) / n:7.1f} ms  "
        f"B/A {sum(cpu_b) / sum(cpu_a):.3f}  blocks of 10: median {statistics.median(blocks):.3f}"
        f" ({min(blocks):.2f}–{max(blocks):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, nargs="?", help="tree A (the old one)")
    parser.add_argument("b", type=Path, nargs="?", help="tree B (the new one)")
    parser.add_argument("--games", type=int, default=200, help="games a row (default 200)")
    parser.add_argument("--offset", type=int, default=0, help="the first seed (default 0)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve()
        return
    if args.a is None or args.b is None:
        parser.error("name two source trees, A and B")
    for tree in (args.a, args.b):
        if not (tree / "src" / "westeros").is_dir():
            parser.error(f"{tree} has no src/westeros")
    a, b = Worker(args.a), Worker(args.b)
    print(f"A = {args.a}, B = {args.b}; {args.games} games a row from seed {args.offset}")
    try:
        for decks in ROWS:
            print(compare(a, b, decks, range(args.offset, args.offset + args.games)), flush=True)
    finally:
        a.close()
        b.close()


if __name__ == "__main__":
    main()

"""Did a speed change keep the board game's behaviour? Plays seeded random games of the
benchmark's rows and digests, after every move, the state hash and every open decision (seat,
kind, choices, context); two source trees that play the same games print the same digests.

Run: ``PYTHONPATH=<tree>/src .venv/bin/python scripts/same_games.py --out before.json``, then
the same with the other tree and ``--out after.json``, then
``.venv/bin/python scripts/same_games.py --compare before.json after.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from westeros.engine import Choice, Game
from westeros.simulate import board_config, play_game

# (label, players, tides, extra config): the base rows with and without the Tides of Battle,
# and the scenarios; Mother of Dragons' rows when the tree has them (--mod)
ROWS: list[tuple[str, int, bool, dict[str, Any]]] = [
    *((f"{n}", n, False, {}) for n in (3, 4, 5, 6)),
    *((f"{n} tides", n, True, {}) for n in (3, 4, 5, 6)),
    ("ADwD 6", 6, False, {"scenario": "adwd"}),
    ("AFfC 4", 4, False, {"scenario": "affc"}),
]
MOD_ROWS: list[tuple[str, int, bool, dict[str, Any]]] = [
    ("MoD 7", 7, False, {"scenario": "mod"}),
    ("MoD 4+3v", 4, False, {"scenario": "mod"}),
    ("MoD 8", 8, False, {"scenario": "mod", "essos": True, "iron_bank": True}),
]


def game_digest(config: dict[str, Any], seed: int) -> str:
    """One seeded random game: the digest of its state hashes and open decisions, move by move."""
    digest = hashlib.blake2b(digest_size=16)

    def on_move(g: Game, seat: int, choice: Choice) -> None:
        digest.update(g.state_hash().encode())
        for d in g.pending():
            digest.update(repr((d.seat, d.kind, d.prompt, d.choices, d.context, d.idle)).encode())

    _, result = play_game("boardgame", config, seed, on_move=on_move)
    digest.update(repr(result.record.moves).encode())
    return digest.hexdigest()


def digests(games: int, mod: bool) -> dict[str, list[str]]:
    rows = ROWS + (MOD_ROWS if mod else [])
    out: dict[str, list[str]] = {}
    for label, players, tides, extra in rows:
        config = board_config(players, tides) | extra
        out[label] = [game_digest(config, seed) for seed in range(games)]
        print(f"{label}: {games} games", file=sys.stderr)
    return out


def compare(before: Path, after: Path) -> int:
    a, b = json.loads(before.read_text()), json.loads(after.read_text())
    missing = sorted(set(a) ^ set(b))
    differ = [
        f"{row} seed {i}"
        for row in set(a) & set(b)
        for i, (x, y) in enumerate(zip(a[row], b[row], strict=True))
        if x != y
    ]
    total = sum(len(v) for v in a.values())
    print(f"{total} games in {len(a)} rows; differing: {differ or 'none'}; rows missing: {missing}")
    return 1 if differ or missing else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--mod", action="store_true", help="Mother of Dragons' rows too")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", type=Path, nargs=2)
    args = parser.parse_args()
    if args.compare:
        return compare(*args.compare)
    result = json.dumps(digests(args.games, args.mod), indent=1)
    if args.out:
        args.out.write_text(result)
    else:
        print(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Heuristic-bot blunders counted over seeded games (issue 22): every seat a bot of one kind,
6 players; the log and the public board are read after each move.

Counted per game: March orders resolved without moving (``march_stay``), Raid orders removed
without a target (``raid_unused``), mustering points lost (``muster_ended`` with points left);
each also ", chosen": the bot chose it (``done``, ``none``) while it had other choices;
Messenger Raven passes (``raven_pass``), a bid of 0 against a wildling attack by a house with
power, and a home area left without units while an enemy stands next to it.

Run: ``.venv/bin/python benchmarks/blunders.py --games 20 [--bot heuristic] [--jobs 2]``.
Figures are printed, never asserted.

Measured 2026-12-01, 30 games (seeds 7000…7029), per game, the heuristic before issue 22's
fixes (commit 50b974b) → after: March orders resolved without moving 24.4 → 10.2 (the rest:
the target turned out defended once the orders were revealed); Raids removed unused 12.8 →
13.2 (leftover tokens: every area with units gets an order, R5.1, once the better tokens are
used up; none by choice); mustering points lost by choosing "done" 0.33 → 0 (the other
22–27 a game: nothing could be bought); Raven passes 9.4 → 0; wildling bids of 0 with power
1.03 → 0; a home emptied next to an enemy 3.63 → 0.17.
"""

from __future__ import annotations

import argparse
from collections import Counter
from multiprocessing import Pool
from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots import make_bot, play_out
from westeros.engine import Choice, Game, new_game

KINDS = (
    "march_stay",
    "march_stay, chosen",
    "raid_unused",
    "raid_unused, chosen",
    "muster_points_lost",
    "muster_points_lost, chosen",
    "raven_pass",
    "wildling_bid_0_with_power",
    "home_emptied_next_to_enemy",
)


def _home_emptied(view: dict[str, Any], area: str, house: str) -> bool:
    units = view["units"]
    if units.get(area):
        return False
    return any(
        (us := units.get(n)) and us[0]["house"] != house and T.AREAS[n].kind == "land"
        for n in T.AREAS[area].neighbors
    )


def one_game(args: tuple[str, int]) -> Counter[str]:
    bot, seed = args
    game = new_game("boardgame", {"players": 6}, seed)
    bots = [make_bot(bot, seed * 100 + s) for s in range(6)]
    counts: Counter[str] = Counter()
    seen = 0

    def on_move(g: Game, seat: int, choice: Choice) -> None:
        nonlocal seen
        log = g.events(None, seen)
        seen += len(log)
        for e in log:
            f = e.fields
            home = e.kind == "march" and T.AREAS[f["from_area"]].home_of == f["house"]
            if home and _home_emptied(g.view(None), f["from_area"], f["house"]):
                counts["home_emptied_next_to_enemy"] += 1

    original_apply = game.apply

    def apply(seat: int, choice: Choice) -> None:
        d = next(d for d in game.pending() if d.seat == seat)
        size = len(game.events(None, 0))
        original_apply(seat, choice)
        if len(d.choices) < 2:
            return
        new = {e.kind for e in game.events(None, size)}
        if d.kind == D.BID.name and d.about("wildlings") and choice == 0:
            counts["wildling_bid_0_with_power"] += 1
        if d.kind == D.MUSTER.name and choice == "done":
            counts["muster_points_lost, chosen"] += 1
        if d.kind == D.MARCH_MOVE.name and choice == "done" and "march_stay" in new:
            counts["march_stay, chosen"] += 1
        targets = [c for c in d.choices if not str(c).endswith(">none")]
        if d.kind == D.RAID.name and str(choice).endswith(">none") and targets:
            counts["raid_unused, chosen"] += 1

    game.apply = apply  # type: ignore[method-assign]
    play_out(game, bots, on_move=on_move)
    for e in game.events(None, 0):
        if e.kind in ("march_stay", "raid_unused", "raven_pass"):
            counts[e.kind] += 1
        if e.kind == "muster_ended" and e.fields["lost"] > 0:
            counts["muster_points_lost"] += 1
    counts["games"] = 1
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    total: Counter[str] = Counter()
    with Pool(args.jobs) as pool:
        for c in pool.imap_unordered(
            one_game, [(args.bot, args.seed + i) for i in range(args.games)]
        ):
            total += c
    n = total["games"]
    print(f"{args.bot}, {n} games of 6 players (seeds {args.seed}…{args.seed + n - 1}):")
    for kind in KINDS:
        print(f"  {kind:28} {total[kind]:5}  ({total[kind] / n:.2f} per game)")


if __name__ == "__main__":
    main()

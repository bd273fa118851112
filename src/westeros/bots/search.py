"""A search bot: determinized Monte Carlo search at the root — each candidate choice is
played out on the same fresh determinizations of the game as its seat knows it (paired
samples), and the heuristic's own choice is kept unless another beats it beyond the noise.

The harness hands it a :class:`~westeros.bots.base.Sampler` (``sample(seed) -> Game``),
never the game: each sample resamples everything the seat may not know (others' orders,
bids and chosen cards, deck order, the random generator). An iteration applies one candidate
choice in a sample, plays on with heuristic bots for every seat up to a cut-off (``depth``
decisions), and scores the position for the seat (:func:`evaluate`). The budget is a number
of iterations (deterministic for a seed) or milliseconds (``ms``; not deterministic).

Cheap decisions (which support to accept, word-only formalities) go straight to the
heuristic; the search spends its budget where choices matter.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots.heuristic import HeuristicBot
from westeros.engine import Choice, Decision, Game, Rng

Sample = Callable[[int], Game]

SEARCHED = frozenset(
    k.name
    for k in (
        D.PLACE_ORDER,
        D.MARCH_MOVE,
        D.MARCH_ORDER,
        D.HOUSE_CARD,
        D.BID,
        D.MUSTER,
        D.RETREAT,
        D.SUPPORT,
        D.RAID,
        D.WESTEROS_CHOICE,
        D.MARCH_TOKEN,
        D.CONSOLIDATE_SPECIAL,
        D.TIE_BREAK,
        D.RAVEN,
        D.RAVEN_REPLACE,
    )
)
MAX_CANDIDATES = 8


def evaluate(game: Game, seat: int) -> float:
    """How good the position is for ``seat``, in [0, 1]: 1 a win, 0 a loss; before the end a
    squashed lead over the best other house (castles first, then land, supply, power)."""
    outcome = game.outcome()
    if outcome is not None:
        if outcome.winner == seat:
            return 1.0
        rank = outcome.ranking.index(seat)
        return 0.2 * (1 - rank / max(1, len(outcome.ranking) - 1))
    view = game.view(None)
    units = view["units"]
    strength: dict[str, int] = {}
    for us in units.values():
        for u in us:
            strength[u["house"]] = strength.get(u["house"], 0) + (2 if u["kind"] == "knight" else 1)
    me = view["seats"][seat]
    scores = {}
    for house, h in view["houses"].items():
        scores[house] = (
            3.0 * h["victory"]
            + 0.3 * h["supply"]
            + 0.15 * h["power"]
            + 0.2 * strength.get(house, 0)
        )
    best_other = max(v for h, v in scores.items() if h != me)
    return 0.5 + 0.5 * math.tanh((scores[me] - best_other) / 6.0)


class SearchBot:
    """Determinized Monte Carlo search at the root with heuristic roll-outs.

    ``iterations``: play-outs per searched decision, shared among the candidates
    (deterministic for ``seed``); ``ms``: a time budget instead (stops at whichever comes
    first when both are given). ``depth``: decisions
    played in a roll-out before the position is scored.
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 60,
        ms: float | None = None,
        depth: int = 80,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.ms = ms
        self.depth = depth
        self.fallback = HeuristicBot(seed)
        self.playouts = 0  # statistics for the benchmark
        self.rollout_decisions = 0
        self.search_seconds = 0.0
        self.searched = 0

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        """Without a sampler the bot plays its heuristic."""
        return self.fallback.choose(view, decision)

    def choose_with(self, view: dict[str, Any], decision: Decision, sample: Sample) -> Choice:
        default = self.fallback.choose(view, decision)
        searched = view.get("game") == "boardgame" and decision.kind in SEARCHED
        if len(decision.choices) < 2 or not searched:
            return default
        started = time.perf_counter()
        self.searched += 1
        key = f"{self.seed}|{view.get('log_size')}|{decision.kind}|{decision.prompt}|"
        key += ",".join(map(str, decision.choices))
        rng = Rng(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big"))
        candidates = self._candidates(decision, default, rng)
        values: list[list[float]] = [[] for _ in candidates]
        deadline = None if self.ms is None else started + self.ms / 1000.0
        rounds = max(1, (self.iterations or 1_000_000) // len(candidates))
        for _ in range(rounds):
            # one sample of the hidden information and of the roll-out's luck for every
            # candidate (common random numbers: their differences are far less noisy)
            base = sample(rng.next64() & 0xFFFFFFFF)
            luck = rng.next64() & 0xFFFFFFFF
            for j, choice in enumerate(candidates):
                game = base if j == len(candidates) - 1 else base.clone()
                values[j].append(self._playout(game, decision.seat, choice, luck))
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.search_seconds += time.perf_counter() - started
        return candidates[self._best(values)]

    @staticmethod
    def _best(values: list[list[float]]) -> int:
        """The candidate with the best mean; the heuristic's (index 0) holds unless another
        beats it on the paired samples by more than the noise (one standard error)."""
        n = len(values[0])
        best, best_gain = 0, 0.0
        for j in range(1, len(values)):
            diffs = [values[j][i] - values[0][i] for i in range(n)]
            mean = sum(diffs) / n
            var = sum((d - mean) ** 2 for d in diffs) / max(1, n - 1)
            if mean > max(0.01, math.sqrt(var / n)) and mean > best_gain:
                best, best_gain = j, mean
        return best

    def _candidates(self, decision: Decision, default: Choice, rng: Rng) -> list[Choice]:
        others = [c for c in decision.choices if c != default]
        if decision.kind == D.PLACE_ORDER.name:  # the strongest token of each order type
            tokens: dict[str, str] = {}
            for c in sorted(
                others, key=lambda c: -T.ORDER_KINDS[str(c)].modifier if c != "none" else 0
            ):
                kind = "none" if c == "none" else T.ORDER_KINDS[str(c)].type
                tokens.setdefault(kind, str(c))
            mine = "none" if default == "none" else T.ORDER_KINDS[str(default)].type
            others = [c for k, c in tokens.items() if k != mine]
        if decision.kind == D.MARCH_MOVE.name:  # one move per destination, and done
            dests: dict[str, Choice] = {}
            for c in others:
                if c != "done":
                    dests.setdefault(str(D.MARCH_MOVE.parse(c)["to"]), c)
            mine_to = "" if default == "done" else str(D.MARCH_MOVE.parse(default)["to"])
            others = [c for d, c in dests.items() if d != mine_to]
            if default != "done" and "done" in decision.choices:
                others.append("done")
        if decision.kind == D.BID.name:  # a spread of amounts
            top = max(int(c) for c in decision.choices)
            amounts = sorted({0, 1, 2, 3, 5, 8, top // 2, top} - {int(default)})
            others = [a for a in amounts if a in decision.choices]
        # no more candidates than play-outs: a tiny budget only checks a few alternatives
        most = min(MAX_CANDIDATES, self.iterations or MAX_CANDIDATES)
        if len(others) > most - 1:
            others = list(rng.shuffled(others))[: most - 1]
        return [default, *others]

    def _playout(self, game: Game, seat: int, choice: Choice, seed: int) -> float:
        self.playouts += 1
        game.apply(seat, choice)
        bots = [HeuristicBot(seed + s) for s in range(len(game.seat_names()))]
        for _ in range(self.depth):
            pending = game.pending()
            if not pending:
                break
            d = pending[0]
            one = len(d.choices) == 1  # a forced choice needs no view
            c = d.choices[0] if one else bots[d.seat].choose(game.view(d.seat), d)
            game.apply(d.seat, c)
            self.rollout_decisions += 1
        return evaluate(game, seat)

"""A search bot for both games: determinized Monte Carlo search at the root — each candidate
choice is played out on the same fresh determinizations of the game as its seat knows it
(paired samples), and the heuristic's own choice is kept unless another beats it beyond the noise.

The harness hands it a :class:`~westeros.bots.base.Sampler` (``sample(seed) -> Game``),
never the game: each sample resamples everything the seat may not know (others' orders,
bids and chosen cards, deck order, the random generator). An iteration applies one candidate
choice in a sample, plays on with heuristic bots for every seat up to a cut-off (``depth``
decisions), and scores the position for the seat (:func:`evaluate`). The budget is a number
of iterations (deterministic for a seed) or milliseconds (``ms``; not deterministic).

Cheap decisions (which support to accept, word-only formalities, the card game's windows
outside marshaling) go straight to the heuristic; the search spends its budget where choices
matter. What depends on the game — the roll-out policy (the game's heuristic), the decisions
searched, how candidates are thinned and how a position is scored — is its :class:`Domain`,
picked by the view's ``game``.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from westeros.boardgame.public import decisions as D
from westeros.boardgame.public import tables as T
from westeros.bots import cards
from westeros.bots.base import Bot
from westeros.bots.cards import evaluate as card_search
from westeros.bots.heuristic import HeuristicBot
from westeros.bots.random_bot import RandomBot
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


def board_evaluate(game: Game, seat: int) -> float:
    """How good a board-game position is for ``seat``, in [0, 1]: 1 a win, 0 a loss; before the
    end a squashed lead over the best other house (castles first, then land, supply, power)."""
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


def board_prune(decision: Decision, default: Choice, others: list[Choice]) -> list[Choice]:
    """The board game's candidates besides the heuristic's: one order token per type, one
    march per destination, a spread of bids."""
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
            if c not in ("done", "reset"):  # reset: at the table only, never searched
                dests.setdefault(str(D.MARCH_MOVE.parse(c)["to"]), c)
        mine_to = D.MARCH_MOVE.parse(default).get("to", "")
        others = [c for d, c in dests.items() if d != mine_to]
        if default != "done" and "done" in decision.choices:
            others.append("done")
    if decision.kind == D.BID.name:  # a spread of amounts
        top = max(int(c) for c in decision.choices)
        amounts = sorted({0, 1, 2, 3, 5, 8, top // 2, top} - {int(default)})
        others = [a for a in amounts if a in decision.choices]
    return others


def keep_all(decision: Decision, default: Choice, others: list[Choice]) -> list[Choice]:
    return others


@dataclass(frozen=True)
class Domain:
    """What the search needs of one game: its roll-out policy (also the bot's own choice when
    it does not search), which decisions it searches, how it thins their candidates and how
    it scores a position for a seat."""

    policy: Callable[[int], Bot]
    searched: Callable[[Decision], bool]
    prune: Callable[[Decision, Choice, list[Choice]], list[Choice]]
    evaluate: Callable[[Game, int], float]
    rounds: int = 1  # samples each candidate gets at least (fewer candidates on a small budget)
    depth: int = 80  # decisions played in a roll-out before the position is scored


DOMAINS: dict[str, Domain] = {
    "boardgame": Domain(HeuristicBot, lambda d: d.kind in SEARCHED, board_prune, board_evaluate),
    "cardgame": Domain(
        cards.CardHeuristicBot,
        card_search.searched,
        keep_all,
        card_search.evaluate,
        rounds=3,
        depth=30,
    ),
}
NO_DOMAIN = Domain(RandomBot, lambda d: False, keep_all, lambda g, s: 0.5)


def evaluate(game: Game, seat: int) -> float:
    """How good the position is for ``seat``, in [0, 1], by its game's measure."""
    return DOMAINS.get(game.info.name, NO_DOMAIN).evaluate(game, seat)


class Noisy:
    """A roll-out opponent that plays the policy's choice, or with probability ``epsilon`` a
    uniformly random legal one (a sloppier or unpredictable player)."""

    def __init__(self, policy: Bot, epsilon: float, seed: int) -> None:
        self.policy = policy
        self.epsilon = epsilon
        self.rng = Rng(seed)

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        if self.rng.below(1 << 20) < self.epsilon * (1 << 20):
            return self.rng.choice(decision.choices)
        return self.policy.choose(view, decision)


@dataclass(frozen=True)
class Mixture:
    """An opponent model other than the roll-out policy: in each roll-out each other seat
    plays one style, drawn at random: the roll-out policy (weight ``policy``) or the policy
    with a share ``epsilon`` of random legal choices, for each share of ``noisy``."""

    policy: float = 0.5
    noisy: tuple[tuple[float, float], ...] = ((0.25, 0.3), (0.25, 0.6))  # (weight, epsilon)

    def draw(self, rng: Rng) -> float:
        """The epsilon of a style drawn by weight (0.0: the roll-out policy itself)."""
        total = self.policy + sum(w for w, _ in self.noisy)
        at = rng.below(1 << 20) / (1 << 20) * total - self.policy
        for weight, epsilon in self.noisy:
            if 0.0 <= at < weight:
                return epsilon
            at -= weight
        return 0.0


MIXTURE = Mixture()


class SearchBot:
    """Determinized Monte Carlo search at the root with heuristic roll-outs, for either game
    (the :class:`Domain` of the view's ``game``).

    ``iterations``: play-outs per searched decision, shared among the candidates
    (deterministic for ``seed``); ``ms``: a time budget instead (stops at whichever comes
    first when both are given). ``depth``: decisions played in a roll-out before the
    position is scored (default: the game's, 80 for the board game, 30 for the card game).
    ``opponents``: how the other seats play in roll-outs (default: the roll-out policy;
    :class:`Mixture` for a mixture of styles).
    """

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = 60,
        ms: float | None = None,
        depth: int | None = None,
        opponents: Mixture | None = None,
    ) -> None:
        self.seed = seed
        self.iterations = iterations
        self.ms = ms
        self.depth = depth
        self.opponents = opponents
        self.policies: dict[str, Bot] = {}  # the game's heuristic, when it does not search
        self.playouts = 0  # statistics for the benchmark
        self.rollout_decisions = 0
        self.search_seconds = 0.0
        self.search_cpu = 0.0  # CPU seconds of this process spent searching
        self.searched = 0

    def _policy(self, game: str) -> Bot:
        bot = self.policies.get(game)
        if bot is None:
            bot = self.policies[game] = DOMAINS.get(game, NO_DOMAIN).policy(self.seed)
        return bot

    def choose(self, view: dict[str, Any], decision: Decision) -> Choice:
        """Without a sampler the bot plays its game's heuristic."""
        return self._policy(str(view.get("game"))).choose(view, decision)

    def choose_with(self, view: dict[str, Any], decision: Decision, sample: Sample) -> Choice:
        game_kind = str(view.get("game"))
        domain = DOMAINS.get(game_kind, NO_DOMAIN)
        default = self._policy(game_kind).choose(view, decision)
        if len(decision.choices) < 2 or not domain.searched(decision):
            return default
        started, cpu = time.perf_counter(), time.process_time()
        self.searched += 1
        key = f"{self.seed}|{view.get('log_size')}|{decision.kind}|{decision.prompt}|"
        key += ",".join(map(str, decision.choices))
        rng = Rng(int.from_bytes(hashlib.blake2b(key.encode(), digest_size=8).digest(), "big"))
        candidates = self._candidates(domain, decision, default, rng)
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
                values[j].append(self._playout(domain, game, decision.seat, choice, luck))
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.search_seconds += time.perf_counter() - started
        self.search_cpu += time.process_time() - cpu
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

    def _candidates(
        self, domain: Domain, decision: Decision, default: Choice, rng: Rng
    ) -> list[Choice]:
        others = domain.prune(decision, default, [c for c in decision.choices if c != default])
        # no more candidates than play-outs: a tiny budget only checks a few alternatives
        budget = (self.iterations or MAX_CANDIDATES * domain.rounds) // domain.rounds
        most = max(1, min(MAX_CANDIDATES, budget))
        if len(others) > most - 1:
            others = list(rng.shuffled(others))[: most - 1]
        return [default, *others]

    def _playout(self, domain: Domain, game: Game, seat: int, choice: Choice, seed: int) -> float:
        self.playouts += 1
        game.apply(seat, choice)
        bots = self._rollout_bots(domain, len(game.seat_names()), seat, seed)
        for _ in range(self.depth or domain.depth):
            pending = game.pending()
            if not pending:
                break
            d = pending[0]
            one = len(d.choices) == 1  # a forced choice needs no view
            c = d.choices[0] if one else bots[d.seat].choose(game.view(d.seat), d)
            game.apply(d.seat, c)
            self.rollout_decisions += 1
        return domain.evaluate(game, seat)

    def _rollout_bots(self, domain: Domain, seats: int, me: int, seed: int) -> list[Bot]:
        """Who plays each seat in a roll-out seeded ``seed`` (the same for every candidate of
        a sample): the roll-out policy, or for the others a style drawn from the mixture."""
        bots = [domain.policy(seed + s) for s in range(seats)]
        if self.opponents is not None:
            draws = Rng(seed ^ 0x6D6978)
            for s in range(seats):
                style = self.opponents.draw(draws)
                if s != me and style > 0.0:
                    bots[s] = Noisy(bots[s], style, seed + 7919 * (s + 1))
        return bots

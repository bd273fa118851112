"""Both games as PettingZoo parallel environments: every agent with an open decision acts in
the same step.

``parallel_env(kind="boardgame", players=6, tides=False, config=None, seed=None,
render_mode=None, reward="win", shaping=0.0, skip_forced=True, max_cycles=None,
illegal_action="raise")``: the spaces, observations, rewards and seeds are those of the AEC
environment (:mod:`westeros.rl.pettingzoo_env`).

**Which decisions are simultaneous.** The rules make some decisions secret and simultaneous.
The board game: placing orders (R5.1, one area at a time for each house), bids on the
influence tracks and against the wildlings (R3.7.2, R4.3.2), and the two house cards of a
combat (R7.3). The card game: the plots (C7.2), chosen by every player at once each round.
There every agent with an open decision acts in one step, and none sees another's choice first
(its observation was taken before the step). Every other decision is open for one agent at a
time (the board game's marches, raids, support, retreats, mustering in turn order; the card
game's mulligans, setup cards and titles, taken in player order, C5.7, C5.8, C21.2, and
everything after the plots): the step then moves only that agent; the other agents' actions
are ignored (their masks are all zeros), so a step is always "every agent acts, those with
nothing to decide pass". A step applies the open decisions in seat order; a decision the
rules closed or changed meanwhile (none do, as those are independent) is left open for the
next step.

``max_cycles``: every agent is truncated after that many steps. An action outside an agent's
mask raises ValueError (``illegal_action="raise"``) or, with "penalize", is refused with
``illegal_reward`` for that agent and ``info["illegal_action"]`` (its decision stays open).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv

from westeros.engine import Config, Decision
from westeros.rl.core import REWARDS, Observation, PettingZooBase, Session
from westeros.rl.pettingzoo_env import check_options


class WesterosParallel(PettingZooBase, ParallelEnv[str, Observation, int]):  # type: ignore[misc]
    """A Game of Thrones: The Board Game or The Card Game (2nd ed.), every open decision at
    once."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the base classes declare it so)
        "render_modes": ["human", "ansi"],
        "name": "westeros_boardgame_parallel_v0",
    }

    def __init__(
        self,
        players: int | None = None,
        tides: bool = False,
        seed: int | None = None,
        render_mode: str | None = None,
        reward: str = REWARDS[0],
        shaping: float = 0.0,
        skip_forced: bool = True,
        max_cycles: int | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        kind: str = "boardgame",
        config: Config | None = None,
    ) -> None:
        check_options(self.metadata, render_mode, reward, illegal_action, max_cycles)
        self.session = Session(players, tides, skip_forced, kind, config)
        self.metadata = {**self.metadata, "name": f"westeros_{kind}_parallel_v0"}
        self.render_mode = render_mode
        self.reward_mode = reward
        self.shaping = float(shaping)
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.possible_agents = list(self.session.agents)
        self.agents: list[str] = []
        self._action_space = spaces.Discrete(self.session.actions.n)
        self._observation_space = self.session.observation_space()
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        self._scores: dict[str, int] = {}
        self._rendered = 0
        self.cycles = 0

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.session.reset(self._game_seed(seed))
        self.agents = list(self.possible_agents)
        self._scores = self.session.scores() if self.shaping else {}
        self._rendered = 0
        self.cycles = 0
        return self._observations(), {a: {} for a in self.agents}

    def acting(self) -> list[str]:
        """The agents with an open decision now (they act in the next step)."""
        if self.session.game is None or self.session.over:
            return []
        return [self.session.seat_agent[d.seat] for d in self.session.g.pending()]

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        session = self.session
        if session.game is None or not self.agents:
            raise RuntimeError("the game is over: call reset()")
        rewards = {a: 0.0 for a in self.agents}
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        opened: list[Decision] = list(session.g.pending())
        for decision in opened:
            agent = session.seat_agent[decision.seat]
            if session.seat_decision(decision.seat) != decision:
                continue  # closed or changed by an earlier seat's action: asked again
            action = actions.get(agent)
            if action is None or not session.legal(decision.seat, action):
                if self.illegal_action == "raise":
                    raise ValueError(f"{agent}: {action!r} is not a legal action now")
                rewards[agent] += self.illegal_reward
                infos[agent]["illegal_action"] = True
                continue
            session.step_seat(decision.seat, int(action))
            if session.over:
                break
        self.cycles += 1
        self._shape(rewards)
        over = session.over
        if over:
            for h, r in session.final_rewards(self.reward_mode).items():
                rewards[h] += r
            outcome = session.g.outcome()
            for h in self.agents:
                infos[h]["outcome"] = outcome.to_json() if outcome else None
        truncated = not over and self.max_cycles is not None and self.cycles >= self.max_cycles
        observations = self._observations()
        terminations = {a: over for a in self.agents}
        truncations = {a: truncated for a in self.agents}
        if over or truncated:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def _shape(self, rewards: dict[str, float]) -> None:
        if not self.shaping:
            return
        scores = self.session.scores()
        for h in rewards:
            rewards[h] += self.shaping * (scores[h] - self._scores[h])
        self._scores = scores

    def _observations(self) -> dict[str, Observation]:
        return {a: self.session.observe(self.session.agent_seat[a]) for a in self.agents}


def parallel_env(**kwargs: Any) -> WesterosParallel:
    """The parallel environment (no PettingZoo wrappers: the masks already refuse illegal
    moves)."""
    return WesterosParallel(**kwargs)

"""Both games as PettingZoo AEC environments: agents are the board game's houses, the card
game's players (``player_0`` …).

``env(kind="boardgame", players=6, tides=False, config=None, seed=None, render_mode=None)``
(the card game: ``env(kind="cardgame", config={"decks": [...]})``, ``auto`` on by default;
:mod:`westeros.rl.spaces`). Every agent has the kind's action space ``Discrete(n)`` and a dict
observation: ``observation`` (``float32``, the agent's view encoded) and ``action_mask``
(``int8``, 1 for each legal action of the agent's open decision). The agent to act is the one
of the lowest pending seat; simultaneous secret decisions (the board game's orders, bids,
house cards; the card game's plots) are taken in seat order and the views never show an
earlier seat's choice.

Rewards: ``reward="win"`` gives 1 to the winner and 0 to the others when the game ends;
``reward="rank"`` gives (n-1-place)/(n-1). ``shaping=c`` adds c times the change of an agent's
public score (castles and strongholds; the card game's power) at every step (0 by default).

``max_cycles``: after that many steps (actions of the agent to act; the game is not
round-robin, so a cycle is one step) every agent is truncated. ``illegal_action="penalize"``
refuses an action outside the mask with a reward of ``illegal_reward`` to the agent and
``info["illegal_action"]`` (the game is unchanged, the same agent acts again); "raise" (the
default) raises ValueError. A parallel version is :mod:`westeros.rl.parallel_env`.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from westeros.engine import Config
from westeros.rl.core import ILLEGAL_ACTIONS, REWARDS, Observation, PettingZooBase, Session


def check_options(
    metadata: dict[str, Any],
    render_mode: str | None,
    reward: str,
    illegal_action: str,
    max_cycles: int | None,
) -> None:
    """ValueError for an unknown render mode, reward, illegal-action mode or a bad
    ``max_cycles``."""
    if render_mode is not None and render_mode not in metadata["render_modes"]:
        raise ValueError(f"render_mode must be one of human, ansi or None: {render_mode!r}")
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
    if illegal_action not in ILLEGAL_ACTIONS:
        raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}: {illegal_action!r}")
    if max_cycles is not None and max_cycles < 1:
        raise ValueError(f"max_cycles must be at least 1 or None, not {max_cycles!r}")


class WesterosAEC(PettingZooBase, AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """A Game of Thrones: The Board Game (2nd ed.) for 3–6 houses, or The Card Game (2nd ed.)
    for 2–6 players, as an AEC environment."""

    metadata: dict[str, Any] = {  # noqa: RUF012 (the base classes declare it so)
        "render_modes": ["human", "ansi"],
        "name": "westeros_boardgame_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        players: int | None = None,
        tides: bool = False,
        seed: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        shaping: float = 0.0,
        skip_forced: bool = True,
        max_cycles: int | None = None,
        illegal_action: str = "raise",
        illegal_reward: float = -1.0,
        kind: str = "boardgame",
        config: Config | None = None,
    ) -> None:
        super().__init__()
        check_options(self.metadata, render_mode, reward, illegal_action, max_cycles)
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.cycles = 0
        self.session = Session(players, tides, skip_forced, kind, config)
        self.metadata = {**self.metadata, "name": f"westeros_{kind}_v0"}
        self.render_mode = render_mode
        self.reward_mode = reward
        self.shaping = float(shaping)
        self.possible_agents = list(self.session.agents)
        self._action_space = spaces.Discrete(self.session.actions.n)
        self._observation_space = self.session.observation_space()
        self.observation_spaces = {a: self._observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._action_space for a in self.possible_agents}
        self._seed = seed
        self._rng = np.random.default_rng(seed)
        self._scores: dict[str, int] = {}
        self._rendered = 0
        self.agents: list[str] = []

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.session.reset(self._game_seed(seed))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._scores = self.session.scores() if self.shaping else {}
        self._rendered = 0
        self.cycles = 0
        self._select()

    def _select(self) -> None:
        decision = self.session.decision()
        if decision is not None:
            self.agent_selection = self.session.seat_agent[decision.seat]

    def observe(self, agent: str) -> Observation:
        if self.session.game is None or agent not in self.session.agent_seat:
            return self.session.empty_observation()
        return self.session.observe(self.session.agent_seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.cycles += 1
        seat = self.session.agent_seat[agent]
        if self.illegal_action == "penalize" and not self.session.legal(seat, action):
            self.rewards[agent] = self.illegal_reward
            self.infos[agent] = {"illegal_action": True}
            self._truncate_if_due()
            self._accumulate_rewards()
            return
        self.session.step(int(action))
        self.infos[agent] = {}
        if self.shaping:
            scores = self.session.scores()
            for h in self.agents:
                self.rewards[h] += self.shaping * (scores[h] - self._scores[h])
            self._scores = scores
        if self.session.over:
            for h, r in self.session.final_rewards(self.reward_mode).items():
                self.rewards[h] += r
            outcome = self.session.g.outcome()
            for h in self.agents:
                self.terminations[h] = True
                self.infos[h] = {"outcome": outcome.to_json() if outcome else None}
        else:
            self._select()
            self._truncate_if_due()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _truncate_if_due(self) -> None:
        if self.max_cycles is not None and self.cycles >= self.max_cycles:
            for h in self.agents:
                self.truncations[h] = True


def raw_env(**kwargs: Any) -> WesterosAEC:
    return WesterosAEC(**kwargs)


def env(**kwargs: Any) -> WesterosAEC:
    """The AEC environment (no PettingZoo wrappers: the mask already refuses illegal moves)."""
    return WesterosAEC(**kwargs)

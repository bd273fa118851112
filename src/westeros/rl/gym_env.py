"""A Gymnasium single-agent wrapper: one learning seat, the other seats played by bots.

``WesterosGym(players=6, tides=False, seat=0, opponent="random")``: the learner sits at
``seat`` (in the board game its house depends on the game's seed, as seats are drawn at
set-up); every other seat is a bot from :func:`westeros.rl.opponents.make_opponent`, seeded
from the game's seed. ``kind="cardgame"`` (with ``config``, ``auto`` on by default) is the
card game (``gymnasium.make("westeros/CardGame-v0")``). The observation and action space are
those of the AEC environment (:mod:`westeros.rl.pettingzoo_env`): a dict of ``observation``
and ``action_mask``, and ``Discrete(n)``. An episode is one whole game; the reward is 1 if the
learner wins and 0 otherwise (``reward="rank"``: by place), plus optional score shaping
(castles; the card game's power).

An action outside the mask leaves the game unchanged and gives ``illegal_reward`` (-1 by
default) with ``info["illegal_action"] = True``; ``illegal_action="raise"`` raises instead.

``action_masks()`` returns the mask as booleans (what sb3-contrib's ``MaskablePPO`` asks the
env for); the observation at the end of a game is the final view with every action marked
(``ActionSpace.terminal_mask``). ``max_steps``: the episode is truncated after that many learner
steps (None: a game always runs to its end).
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from westeros.bots import Bot
from westeros.bots.base import ask
from westeros.engine import Config
from westeros.rl.core import REWARDS, Observation, Session, render_new
from westeros.rl.opponents import make_opponent


class WesterosGym(gym.Env[Observation, np.int64]):
    """The board game or the card game from one seat's point of view, against bots."""

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"]}  # noqa: RUF012

    def __init__(
        self,
        players: int | None = None,
        tides: bool = False,
        seat: int = 0,
        opponent: str = "random",
        render_mode: str | None = None,
        reward: str = "win",
        shaping: float = 0.0,
        illegal_action: str = "penalize",
        illegal_reward: float = -1.0,
        max_steps: int | None = None,
        kind: str = "boardgame",
        config: Config | None = None,
    ) -> None:
        self.session = Session(players, tides, True, kind, config)
        seats = self.session.space.players
        if not 0 <= seat < seats:
            raise ValueError(f"seat must be in 0..{seats - 1}, not {seat!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {REWARDS}, not {reward!r}")
        if illegal_action not in ("penalize", "raise"):
            raise ValueError(f"illegal_action must be penalize or raise, not {illegal_action!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of human, ansi or None: {render_mode!r}")
        self.seat = seat
        self.opponent = opponent
        make_opponent(opponent, 0)  # fail early on an unknown name
        self.render_mode = render_mode
        self.reward_mode = reward
        self.shaping = float(shaping)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        if max_steps is not None and max_steps < 1:
            raise ValueError(f"max_steps must be at least 1 or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.steps = 0
        self.action_space = spaces.Discrete(self.session.actions.n)
        self.observation_space = cast("spaces.Space[Observation]", self.session.observation_space())
        self.bots: list[Bot] = []
        self._score = 0
        self._rendered = 0

    @property
    def house(self) -> str:
        """The learner's agent in the current game: its house (board game), ``player_<seat>``
        (card game)."""
        return self.session.seat_agent[self.seat]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**31))
        self.session.reset(game_seed)
        seats = self.session.space.players
        self.bots = [make_opponent(self.opponent, game_seed * 7919 + s) for s in range(seats)]
        self._score = self._my_score()
        self._rendered = 0
        self.steps = 0
        self._play_bots()
        return self._obs(), {"house": self.house, "game_seed": game_seed}

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        session = self.session
        if session.over:
            raise RuntimeError("the game is over: call reset()")
        decision = session.decision()
        assert decision is not None and decision.seat == self.seat
        self.steps += 1
        truncated = self.max_steps is not None and self.steps >= self.max_steps
        try:
            session.actions.decode(decision, int(action))
        except ValueError:
            if self.illegal_action == "raise":
                raise
            refused = {"illegal_action": True}
            return self._obs(), self.illegal_reward, False, truncated, refused
        session.step(int(action))
        self._play_bots()
        reward = 0.0
        if self.shaping:
            score = self._my_score()
            reward += self.shaping * (score - self._score)
            self._score = score
        info: dict[str, Any] = {}
        if session.over:
            reward += session.final_rewards(self.reward_mode)[self.house]
            outcome = session.g.outcome()
            info["outcome"] = outcome.to_json() if outcome else None
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, session.over, truncated and not session.over, info

    def action_masks(self) -> np.ndarray:
        """The legal actions of the learner's open decision, as booleans (sb3-contrib's
        ``MaskablePPO`` calls this); every action once the game is over."""
        if self.session.game is None:
            raise RuntimeError("call reset() first")
        return self.session.mask(self.seat).astype(bool)

    def _my_score(self) -> int:
        return self.session.scores()[self.house] if self.shaping else 0

    def _play_bots(self) -> None:
        session = self.session
        g = session.g
        while True:
            decision = session.decision()
            if decision is None or decision.seat == self.seat:
                return
            session.apply_choice(decision.seat, ask(self.bots[decision.seat], g, decision))

    def _obs(self) -> Observation:
        return self.session.observe(self.seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text, self._rendered = render_new(self.session.g, self._rendered, self.render_mode)
        return text


GYM_ID = "westeros/BoardGame-v0"
CARD_GYM_ID = "westeros/CardGame-v0"
if GYM_ID not in gym.registry:
    gym.register(id=GYM_ID, entry_point="westeros.rl.gym_env:WesterosGym")
if CARD_GYM_ID not in gym.registry:
    gym.register(
        id=CARD_GYM_ID, entry_point="westeros.rl.gym_env:WesterosGym", kwargs={"kind": "cardgame"}
    )

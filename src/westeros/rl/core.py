"""One game driven by action indices: the part every adapter shares.

A :class:`Session` holds a game of a kind (:mod:`westeros.rl.spaces`) made through the engine
contract (``new_game``), gives each seat its observation (the encoded view plus the action
mask of its own open decision) and applies action indices. With several decisions open at
once (the board game's secret orders, bids, house cards; the card game's plots) the lowest
seat acts first and the others' decisions stay open, so no seat's choice is shown before the
others have chosen (the views hide it). With ``skip_forced`` a decision with a single legal
choice is taken at once and nobody is asked.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from westeros.engine import Config, Decision, Game, new_game
from westeros.rl.spaces import Space, space

REWARDS: tuple[str, ...] = ("win", "rank")
ILLEGAL_ACTIONS: tuple[str, ...] = ("raise", "penalize")

Observation = dict[str, npt.NDArray[Any]]


class Session:
    """A game for an adapter: seats, agents, observations, action indices, rewards.

    ``kind`` and its options as :func:`westeros.rl.spaces.space` takes them: the board game's
    ``players`` and ``tides``, the card game's ``config`` (``auto`` on by default)."""

    def __init__(
        self,
        players: int | None = None,
        tides: bool = False,
        skip_forced: bool = True,
        kind: str = "boardgame",
        config: Config | None = None,
    ) -> None:
        self.space: Space = space(kind, players, tides, config)
        self.skip_forced = skip_forced
        self.agents = self.space.agents
        self.actions = self.space.actions
        self.game: Game | None = None
        self.seat_agent: tuple[str, ...] = ()
        self.agent_seat: dict[str, int] = {}
        self.decisions = 0  # decisions applied (asked and forced)

    @property
    def config(self) -> dict[str, Any]:
        return self.space.config

    def reset(self, seed: int) -> None:
        self.game = new_game(self.space.kind, self.config, seed)
        self.seat_agent = self.space.seat_agents(self.game)
        self.agent_seat = {h: s for s, h in enumerate(self.seat_agent)}
        self.decisions = 0
        self._advance()

    @property
    def g(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game

    @property
    def over(self) -> bool:
        return self.g.is_over

    def decision(self) -> Decision | None:
        """The decision to take now: the lowest pending seat's."""
        pending = self.g.pending()
        return pending[0] if pending else None

    def seat_decision(self, seat: int) -> Decision | None:
        """The seat's open decision the game waits for: idle ones (Mother of Dragons' gifts,
        X-MOD-11.1) are never an agent's."""
        return next((d for d in self.g.pending() if d.seat == seat and not d.idle), None)

    def observe(self, seat: int) -> Observation:
        """The seat's encoded view and the mask of its own open decision (zeros while it has
        none). Once the game is over the view is the final one and the mask is all ones
        (``ActionSpace.terminal_mask``)."""
        return {"observation": self.space.encode(self.g, seat), "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        if self.over:
            return self.actions.terminal_mask()
        return self.actions.mask(self.seat_decision(seat))

    def step(self, action: int) -> None:
        """Apply an action index to the current decision (ValueError when it is illegal)."""
        decision = self.decision()
        if decision is None:
            raise ValueError("the game is over")
        self.step_seat(decision.seat, action)

    def step_seat(self, seat: int, action: int) -> None:
        """Apply an action index to ``seat``'s open decision (ValueError when it has none or
        the action is illegal; the game is then unchanged)."""
        decision = self.seat_decision(seat)
        if decision is None:
            raise ValueError(f"seat {seat} has no open decision")
        self.g.apply(seat, self.actions.decode(decision, int(action)))
        self.decisions += 1
        self._advance()

    def legal(self, seat: int, action: Any) -> bool:
        """Whether ``action`` is a legal index for ``seat``'s open decision."""
        decision = self.seat_decision(seat)
        if decision is None or action is None:
            return False
        try:
            self.actions.decode(decision, int(action))
        except (ValueError, TypeError):
            return False
        return True

    def apply_choice(self, seat: int, choice: Any) -> None:
        """Apply a choice (not an index), e.g. a bot's; forced decisions follow."""
        self.g.apply(seat, choice)
        self.decisions += 1
        self._advance()

    def _advance(self) -> None:
        if not self.skip_forced:
            return
        g = self.g
        while True:
            pending = g.pending()
            if not pending or len(pending[0].choices) != 1:
                return
            d = pending[0]
            g.apply(d.seat, d.choices[0])
            self.decisions += 1

    def scores(self) -> dict[str, int]:
        """Each agent's public score: castles and strongholds (board game), power (card
        game)."""
        return dict(zip(self.seat_agent, self.space.scores(self.g), strict=True))

    def final_rewards(self, mode: str) -> dict[str, float]:
        """``win``: 1 for the winner, 0 otherwise; ``rank``: (n-1-place)/(n-1), 1 for the
        winner, 0 for the last."""
        outcome = self.g.outcome()
        assert outcome is not None, "the game is not over"
        if mode == "win":
            return {h: 1.0 if self.agent_seat[h] == outcome.winner else 0.0 for h in self.agents}
        last = max(len(outcome.ranking) - 1, 1)
        place = {seat: i for i, seat in enumerate(outcome.ranking)}
        return {h: (last - place[self.agent_seat[h]]) / last for h in self.agents}

    def empty_observation(self) -> Observation:
        return {
            "observation": np.zeros(self.space.obs_size, dtype=np.float32),
            "action_mask": np.zeros(self.actions.n, dtype=np.int8),
        }

    def observation_space(self) -> spaces.Dict:
        """The dict space of :meth:`observe`."""
        return spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, (self.space.obs_size,), dtype=np.float32),
                "action_mask": spaces.Box(0, 1, (self.actions.n,), dtype=np.int8),
            }
        )


def render_new(game: Game, since: int, mode: str | None) -> tuple[str | None, int]:
    """The log since event ``since`` as text, for an env's ``render()``; with ``mode`` "human"
    it is printed and None returned. Also returns the index to continue from."""
    events = game.events(None, since)
    text = "\n".join(game.render(e) for e in events)
    if mode == "human":
        if text:
            print(text)
        return None, since + len(events)
    return text, since + len(events)


class PettingZooBase:
    """What the PettingZoo environments (AEC and parallel) share: the spaces of every agent,
    the seed of each new game, ``render()`` (the log's lines since the last render,
    ``render_new``) and ``close()`` (nothing to release)."""

    render_mode: str | None
    session: Session
    _rendered: int
    _seed: int | None
    _rng: np.random.Generator
    _action_space: spaces.Discrete
    _observation_space: spaces.Space[Any]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._action_space

    def _game_seed(self, seed: int | None) -> int:
        """The next game's seed: ``seed`` (which also reseeds the draws), else the
        constructor's seed for the first game, else a draw."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            return seed
        if self._seed is not None:
            first, self._seed = self._seed, None
            return first
        return int(self._rng.integers(2**31))

    def render(self) -> str | None:
        if self.render_mode is None or self.session.game is None:
            return None
        text, self._rendered = render_new(self.session.g, self._rendered, self.render_mode)
        return text

    def close(self) -> None:
        pass

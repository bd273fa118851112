"""One board game driven by action indices: the part every adapter shares.

A :class:`Session` holds a game made through the engine contract (``new_game``), gives each
seat its observation (the encoded view plus the action mask of its own open decision) and
applies action indices. With several decisions open at once (secret orders, bids, house
cards) the lowest seat acts first and the others' decisions stay open, so no seat's choice is
shown before the others have chosen (the views hide it). With ``skip_forced`` a decision with
a single legal choice is taken at once and nobody is asked.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from westeros.boardgame.public import tables as T
from westeros.engine import Decision, Game, new_game
from westeros.rl import actions as A
from westeros.rl.encoding import OBS_SIZE, encode_game

REWARDS: tuple[str, ...] = ("win", "rank")
ILLEGAL_ACTIONS: tuple[str, ...] = ("raise", "penalize")

Observation = dict[str, npt.NDArray[Any]]


def houses_in_play(players: int) -> tuple[str, ...]:
    """The houses of a player count (R2), in the rules' set-up order."""
    return T.SETUPS[players].houses


class Session:
    """A board game for an adapter: seats, observations, action indices, rewards."""

    def __init__(self, players: int = 6, tides: bool = False, skip_forced: bool = True) -> None:
        if players not in T.SETUPS:
            raise ValueError(f"players must be one of {sorted(T.SETUPS)}, not {players!r}")
        self.players = players
        self.tides = tides
        self.skip_forced = skip_forced
        self.houses = houses_in_play(players)
        self.game: Game | None = None
        self.seat_house: tuple[str, ...] = ()
        self.house_seat: dict[str, int] = {}
        self.decisions = 0  # decisions applied (asked and forced)

    @property
    def config(self) -> dict[str, Any]:
        return {"players": self.players, "tides": self.tides}

    def reset(self, seed: int) -> None:
        self.game = new_game("boardgame", self.config, seed)
        self.seat_house = tuple(self.game.view(None)["seats"])
        self.house_seat = {h: s for s, h in enumerate(self.seat_house)}
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
        return next((d for d in self.g.pending() if d.seat == seat), None)

    def observe(self, seat: int) -> Observation:
        """The seat's encoded view and the mask of its own open decision (zeros while it has
        none). Once the game is over the view is the final one and the mask is all ones
        (:func:`terminal_mask`)."""
        return {"observation": encode_game(self.g, seat), "action_mask": self.mask(seat)}

    def mask(self, seat: int) -> npt.NDArray[np.int8]:
        if self.over:
            return terminal_mask()
        return A.mask(self.seat_decision(seat))

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
        self.g.apply(seat, A.decode(decision, int(action)))
        self.decisions += 1
        self._advance()

    def legal(self, seat: int, action: Any) -> bool:
        """Whether ``action`` is a legal index for ``seat``'s open decision."""
        decision = self.seat_decision(seat)
        if decision is None or action is None:
            return False
        try:
            A.decode(decision, int(action))
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

    def castles(self) -> dict[str, int]:
        """Each house's castles and strongholds (public: the spectator view)."""
        houses = self.g.view(None)["houses"]
        return {h: int(houses[h]["victory"]) for h in self.houses}

    def final_rewards(self, mode: str) -> dict[str, float]:
        """``win``: 1 for the winner, 0 otherwise; ``rank``: (n-1-place)/(n-1), 1 for the
        winner, 0 for the last."""
        outcome = self.g.outcome()
        assert outcome is not None, "the game is not over"
        if mode == "win":
            return {h: 1.0 if self.house_seat[h] == outcome.winner else 0.0 for h in self.houses}
        last = max(len(outcome.ranking) - 1, 1)
        place = {seat: i for i, seat in enumerate(outcome.ranking)}
        return {h: (last - place[self.house_seat[h]]) / last for h in self.houses}


def terminal_mask() -> npt.NDArray[np.int8]:
    """The mask of a finished game: every action marked, so that a masked policy still has a
    distribution over it (a terminal observation is only ever bootstrapped from, or sampled
    and ignored at an autoreset); no action is applied once the game is over."""
    return np.ones(A.N_ACTIONS, dtype=np.int8)


def empty_observation() -> Observation:
    return {
        "observation": np.zeros(OBS_SIZE, dtype=np.float32),
        "action_mask": np.zeros(A.N_ACTIONS, dtype=np.int8),
    }


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


class RendersLog:
    """``render()`` and ``close()`` of the PettingZoo environments: the log's lines since the
    last render (``render_new``), nothing to release."""

    render_mode: str | None
    session: Session
    _rendered: int

    def render(self) -> str | None:
        if self.render_mode is None or self.session.game is None:
            return None
        text, self._rendered = render_new(self.session.g, self._rendered, self.render_mode)
        return text

    def close(self) -> None:
        pass

"""The move path: check a move, apply it to the live game and commit it to storage before
anybody is told; catch a game up with moves another process stored.

One process on SQLite: the moves of all games waiting to be stored go in one transaction
(one fsync for all). Several processes (PostgreSQL): each move in its own transaction under
the game's row lock, with the move-number check, so a move is never made twice.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from westeros.engine import Choice, Game, IllegalAction
from westeros.server.errors import ApiError
from westeros.server.live import Db, LiveGame
from westeros.server.storage import (
    BROKEN,
    Applied,
    Behind,
    GameEnded,
    MoveRequest,
    Prepare,
    StaleMove,
)

log = logging.getLogger("westeros.server")

AfterMove = Callable[[LiveGame, int], None]
Told = Callable[[LiveGame], None]


class Mover:
    """Moves of every live game, committed before ``after_move(live, seat)`` tells anyone."""

    def __init__(self, db: Db, shared: bool, after_move: AfterMove, caught_up: Told) -> None:
        self.db = db
        self.repo = db.repo
        self.shared = shared
        self.after_move = after_move
        self.caught_up = caught_up  # after each move (or break) learnt from storage
        self._batch: list[tuple[MoveRequest, asyncio.Future[int]]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def move_locked(self, live: LiveGame, seat: int, number: int, choice: Choice) -> None:
        """Apply ``choice`` for ``seat`` as move ``number``; the caller holds ``live.lock``."""
        for _ in range(100):
            if live.game is None or live.status == "broken":
                raise ApiError(409, live.error or f"game {live.id} is broken")
            if live.status != "playing":
                raise ApiError(409, f"the game is {live.status}", live.move)
            game = live.game
            result: dict[str, Any] = {}
            prepare = self._prepare(live, game, seat, number, choice, result)
            try:
                await self._append(live.id, seat, choice, prepare)
            except Behind:
                await self.catch_up(live)
                continue
            except GameEnded as exc:
                live.status = exc.status
                raise ApiError(409, str(exc), live.move) from None
            except StaleMove as exc:
                raise ApiError(
                    409, f"move {number} is not the current move ({exc.current})", exc.current
                ) from None
            except IllegalAction as exc:
                log.info("game %s seat %d: refused %r: %s", live.id, seat, choice, exc)
                raise ApiError(400, exc.player or "illegal choice", live.move) from None
            except ApiError:
                raise
            except Exception:
                if result.get("applied"):
                    # Applied in memory but not stored: rebuilt from storage on next use.
                    live.game = None
                log.exception("storing a move of game %s failed", live.id)
                raise ApiError(503, "the move could not be stored; try again") from None
            live.move += 1
            if game.is_over:
                live.status = "over"
            self.after_move(live, seat)
            return
        raise ApiError(503, "the game moves too fast to catch up; try again")

    @staticmethod
    def _prepare(
        live: LiveGame, game: Game, seat: int, number: int, choice: Choice, result: dict[str, Any]
    ) -> Prepare:
        """What runs under the game's row lock: the checks, then the move itself."""

        def prepare(stored: int) -> Applied:
            if stored > live.move:
                raise Behind(stored)
            if stored != live.move:
                raise RuntimeError(f"storage is at move {stored} behind this process's {live.move}")
            if number != stored:
                raise StaleMove(stored)
            if not any(d.seat == seat for d in game.pending()):
                raise ApiError(403, f"seat {seat} has no open decision")
            game.apply(seat, choice)
            result["applied"] = True
            outcome = game.outcome()
            over = game.is_over
            clocks = None
            if live.clocks is not None:
                running = set() if over else live.waiting() & live.present_humans()
                live.clocks.restart(running, seat)
                clocks = dict(live.clocks.remaining)
            return Applied(
                game.state_hash(),
                "over" if over else "playing",
                outcome.to_json() if outcome is not None else None,
                not over and live.needs_attention(),
                clocks,
            )

        return prepare

    async def _append(self, game_id: str, seat: int, choice: Choice, prepare: Prepare) -> int:
        if self.shared:
            return await self.db(self.repo.append_move, game_id, seat, choice, prepare)
        future: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        self._batch.append((MoveRequest(game_id, seat, choice, prepare), future))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.get_running_loop().create_task(self._flush())
        return await future

    async def _flush(self) -> None:
        while self._batch:
            batch, self._batch = self._batch, []
            requests = [request for request, _ in batch]
            failure: BaseException | None = None
            try:
                await self.db(self.repo.append_moves, requests)
            except Exception as exc:
                failure = exc
            for request, future in batch:
                if future.done():
                    continue
                if isinstance(request.result, BaseException):
                    future.set_exception(request.result)
                elif failure is not None:
                    future.set_exception(failure)
                elif request.result is None:
                    future.set_exception(RuntimeError("the move was not stored"))
                else:
                    future.set_result(request.result)

    async def catch_up(self, live: LiveGame, check_broken: bool = False) -> bool:
        """Apply the moves another process stored (checking their hashes), calling
        ``caught_up`` after each; the caller holds ``live.lock``. True when something
        changed."""
        if live.game is None:
            return False
        moves = await self.db(self.repo.moves, live.id, live.move)
        if not moves:
            if check_broken:
                row = await self.db(self.repo.game, live.id)
                if row is not None and row.status == "broken" and live.status != "broken":
                    live.status, live.error, live.game = "broken", row.error, None
                    self.caught_up(live)
                    return True
            return False
        for stored in moves:
            if stored.number != live.move:
                break
            try:
                live.game.apply(stored.seat, stored.choice)
                ok = live.game.state_hash() == stored.state_hash
            except IllegalAction:
                ok = False
            if not ok:
                message = f"game {live.id} diverged from its stored moves at move {stored.number}"
                log.error(message)
                await self.db(self.repo.mark_broken, live.id, message)
                live.game, live.status, live.error = None, "broken", message
                self.caught_up(live)
                return True
            live.move += 1
            if live.game.is_over:
                live.status = "over"
            if stored is moves[-1]:  # the mover stored the clocks and seats with its move
                row = await self.db(self.repo.game, live.id)
                if row is not None:
                    live.adopt(row, cold=False)
            self.caught_up(live)
        return True


__all__ = ["BROKEN", "AfterMove", "Mover"]

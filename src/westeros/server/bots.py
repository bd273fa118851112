"""Bots on the server: the seats that bots play (bot seats, and human seats that are away)
answered through one fair queue.

* **Fair**: games whose bots must decide wait in one first-in-first-out queue; a worker
  takes a game, answers *one* decision and puts the game back at the end if it has more.
  So one game's bots delay another game's by at most one decision per worker.
* **Bounded**: a bot with a time budget is held to the server's maximum think time per
  decision; a bot that takes longer than that (plus a grace) or raises is replaced for that
  decision by the kind's default bot (the heuristic bot, board and card game), and the game
  records a notice that says so. The thread of a runaway bot is abandoned with its pool.
* Thinking runs on a thread pool, never on the event loop; the choice is posted through the
  same move path as a person's (move-number check included). ``delay`` seconds pass before
  a game's bot decision is queued, so that people can follow.
* **Capped**: a game whose bots have made ``max_moves`` moves in a row (no person's move in
  between) is stopped (``stop``: status ``stopped``, a notice, an error in the log), so a game
  the bots never end cannot spin for ever nor grow without bound. A whole game of bots takes a
  few thousand moves (an 8-player Mother of Dragons game at the table: under 5,000).
* **Never idle**: bots answer awaited decisions only; an idle one (a standing gift of power,
  a ready house's ``unready``) is never a bot's (``LiveGame.bot_turn``), so bots cannot give
  gifts back and forth.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from westeros.bots.base import Bot, thinker
from westeros.bots.random_bot import RandomBot
from westeros.bots.registry import default_bot, make_bot
from westeros.engine import Choice, Decision
from westeros.server.errors import ApiError
from westeros.server.live import LiveGame

log = logging.getLogger("westeros.server")

GRACE = 1.0  # seconds past the maximum think time before a bot is given up on
MAX_BOT_MOVES = 20_000  # bot moves in a row (no person's move between) before a game stops

MoveFn = Callable[[LiveGame, int, int, Choice], Awaitable[None]]  # live, seat, number, choice
PrepareFn = Callable[[LiveGame], Awaitable[None]]  # e.g. catch up with other processes
NoticeFn = Callable[[LiveGame, int, str, str], Awaitable[None]]  # live, seat, kind, text
TimedFn = Callable[[float], None]
StopFn = Callable[[LiveGame, str], Awaitable[None]]  # live, why; the caller holds the lock


def derive_seed(seed: int, *parts: int) -> int:
    data = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> 1


def limit_budget(bot: Bot, max_think: float) -> Bot:
    """Hold a bot with a time budget (``ms``) to ``max_think`` seconds per decision."""
    ms = getattr(bot, "ms", None)
    if hasattr(bot, "ms") and (ms is None or ms > max_think * 1000):
        setattr(bot, "ms", max_think * 1000)  # noqa: B010 (any bot with a time budget)
    return bot


def budget_ms(spec: str) -> float | None:
    """The time budget a bot spec asks for (``search:500ms`` → 500), if any."""
    _, _, budget = spec.partition(":")
    if budget.endswith("ms") and budget[:-2].isdigit():
        return float(budget[:-2])
    return None


@dataclass
class Job:
    seat: int
    decision: Decision
    number: int
    think: Callable[[], Choice]
    bot_name: str


class BotScheduler:
    """The fair queue of bot decisions of every live game of this process."""

    def __init__(
        self,
        move: MoveFn,
        prepare: PrepareFn,
        notice: NoticeFn,
        delay: float = 0.5,
        workers: int = 2,
        max_think: float = 3.0,
        timed: TimedFn | None = None,
        stop: StopFn | None = None,
        max_moves: int = MAX_BOT_MOVES,
    ) -> None:
        self.move = move
        self.prepare = prepare
        self.notice = notice
        self.stop = stop
        self.max_moves = max_moves
        self.delay = delay
        self.max_think = max_think
        self.timed = timed
        self.workers = workers
        self.pool = ThreadPoolExecutor(workers, thread_name_prefix="westeros-bot")
        self.queue: deque[LiveGame] = deque()
        self.ready = asyncio.Event()
        self.busy: set[str] = set()  # games delayed, queued or being answered
        self.tasks: list[asyncio.Task[None]] = []
        self.closing = False

    # -- queue -----------------------------------------------------------------------------

    def schedule(self, live: LiveGame) -> None:
        """Queue ``live`` if a bot must decide and it is not queued already."""
        if self.closing or live.id in self.busy or not self.due(live):
            return
        self.busy.add(live.id)
        if self.delay > 0:
            asyncio.get_running_loop().call_later(self.delay, self._enqueue, live)
        else:
            self._enqueue(live)

    @staticmethod
    def due(live: LiveGame) -> bool:
        return live.playing and live.bot_waiting()

    def holds(self, live: LiveGame) -> bool:
        return live.id in self.busy

    def _enqueue(self, live: LiveGame) -> None:
        if self.closing:
            return
        self.queue.append(live)
        self.ready.set()
        if not self.tasks:
            loop = asyncio.get_running_loop()
            self.tasks = [loop.create_task(self._worker()) for _ in range(self.workers)]

    async def _worker(self) -> None:
        while not self.closing:
            if not self.queue:
                self.ready.clear()
                await self.ready.wait()
                continue
            live = self.queue.popleft()
            try:
                await self._answer_one(live)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("bots of game %s failed", live.id)
            finally:
                self.busy.discard(live.id)
            self.schedule(live)  # at the end of the queue, if it has more

    async def close(self) -> None:
        self.closing = True
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(BaseException):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- one decision ----------------------------------------------------------------------

    async def _answer_one(self, live: LiveGame) -> None:
        async with live.lock:
            await self.prepare(live)
            job = self._job(live)
            if job is not None and live.bot_moves >= self.max_moves:
                await self._stop(live)
                return
        if job is None:
            return
        choice = await self._think(live, job)
        async with live.lock:
            if not live.bot_turn(job.decision):
                return  # its holder took the seat back while the bot thought: theirs now
            try:
                await self.move(live, job.seat, job.number, choice)
            except ApiError as exc:
                if exc.status != 400:
                    return  # someone else moved first, or the game ended: look again
                text = f"the {job.bot_name} bot chose {choice!r}, which is illegal: {exc.detail}"
                log.error("game %s seat %d: %s", live.id, job.seat, text)
                await self.notice(live, job.seat, "bot_failed", text)
                try:
                    await self.move(live, job.seat, job.number, job.decision.choices[0])
                except ApiError:
                    return
            live.bot_moves += 1

    async def _stop(self, live: LiveGame) -> None:
        """The bots made ``max_moves`` moves in a row: the game stops (the caller holds the
        lock), with an error in the log and, through ``stop``, a status and notice for all."""
        why = (
            f"stopped at move {live.move}: the bots made {live.bot_moves} moves in a row "
            f"without the game ending (this server's limit is {self.max_moves})"
        )
        log.error("game %s %s", live.id, why)
        if self.stop is not None:
            await self.stop(live, why)
        if live.status == "playing":  # no one to record it: at least the bots stop here
            live.status = "stopped"

    def _job(self, live: LiveGame) -> Job | None:
        game = live.game
        if game is None or live.status != "playing":
            return None
        for decision in game.pending():
            if live.bot_turn(decision):  # idle: a bot never takes it back
                seat = live.seats[decision.seat]
                name = seat.bot if seat.type == "bot" and seat.bot else default_bot(live.kind)
                bot = self._bot(live, decision.seat, name)
                return Job(decision.seat, decision, live.move, thinker(bot, game, decision), name)
        return None

    def _bot(self, live: LiveGame, seat: int, name: str) -> Bot:
        bot = live.bots.get((seat, name))
        if bot is None:
            assert live.game is not None
            seed = derive_seed(live.game.seed, seat, live.move)
            bot = live.bots[seat, name] = limit_budget(make_bot(name, seed), self.max_think)
        return bot

    async def _think(self, live: LiveGame, job: Job) -> Choice:
        """The bot's choice; the default bot's when it raises or runs over its time."""
        if len(job.decision.choices) == 1:
            return job.decision.choices[0]
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        try:
            future = loop.run_in_executor(self.pool, job.think)
            return await asyncio.wait_for(future, timeout=self.max_think + GRACE)
        except TimeoutError:
            self._abandon_pool()
            why = f"took over {self.max_think + GRACE:g} s"
        except Exception as exc:
            why = f"failed ({type(exc).__name__}: {exc})"
        finally:
            if self.timed is not None:
                self.timed(time.perf_counter() - started)
        fallback = default_bot(live.kind)
        if fallback == job.bot_name:
            fallback = "random"
        text = f"the {job.bot_name} bot {why}; the {fallback} bot played this decision"
        log.warning("game %s seat %d move %d: %s", live.id, job.seat, job.number, text)
        await self.notice(live, job.seat, "bot_failed", text)
        return await self._fallback(live, job, fallback)

    async def _fallback(self, live: LiveGame, job: Job, name: str) -> Choice:
        """The choice of bot ``name`` (then the random bot, then the first legal choice)."""
        seed = derive_seed(job.number, job.seat)
        loop = asyncio.get_running_loop()
        for bot in (make_bot(name, seed), RandomBot(seed)):
            async with live.lock:
                if live.game is None or live.move != job.number:
                    return job.decision.choices[0]  # the game moved on: the move is refused
                think = thinker(bot, live.game, job.decision)
            try:
                choice = await loop.run_in_executor(None, think)
            except Exception:
                continue
            if choice in job.decision.choices:
                return choice
        return job.decision.choices[0]

    def _abandon_pool(self) -> None:
        """A runaway bot keeps its thread: give the next decisions fresh threads."""
        old, self.pool = (
            self.pool,
            ThreadPoolExecutor(self.workers, thread_name_prefix="westeros-bot"),
        )
        old.shutdown(wait=False, cancel_futures=True)


def within_budget(spec: str, max_think: float) -> bool:
    ms = budget_ms(spec)
    return ms is None or ms <= max_think * 1000 or math.isclose(ms, max_think * 1000)

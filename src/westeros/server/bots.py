"""The bots runner: answers the bot seats' decisions of every live game.

One task per game asks the seat's bot (from the registry, ``westeros/bots/registry.py``) on a
thread pool, so a bot's thinking never blocks the event loop or other games, waits the
configured delay so that people can follow, and posts the choice through the hub's move path
(move-number check included, exactly like a person's move).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING

from westeros.bots.base import Bot, thinker
from westeros.bots.registry import make_bot
from westeros.engine import Choice, Decision
from westeros.server.errors import ApiError

if TYPE_CHECKING:
    from westeros.server.hub import Hub, LiveGame

log = logging.getLogger("westeros.server")


def derive_seed(seed: int, *parts: int) -> int:
    data = ":".join(str(p) for p in (seed, *parts)).encode()
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big") >> 1


class BotRunner:
    def __init__(self, hub: Hub, delay: float, threads: int = 2) -> None:
        self.hub = hub
        self.delay = delay
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="westeros-bot")

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def schedule(self, live: LiveGame, patience: float) -> None:
        """Make sure a task answers ``live``'s bot decisions; with ``patience`` > 0 (another
        process drives the game) it steps in only once the game stalls that long."""
        if self.hub.closing or live.game is None or live.status != "playing":
            return
        if not any(s.type == "bot" for s in live.seats):
            return
        task = live.bot_task
        if task is not None and not task.done():
            if not (live.bot_patient and patience == 0.0):
                return
            task.cancel()
        live.bot_patient = patience > 0
        live.bot_task = asyncio.get_running_loop().create_task(self._run(live, patience))

    def _bot(self, live: LiveGame, seat: int) -> Bot:
        bot = live.bots.get(seat)
        if bot is None:
            assert live.game is not None
            name = live.seats[seat].bot or "random"
            bot = make_bot(name, derive_seed(live.game.seed, seat, live.move))
            live.bots[seat] = bot
        return bot

    async def _run(self, live: LiveGame, patience: float) -> None:
        me = asyncio.current_task()
        try:
            while patience > 0:  # another process drives: step in only once it stalls
                start = live.move
                await asyncio.sleep(patience)
                if live.game is None or live.status != "playing":
                    return
                if live.move == start:
                    live.bot_patient = False
                    break
            loop = asyncio.get_running_loop()
            while not self.hub.closing:
                async with live.lock:
                    if self.hub.shared:
                        await self.hub.catch_up(live)
                    job = self._job(live)
                    if job is None:
                        if live.bot_task is me:
                            live.bot_task = None
                        return
                    seat, decision, number, think = job
                if self.delay > 0:
                    await asyncio.sleep(self.delay)
                if len(decision.choices) == 1:
                    choice = decision.choices[0]
                else:
                    thinking = time.perf_counter()  # ops: metrics
                    choice = await loop.run_in_executor(self.pool, think)
                    self.hub.metrics.bot_decision(time.perf_counter() - thinking)  # ops: metrics
                try:
                    async with live.lock:
                        await self.hub.move_locked(live, seat, number, choice)
                except ApiError as exc:
                    if exc.status in (403, 409) and live.status == "playing":
                        continue  # someone else moved first: look again
                    if exc.status == 400:
                        log.error("bot of seat %d chose %r: %s", seat, choice, exc.detail)
                        async with live.lock:
                            with contextlib.suppress(ApiError):
                                await self.hub.move_locked(live, seat, number, decision.choices[0])
                        continue
                    log.warning("bot of game %s stops: %s", live.id, exc.detail)
                    return
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bots of game %s failed", live.id)
        finally:
            if live.bot_task is me:
                live.bot_task = None

    def _job(self, live: LiveGame) -> tuple[int, Decision, int, Callable[[], Choice]] | None:
        game = live.game
        if game is None or live.status != "playing":
            return None
        for decision in game.pending():
            if live.seats[decision.seat].type == "bot":
                bot = self._bot(live, decision.seat)
                return decision.seat, decision, live.move, thinker(bot, game, decision)
        return None

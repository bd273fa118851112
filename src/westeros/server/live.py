"""The live games of this process: what is held in memory per game, loading a game from
storage on first use (rebuilt through ``westeros.engine.replay``, every stored hash checked)
and letting it go again when it is finished or idle.

Nothing is kept for a game id that storage does not know (a 404 costs no memory), and games
are loaded when first asked for, not all at start-up.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from westeros.bots.base import Bot
from westeros.engine import Decision, Game, RecordError, replay, shown
from westeros.server.clocks import Clocks
from westeros.server.errors import ApiError
from westeros.server.storage import (
    GameInfoRow,
    Notice,
    Repository,
    SeatInfo,
    StoredMove,
    now,
    stored_record,
)

log = logging.getLogger("westeros.server")
T = TypeVar("T")

QUEUE_LIMIT = 4096
MessageKey = tuple[int | None, int]  # (seat, since)
Encoded = tuple[str, int]  # (JSON text, next)


class Db:
    """Runs the repository's (blocking) calls on the database thread(s), never on the loop."""

    def __init__(self, repo: Repository, threads: int) -> None:
        self.repo = repo
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="westeros-db")

    async def __call__(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def close(self) -> None:
        self.pool.shutdown(wait=True)


@dataclass(eq=False)
class Connection:
    """One websocket: the seat it speaks for (None: spectator) and the hash of the token it
    presented (it is closed when that token stops being the seat's), the next event index it
    is owed and the queue of messages its sender task writes out in order."""

    seat: int | None
    next: int
    token_hash: str | None = None
    queue: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE_LIMIT)
    )
    closed: bool = False


@dataclass(eq=False)
class LiveGame:
    """One game held by this process. Everything that touches ``game`` holds ``lock``."""

    id: str
    kind: str
    seats: tuple[SeatInfo, ...]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    game: Game | None = None
    move: int = 0
    status: str = "playing"
    error: str | None = None
    private: bool = False
    owner_hash: str | None = None
    clocks: Clocks | None = None
    clock_timer: asyncio.TimerHandle | None = None
    notices: list[Notice] = field(default_factory=list)
    chat_latest: int = 0  # the id of the newest line of chat (state messages carry it)
    conns: set[Connection] = field(default_factory=set)
    bots: dict[tuple[int, str], Bot] = field(default_factory=dict)  # (seat, bot name)
    token_hashes: list[tuple[int, str | None]] | None = None  # cache of the seats' hashes
    recent: dict[MessageKey, Encoded] = field(default_factory=dict)  # the last broadcast's
    used: float = field(default_factory=time.monotonic)  # last request or move
    counted: tuple[Game | None, int] = (None, 0)  # (game, events of its log counted so far)
    bot_moves: int = 0  # the bots' moves since a person's last (in this process; server/bots.py)

    @property
    def playing(self) -> bool:
        return self.game is not None and self.status == "playing"

    def log_size(self) -> int:
        """The number of events in the game's log. The log only grows, so it is counted on
        from the last count (asking for the whole log would redact every event again)."""
        game = self.game
        if game is None:
            return 0
        counted, size = self.counted
        if counted is not game:
            size = 0
        size += len(game.events(None, size))
        self.counted = (game, size)
        return size

    def bot_seats(self) -> set[int]:
        """Seats a bot answers for: bot seats and away human seats."""
        return {s.seat for s in self.seats if s.bot_plays}

    def present_humans(self) -> set[int]:
        return {s.seat for s in self.seats if not s.bot_plays}

    def waiting(self) -> set[int]:
        """Seats with an open decision the game waits for (idle ones aside: a house ready at
        the table); may run the rules on to the next decision."""
        if self.game is None or self.status != "playing":
            return set()
        return {d.seat for d in self.game.pending() if not d.idle}

    def bot_turn(self, decision: Decision) -> bool:
        """A bot answers this open decision: its seat is a bot's (or away), or the seat left
        decisions of this kind to the bot (``GameInfo.delegated``, e.g. a vassal's)."""
        if decision.idle or self.game is None:
            return False
        delegated = self.game.info.delegated
        return decision.seat in self.bot_seats() or (
            delegated is not None and delegated(self.game.config, decision)
        )

    def bot_waiting(self) -> bool:
        """The game waits for a bot's choice (may run the rules on to the next decision)."""
        if self.game is None or self.status != "playing":
            return False
        return any(self.bot_turn(d) for d in self.game.pending())

    def needs_attention(self) -> bool:
        """The game moves on without a person: a bot is to move or a clock runs."""
        waiting = self.waiting()
        if self.bot_waiting():
            return True
        return self.clocks is not None and bool(waiting & self.present_humans())

    def adopt(self, row: GameInfoRow, cold: bool) -> None:
        """Take the stored seats, flags and clocks of ``row``. ``cold``: nobody held the game,
        so its clocks were paused; else they ran since the stored ``clock_at``."""
        self.seats = row.seats
        self.private = row.private
        self.owner_hash = row.owner_hash
        self.token_hashes = None
        if row.clock is None:
            self.clocks = None
            return
        remaining = {s.seat: s.clock_ms or 0 for s in row.seats if s.type == "human"}
        since = time.monotonic()
        if not cold and row.clock_at is not None:
            since -= max(0.0, (now() - row.clock_at).total_seconds())
        running = self.clocks.running if self.clocks is not None else frozenset()
        self.clocks = Clocks(row.clock, remaining, since, running)


GAME_ID_LENGTH = 32  # the games.id column (String(32)); the server makes 16 hex digits


def no_such_id(game_id: str) -> None:
    """404 for an id no game can have: longer than the column, or with a NUL (PostgreSQL text
    refuses it: asked, the database would fail). Storage is not asked about it."""
    if len(game_id) > GAME_ID_LENGTH or "\x00" in game_id:
        raise ApiError(404, f"no game {shown(game_id)}")


class LiveGames:
    """The games this process holds, by id."""

    def __init__(self, db: Db, idle_seconds: float) -> None:
        self.db = db
        self.repo = db.repo
        self.idle_seconds = idle_seconds
        self.games: dict[str, LiveGame] = {}
        self._loading: dict[str, asyncio.Lock] = {}

    def __len__(self) -> int:
        return len(self.games)

    def peek(self, game_id: str) -> LiveGame | None:
        return self.games.get(game_id)

    def add(self, live: LiveGame) -> None:
        self.games[live.id] = live

    async def get(
        self, game_id: str, on_load: Callable[[LiveGame], Awaitable[None]] | None = None
    ) -> LiveGame:
        """The live game, loaded from storage when not held; 404 when storage has no such
        game (and then nothing about the id is kept). ``on_load`` runs once on a fresh load,
        before anybody else sees the game."""
        live = self.games.get(game_id)
        if live is not None:
            live.used = time.monotonic()
            return live
        no_such_id(game_id)
        lock = self._loading.get(game_id)
        if lock is None:
            lock = self._loading[game_id] = asyncio.Lock()
        try:
            async with lock:
                live = self.games.get(game_id)
                if live is not None:
                    return live
                row = await self.db(self.repo.game, game_id)
                if row is None:
                    raise ApiError(404, f"no game {shown(game_id)}")
                live = await self._load(row)
                if on_load is not None:
                    await on_load(live)
                self.games[game_id] = live
                return live
        finally:
            if not lock.locked() and self._loading.get(game_id) is lock:
                del self._loading[game_id]

    async def _load(self, row: GameInfoRow) -> LiveGame:
        live = LiveGame(row.id, row.kind, row.seats, status=row.status, error=row.error)
        live.adopt(row, cold=True)
        live.notices = await self.db(self.repo.notices, row.id)
        live.chat_latest = await self.db(self.repo.latest_chat, row.id)
        if row.status == "broken":
            return live
        moves = await self.db(self.repo.moves, row.id, 0)
        loop = asyncio.get_running_loop()
        try:
            live.game = await loop.run_in_executor(None, rebuild, row, moves)
        except RecordError as exc:
            message = f"game {row.id} cannot be rebuilt from its stored moves: {exc}"
            log.error(message)
            await self.db(self.repo.mark_broken, row.id, message)
            live.status, live.error = "broken", message
            return live
        live.move = len(moves)
        if live.game.is_over and live.status == "playing":
            live.status = "over"
        return live

    def forget(self, live: LiveGame) -> None:
        if self.games.get(live.id) is live:
            del self.games[live.id]

    def idle(self, busy: Callable[[LiveGame], bool]) -> list[LiveGame]:
        """Games nobody watches that need no attention now: finished ones at once, the others
        once unused for ``idle_seconds``."""
        cutoff = time.monotonic() - self.idle_seconds
        found = []
        for live in self.games.values():
            if live.conns or busy(live) or live.lock.locked():
                continue
            if live.status != "playing" or live.game is None or live.used < cutoff:
                found.append(live)
        return found


def rebuild(row: GameInfoRow, moves: list[StoredMove]) -> Game:
    """A stored game rebuilt from its moves by ``westeros.engine.replay``; RecordError at the
    first missing or illegal move or hash mismatch."""
    for i, move in enumerate(moves):
        if move.number != i:
            raise RecordError(f"move {i} is missing from storage")
    game = replay(stored_record(row, moves, final=False))
    # The row was read first: moves stored since (by another process) may follow it.
    if len(moves) < row.moves:
        raise RecordError(f"the game row counts {row.moves} moves but {len(moves)} are stored")
    return game

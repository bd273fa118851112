"""The hub: the live games of this process, their locks, their websocket connections and bots.

Every game in play is held in memory (the engine's ``Game`` object) next to its stored copy.
All access to one game's object happens under that game's asyncio lock; storage work runs on
the hub's database thread(s) and bots think on a separate pool, so neither blocks the event
loop or other games. A move is committed to storage before anyone is told about it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from westeros.bots.base import Bot
from westeros.bots.registry import make_bot
from westeros.engine import (
    Choice,
    ConfigError,
    Game,
    IllegalAction,
    Record,
    RecordError,
    game_info,
    new_game,
)
from westeros.server.bots import BotRunner
from westeros.server.errors import ApiError
from westeros.server.metrics import Metrics
from westeros.server.storage import (
    BROKEN,
    SEATS_CHANGED,
    Behind,
    GameInfoRow,
    MoveRequest,
    NewSeat,
    Prepare,
    Repository,
    SeatInfo,
    StaleMove,
    StoredMove,
    hash_token,
    token_matches,
)

log = logging.getLogger("westeros.server")
T = TypeVar("T")

QUEUE_LIMIT = 4096
MessageKey = tuple[int | None, int]  # (seat, since)
Encoded = tuple[str, int]  # (JSON text, next)


def new_token() -> str:
    """A 128-bit random seat token."""
    return secrets.token_urlsafe(16)


@dataclass(eq=False)
class Connection:
    """One websocket: the seat it speaks for (None: spectator), the next event index it is
    owed and the queue of messages its sender task writes out in order."""

    seat: int | None
    next: int
    queue: asyncio.Queue[str | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=QUEUE_LIMIT)
    )
    closed: bool = False


@dataclass
class LiveGame:
    id: str
    kind: str
    seats: tuple[SeatInfo, ...]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    game: Game | None = None
    move: int = 0
    status: str = "playing"
    error: str | None = None
    conns: set[Connection] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    bot_patient: bool = False
    token_hashes: list[tuple[int, str | None]] | None = None  # cache of the seats' hashes
    recent: dict[MessageKey, Encoded] = field(default_factory=dict)  # the last broadcast's


class Hub:
    """Live games and everything that touches them."""

    def __init__(
        self,
        repo: Repository,
        bot_delay: float = 0.5,
        db_threads: int | None = None,
        bot_threads: int = 2,
        metrics: Metrics | None = None,
    ) -> None:
        self.metrics = metrics or Metrics()  # ops: /metrics (server/metrics.py)
        self.repo = repo
        self.shared = repo.postgres  # several processes may share this storage
        self.bot_delay = bot_delay
        threads = db_threads if db_threads is not None else (8 if self.shared else 1)
        self.db_pool = ThreadPoolExecutor(threads, thread_name_prefix="westeros-db")
        self.bots = BotRunner(self, bot_delay, bot_threads)
        self.live: dict[str, LiveGame] = {}
        self._batch: list[tuple[MoveRequest, asyncio.Future[int]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self.closing = False

    # -- helpers ---------------------------------------------------------------------------

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def close(self) -> None:
        self.closing = True
        tasks = [g.bot_task for g in self.live.values() if g.bot_task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(BaseException):
                await task
        for live in self.live.values():
            for conn in list(live.conns):
                self._drop(live, conn)
        self.db_pool.shutdown(wait=True)
        self.bots.close()

    # -- games -----------------------------------------------------------------------------

    async def create(
        self, kind: str, config: dict[str, Any], seats: list[dict[str, Any]] | None
    ) -> tuple[str, dict[str, Any], list[tuple[int, str, str]]]:
        """Create a game; returns its id, its validated config and (seat, name, token) for
        each human seat."""
        try:
            info = game_info(kind)
        except RecordError as exc:
            raise ApiError(400, str(exc)) from None
        try:
            checked = info.check_config(config)
        except ConfigError as exc:
            raise ApiError(400, str(exc)) from None
        players = info.players(checked)
        if seats is None:
            seats = [{"type": "human"} for _ in range(players)]
        if len(seats) != players:
            raise ApiError(400, f"a {players}-player game needs {players} seats, not {len(seats)}")
        seed = secrets.randbits(62)
        try:
            game = new_game(kind, checked, seed)
        except ConfigError as exc:
            raise ApiError(400, str(exc)) from None
        names = game.seat_names()
        new_seats: list[NewSeat] = []
        tokens: list[tuple[int, str, str]] = []
        for i, spec in enumerate(seats):
            if spec["type"] == "bot":
                bot = spec.get("bot") or "random"
                try:  # a registered name, or a budgeted spec such as "search:300"
                    make_bot(bot, 0)
                except (KeyError, ValueError) as exc:
                    raise ApiError(400, str(exc.args[0])) from None
                name = spec.get("name") or f"{bot} bot ({names[i]})"
                new_seats.append(NewSeat("bot", bot, name, None))
            else:
                if spec.get("bot"):
                    raise ApiError(400, f"seat {i} is human but names a bot")
                name = spec.get("name") or names[i]
                token = new_token()
                new_seats.append(NewSeat("human", None, name, hash_token(token)))
                tokens.append((i, name, token))
        game_id = secrets.token_hex(8)
        await self.db(
            self.repo.create_game, game_id, kind, checked, seed, game.state_hash(), new_seats
        )
        live = LiveGame(
            game_id,
            kind,
            tuple(SeatInfo(i, s.type, s.bot, s.name, False) for i, s in enumerate(new_seats)),
            game=game,
        )
        self.live[game_id] = live
        self.bots.schedule(live, patience=0.0)
        return game_id, checked, tokens

    async def get(self, game_id: str) -> LiveGame:
        """The live game (rebuilt from storage when not in memory); 404 when unknown."""
        live = self.live.get(game_id)
        if live is not None and (live.game is not None or live.status == "broken"):
            return live
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.live.get(game_id)
            if live is not None and (live.game is not None or live.status == "broken"):
                return live
            row = await self.db(self.repo.game, game_id)
            if row is None:
                raise ApiError(404, f"no game {game_id!r}")
            live = await self._rebuild(row, live)
            self.live[game_id] = live
            return live

    async def _rebuild(self, row: GameInfoRow, live: LiveGame | None) -> LiveGame:
        """Replay a stored game from its moves, checking every stored hash."""
        if live is None:
            live = LiveGame(row.id, row.kind, row.seats)
        live.seats = row.seats
        live.status, live.error = row.status, row.error
        if row.status == "broken":
            live.game = None
            return live
        moves = await self.db(self.repo.moves, row.id, 0)
        loop = asyncio.get_running_loop()
        try:
            game = await loop.run_in_executor(None, _replay, row, moves)
        except RecordError as exc:
            message = f"game {row.id} cannot be rebuilt from its stored moves: {exc}"
            log.error(message)
            await self.db(self.repo.mark_broken, row.id, message)
            live.game, live.status, live.error = None, "broken", message
            return live
        live.game, live.move = game, len(moves)
        if game.is_over:
            live.status = "over"
        return live

    async def resume_all(self) -> list[str]:
        """Start-up: rebuild every unfinished game, check its hashes and restart its bots."""
        ids = await self.db(self.repo.unfinished)
        for game_id in ids:
            live = await self.get(game_id)
            if live.game is not None:
                self.bots.schedule(live, patience=0.0)
        return ids

    async def lobby(self) -> list[GameInfoRow]:
        return await self.db(self.repo.games)

    async def record(self, game_id: str) -> dict[str, Any]:
        row = await self.db(self.repo.game, game_id)
        if row is None:
            raise ApiError(404, f"no game {game_id!r}")
        if row.status != "over":
            raise ApiError(403, "the record is available once the game is over")
        moves = await self.db(self.repo.moves, game_id, 0)
        record = Record(
            row.kind,
            row.config,
            row.seed,
            [(m.seat, m.choice) for m in moves],
            [m.state_hash for m in moves],
            row.state_hash,
        )
        return record.to_json()

    # -- seats -----------------------------------------------------------------------------

    async def authenticate(self, game_id: str, token: str | None) -> int | None:
        """The seat a token speaks for; None for no token (a spectator); 401 for a bad one."""
        if token is None:
            return None
        live = self.live.get(game_id)
        hashes = live.token_hashes if live is not None else None
        if hashes is None:
            hashes = await self.db(self.repo.seat_hashes, game_id)
            if live is not None:
                live.token_hashes = hashes
        found = None
        for seat, stored in hashes:
            if token_matches(token, stored):
                found = seat
        if found is None:
            raise ApiError(401, "this token is not a seat token of this game")
        return found

    async def claim(self, game_id: str, seat: int, name: str, token: str | None) -> tuple[str, str]:
        """A token for a free human seat, or (with that seat's token) a new name for it."""
        live = await self.get(game_id)
        if not 0 <= seat < len(live.seats):
            raise ApiError(404, f"game {game_id} has no seat {seat}")
        if live.seats[seat].type != "human":
            raise ApiError(409, f"seat {seat} is played by a bot")
        if live.status != "playing":
            raise ApiError(409, f"the game is {live.status}")
        if token is not None:
            if await self.authenticate(game_id, token) != seat:
                raise ApiError(403, f"this token is not seat {seat}'s")
            await self.db(self.repo.claim, game_id, seat, name, hash_token(token))
            fresh = token
        else:
            fresh = new_token()
            if not await self.db(self.repo.claim_free, game_id, seat, name, hash_token(fresh)):
                raise ApiError(409, f"seat {seat} is already taken")
        await self._refresh_seats(live)
        return fresh, name

    async def _refresh_seats(self, live: LiveGame) -> None:
        row = await self.db(self.repo.game, live.id)
        if row is not None:
            live.seats = row.seats
        live.token_hashes = await self.db(self.repo.seat_hashes, live.id)

    # -- state -----------------------------------------------------------------------------

    async def state(self, game_id: str, seat: int | None, since: int) -> dict[str, Any]:
        live = await self.get(game_id)
        async with live.lock:
            if self.shared:
                await self.catch_up(live)
            return self.message(live, seat, since)

    def message(self, live: LiveGame, seat: int | None, since: int) -> dict[str, Any]:
        """The state message of ``seat`` (None: spectator) with the events from ``since``."""
        players = [
            {"seat": s.seat, "type": s.type, "bot": s.bot, "name": s.name, "claimed": s.claimed}
            for s in live.seats
        ]
        game = live.game
        if game is None:
            return {
                "game": live.id,
                "seat": seat,
                "move": live.move,
                "status": live.status,
                "view": None,
                "decisions": [],
                "events": [],
                "next": since,
                "outcome": None,
                "players": players,
                "waiting": [],
                "error": live.error,
            }
        pending = game.pending()  # first: it may run the rules on to the next decision
        events = game.events(seat, since)
        if not events and since > 0:
            since = min(since, len(game.events(None, 0)))
        outcome = game.outcome()
        return {
            "game": live.id,
            "seat": seat,
            "move": live.move,
            "status": live.status,
            "view": game.view(seat),
            "decisions": [d.to_json() for d in pending if seat is not None and d.seat == seat],
            "events": [{**e.to_json(), "text": game.render(e)} for e in events],
            "next": since + len(events),
            "outcome": outcome.to_json() if outcome is not None else None,
            "players": players,
            "waiting": sorted({d.seat for d in pending}),
            "error": live.error,
        }

    # -- moves -----------------------------------------------------------------------------

    async def move(
        self, game_id: str, seat: int, number: int, choice: Choice, since: int | None = None
    ) -> str:
        """Apply ``choice`` for ``seat`` as move ``number``; the seat's state message after
        it, as JSON text (the one its websocket got, when it has one)."""
        live = await self.get(game_id)
        async with live.lock:
            start = since
            if start is None and live.game is not None:
                live.game.pending()
                start = len(live.game.events(seat, 0))
            await self.move_locked(live, seat, number, choice)
            key = (seat, start or 0)
            encoded = live.recent.get(key)
            if encoded is None:
                message = self.message(live, seat, start or 0)
                return json.dumps(message, separators=(",", ":"))
            return encoded[0]

    async def move_locked(self, live: LiveGame, seat: int, number: int, choice: Choice) -> None:
        for _ in range(100):
            if live.game is None or live.status == "broken":
                raise ApiError(409, live.error or f"game {live.id} is broken")
            if live.status != "playing":
                raise ApiError(409, f"the game is {live.status}", live.move)
            game = live.game
            result: dict[str, Any] = {}

            def prepare(stored: int, game: Game = game, result: dict[str, Any] = result) -> Any:
                if stored > live.move:
                    raise Behind(stored)
                if stored != live.move:
                    raise RuntimeError(
                        f"storage is at move {stored} behind this process's {live.move}"
                    )
                if number != stored:
                    raise StaleMove(stored)
                if not any(d.seat == seat for d in game.pending()):
                    raise ApiError(403, f"seat {seat} has no open decision")
                game.apply(seat, choice)
                result["applied"] = True
                outcome = game.outcome()
                status = "over" if game.is_over else "playing"
                return (
                    game.state_hash(),
                    status,
                    outcome.to_json() if outcome is not None else None,
                )

            try:
                await self._append(live.id, seat, choice, prepare)
            except Behind:
                await self.catch_up(live)
                continue
            except StaleMove as exc:
                raise ApiError(
                    409, f"move {number} is not the current move ({exc.current})", exc.current
                ) from None
            except IllegalAction as exc:
                raise ApiError(400, str(exc) or "illegal choice", live.move) from None
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
            self._broadcast(live)
            self.metrics.move_applied()  # ops: metrics
            self.bots.schedule(live, patience=0.0)
            self._forget_if_done(live)
            return
        raise ApiError(503, "the game moves too fast to catch up; try again")

    async def _append(self, game_id: str, seat: int, choice: Choice, prepare: Prepare) -> int:
        """Store a move. One process on SQLite: the moves of all games waiting to be stored
        go in one transaction (one fsync); several processes: one transaction each."""
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

    async def catch_up(self, live: LiveGame, check_broken: bool = False) -> None:
        """Apply the moves another process stored (checking their hashes), telling this
        process's websockets about each. Caller holds ``live.lock``."""
        if live.game is None:
            return
        moves = await self.db(self.repo.moves, live.id, live.move)
        if not moves and check_broken:
            row = await self.db(self.repo.game, live.id)
            if row is not None and row.status == "broken" and live.status != "broken":
                live.status, live.error, live.game = "broken", row.error, None
                self._broadcast(live)
            return
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
                self._broadcast(live)
                return
            live.move += 1
            if live.game.is_over:
                live.status = "over"
            self._broadcast(live)

    async def notified(self, game_id: str, moves: int) -> None:
        """Another process stored a move (or marked a game broken): catch up and push."""
        live = self.live.get(game_id)
        if live is None:
            return
        if moves == SEATS_CHANGED:
            await self._refresh_seats(live)
            return
        if live.game is None or 0 <= moves <= live.move:
            return
        async with live.lock:
            if 0 <= moves <= live.move:
                return  # our own move: its NOTIFY can arrive before the mover is done
            await self.catch_up(live, check_broken=moves == BROKEN)
        # The process that moved drives the bots; step in only if it stops.
        self.bots.schedule(live, patience=self.bot_delay + 3.0)

    # -- websockets ------------------------------------------------------------------------

    async def connect(self, live: LiveGame, seat: int | None, since: int) -> Connection:
        conn = Connection(seat, since)
        async with live.lock:
            if self.shared:
                await self.catch_up(live)
            self._push(live, conn, {})
            live.conns.add(conn)
        return conn

    def disconnect(self, live: LiveGame, conn: Connection) -> None:
        live.conns.discard(conn)
        conn.closed = True
        self._forget_if_done(live)

    def _forget_if_done(self, live: LiveGame) -> None:
        """A finished game nobody watches leaves memory (it is rebuilt if asked for)."""
        if live.status == "over" and not live.conns and self.live.get(live.id) is live:
            del self.live[live.id]

    def _drop(self, live: LiveGame, conn: Connection) -> None:
        self.disconnect(live, conn)
        with contextlib.suppress(asyncio.QueueFull):
            conn.queue.put_nowait(None)

    def _broadcast(self, live: LiveGame) -> None:
        """One state message per connection, each serialised once per (seat, since)."""
        live.recent = {}
        for conn in list(live.conns):
            self._push(live, conn, live.recent)

    def _push(self, live: LiveGame, conn: Connection, cache: dict[MessageKey, Encoded]) -> None:
        key = (conn.seat, conn.next)
        encoded = cache.get(key)
        if encoded is None:
            message = self.message(live, conn.seat, conn.next)
            encoded = cache[key] = (json.dumps(message, separators=(",", ":")), message["next"])
        conn.next = encoded[1]
        try:
            conn.queue.put_nowait(encoded[0])
        except asyncio.QueueFull:
            # A client that does not read: close it (it may reconnect with ?since=N).
            log.warning("closing a websocket of game %s that does not read", live.id)
            live.conns.discard(conn)
            conn.closed = True
            while not conn.queue.empty():
                conn.queue.get_nowait()
            conn.queue.put_nowait(None)


def _replay(row: GameInfoRow, moves: list[StoredMove]) -> Game:
    """Rebuild a game from its stored moves; RecordError at the first illegal move or hash
    mismatch."""
    try:
        game = new_game(row.kind, row.config, row.seed)
    except (ConfigError, RecordError) as exc:
        raise RecordError(f"cannot start the stored game: {exc}") from None
    for i, move in enumerate(moves):
        if move.number != i:
            raise RecordError(f"move {i} is missing from storage")
        try:
            game.apply(move.seat, move.choice)
        except IllegalAction as exc:
            raise RecordError(f"stored move {i} ({move.choice!r}) is illegal: {exc}") from None
        if game.state_hash() != move.state_hash:
            raise RecordError(f"the state hash after move {i} differs from the stored one")
    # The row was read first: moves stored since (by another process) may follow it.
    if len(moves) < row.moves:
        raise RecordError(f"the game row counts {row.moves} moves but {len(moves)} are stored")
    return game

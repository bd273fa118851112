"""The hub: what the API does to games, put together from parts with one job each.

* ``live.LiveGames`` — the games held in memory, loaded on first use (``engine.replay``) and
  let go when finished or idle;
* ``moves.Mover`` — the move path: checked, applied, committed before anyone is told;
* ``fanout.Fanout`` — state messages to the websockets;
* ``seats.Seats`` — tokens, claims, the owner;
* ``bots.BotScheduler`` — the fair queue of bot decisions;
* ``clocks.Clocks`` — time per seat, and the stand-in bot when it runs out.

The hub wires them: after every change it restarts the clocks, tells the websockets and
queues the bots. A periodic sweep lets idle games go, picks up games that move on without a
person (bots to move, clocks running) — at start-up, after another process stalls, or once
evicted — and notices changes made by others on the same database (``westeros admin``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from datetime import datetime, timedelta
from typing import Any

from westeros.bots.registry import bots_for, default_bot, make_bot, plays
from westeros.engine import Choice, ConfigError, Record, RecordError, game_info, new_game, shown
from westeros.server.bots import MAX_BOT_MOVES, BotScheduler, within_budget
from westeros.server.clocks import ClockError, Clocks, check_clock, start_ms
from westeros.server.errors import ApiError
from westeros.server.fanout import Fanout, encode, message
from westeros.server.live import Connection, Db, LiveGame, LiveGames, no_such_id
from westeros.server.metrics import Metrics
from westeros.server.moves import Mover
from westeros.server.replays import Replays
from westeros.server.seats import Seats, new_token
from westeros.server.storage import (
    BROKEN,
    ENDED,
    SEATS_CHANGED,
    GameInfoRow,
    NewGame,
    NewSeat,
    Notice,
    Repository,
    SeatInfo,
    hash_token,
    now,
    stored_record,
)

log = logging.getLogger("westeros.server")

# games whose record is served (it holds the seed): over, or stopped by the bots' move cap
# (its record shows where they looped); replayed: those, and a running game up to its move
RECORDED = ("over", "stopped")
REPLAYED = (*RECORDED, "playing")
NOTICES_KEPT = 50  # the newest notices a game holds in memory and shows (all are stored)

__all__ = ["Connection", "CreatedGame", "Hub", "LiveGame", "new_token"]


class CreatedGame:
    """What creating a game hands back: its id, its validated config, the owner's token and
    (seat, name, token or None, creator) per human seat."""

    def __init__(
        self,
        game_id: str,
        config: dict[str, Any],
        owner_token: str,
        seats: list[tuple[int, str, str | None, bool]],
    ) -> None:
        self.id = game_id
        self.config = config
        self.owner_token = owner_token
        self.seats = seats


class Hub:
    """Live games and everything that touches them."""

    def __init__(
        self,
        repo: Repository,
        bot_delay: float = 0.5,
        db_threads: int | None = None,
        bot_threads: int = 2,
        max_think: float = 3.0,
        idle_seconds: float = 300.0,
        sweep_seconds: float = 2.0,
        metrics: Metrics | None = None,
        max_bot_moves: int = MAX_BOT_MOVES,
    ) -> None:
        self.metrics = metrics or Metrics()  # /metrics (server/metrics.py)
        self.repo = repo
        self.shared = repo.postgres  # several processes may share this storage
        self.bot_delay = bot_delay
        self.max_think = max_think
        self.sweep_seconds = sweep_seconds
        threads = db_threads if db_threads is not None else (8 if self.shared else 1)
        self.db = Db(repo, threads)
        self.live = LiveGames(self.db, idle_seconds)
        self.fanout = Fanout()
        self.replays = Replays()
        self.mover = Mover(self.db, self.shared, self._after_move, self._caught_up)
        self.seats = Seats(self.db)
        self.bots = BotScheduler(
            self.mover.move_locked,
            self._catch_up_locked,
            self.notice,
            delay=bot_delay,
            workers=bot_threads,
            max_think=max_think,
            timed=self.metrics.bot_decision,
            stop=self._stop_runaway,
            max_moves=max_bot_moves,
        )
        self._sweeper: asyncio.Task[None] | None = None
        self._last_notice = 0
        self._own_notices: set[int] = set()  # notices this process wrote (no refresh needed)
        self.closing = False

    # -- life cycle ------------------------------------------------------------------------

    async def start(self) -> list[str]:
        """Start-up: pick up the games that move on without a person (bots to move, clocks
        running), and start the periodic sweep. Other games load on first use."""
        self._last_notice = await self.db(self.repo.latest_notice)
        ids = await self._attend(quiet_since=None)
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        return ids

    async def close(self) -> None:
        self.closing = True
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(BaseException):
                await self._sweeper
        await self.bots.close()
        for live in list(self.live.games.values()):
            self._cancel_clock(live)
            await self._save_clocks(live)
            self.fanout.close_all(live)
        self.db.close()

    # -- games -----------------------------------------------------------------------------

    async def create(
        self,
        kind: str,
        config: dict[str, Any],
        seats: list[dict[str, Any]] | None,
        private: bool = False,
        clock: dict[str, Any] | None = None,
    ) -> CreatedGame:
        """Create a game: validate the config, the seats and the clock; store it; start it."""
        try:
            info = game_info(kind)
            checked = info.check_config(config)
            clock = check_clock(clock)
        except (RecordError, ConfigError, ClockError) as exc:
            raise ApiError(400, str(exc)) from None
        players = info.players(checked)
        if seats is None:
            seats = [{"type": "human"} for _ in range(players)]
        if len(seats) != players:
            raise ApiError(400, f"a {players}-player game needs {players} seats, not {len(seats)}")
        if sum(1 for s in seats if s.get("creator")) > 1:
            raise ApiError(400, "only one seat can be the creator's")
        seed = secrets.randbits(62)
        try:
            game = new_game(kind, checked, seed)
        except ConfigError as exc:
            raise ApiError(400, str(exc)) from None
        new_seats, links = self._new_seats(kind, seats, list(game.seat_names()), clock)
        owner_token = new_token()
        game_id = secrets.token_hex(8)
        live = LiveGame(
            game_id,
            kind,
            tuple(
                SeatInfo(i, s.type, s.bot, s.name, s.token_hash is not None, s.access, False)
                for i, s in enumerate(new_seats)
            ),
            game=game,
            private=private,
            owner_hash=hash_token(owner_token),
        )
        if clock is not None:
            live.clocks = Clocks(clock, {i: start_ms(clock) for i in live.present_humans()})
            live.clocks.restart(live.waiting() & live.present_humans(), None)
        stored = NewGame(
            game_id,
            kind,
            checked,
            seed,
            game.state_hash(),
            live.owner_hash,
            private,
            clock,
            live.needs_attention(),
        )
        await self.db(self.repo.create_game, stored, new_seats)
        self.live.add(live)
        self._arm_clock(live)
        self.bots.schedule(live)
        return CreatedGame(game_id, checked, owner_token, links)

    def _new_seats(
        self,
        kind: str,
        specs: list[dict[str, Any]],
        names: list[str],
        clock: dict[str, Any] | None,
    ) -> tuple[list[NewSeat], list[tuple[int, str, str | None, bool]]]:
        new_seats: list[NewSeat] = []
        links: list[tuple[int, str, str | None, bool]] = []
        for i, spec in enumerate(specs):
            if spec["type"] == "bot":
                bot = spec.get("bot") or "random"
                try:  # a registered name, or a budgeted spec such as "search:300"
                    make_bot(bot, 0)
                except (KeyError, ValueError) as exc:
                    raise ApiError(400, str(exc.args[0])) from None
                if not plays(bot, kind):
                    raise ApiError(
                        400, f"bot {bot!r} does not play {kind} (bots: {', '.join(bots_for(kind))})"
                    )
                if not within_budget(bot, self.max_think):
                    raise ApiError(
                        400,
                        f"bot {bot!r} asks for more than this server's maximum think time "
                        f"({self.max_think * 1000:g} ms per decision)",
                    )
                name = spec.get("name") or f"{bot} bot ({names[i]})"
                new_seats.append(NewSeat("bot", bot, name, None, "invite"))
                continue
            if spec.get("bot"):
                raise ApiError(400, f"seat {i} is human but names a bot")
            access = spec.get("access") or "invite"
            name = spec.get("name") or names[i]
            creator = bool(spec.get("creator"))
            ms = start_ms(clock) if clock is not None else None
            if access == "open" and not creator:
                new_seats.append(NewSeat("human", None, name, None, "open", ms))
                links.append((i, name, None, False))
                continue
            token = new_token()
            new_seats.append(NewSeat("human", None, name, hash_token(token), access, ms))
            links.append((i, name, token, creator))
        return new_seats, links

    async def get(self, game_id: str) -> LiveGame:
        """The live game (loaded from storage when not held); 404 when unknown."""
        return await self.live.get(game_id, self._loaded)

    async def _loaded(self, live: LiveGame) -> None:
        """A game just loaded: its clocks run again (they were paused), its bots resume (on
        shared storage another process may drive them: the sweep steps in if they stall)."""
        if live.clocks is not None:
            live.clocks.running = frozenset(live.waiting() & live.present_humans())
        self._arm_clock(live)
        if not self.shared:
            self.bots.schedule(live)

    async def lobby(
        self, limit: int = 50, before: str | None = None, status: str | None = None
    ) -> tuple[list[GameInfoRow], str | None]:
        """A page of public games, newest first, and the cursor of the next page."""
        cursor = _parse_cursor(before) if before else None
        rows = await self.db(self.repo.games, limit + 1, cursor, status)
        more = len(rows) > limit
        rows = rows[:limit]
        last = rows[-1] if more and rows else None
        return rows, (f"{last.created_at.isoformat()}~{last.id}" if last else None)

    async def _finished_record(self, game_id: str, what: str) -> Record:
        """A finished game's record (over, or stopped by the bots' move cap: its record shows
        where they looped); 404 for no such game, 403 (naming ``what``) before the end: a
        record holds the seed."""
        no_such_id(game_id)
        row = await self.db(self.repo.game, game_id)
        if row is None:
            raise ApiError(404, f"no game {shown(game_id)}")
        if row.status not in RECORDED:
            raise ApiError(403, f"the {what} is available once the game is over")
        moves = await self.db(self.repo.moves, game_id, 0)
        return stored_record(row, moves)

    async def record(self, game_id: str) -> dict[str, Any]:
        return (await self._finished_record(game_id, "record")).to_json()

    async def replay(self, game_id: str, move: int, since: int) -> dict[str, Any]:
        """A finished game after ``move`` moves, or a running one up to its current move, as
        a spectator saw it (replays.py: only the spectator's view and log leave it, never the
        record's seed or moves)."""
        no_such_id(game_id)
        row = await self.db(self.repo.game, game_id)
        if row is None:
            raise ApiError(404, f"no game {shown(game_id)}")
        if row.status not in REPLAYED:
            raise ApiError(403, f"a game that is {row.status} has no replay")
        moves = await self.db(self.repo.moves, game_id, 0)
        record = stored_record(row, moves, final=row.status != "playing")
        step = await asyncio.to_thread(self.replays.step, game_id, record, move, since)
        return {**step, "status": row.status}

    # -- seats -----------------------------------------------------------------------------

    async def authenticate(self, game_id: str, token: str | None) -> int | None:
        """The seat a token speaks for; None for no token (a spectator) or the owner's."""
        return await self.seats.seat_of(await self.get(game_id), token)

    async def claim(self, game_id: str, seat: int, name: str, token: str | None) -> str:
        live = await self.get(game_id)
        async with live.lock:
            fresh = await self.seats.claim(live, seat, name, token)
            if token is None:
                await self._notice_locked(live, seat, "claimed", f"{name} took seat {seat}")
            await self._seats_changed(live)
        return fresh

    async def release(self, game_id: str, seat: int, token: str | None) -> None:
        live = await self.get(game_id)
        async with live.lock:
            who = await self.seats.require_holder_or_owner(live, seat, token)
            self.seats.human_seat(live, seat)
            await self.seats.release(live, seat)
            text = f"seat {seat} was released by its {who}; it is free"
            await self._notice_locked(live, seat, "released", text)
            await self._seats_changed(live)

    async def give(self, game_id: str, seat: int, token: str | None, name: str | None) -> str:
        """The owner hands a seat to someone else: a new token (the old one stops working)."""
        live = await self.get(game_id)
        async with live.lock:
            self.seats.require_owner(live, token)
            self.seats.human_seat(live, seat)
            fresh = await self.seats.give(live, seat, name)
            await self._notice_locked(live, seat, "given", f"the owner gave seat {seat} anew")
            await self._seats_changed(live, back=seat)
        return fresh

    async def rotate(self, game_id: str, seat: int, token: str | None) -> str:
        """The holder's new token; the old one stops working (its websockets close)."""
        live = await self.get(game_id)
        async with live.lock:
            await self.seats.require_holder(live, seat, token)
            fresh = await self.seats.give(live, seat, None)
            await self._seats_changed(live, back=seat if live.seats[seat].away else None)
        return fresh

    async def kick(self, game_id: str, seat: int, token: str | None) -> None:
        """The owner takes a seat from its holder: a bot plays it until the owner gives it."""
        live = await self.get(game_id)
        async with live.lock:
            self.seats.require_owner(live, token)
            self.seats.human_seat(live, seat)
            await self.seats.change(live, seat, {"token_hash": None, "away": True}, {})
            bot = self._standin(live)
            text = f"the owner kicked seat {seat}; the {bot} bot plays it"
            await self._notice_locked(live, seat, "kicked", text)
            await self._seats_changed(live)

    async def away(self, game_id: str, seat: int, token: str | None, away: bool) -> None:
        """The holder steps away (a stand-in bot plays the seat) or comes back."""
        live = await self.get(game_id)
        async with live.lock:
            await self.seats.require_holder(live, seat, token)
            self.seats.human_seat(live, seat)
            if not await self.seats.set_away(live, seat, away):
                return
            name = live.seats[seat].name
            if away:
                text = f"{name} is away; the {self._standin(live)} bot plays seat {seat}"
            else:
                text = f"{name} is back at seat {seat}"
            await self._notice_locked(live, seat, "away" if away else "back", text)
            await self._seats_changed(live, back=None if away else seat)

    async def abandon(self, game_id: str, token: str | None) -> None:
        live = await self.get(game_id)
        async with live.lock:
            self.seats.require_owner(live, token)
            if live.status != "playing":
                raise ApiError(409, f"the game is {live.status}")
            await self.db(self.repo.set_status, live.id, "abandoned")
            live.status = "abandoned"
            await self._notice_locked(live, None, "abandoned", "the owner abandoned the game")
            await self._seats_changed(live)

    async def _stop_runaway(self, live: LiveGame, why: str) -> None:
        """The bots' move cap was reached (server/bots.py; the caller holds the lock): the game
        is ``stopped``, stored so, and everyone sees why in a notice."""
        await self.db(self.repo.set_status, live.id, "stopped")
        live.status = "stopped"
        await self._notice_locked(live, None, "stopped", f"the game was {why}")
        await self._seats_changed(live)

    @staticmethod
    def _standin(live: LiveGame) -> str:
        return default_bot(live.kind)

    async def _seats_changed(self, live: LiveGame, back: int | None = None) -> None:
        """After a seat change (the caller holds the lock): fresh seats from storage, revoked
        tokens' websockets closed, clocks restarted, everyone told, bots queued."""
        row = await self.db(self.repo.game, live.id)
        if row is not None:
            live.seats = row.seats
            live.private = row.private
            if row.status != "playing" and live.status == "playing":
                live.status = row.status
        await self.seats.hashes(live)
        self.fanout.close_revoked(live)
        if live.clocks is not None:
            if back is not None:
                live.clocks.take_back(back)
            running = live.waiting() & live.present_humans() if live.playing else set()
            live.clocks.restart(running, None)
            await self._save_clocks(live)
        self._arm_clock(live)
        await self.db(self.repo.set_attention, live.id, live.playing and live.needs_attention())
        self.fanout.broadcast(live)
        self.bots.schedule(live)

    # -- chat ------------------------------------------------------------------------------

    async def say(
        self, game_id: str, seat: int, text: str, token: str | None = None
    ) -> dict[str, Any]:
        """A seat's holder says one line at the table; everyone is told there is a new line
        (the state message's ``chat``), the lines are read with :meth:`chat`. ``token``: the
        one ``seat`` was found by, checked again under the lock (:meth:`_still_holds`)."""
        live = await self.get(game_id)
        async with live.lock:
            await self._still_holds(live, seat, token)
            line = await self.db(self.repo.add_chat, live.id, seat, live.seats[seat].name, text)
            live.chat_latest = max(live.chat_latest, line.id)
            self.fanout.broadcast(live)
        return line.to_json()

    async def chat(self, game_id: str, after: int) -> list[dict[str, Any]]:
        live = await self.get(game_id)
        return [c.to_json() for c in await self.db(self.repo.chat, live.id, after)]

    # -- notices ---------------------------------------------------------------------------

    async def notice(self, live: LiveGame, seat: int, kind: str, text: str) -> None:
        """Record a notice and show it (the caller does not hold the lock)."""
        async with live.lock:
            await self._notice_locked(live, seat, kind, text)
            self.fanout.broadcast(live)

    async def _notice_locked(self, live: LiveGame, seat: int | None, kind: str, text: str) -> None:
        self._own_notices.add(
            await self.db(self.repo.add_notice, live.id, live.move, seat, kind, text)
        )
        live.notices = [
            *live.notices[-NOTICES_KEPT + 1 :],
            Notice(live.move, seat, kind, text, now()),
        ]

    # -- state and moves -------------------------------------------------------------------

    async def state(
        self, game_id: str, seat: int | None, since: int, token: str | None = None
    ) -> dict[str, Any]:
        """``seat``'s state message (None: a spectator's); ``token``: the one ``seat`` was
        found by, checked again under the lock (:meth:`_still_holds`)."""
        live = await self.get(game_id)
        async with live.lock:
            if seat is not None:
                await self._still_holds(live, seat, token)
            await self._catch_up_locked(live)
            return message(live, seat, since)

    async def move(
        self,
        game_id: str,
        seat: int,
        number: int,
        choice: Choice,
        since: int | None = None,
        token: str | None = None,
    ) -> str:
        """Apply ``choice`` for ``seat`` as move ``number``; the seat's state message after
        it, as JSON text (the one its websocket got, when it has one). ``token``: the one
        ``seat`` was found by, checked again under the lock (:meth:`_still_holds`)."""
        live = await self.get(game_id)
        async with live.lock:
            await self._still_holds(live, seat, token)
            if live.seats[seat].away:
                raise ApiError(409, f"seat {seat} is away (a bot plays it): come back first")
            start = since
            if start is None and live.game is not None:
                live.game.pending()
                start = live.log_size()
            await self.mover.move_locked(live, seat, number, choice)
            live.bot_moves = 0  # a person moved: the bots' run of moves starts again
            encoded = live.recent.get((seat, start or 0))
            if encoded is None:
                return encode(message(live, seat, start or 0))
            return encoded[0]

    def _after_move(self, live: LiveGame, seat: int) -> None:
        """A move was committed: clocks re-armed, websockets told, bots queued."""
        live.used = time.monotonic()
        self.metrics.move_applied()
        self._arm_clock(live)
        self.fanout.broadcast(live)
        self.bots.schedule(live)
        self._forget_if_done(live)

    async def _catch_up_locked(self, live: LiveGame) -> None:
        if self.shared:
            await self.mover.catch_up(live)

    def _caught_up(self, live: LiveGame) -> None:
        """A move stored by another process was applied here: tell this process's sockets."""
        self._sync_running(live)
        self.fanout.broadcast(live)

    def _sync_running(self, live: LiveGame) -> None:
        """After others' moves: the clocks that run now (their times came from storage)."""
        if live.clocks is not None:
            live.clocks.running = frozenset(live.waiting() & live.present_humans())
        self._arm_clock(live)

    async def notified(self, game_id: str, moves: int) -> None:
        """Another process stored a move, marked a game broken or changed its seats."""
        live = self.live.peek(game_id)
        if live is None:
            return
        if moves == SEATS_CHANGED:
            async with live.lock:
                live.notices = await self.db(self.repo.notices, live.id)
                live.chat_latest = await self.db(self.repo.latest_chat, live.id)
                await self._refresh_from_storage(live)
            return
        if live.game is None or 0 <= moves <= live.move:
            return
        async with live.lock:
            if 0 <= moves <= live.move:
                return  # our own move: its NOTIFY can arrive before the mover is done
            await self.mover.catch_up(live, check_broken=moves == BROKEN)

    async def _refresh_from_storage(self, live: LiveGame) -> None:
        """Seats, status and clocks as stored by someone else (caller holds the lock)."""
        row = await self.db(self.repo.game, live.id)
        if row is None:
            return
        live.adopt(row, cold=False)
        if row.status in ENDED and live.status == "playing":
            live.status, live.error = row.status, row.error
        await self.seats.hashes(live)
        self.fanout.close_revoked(live)
        self._sync_running(live)
        self.fanout.broadcast(live)
        self.bots.schedule(live)

    # -- websockets ------------------------------------------------------------------------

    async def connect(
        self, live: LiveGame, seat: int | None, since: int, token: str | None
    ) -> Connection:
        conn = Connection(seat, since, hash_token(token) if token and seat is not None else None)
        async with live.lock:
            if seat is not None:
                await self._still_holds(live, seat, token)
            await self._catch_up_locked(live)
            self.fanout.attach(live, conn)
            if seat is None:  # the others' count of spectators went up
                self.fanout.broadcast(live, skip=conn)
        return conn

    async def _still_holds(self, live: LiveGame, seat: int, token: str | None) -> None:
        """401 unless ``token`` (when given) is still ``seat``'s. The caller found the seat
        by the token before taking the lock (the caller holds it now): a rotate, give, release
        or kick may have ended the token in between. Checked again here, where no seat change
        can come between, nothing is done in the seat's name with a token no longer its."""
        if token is not None and await self.seats.seat_of(live, token) != seat:
            raise ApiError(401, "this token is not a seat token of this game")

    async def disconnect(self, live: LiveGame, conn: Connection) -> None:
        """A websocket closed; when it was a spectator's, the others see one fewer."""
        self.fanout.detach(live, conn)
        self._forget_if_done(live)
        if conn.seat is None and live.conns:
            async with live.lock:
                self.fanout.broadcast(live)

    def _forget_if_done(self, live: LiveGame) -> None:
        """A finished game nobody watches leaves memory (it is rebuilt if asked for)."""
        if live.status != "playing" and not live.conns:
            self._cancel_clock(live)
            self.live.forget(live)

    # -- clocks ----------------------------------------------------------------------------

    def _arm_clock(self, live: LiveGame) -> None:
        """(Re)start the timer of the first clock to run out."""
        self._cancel_clock(live)
        if live.clocks is None or not live.playing or self.closing:
            return
        expiry = live.clocks.expiry()
        if expiry is None:
            return
        at, seat = expiry
        delay = max(0.0, at - time.monotonic())
        loop = asyncio.get_running_loop()
        live.clock_timer = loop.call_later(
            delay, lambda: loop.create_task(self._clock_ran_out(live, seat))
        )

    @staticmethod
    def _cancel_clock(live: LiveGame) -> None:
        if live.clock_timer is not None:
            live.clock_timer.cancel()
            live.clock_timer = None

    async def _clock_ran_out(self, live: LiveGame, seat: int) -> None:
        async with live.lock:
            clocks = live.clocks
            if clocks is None or not live.playing or seat not in clocks.running:
                return
            clocks.tick()
            if clocks.remaining[seat] > 0:
                self._arm_clock(live)
                return
            await self.seats.set_away(live, seat, True)
            name = live.seats[seat].name
            text = f"{name}'s time ran out; the {self._standin(live)} bot plays seat {seat}"
            log.info("game %s: %s", live.id, text)
            await self._notice_locked(live, seat, "time_out", text)
            await self._seats_changed(live)

    async def _save_clocks(self, live: LiveGame) -> None:
        if live.clocks is not None:
            live.clocks.tick()
            await self.db(self.repo.save_clocks, live.id, dict(live.clocks.remaining), now())

    # -- the sweep -------------------------------------------------------------------------

    async def _sweep_forever(self) -> None:
        while not self.closing:
            await asyncio.sleep(self.sweep_seconds)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the periodic sweep failed")

    async def sweep(self) -> None:
        """Let idle games go, pick up games that need a server, notice others' changes."""
        for live in self.live.idle(self._busy):
            await self._save_clocks(live)
            self._cancel_clock(live)
            self.live.forget(live)
        quiet = now() - timedelta(seconds=self.bot_delay + 3.0) if self.shared else None
        await self._attend(quiet)
        await self._others_changes()

    def _busy(self, live: LiveGame) -> bool:
        running = live.clocks is not None and bool(live.clocks.running) and live.playing
        return running or self.bots.holds(live)

    async def _attend(self, quiet_since: datetime | None) -> list[str]:
        """Load and start the games that move on without a person (bots, clocks) that this
        process does not drive; with ``quiet_since``, only those idle since then (another
        process stopped driving them)."""
        ids = await self.db(self.repo.needing_attention, quiet_since)
        for game_id in ids:
            if self.closing:
                break
            held = self.live.peek(game_id)
            if held is not None and (self.bots.holds(held) or not self.shared):
                continue
            try:
                live = await self.get(game_id)
            except ApiError:
                continue
            if held is not None:
                async with live.lock:
                    await self._catch_up_locked(live)
                self.bots.schedule(live)
        return ids

    async def _others_changes(self) -> None:
        """Notices written by others (e.g. ``westeros admin`` on SQLite): refresh those games."""
        changes = await self.db(self.repo.noticed_since, self._last_notice)
        if not changes:
            return
        self._last_notice = changes[-1][0]
        others = {g for i, g in changes if i not in self._own_notices}
        self._own_notices -= {i for i, _ in changes}
        for game_id in others:
            live = self.live.peek(game_id)
            if live is not None:
                async with live.lock:
                    live.notices = await self.db(self.repo.notices, live.id)
                    await self._refresh_from_storage(live)
                self._forget_if_done(live)


def _parse_cursor(text: str) -> tuple[datetime, str]:
    at, sep, game_id = text.rpartition("~")
    try:
        if not sep or "\x00" in game_id:  # PostgreSQL text holds no NUL
            raise ValueError(text)
        return datetime.fromisoformat(at), game_id
    except ValueError:
        raise ApiError(400, f"bad lobby cursor {shown(text)}") from None

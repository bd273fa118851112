"""Storage: the SQLAlchemy models (games, seats, moves) and the repository the hub uses.

The storage *is* the record of every game: kind, config and seed in ``games``, the ordered
choices in ``moves`` (append-only: number, seat, choice, state hash after it, time). Seats keep
only the SHA-256 of their tokens. The schema is created and upgraded by the Alembic
migrations in ``westeros/server/migrations`` (never by ``create_all``).

Every method is synchronous and runs on the hub's database thread(s), never on the event loop.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from westeros.engine import Choice, Record

NOTIFY_CHANNEL = "westeros_moves"
BROKEN = -1  # notification payloads other than a move count
SEATS_CHANGED = -2


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(32))
    config: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    moves: Mapped[int] = mapped_column(Integer, default=0)
    state_hash: Mapped[str] = mapped_column(String(128))
    outcome: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    owner_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    clock_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    attention: Mapped[bool] = mapped_column(Boolean, default=False)


class SeatRow(Base):
    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    type: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(64))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False)
    access: Mapped[str] = mapped_column(String(8), default="invite")
    away: Mapped[bool] = mapped_column(Boolean, default=False)
    clock_ms: Mapped[int | None] = mapped_column(BigInteger, nullable=True)


class NoticeRow(Base):
    """What the server did to a game on its own: a bot failed, a clock ran out, a seat
    changed hands (shown to every seat in the state message)."""

    __tablename__ = "notices"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    move: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    kind: Mapped[str] = mapped_column(String(16))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One line of table talk, written by a seat's holder (docs/server.md, "Chat")."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class MoveRow(Base):
    __tablename__ = "moves"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    choice: Mapped[Any] = mapped_column(JSON)
    state_hash: Mapped[str] = mapped_column(String(128))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# The move path's statements, built once with bound parameters: building a statement per move
# (and its cache key, to find its compiled form) cost SQLAlchemy about 8 times the database's
# own work (~700 µs of CPU per move against ~80 µs).
_MOVES_OF_GAME = (
    select(GameRow.moves, GameRow.status)
    .where(GameRow.id == bindparam("game_id"))
    .with_for_update()
)
_INSERT_MOVE = insert(MoveRow)
_GAME_AFTER_MOVE = (
    update(GameRow)
    .where(GameRow.id == bindparam("game_id"))
    .values(
        moves=bindparam("new_moves", type_=Integer()),
        state_hash=bindparam("new_hash", type_=String()),
        status=bindparam("new_status", type_=String()),
        outcome=bindparam("new_outcome", type_=GameRow.__table__.c.outcome.type),
        attention=bindparam("new_attention", type_=Boolean()),
        updated_at=bindparam("stamp", type_=DateTime(timezone=True)),
    )
)
_MOVES_OF_GAMES = (
    select(GameRow.id, GameRow.moves, GameRow.status)
    .where(GameRow.id.in_(bindparam("ids", expanding=True)))
    .with_for_update()
)
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def now() -> datetime:
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored: str | None) -> bool:
    """Constant-time comparison of a presented token with a stored hash."""
    if stored is None:
        return False
    return hmac.compare_digest(hash_token(token), stored)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as stored: ``claimed`` — a person holds it (a live token); ``access`` of a
    human seat — ``open`` (anyone may claim it while nobody holds it) or ``invite`` (only
    with its join link); ``away`` — a stand-in bot plays the human seat; ``clock_ms`` — the
    remaining time on its clock at the game's ``clock_at``."""

    seat: int
    type: str
    bot: str | None
    name: str
    claimed: bool
    access: str = "invite"
    away: bool = False
    clock_ms: int | None = None

    @property
    def bot_plays(self) -> bool:
        """A bot answers this seat's decisions (a bot seat, or a human seat that is away)."""
        return self.type == "bot" or self.away


@dataclass(frozen=True, slots=True)
class GameInfoRow:
    id: str
    kind: str
    config: dict[str, Any]
    seed: int
    status: str
    moves: int
    state_hash: str
    outcome: dict[str, Any] | None
    error: str | None
    created_at: datetime
    seats: tuple[SeatInfo, ...]
    private: bool = False
    clock: dict[str, Any] | None = None
    clock_at: datetime | None = None
    attention: bool = False
    owner_hash: str | None = None
    updated_at: datetime | None = None


@dataclass(frozen=True, slots=True)
class Notice:
    """One notice (see ``NoticeRow``)."""

    move: int
    seat: int | None
    kind: str
    text: str
    at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "move": self.move,
            "seat": self.seat,
            "kind": self.kind,
            "text": self.text,
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class ChatLine:
    """One line of chat (see ``ChatRow``)."""

    id: int
    seat: int
    name: str
    text: str
    at: datetime

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True, slots=True)
class StoredMove:
    number: int
    seat: int
    choice: Choice
    state_hash: str


@dataclass(frozen=True, slots=True)
class NewSeat:
    type: str
    bot: str | None
    name: str
    token_hash: str | None
    access: str = "invite"
    clock_ms: int | None = None


@dataclass(frozen=True, slots=True)
class NewGame:
    """What ``Repository.create_game`` stores besides the seats."""

    id: str
    kind: str
    config: dict[str, Any]
    seed: int
    state_hash: str
    owner_hash: str | None = None
    private: bool = False
    clock: dict[str, Any] | None = None
    attention: bool = False


@dataclass(frozen=True, slots=True)
class Applied:
    """What a move's ``prepare`` returns: the state after the move, and the clocks (remaining
    milliseconds per seat) when the game has a clock."""

    state_hash: str
    status: str
    outcome: dict[str, Any] | None
    attention: bool
    clocks: dict[int, int] | None = None


Prepare = Callable[[int], Applied]


def stored_record(row: GameInfoRow, moves: Sequence[StoredMove], final: bool = True) -> Record:
    """The engine's record of a stored game: its moves with their hashes, and (``final``)
    the stored state hash after the last of them."""
    return Record(
        row.kind,
        row.config,
        row.seed,
        [(m.seat, m.choice) for m in moves],
        [m.state_hash for m in moves],
        row.state_hash if final else None,
    )


@dataclass(slots=True)
class MoveRequest:
    """One move to append (see ``Repository.append_move``); ``result`` after the write."""

    game_id: str
    seat: int
    choice: Choice
    prepare: Prepare
    result: int | BaseException | None = None


class _Refused(Exception):
    """``prepare`` refused a move before anything of it was written."""

    def __init__(self, exc: BaseException) -> None:
        super().__init__(str(exc))
        self.exc = exc


class Behind(Exception):
    """The stored game is ahead of this process's copy (another process moved): catch up."""

    def __init__(self, stored: int) -> None:
        super().__init__(f"storage is at move {stored}")
        self.stored = stored


class GameEnded(Exception):
    """The stored game is no longer in play (abandoned, broken)."""

    def __init__(self, status: str) -> None:
        super().__init__(f"the game is {status}")
        self.status = status


class StaleMove(Exception):
    """The move number is not the current one."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the current move is {current}")
        self.current = current


def database_url(db: str) -> str:
    """``db`` as a SQLAlchemy URL: a URL as it is, or a file path for a SQLite database
    (``games.sqlite3`` → ``sqlite:///…/games.sqlite3``). ValueError says what is wrong."""
    if "://" not in db:
        return f"sqlite:///{Path(db).expanduser().resolve()}"
    try:
        make_url(db)
    except ArgumentError:
        raise ValueError(
            f"--db takes a SQLAlchemy URL (sqlite:///path, postgresql+psycopg://user:pw@host/db) "
            f"or a SQLite file path, not {db!r}"
        ) from None
    return db


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite files get WAL, full fsync and foreign keys."""
    if make_url(url).get_backend_name() == "sqlite":
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "timeout": 30}, pool_pre_ping=False
        )

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=FULL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    return create_engine(url, pool_size=10, max_overflow=10, pool_pre_ping=True)


def _move_values(
    request: MoveRequest, number: int, applied: Applied, stamp: datetime
) -> dict[str, Any]:
    return {
        "game_id": request.game_id,
        "number": number,
        "seat": request.seat,
        "choice": request.choice,
        "state_hash": applied.state_hash,
        "created_at": stamp,
    }


def _game_values(game_id: str, number: int, applied: Applied, stamp: datetime) -> dict[str, Any]:
    """The bound values of ``_GAME_AFTER_MOVE`` once move ``number`` is stored."""
    return {
        "game_id": game_id,
        "new_moves": number + 1,
        "new_hash": applied.state_hash,
        "new_status": applied.status,
        "new_outcome": applied.outcome,
        "new_attention": applied.attention,
        "stamp": stamp,
    }


class Repository:
    """Every read and write of the server's tables."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- games -----------------------------------------------------------------------------

    def create_game(self, game: NewGame, seats: Sequence[NewSeat]) -> None:
        stamp = now()
        with self.sessions.begin() as s:
            s.add(
                GameRow(
                    id=game.id,
                    kind=game.kind,
                    config=game.config,
                    seed=game.seed,
                    status="playing",
                    moves=0,
                    state_hash=game.state_hash,
                    created_at=stamp,
                    updated_at=stamp,
                    owner_hash=game.owner_hash,
                    private=game.private,
                    clock=game.clock,
                    clock_at=stamp if game.clock is not None else None,
                    attention=game.attention,
                )
            )
            s.flush()
            for i, seat in enumerate(seats):
                s.add(
                    SeatRow(
                        game_id=game.id,
                        seat=i,
                        type=seat.type,
                        bot=seat.bot,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        claimed=seat.token_hash is not None,
                        access=seat.access,
                        away=False,
                        clock_ms=seat.clock_ms,
                    )
                )

    def _info(
        self, s: Session, row: GameRow, seats: Sequence[SeatRow] | None = None
    ) -> GameInfoRow:
        if seats is None:
            seats = s.scalars(
                select(SeatRow).where(SeatRow.game_id == row.id).order_by(SeatRow.seat)
            ).all()
        return GameInfoRow(
            row.id,
            row.kind,
            dict(row.config),
            row.seed,
            row.status,
            row.moves,
            row.state_hash,
            row.outcome,
            row.error,
            row.created_at,
            tuple(
                SeatInfo(
                    x.seat,
                    x.type,
                    x.bot,
                    x.name,
                    x.token_hash is not None,
                    x.access,
                    x.away,
                    x.clock_ms,
                )
                for x in seats
            ),
            private=row.private,
            clock=row.clock,
            clock_at=row.clock_at,
            attention=row.attention,
            owner_hash=row.owner_hash,
            updated_at=row.updated_at,
        )

    def game(self, game_id: str) -> GameInfoRow | None:
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            return None if row is None else self._info(s, row)

    def games(
        self,
        limit: int = 50,
        before: tuple[datetime, str] | None = None,
        status: str | None = None,
        public_only: bool = True,
    ) -> list[GameInfoRow]:
        """A page of games, newest first: those created before the cursor ``before``
        (created_at, id), of ``status`` if given; private games only when asked."""
        with self.sessions() as s:
            query = select(GameRow)
            if public_only:
                query = query.where(GameRow.private.is_(False))
            if status is not None:
                query = query.where(GameRow.status == status)
            if before is not None:
                at, game_id = before
                query = query.where(
                    (GameRow.created_at < at)
                    | ((GameRow.created_at == at) & (GameRow.id < game_id))
                )
            query = query.order_by(GameRow.created_at.desc(), GameRow.id.desc()).limit(limit)
            rows = s.scalars(query).all()
            by_game: dict[str, list[SeatRow]] = {r.id: [] for r in rows}
            seats = s.scalars(
                select(SeatRow)
                .where(SeatRow.game_id.in_(list(by_game)))
                .order_by(SeatRow.game_id, SeatRow.seat)
            ).all()
            for seat in seats:
                by_game[seat.game_id].append(seat)
            return [self._info(s, r, by_game[r.id]) for r in rows]

    def unfinished(self) -> list[str]:
        with self.sessions() as s:
            return list(s.scalars(select(GameRow.id).where(GameRow.status == "playing")).all())

    def needing_attention(self, quiet_since: datetime | None = None) -> list[str]:
        """Unfinished games that move on without a person (a bot to move, a clock running),
        only those unchanged since ``quiet_since`` when given."""
        with self.sessions() as s:
            query = select(GameRow.id).where(
                GameRow.status == "playing", GameRow.attention.is_(True)
            )
            if quiet_since is not None:
                query = query.where(GameRow.updated_at < quiet_since)
            return list(s.scalars(query).all())

    def moves(self, game_id: str, after: int = 0) -> list[StoredMove]:
        with self.sessions() as s:
            rows = s.execute(
                select(MoveRow.number, MoveRow.seat, MoveRow.choice, MoveRow.state_hash)
                .where(MoveRow.game_id == game_id, MoveRow.number >= after)
                .order_by(MoveRow.number)
            ).all()
            return [StoredMove(r[0], r[1], r[2], r[3]) for r in rows]

    def move_count(self, game_id: str) -> int | None:
        with self.sessions() as s:
            return s.scalar(select(GameRow.moves).where(GameRow.id == game_id))

    def mark_broken(self, game_id: str, message: str) -> None:
        with self.sessions.begin() as s:
            s.execute(
                update(GameRow)
                .where(GameRow.id == game_id)
                .values(status="broken", error=message, updated_at=now())
            )
            self._notify(s, game_id, BROKEN)

    def set_status(self, game_id: str, status: str, attention: bool = False) -> bool:
        """End an unfinished game (e.g. ``abandoned``); False when it was not playing."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == "playing")
                .values(status=status, attention=attention, updated_at=now())
            )
            self._notify(s, game_id, SEATS_CHANGED)
            return bool(getattr(result, "rowcount", 0) == 1)

    def set_attention(self, game_id: str, attention: bool) -> None:
        with self.sessions.begin() as s:
            s.execute(update(GameRow).where(GameRow.id == game_id).values(attention=attention))

    def save_clocks(self, game_id: str, clocks: dict[int, int], at: datetime) -> None:
        """The remaining time of each seat's clock at ``at``."""
        with self.sessions.begin() as s:
            self._save_clocks(s, game_id, clocks, at)

    def _save_clocks(
        self, s: Session | Connection, game_id: str, clocks: dict[int, int], at: datetime
    ) -> None:
        for seat, ms in clocks.items():
            s.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                .values(clock_ms=ms)
            )
        s.execute(update(GameRow).where(GameRow.id == game_id).values(clock_at=at))

    # -- notices ---------------------------------------------------------------------------

    def add_notice(self, game_id: str, move: int, seat: int | None, kind: str, text: str) -> int:
        """Store a notice; its id."""
        with self.sessions.begin() as s:
            row = NoticeRow(
                game_id=game_id, move=move, seat=seat, kind=kind, text=text, created_at=now()
            )
            s.add(row)
            s.flush()
            self._notify(s, game_id, SEATS_CHANGED)
            return int(row.id)

    def latest_notice(self) -> int:
        with self.sessions() as s:
            return int(s.scalar(select(func.max(NoticeRow.id))) or 0)

    def noticed_since(self, after: int) -> list[tuple[int, str]]:
        """(id, game id) of the notices after id ``after`` (changes made by others, e.g.
        ``westeros admin`` on the same database)."""
        with self.sessions() as s:
            rows = s.execute(
                select(NoticeRow.id, NoticeRow.game_id)
                .where(NoticeRow.id > after)
                .order_by(NoticeRow.id)
            ).all()
            return [(r[0], r[1]) for r in rows]

    def notices(self, game_id: str, newest: int = 50) -> list[Notice]:
        """The ``newest`` notices of a game, oldest first."""
        with self.sessions() as s:
            rows = s.scalars(
                select(NoticeRow)
                .where(NoticeRow.game_id == game_id)
                .order_by(NoticeRow.id.desc())
                .limit(newest)
            ).all()
            return [Notice(r.move, r.seat, r.kind, r.text, r.created_at) for r in reversed(rows)]

    # -- chat ------------------------------------------------------------------------------

    def add_chat(self, game_id: str, seat: int, name: str, text: str) -> ChatLine:
        """Store a line of chat; the line as stored (other processes learn of it as of a
        seat change: they read the newest id again)."""
        with self.sessions.begin() as s:
            row = ChatRow(game_id=game_id, seat=seat, name=name, text=text, created_at=now())
            s.add(row)
            s.flush()
            self._notify(s, game_id, SEATS_CHANGED)
            return ChatLine(int(row.id), seat, name, text, row.created_at)

    def chat(self, game_id: str, after: int = 0, newest: int = 200) -> list[ChatLine]:
        """The ``newest`` lines of a game's chat after id ``after``, oldest first."""
        with self.sessions() as s:
            rows = s.scalars(
                select(ChatRow)
                .where(ChatRow.game_id == game_id, ChatRow.id > after)
                .order_by(ChatRow.id.desc())
                .limit(newest)
            ).all()
            return [ChatLine(r.id, r.seat, r.name, r.text, r.created_at) for r in reversed(rows)]

    def latest_chat(self, game_id: str) -> int:
        """The id of a game's newest line of chat (0: none)."""
        with self.sessions() as s:
            found = s.scalar(select(func.max(ChatRow.id)).where(ChatRow.game_id == game_id))
            return int(found or 0)

    # -- seats -----------------------------------------------------------------------------

    def seat_hashes(self, game_id: str) -> list[tuple[int, str | None]]:
        with self.sessions() as s:
            rows = s.execute(
                select(SeatRow.seat, SeatRow.token_hash).where(SeatRow.game_id == game_id)
            ).all()
            return [(r[0], r[1]) for r in rows]

    def update_seat(
        self,
        game_id: str,
        seat: int,
        values: dict[str, Any],
        only_if: dict[str, Any] | None = None,
    ) -> bool:
        """Change one seat (``token_hash`` keeps ``claimed`` in step), atomically only when
        its columns still hold ``only_if``; False when they did not."""
        if "token_hash" in values:
            values = {**values, "claimed": values["token_hash"] is not None}
        query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        for column, value in (only_if or {}).items():
            field = getattr(SeatRow, column)
            query = query.where(field.is_(None) if value is None else field == value)
        with self.sessions.begin() as s:
            result = s.execute(query.values(**values))
            changed = bool(getattr(result, "rowcount", 0) == 1)
            if changed:
                s.execute(update(GameRow).where(GameRow.id == game_id).values(updated_at=now()))
                self._notify(s, game_id, SEATS_CHANGED)
            return changed

    # -- moves -----------------------------------------------------------------------------

    def append_move(self, game_id: str, seat: int, choice: Choice, prepare: Prepare) -> int:
        """Append the next move of a game in one transaction holding the game's row lock.

        ``prepare(stored_moves)`` runs under the lock before anything is written: it checks
        the move (raising refuses it: nothing is written) and applies it, returning the state
        state after it (``Applied``). The transaction commits before this returns (with
        a PostgreSQL NOTIFY); the number of the move is returned.
        """
        try:
            with self.engine.begin() as conn:
                return self._append(conn, MoveRequest(game_id, seat, choice, prepare), now())
        except _Refused as refused:
            raise refused.exc from None

    def append_moves(self, requests: Sequence[MoveRequest]) -> None:
        """Moves of several games in one transaction: one commit (one fsync) for all (SQLite's
        group commit; one process writes). Each request gets its move number, or the exception
        its ``prepare`` raised (that request wrote nothing). Raises if the commit fails: then
        no request was stored."""
        stamp = now()
        with self.engine.begin() as conn:
            ids = sorted({request.game_id for request in requests})
            ended: dict[str, str] = {}
            stored: dict[str, int] = {}
            for game_id, stored_moves, status in conn.execute(_MOVES_OF_GAMES, {"ids": ids}):
                if status == "playing":  # a game abandoned meanwhile takes no move
                    stored[game_id] = stored_moves
                else:
                    ended[game_id] = status
            moves: list[dict[str, Any]] = []
            games: list[dict[str, Any]] = []
            for request in requests:
                count = stored.get(request.game_id)
                if count is None:
                    gone = ended.get(request.game_id)
                    request.result = GameEnded(gone) if gone else KeyError(request.game_id)
                    continue
                try:
                    applied = request.prepare(count)
                except Exception as exc:
                    request.result = exc
                    continue
                moves.append(_move_values(request, count, applied, stamp))
                games.append(_game_values(request.game_id, count, applied, stamp))
                if applied.clocks is not None:
                    self._save_clocks(conn, request.game_id, applied.clocks, stamp)
                self._notify(conn, request.game_id, count + 1)
                stored[request.game_id] = count + 1
                request.result = count
            # one statement each for all the moves (sqlite3 releases and takes back the GIL
            # around every statement: per move, each wait for the event loop thread counted)
            if moves:
                conn.execute(_INSERT_MOVE, moves)
                conn.execute(_GAME_AFTER_MOVE, games)

    def _append(self, s: Connection, request: MoveRequest, stamp: datetime) -> int:
        """Core statements on a connection: the hot path skips the ORM's unit of work."""
        game_id = request.game_id
        row = s.execute(_MOVES_OF_GAME, {"game_id": game_id}).first()
        if row is None:
            raise _Refused(KeyError(game_id))
        stored, status = row
        if status != "playing":  # e.g. abandoned by an operator while this process played it
            raise _Refused(GameEnded(status))
        try:
            applied = request.prepare(stored)
        except Exception as exc:
            raise _Refused(exc) from None
        s.execute(_INSERT_MOVE, _move_values(request, stored, applied, stamp))
        s.execute(_GAME_AFTER_MOVE, _game_values(game_id, stored, applied, stamp))
        if applied.clocks is not None:
            self._save_clocks(s, game_id, applied.clocks, stamp)
        self._notify(s, game_id, stored + 1)
        return stored

    def _notify(self, s: Session | Connection, game_id: str, moves: int) -> None:
        if self.postgres:
            s.execute(_NOTIFY, {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {moves}"})

    # -- administration --
    # (`westeros admin`, westeros/cli_admin.py: run beside a serving process, never by it)

    def admin_games(self, status: str | None = None, limit: int = 100) -> list[GameInfoRow]:
        """The newest games first, optionally of one status."""
        with self.sessions() as s:
            query = select(GameRow).order_by(GameRow.created_at.desc()).limit(limit)
            if status is not None:
                query = query.where(GameRow.status == status)
            rows = s.scalars(query).all()
            return [self._info(s, row) for row in rows]

    def admin_game(self, game_id: str) -> AdminGame | None:
        """One game with what an operator needs: times, outcome, which seats have a token."""
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                return None
            hashes = dict(self.seat_hashes(game_id))
            return AdminGame(
                self._info(s, row),
                row.updated_at,
                tuple(hashes.get(i) is not None for i in range(len(hashes))),
            )

    def admin_record(self, game_id: str) -> tuple[GameInfoRow, list[StoredMove]] | None:
        """A game and its moves as they stood together (moves stored since are left out)."""
        row = self.game(game_id)
        if row is None:
            return None
        return row, self.moves(game_id, 0)[: row.moves]

    def abandon(self, game_id: str) -> bool:
        """Mark a game in play ``abandoned``; False when it is not in play. A notice tells
        the running servers (SQLite: their sweep; PostgreSQL: the notification)."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == "playing")
                .values(status="abandoned", attention=False, updated_at=now())
            )
            if getattr(result, "rowcount", 0) != 1:
                return False
            self._admin_notice(s, game_id, None, "abandoned", "an operator abandoned the game")
            return True

    def revoke(self, game_id: str, seat: int) -> bool:
        """Forget a human seat's token (an open seat is free to claim again, an invite seat
        waits for the owner to give it); False when the game has no such human seat. Running
        servers close the token's websockets (their sweep, or the PostgreSQL notification)."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.type == "human")
                .values(token_hash=None, claimed=False)
            )
            if getattr(result, "rowcount", 0) != 1:
                return False
            text = f"an operator revoked the token of seat {seat}"
            self._admin_notice(s, game_id, seat, "revoked", text)
            return True

    def _admin_notice(
        self, s: Session, game_id: str, seat: int | None, kind: str, text: str
    ) -> None:
        moves = s.scalar(select(GameRow.moves).where(GameRow.id == game_id)) or 0
        s.add(
            NoticeRow(
                game_id=game_id, move=moves, seat=seat, kind=kind, text=text, created_at=now()
            )
        )
        self._notify(s, game_id, SEATS_CHANGED)

    def finished_before(self, cutoff: datetime) -> list[AdminGame]:
        """Games over, abandoned or broken whose last change is older than ``cutoff``."""
        with self.sessions() as s:
            rows = s.scalars(
                select(GameRow)
                .where(GameRow.status.in_(FINISHED), GameRow.updated_at < cutoff)
                .order_by(GameRow.updated_at)
            ).all()
            return [AdminGame(self._info(s, row), row.updated_at, ()) for row in rows]

    def purge(self, game_ids: Sequence[str]) -> int:
        """Delete games with their seats and moves (finished ones only); the games deleted."""
        from sqlalchemy import delete

        with self.sessions.begin() as s:
            ids = list(
                s.scalars(
                    select(GameRow.id).where(
                        GameRow.id.in_(list(game_ids)), GameRow.status.in_(FINISHED)
                    )
                ).all()
            )
            s.execute(delete(NoticeRow).where(NoticeRow.game_id.in_(ids)))
            s.execute(delete(ChatRow).where(ChatRow.game_id.in_(ids)))
            s.execute(delete(MoveRow).where(MoveRow.game_id.in_(ids)))
            s.execute(delete(SeatRow).where(SeatRow.game_id.in_(ids)))
            s.execute(delete(GameRow).where(GameRow.id.in_(ids)))
            return len(ids)


# a game ended before it was over: by its owner or an operator, unreadable from its moves, or
# stopped by the server when its bots made too many moves in a row (server/bots.py)
ENDED = ("abandoned", "broken", "stopped")
FINISHED = ("over", *ENDED)


@dataclass(frozen=True, slots=True)
class AdminGame:
    info: GameInfoRow
    updated_at: datetime
    has_token: tuple[bool, ...]  # per seat: a token is set

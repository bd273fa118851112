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
    create_engine,
    event,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from westeros.engine import Choice

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
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


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
    seat: int
    type: str
    bot: str | None
    name: str
    claimed: bool


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


Prepare = Callable[[int], tuple[str, str, dict[str, Any] | None]]


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


class StaleMove(Exception):
    """The move number is not the current one."""

    def __init__(self, current: int) -> None:
        super().__init__(f"the current move is {current}")
        self.current = current


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


class Repository:
    """Every read and write of the server's tables."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    # -- games -----------------------------------------------------------------------------

    def create_game(
        self,
        game_id: str,
        kind: str,
        config: dict[str, Any],
        seed: int,
        state_hash: str,
        seats: Sequence[NewSeat],
    ) -> None:
        stamp = now()
        with self.sessions.begin() as s:
            s.add(
                GameRow(
                    id=game_id,
                    kind=kind,
                    config=config,
                    seed=seed,
                    status="playing",
                    moves=0,
                    state_hash=state_hash,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            s.flush()
            for i, seat in enumerate(seats):
                s.add(
                    SeatRow(
                        game_id=game_id,
                        seat=i,
                        type=seat.type,
                        bot=seat.bot,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        claimed=False,
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
            tuple(SeatInfo(x.seat, x.type, x.bot, x.name, x.claimed) for x in seats),
        )

    def game(self, game_id: str) -> GameInfoRow | None:
        with self.sessions() as s:
            row = s.get(GameRow, game_id)
            return None if row is None else self._info(s, row)

    def games(self, limit: int = 200) -> list[GameInfoRow]:
        with self.sessions() as s:
            rows = s.scalars(select(GameRow).order_by(GameRow.created_at.desc()).limit(limit)).all()
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

    # -- seats -----------------------------------------------------------------------------

    def seat_hashes(self, game_id: str) -> list[tuple[int, str | None]]:
        with self.sessions() as s:
            rows = s.execute(
                select(SeatRow.seat, SeatRow.token_hash).where(SeatRow.game_id == game_id)
            ).all()
            return [(r[0], r[1]) for r in rows]

    def claim(self, game_id: str, seat: int, name: str, token_hash: str) -> None:
        """Set the seat's name and token; the caller checked that it may."""
        with self.sessions.begin() as s:
            s.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                .values(name=name, token_hash=token_hash, claimed=True)
            )
            self._notify(s, game_id, SEATS_CHANGED)

    def claim_free(self, game_id: str, seat: int, name: str, token_hash: str) -> bool:
        """Claim an unclaimed human seat atomically; False when it is not free."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.type == "human",
                    SeatRow.claimed.is_(False),
                )
                .values(name=name, token_hash=token_hash, claimed=True)
            )
            self._notify(s, game_id, SEATS_CHANGED)
            return bool(getattr(result, "rowcount", 0) == 1)

    # -- moves -----------------------------------------------------------------------------

    def append_move(self, game_id: str, seat: int, choice: Choice, prepare: Prepare) -> int:
        """Append the next move of a game in one transaction holding the game's row lock.

        ``prepare(stored_moves)`` runs under the lock before anything is written: it checks
        the move (raising refuses it: nothing is written) and applies it, returning the state
        hash, status and outcome after it. The transaction commits before this returns (with
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
            for request in requests:
                try:
                    request.result = self._append(conn, request, stamp)
                except _Refused as refused:
                    request.result = refused.exc

    def _append(self, s: Connection, request: MoveRequest, stamp: datetime) -> int:
        """Core statements on a connection: the hot path skips the ORM's unit of work."""
        game_id = request.game_id
        stored = s.scalar(select(GameRow.moves).where(GameRow.id == game_id).with_for_update())
        if stored is None:
            raise _Refused(KeyError(game_id))
        try:
            state_hash, status, outcome = request.prepare(stored)
        except Exception as exc:
            raise _Refused(exc) from None
        s.execute(
            insert(MoveRow).values(
                game_id=game_id,
                number=stored,
                seat=request.seat,
                choice=request.choice,
                state_hash=state_hash,
                created_at=stamp,
            )
        )
        s.execute(
            update(GameRow)
            .where(GameRow.id == game_id)
            .values(
                moves=stored + 1,
                state_hash=state_hash,
                status=status,
                outcome=outcome,
                updated_at=stamp,
            )
        )
        self._notify(s, game_id, stored + 1)
        return stored

    def _notify(self, s: Session | Connection, game_id: str, moves: int) -> None:
        if self.postgres:
            s.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {moves}"},
            )

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
        """Mark a game in play ``abandoned``; False when it is not in play."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(GameRow)
                .where(GameRow.id == game_id, GameRow.status == "playing")
                .values(status="abandoned", updated_at=now())
            )
            return bool(getattr(result, "rowcount", 0) == 1)

    def revoke(self, game_id: str, seat: int) -> bool:
        """Forget a human seat's token (the seat is free to claim again); False when the game
        has no such human seat. Other processes are told (PostgreSQL)."""
        with self.sessions.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.type == "human")
                .values(token_hash=None, claimed=False)
            )
            if getattr(result, "rowcount", 0) != 1:
                return False
            self._notify(s, game_id, SEATS_CHANGED)
            return True

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
            s.execute(delete(MoveRow).where(MoveRow.game_id.in_(ids)))
            s.execute(delete(SeatRow).where(SeatRow.game_id.in_(ids)))
            s.execute(delete(GameRow).where(GameRow.id.in_(ids)))
            return len(ids)


FINISHED = ("over", "abandoned", "broken")


@dataclass(frozen=True, slots=True)
class AdminGame:
    info: GameInfoRow
    updated_at: datetime
    has_token: tuple[bool, ...]  # per seat: a token is set

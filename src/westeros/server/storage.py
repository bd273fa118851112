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

    def _info(self, s: Session, row: GameRow) -> GameInfoRow:
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
            rows = s.scalars(select(GameRow).order_by(GameRow.created_at.desc()).limit(limit))
            return [self._info(s, r) for r in rows.all()]

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

    def append_move(
        self,
        game_id: str,
        seat: int,
        choice: Choice,
        prepare: Callable[[int], tuple[str, str, dict[str, Any] | None]],
    ) -> int:
        """Append the next move of a game in one transaction holding the game's row lock.

        ``prepare(stored_moves)`` runs under the lock before anything is written: it checks
        the move (raising refuses it: nothing is written) and applies it, returning the state
        hash, status and outcome after it. The transaction commits before this returns (with
        a PostgreSQL NOTIFY); the number of the move is returned.
        """
        stamp = now()
        with self.sessions.begin() as s:
            stored = s.scalar(select(GameRow.moves).where(GameRow.id == game_id).with_for_update())
            if stored is None:
                raise KeyError(game_id)
            state_hash, status, outcome = prepare(stored)
            s.execute(
                insert(MoveRow).values(
                    game_id=game_id,
                    number=stored,
                    seat=seat,
                    choice=choice,
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
                .execution_options(synchronize_session=False)
            )
            self._notify(s, game_id, stored + 1)
        return stored

    def _notify(self, s: Session, game_id: str, moves: int) -> None:
        if self.postgres:
            s.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": NOTIFY_CHANNEL, "payload": f"{game_id} {moves}"},
            )

"""Is the database there? ``/healthz`` asks it (``SELECT 1`` on the hub's database thread),
and errors that mean "unreachable" become 503 with a ``Retry-After`` hint, never 500."""

from __future__ import annotations

from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

RETRY_AFTER = 2  # seconds a client should wait before trying again
PING_TIMEOUT = 5.0


def ping(engine: Engine) -> None:
    """One round trip to the database; raises when it does not answer."""
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


def unavailable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database cannot be reached (or is busy), as opposed to a
    bug such as a constraint violation."""
    if isinstance(exc, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(exc, DBAPIError) and bool(exc.connection_invalidated)

"""One server process per SQLite file: an exclusive ``flock`` on ``<database>.lock`` beside
the database, held while the process serves and released by the kernel when it ends (even
killed). A second process refuses to start, naming the holder. PostgreSQL and in-memory
SQLite need no lock. Within one process the lock is re-entrant (``serve`` takes it before
uvicorn starts, the app again at start-up)."""

from __future__ import annotations

import fcntl
import os
import threading
from pathlib import Path

from sqlalchemy.engine import make_url


class DatabaseInUse(RuntimeError):
    """Another process holds the SQLite file's lock."""


_held: dict[Path, tuple[int, int]] = {}  # lock file -> (descriptor, holds)
_guard = threading.Lock()


def lock_path(url: str) -> Path | None:
    """The lock file of a SQLite database file; None for PostgreSQL or memory."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or "mode=memory" in database:
        return None
    if parsed.query.get("mode") == "memory":
        return None
    path = Path(database.removeprefix("file:")).resolve()
    return path.with_name(path.name + ".lock")


def acquire(url: str) -> Path | None:
    """Take the lock of ``url``'s SQLite file (``DatabaseInUse`` when another process has
    it); returns the lock file for ``release``, None when no lock is needed."""
    path = lock_path(url)
    if path is None:
        return None
    with _guard:
        if path in _held:
            fd, holds = _held[path]
            _held[path] = (fd, holds + 1)
            return path
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
            os.close(fd)
            database = path.with_name(path.name.removesuffix(".lock"))
            raise DatabaseInUse(
                f"another westeros server (pid {holder}) is using {database}: a SQLite file "
                f"serves one process (stop it, or use PostgreSQL for several; lock {path})"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        _held[path] = (fd, 1)
        return path


def release(path: Path | None) -> None:
    """Give back one hold of the lock; the last closes it."""
    if path is None:
        return
    with _guard:
        fd, holds = _held[path]
        if holds > 1:
            _held[path] = (fd, holds - 1)
            return
        del _held[path]
        os.close(fd)

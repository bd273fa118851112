"""Alembic migrations of the server's schema, shipped inside the package.

:func:`upgrade` runs ``alembic upgrade head`` programmatically on a URL; the server calls it
at start-up. On PostgreSQL an advisory lock makes several processes starting at once upgrade
one after the other.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, text

HERE = Path(__file__).resolve().parent
ADVISORY_LOCK = 7_245_501


def alembic_config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema on ``engine`` to ``revision`` (the newest by default)."""
    cfg = alembic_config()
    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": ADVISORY_LOCK})
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)

"""Alembic environment: runs on the connection handed over by ``migrations.upgrade``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from westeros.server.storage import Base

connection = context.config.attributes.get("connection")
if not isinstance(connection, Connection):  # pragma: no cover - only run through upgrade()
    raise RuntimeError("run the westeros migrations through westeros.server.migrations.upgrade")
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()

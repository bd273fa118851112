"""Seat ownership, owners, clocks, stand-in bots and notices.

games: the owner's token hash, private games, the clock settings and when the stored clocks
were last brought up to date, and ``attention`` (a bot is to move or a clock runs: the game
moves on without a person, so a server process must hold it). seats: open or invite access,
``away`` (a stand-in bot plays the human seat) and the remaining clock time. notices: what
the server did to a game on its own (a bot failed, a clock ran out, a seat changed hands).

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


# Plain ADD/DROP COLUMN, never batch mode: on SQLite batch mode copies and drops the table,
# and with foreign keys on, dropping ``games`` would cascade to every seat and move.


def upgrade() -> None:
    op.add_column("games", sa.Column("owner_hash", sa.String(64), nullable=True))
    op.add_column(
        "games", sa.Column("private", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("games", sa.Column("clock", sa.JSON(), nullable=True))
    op.add_column("games", sa.Column("clock_at", sa.DateTime(timezone=True), nullable=True))
    op.add_column(
        "games", sa.Column("attention", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_index("ix_games_created_at", "games", ["created_at"])
    # Games stored before this revision: bots may be due (the old server resumed them all).
    op.execute("UPDATE games SET attention = (status = 'playing')")
    op.add_column(
        "seats", sa.Column("access", sa.String(8), nullable=False, server_default="invite")
    )
    op.add_column(
        "seats", sa.Column("away", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column("seats", sa.Column("clock_ms", sa.BigInteger(), nullable=True))
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "game_id",
            sa.String(32),
            sa.ForeignKey("games.id", ondelete="CASCADE"),
            nullable=False,
            index=True,
        ),
        sa.Column("move", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("notices")
    for column in ("clock_ms", "away", "access"):
        op.drop_column("seats", column)
    op.drop_index("ix_games_created_at", "games")
    for column in ("attention", "clock_at", "clock", "private", "owner_hash"):
        op.drop_column("games", column)

"""clocks: a game's time control, its deadlines and its absent seats (issue 24, item 3)

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # One row per game with a time control (onmars.server.clocks); games made before this
    # revision have none and are played on as they were, without clocks.
    op.create_table(
        "clocks",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("mode", sa.String(16), nullable=False),
        sa.Column("base", sa.Float, nullable=False),
        sa.Column("increment", sa.Float, nullable=False, server_default="0"),
        sa.Column("policy", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("started", sa.DateTime(timezone=True), nullable=True),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("remaining", sa.Text, nullable=False),
        sa.Column("absent", sa.Text, nullable=False),
    )
    # the timeout check reads the deadlines that have passed
    op.create_index("ix_clocks_deadline", "clocks", ["deadline"])


def downgrade() -> None:
    op.drop_index("ix_clocks_deadline", "clocks")
    op.drop_table("clocks")

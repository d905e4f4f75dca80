"""hint_uses: the hints each seat of a game asked for (issue 25, item 1)

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # One row per seat that asked for a hint (onmars.server.hints); games stored before this
    # revision asked none.
    op.create_table(
        "hint_uses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("asked", sa.Integer, nullable=False),
        sa.Column("last", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hint_uses")

"""games.round: the round being played, a hint for the public list of games

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


def upgrade() -> None:
    # Games stored before this revision read round 0 until their next move writes it.
    op.add_column("games", sa.Column("round", sa.Integer, nullable=False, server_default="0"))
    op.create_index("ix_games_updated", "games", ["updated"])


def downgrade() -> None:
    op.drop_index("ix_games_updated", "games")
    op.drop_column("games", "round")

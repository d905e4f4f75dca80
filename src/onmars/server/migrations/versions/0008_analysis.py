"""analysis: finished games' post-game analysis, one verdict per decision (issue 25, item 3)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Per game (onmars.server.analysis): the budget, the summary needing no search (JSON), how
    # far it got, why it failed, and the lease of the process working on it.
    op.create_table(
        "analyses",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("sims", sa.Integer, nullable=False),
        sa.Column("summary", sa.Text, nullable=True),
        sa.Column("done", sa.Integer, nullable=False, server_default="0"),
        sa.Column("total", sa.Integer, nullable=True),
        sa.Column("complete", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("failed", sa.Text, nullable=True),
        sa.Column("owner", sa.String(32), nullable=True),
        sa.Column("lease", sa.DateTime(timezone=True), nullable=True),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
    )
    # one row per decision judged (JSON): a restart resumes from what is stored
    op.create_table(
        "analysis_moves",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("ply", sa.Integer, primary_key=True),
        sa.Column("data", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("analysis_moves")
    op.drop_table("analyses")

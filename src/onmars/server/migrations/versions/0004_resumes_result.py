"""resumes (votes to go on with a game held at a move today's rules refuse) and games.result

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A game whose stored moves today's rules refuse (issue 21, item 10) goes on from its last
    # accepted move once every human seat agreed: their votes, as the votes to end it.
    op.create_table(
        "resumes",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    # The final scores, recorded when a game ends: a finished game keeps its result even if a
    # later rules version no longer replays it. Games finished before this revision have none.
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("result", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("result")
    op.drop_table("resumes")

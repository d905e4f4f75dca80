"""reminders: when the seat on the clock is reminded that its time runs out (onmars.server.clocks)

Revision ID: 0011
Revises: 0010
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Clocks stored before this revision get their reminder time at their next decision.
    with op.batch_alter_table("clocks") as batch:
        batch.add_column(sa.Column("remind_at", sa.DateTime(timezone=True), nullable=True))
        batch.create_index("ix_clocks_remind_at", ["remind_at"])
    with op.batch_alter_table("seat_notices") as batch:
        batch.add_column(sa.Column("reminded", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seat_notices") as batch:
        batch.drop_column("reminded")
    with op.batch_alter_table("clocks") as batch:
        batch.drop_index("ix_clocks_remind_at")
        batch.drop_column("remind_at")

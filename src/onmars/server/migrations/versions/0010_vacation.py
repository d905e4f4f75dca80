"""clocks: vacation days (issue 24, item 3's plus; onmars.server.clocks)

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Games stored before this revision gave nobody vacation: 0 seconds, none left.
    with op.batch_alter_table("clocks") as batch:
        batch.add_column(sa.Column("vacation", sa.Float, nullable=False, server_default="0"))
        batch.add_column(sa.Column("vacation_left", sa.Text, nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("clocks") as batch:
        batch.drop_column("vacation_left")
        batch.drop_column("vacation")

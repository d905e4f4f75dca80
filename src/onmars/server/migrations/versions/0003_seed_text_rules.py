"""games.seed as text (seeds of 128 bits and more, RUL-18) and games.rules (the rules version)

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Seeds drawn now have 128 bits: no integer column holds them, so they are kept in decimal.
    # Games stored before this revision were made before rules versions: version 0.
    with op.batch_alter_table("games") as batch:
        batch.alter_column(
            "seed", type_=sa.Text, existing_type=sa.BigInteger, postgresql_using="seed::text"
        )
        batch.add_column(sa.Column("rules", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rules")
        batch.alter_column(
            "seed", type_=sa.BigInteger, existing_type=sa.Text, postgresql_using="seed::bigint"
        )

"""chat_messages, seat_notices, push_subscriptions, server_keys (issue 24: chat, your-turn
messages with the tab closed)

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
# The lead re-chains this after 0005 (accounts) at merge time.
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Each game's chat: the players' channel and the spectators' (onmars.server.chat).
    op.create_table(
        "chat_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("sender", sa.String(32), nullable=False),
        sa.Column("text", sa.String(500), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
    )
    op.create_index("ix_chat_messages_game", "chat_messages", ["game_id", "channel", "id"])
    # How each seat is told of its turn, and the last turn it was told of (once per turn).
    op.create_table(
        "seat_notices",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("push", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("email", sa.Boolean, nullable=False, server_default=sa.true()),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
        sa.Column("last_ply", sa.Integer, nullable=True),
        sa.Column("account_id", sa.Integer, nullable=True),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("endpoint", sa.String(1000), nullable=False),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("account_id", sa.Integer, nullable=True),
        sa.UniqueConstraint("game_id", "seat", "endpoint", name="uq_push_subscriptions_endpoint"),
    )
    # The server's own keys (VAPID for Web Push), made at its first start.
    op.create_table(
        "server_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_keys")
    op.drop_table("push_subscriptions")
    op.drop_table("seat_notices")
    op.drop_index("ix_chat_messages_game", table_name="chat_messages")
    op.drop_table("chat_messages")

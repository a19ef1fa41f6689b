"""Table chat: the messages of each table's two rooms, the seat of the table's creator and the
creator's switch of the spectators' room (docs/protocol.md, "Chat").

Tables stored before this revision have no known creator (`creator_seat` NULL: nobody can
switch their spectators' room off) and their spectators' room is open.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN, not a batch: on SQLite a batch would copy
    # roost_tables and drop the old one, and with foreign keys on, that drop deletes every
    # seat, action and note of every table (ON DELETE CASCADE).
    op.add_column("roost_tables", sa.Column("creator_seat", sa.Integer(), nullable=True))
    op.add_column(
        "roost_tables",
        sa.Column("spectator_chat", sa.Boolean(), nullable=False, server_default=sa.true()),
    )
    op.create_table(
        "roost_chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("room", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_roost_chat_table_id", "roost_chat", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_roost_chat_table_id", table_name="roost_chat")
    op.drop_table("roost_chat")
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 or newer), not a batch (see `upgrade`)
    op.drop_column("roost_tables", "spectator_chat")
    op.drop_column("roost_tables", "creator_seat")

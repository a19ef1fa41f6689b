"""The coach: reviews, one row per table and seat holding a seat's review after a game (its
progress while it is computed, the review once done), stored with the game and deleted with it
(docs/protocol.md, "Reviews"); and the tutorial a table plays (`roost_tables.tutorial`, NULL for
every table stored before: none was a tutorial).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN, not a batch: on SQLite a batch would copy roost_tables
    # and drop the old one, and with foreign keys on, that drop deletes every seat, action and
    # note of every table (ON DELETE CASCADE).
    op.add_column("roost_tables", sa.Column("tutorial", sa.String(32), nullable=True))
    op.create_table(
        "roost_reviews",
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("done", sa.Integer(), nullable=False),
        sa.Column("total", sa.Integer(), nullable=False),
        sa.Column("upto", sa.Integer(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("review", sa.JSON(), nullable=True),
        sa.Column("message", sa.String(200), nullable=True),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("roost_reviews")
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 or newer), not a batch (see `upgrade`)
    op.drop_column("roost_tables", "tutorial")

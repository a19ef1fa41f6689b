"""Reviews: one row per table and seat holding a seat's review after a game (its progress while
it is computed, the review once done), stored with the game and deleted with it
(docs/protocol.md, "Reviews").

Revision ID: 0010
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A table of its own: roost_tables is not altered.
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

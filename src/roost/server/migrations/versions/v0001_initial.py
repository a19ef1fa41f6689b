"""The first schema: tables, seats, actions and notes.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "roost_tables",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("params", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("clock", sa.Integer(), nullable=True),
        sa.Column("creator", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
        sa.Column("rematch", sa.String(16), nullable=True),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
    )
    op.create_index("ix_roost_tables_status", "roost_tables", ["status"])
    op.create_index("ix_roost_tables_creator", "roost_tables", ["creator"])
    op.create_table(
        "roost_seats",
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("type", sa.String(8), nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("level", sa.String(8), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean(), nullable=False),
    )
    op.create_table(
        "roost_actions",
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("version", sa.Integer(), primary_key=True),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("by", sa.String(8), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_table(
        "roost_notes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
    )
    op.create_index("ix_roost_notes_table_id", "roost_notes", ["table_id"])


def downgrade() -> None:
    op.drop_table("roost_notes")
    op.drop_table("roost_actions")
    op.drop_table("roost_seats")
    op.drop_table("roost_tables")

"""Accounts, sessions and ratings; a seat's account; tables rated or not, public or private, and
filled with bots after a wait.

Tables stored before this revision are unrated, public and wait for people as before; their
seats have no account (their guests may bring them to an account at sign-up).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN, never a batch: on SQLite a batch copies roost_tables and
    # drops the old one, and with foreign keys on that drop deletes every seat and action.
    op.add_column(
        "roost_tables", sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.add_column(
        "roost_tables", sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column("roost_tables", sa.Column("fill_after", sa.Integer(), nullable=True))
    op.add_column("roost_tables", sa.Column("fill_level", sa.String(8), nullable=True))
    op.add_column("roost_seats", sa.Column("user_id", sa.Integer(), nullable=True))
    op.create_index("ix_roost_seats_user_id", "roost_seats", ["user_id"])
    op.create_index("ix_roost_seats_token_hash", "roost_seats", ["token_hash"])
    op.create_table(
        "roost_users",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(24), nullable=False),
        sa.Column("name_key", sa.String(24), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created_at", sa.Float(), nullable=False),
    )
    op.create_table(
        "roost_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("roost_users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("created_at", sa.Float(), nullable=False),
        sa.Column("seen_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_roost_sessions_user_id", "roost_sessions", ["user_id"])
    op.create_table(
        "roost_ratings",
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("roost_users.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.Float(), nullable=False),
    )
    op.create_index("ix_roost_ratings_board", "roost_ratings", ["game", "rating"])
    op.create_table(
        "roost_rating_history",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "user_id",
            sa.Integer(),
            sa.ForeignKey("roost_users.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column(
            "table_id",
            sa.String(16),
            sa.ForeignKey("roost_tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("mu_before", sa.Float(), nullable=False),
        sa.Column("sigma_before", sa.Float(), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("rating_before", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Integer(), nullable=False),
        sa.Column("at", sa.Float(), nullable=False),
        sa.UniqueConstraint("table_id", "seat", name="uq_roost_rating_history_seat"),
    )
    op.create_index(
        "ix_roost_rating_history_user", "roost_rating_history", ["user_id", "game", "id"]
    )


def downgrade() -> None:
    op.drop_index("ix_roost_rating_history_user", table_name="roost_rating_history")
    op.drop_table("roost_rating_history")
    op.drop_index("ix_roost_ratings_board", table_name="roost_ratings")
    op.drop_table("roost_ratings")
    op.drop_index("ix_roost_sessions_user_id", table_name="roost_sessions")
    op.drop_table("roost_sessions")
    op.drop_table("roost_users")
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 or newer), not a batch (see `upgrade`)
    op.drop_index("ix_roost_seats_token_hash", table_name="roost_seats")
    op.drop_index("ix_roost_seats_user_id", table_name="roost_seats")
    op.drop_column("roost_seats", "user_id")
    op.drop_column("roost_tables", "fill_level")
    op.drop_column("roost_tables", "fill_after")
    op.drop_column("roost_tables", "public")
    op.drop_column("roost_tables", "rated")

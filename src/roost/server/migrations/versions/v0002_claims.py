"""Claims that survive a lost answer: the key of the request that created a table, and whether a
seat's person has ever connected to it; and a person's wish to be asked even when "let it
happen" is their only answer (roost.server.reactions).

`create_key` is the hash of the seat token the creator chose (docs/protocol.md, "Retrying a
create or a join"): a retried create finds its table by it, so a lost answer never makes a
second table. `arrived` lets a seat taken by someone who never came go back to open after the
grace period. Seats stored before this revision count as arrived, so nobody already seated at
a waiting table loses their seat by the upgrade.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE, not a batch: on SQLite a batch that copies roost_tables and drops the
    # old one would, with foreign keys on, delete every seat, action and note (ON DELETE CASCADE).
    op.add_column("roost_tables", sa.Column("create_key", sa.String(64), nullable=True))
    op.create_index("ix_roost_tables_create_key", "roost_tables", ["create_key"], unique=True)
    op.add_column(
        "roost_seats", sa.Column("arrived", sa.Boolean(), nullable=False, server_default=sa.true())
    )
    op.add_column(
        "roost_seats",
        sa.Column("always_ask", sa.Boolean(), nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 or newer), not a batch (see `upgrade`)
    op.drop_column("roost_seats", "always_ask")
    op.drop_column("roost_seats", "arrived")
    op.drop_index("ix_roost_tables_create_key", table_name="roost_tables")
    op.drop_column("roost_tables", "create_key")

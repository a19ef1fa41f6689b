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
    with op.batch_alter_table("roost_tables") as batch:
        batch.add_column(sa.Column("create_key", sa.String(64), nullable=True))
        batch.create_index("ix_roost_tables_create_key", ["create_key"], unique=True)
    with op.batch_alter_table("roost_seats") as batch:
        batch.add_column(
            sa.Column("arrived", sa.Boolean(), nullable=False, server_default=sa.true())
        )
        batch.add_column(
            sa.Column("always_ask", sa.Boolean(), nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("roost_seats") as batch:
        batch.drop_column("always_ask")
        batch.drop_column("arrived")
    with op.batch_alter_table("roost_tables") as batch:
        batch.drop_index("ix_roost_tables_create_key")
        batch.drop_column("create_key")

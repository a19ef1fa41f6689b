"""The language a person chose (`roost_users.language`: ``en``, ``es``), stored on their account
so that it follows them to every browser they sign in on; NULL for every account stored before
and for one whose person never chose (the browser's languages decide then).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Plain ALTER TABLE ... ADD COLUMN, not a batch: on SQLite a batch copies the table and
    # drops the old one, and with foreign keys on, that drop would delete every session of
    # every account (ON DELETE CASCADE).
    op.add_column("roost_users", sa.Column("language", sa.String(8), nullable=True))


def downgrade() -> None:
    # ALTER TABLE ... DROP COLUMN (SQLite 3.35 or newer), not a batch (see `upgrade`)
    op.drop_column("roost_users", "language")

"""Alembic environment: migrations run on the connection `roost.server.db.migrate` passes.

To write a new revision: change the models in ``store.py``, then from the repository root run
``alembic -x url=sqlite:///tmp/roost.db -c /dev/null ...`` or write it by hand beside
``0001_initial.py`` (keep revisions short and portable between SQLite and PostgreSQL; SQLite
needs ``batch_alter_table`` to change a column).
"""

from __future__ import annotations

from alembic import context

from roost.server.db import models

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through roost.server.db.migrate(engine)")
context.configure(
    connection=connection,
    target_metadata=models(),
    render_as_batch=True,
    version_table="roost_alembic_version",
)
with context.begin_transaction():
    context.run_migrations()

"""Alembic migrations of the server's schema, applied by `roost.server.db.migrate`."""

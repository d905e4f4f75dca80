"""Alembic environment: run by :meth:`onmars.server.store.Store.migrate`, which passes an open
connection (``config.attributes["connection"]``) already inside a transaction."""

from __future__ import annotations

from alembic import context

from onmars.server import social  # noqa: F401  (its tables join the metadata)
from onmars.server.store import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the server always passes its connection
    raise RuntimeError("onmars migrations run through onmars.server.store.Store.migrate")
context.configure(
    connection=connection,
    target_metadata=metadata,
    render_as_batch=connection.dialect.name == "sqlite",
)
with context.begin_transaction():
    context.run_migrations()

"""Alembic environment: runs over the connection ``db.migrate`` hands in (no alembic.ini needed).

Run from the command line it reads ``sqlalchemy.url`` from the config or ``RAILBIRD_DATABASE_URL``.
"""

from __future__ import annotations

import os

from alembic import context
from sqlalchemy import create_engine

from service.app.db import Base

config = context.config
target_metadata = Base.metadata


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url") or os.environ.get("RAILBIRD_DATABASE_URL")
    if not url:
        raise SystemExit("set sqlalchemy.url or RAILBIRD_DATABASE_URL to the database to migrate")
    engine = create_engine(url)
    with engine.begin() as conn:
        _run(conn)
    engine.dispose()


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=target_metadata,
        render_as_batch=True,  # SQLite alters tables by copying them
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    raise SystemExit("offline (SQL script) migrations are not supported; run against a database")
run_migrations_online()

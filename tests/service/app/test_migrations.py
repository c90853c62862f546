"""The Alembic migrations build the schema the models describe, on SQLite and PostgreSQL."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from service.app.db import Base, make_engine, migrate

TABLES = {"tables", "hands", "alerts", "console_entries", "audit_entries", "users", "alembic_version"}


def test_migrate_creates_the_schema(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine)
        migrate(engine)  # a second start finds it current and changes nothing
        inspector = inspect(engine)
        assert set(inspector.get_table_names()) == TABLES
        indexes = {ix["name"] for ix in inspector.get_indexes("alerts")}
        assert {"ix_alerts_table_id_id", "ix_alerts_severity_id", "ix_alerts_created_at"} <= indexes
    finally:
        engine.dispose()


def test_models_match_the_migrations(database_url: str) -> None:
    engine = make_engine(database_url)
    try:
        migrate(engine)
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
        assert diff == []
    finally:
        engine.dispose()

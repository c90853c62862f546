"""Alembic migrations of the floor service database (applied by ``service.app.db.migrate``)."""

"""Storage: the SQLAlchemy models, the engine and session factory, and ``migrate(engine)``.

The schema is owned by the Alembic migrations in ``service/app/migrations/``; ``migrate`` applies them
programmatically at startup on SQLite and PostgreSQL alike. The models here mirror the migrations
(``tests/service/app/test_migrations.py`` checks that they agree). Datetimes are stored in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from alembic import command
from alembic.config import Config
from sqlalchemy import JSON, DateTime, Engine, Float, ForeignKey, Index, String, Text, create_engine, event
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    type_annotation_map: ClassVar[dict[Any, Any]] = {
        datetime: DateTime(timezone=True),
        float: Float(),
        dict[str, Any]: JSON,
        list[Any]: JSON,
    }


class Table(Base):
    """A poker table: one camera, named after its camera config."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    profile: Mapped[str] = mapped_column(String(64), default="")
    game: Mapped[str] = mapped_column(String(16), default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Hand(Base):
    """One hand as a worker reported it; sent again (upserted) as it goes on and when it ends."""

    __tablename__ = "hands"
    __table_args__ = (Index("ux_hands_table_hand", "table_id", "hand_id", unique=True),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    hand_id: Mapped[str] = mapped_column(String(128))
    t_start: Mapped[float]
    t_end: Mapped[float | None]
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    ended_at: Mapped[datetime | None]
    hole_cards: Mapped[dict[str, Any] | None]  # {"3": ["Ah", "Kh"]}: surveillance only
    board: Mapped[list[Any]] = mapped_column(default=list)
    events: Mapped[list[Any]] = mapped_column(default=list)  # vision.event_codec records
    rulings: Mapped[list[Any]] = mapped_column(default=list)
    setup: Mapped[dict[str, Any] | None]  # game, blinds, button, seats: for the PHH export


class Alert(Base):
    __tablename__ = "alerts"
    __table_args__ = (
        Index("ux_alerts_table_key", "table_id", "key", unique=True),
        Index("ix_alerts_table_id_id", "table_id", "id"),
        Index("ix_alerts_severity_id", "severity", "id"),
        Index("ix_alerts_kind_id", "kind", "id"),
        Index("ix_alerts_status_id", "status", "id"),
        Index("ix_alerts_hand_pk", "hand_pk"),
        Index("ix_alerts_created_at", "created_at"),
    )
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    hand_pk: Mapped[int | None] = mapped_column(ForeignKey("hands.id"))
    hand_id: Mapped[str] = mapped_column(String(128), default="")
    key: Mapped[str] = mapped_column(String(256))  # the worker's name for it: clips refer to it
    kind: Mapped[str] = mapped_column(String(40))
    severity: Mapped[str] = mapped_column(String(20))
    seat: Mapped[int | None]
    message: Mapped[str] = mapped_column(Text)
    ruling: Mapped[str] = mapped_column(Text)
    citations: Mapped[list[Any]] = mapped_column(default=list)
    t_start: Mapped[float]
    t_end: Mapped[float]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    clip_path: Mapped[str | None] = mapped_column(Text)
    overlay_path: Mapped[str | None] = mapped_column(Text)
    thumb_path: Mapped[str | None] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(16), default="open")
    acked_by: Mapped[str | None] = mapped_column(String(100))
    acked_at: Mapped[datetime | None]
    resolved_by: Mapped[str | None] = mapped_column(String(100))
    resolved_at: Mapped[datetime | None]
    note: Mapped[str | None] = mapped_column(Text)


class ConsoleEntry(Base):
    __tablename__ = "console_entries"
    __table_args__ = (Index("ix_console_entries_table_id_id", "table_id", "id"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    t: Mapped[float]  # camera clock seconds the entry was given for
    kind: Mapped[str] = mapped_column(String(16))  # declaration | clock | correction
    payload: Mapped[dict[str, Any]]
    entered_by: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AuditEntry(Base):
    __tablename__ = "audit_entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(default=utcnow)
    user: Mapped[str] = mapped_column(String(100))
    role: Mapped[str] = mapped_column(String(16))
    action: Mapped[str] = mapped_column(String(16))  # view_cards | ack | resolve | export | console | login
    target: Mapped[str] = mapped_column(String(200))
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)


class User(Base):
    __tablename__ = "users"
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(100), unique=True)
    role: Mapped[str] = mapped_column(String(16))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, foreign keys and a busy timeout (readers beside a writer)."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_size=20, max_overflow=20, pool_pre_ping=True)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=30000"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def session_factory(engine: Engine) -> sessionmaker:
    return sessionmaker(engine, expire_on_commit=False)


def migrate(engine: Engine) -> None:
    """Bring the database to the newest schema (Alembic ``upgrade head``) over ``engine``."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def as_utc(value: datetime | None) -> datetime | None:
    """SQLite hands datetimes back without a zone; they were stored in UTC."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)

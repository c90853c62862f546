"""The initial schema: tables, hands, alerts, console entries, audit entries, users.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

WHEN = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("profile", sa.String(64), nullable=False),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand_id", sa.String(128), nullable=False),
        sa.Column("t_start", sa.Float, nullable=False),
        sa.Column("t_end", sa.Float, nullable=True),
        sa.Column("started_at", WHEN, nullable=False),
        sa.Column("ended_at", WHEN, nullable=True),
        sa.Column("hole_cards", sa.JSON, nullable=True),
        sa.Column("board", sa.JSON, nullable=False),
        sa.Column("events", sa.JSON, nullable=False),
        sa.Column("rulings", sa.JSON, nullable=False),
        sa.Column("setup", sa.JSON, nullable=True),
    )
    op.create_index("ux_hands_table_hand", "hands", ["table_id", "hand_id"], unique=True)
    op.create_table(
        "alerts",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("hand_pk", sa.Integer, sa.ForeignKey("hands.id"), nullable=True),
        sa.Column("hand_id", sa.String(128), nullable=False),
        sa.Column("key", sa.String(256), nullable=False),
        sa.Column("kind", sa.String(40), nullable=False),
        sa.Column("severity", sa.String(20), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("message", sa.Text, nullable=False),
        sa.Column("ruling", sa.Text, nullable=False),
        sa.Column("citations", sa.JSON, nullable=False),
        sa.Column("t_start", sa.Float, nullable=False),
        sa.Column("t_end", sa.Float, nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
        sa.Column("clip_path", sa.Text, nullable=True),
        sa.Column("overlay_path", sa.Text, nullable=True),
        sa.Column("thumb_path", sa.Text, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("acked_by", sa.String(100), nullable=True),
        sa.Column("acked_at", WHEN, nullable=True),
        sa.Column("resolved_by", sa.String(100), nullable=True),
        sa.Column("resolved_at", WHEN, nullable=True),
        sa.Column("note", sa.Text, nullable=True),
    )
    op.create_index("ux_alerts_table_key", "alerts", ["table_id", "key"], unique=True)
    # newest first (id desc) under each filter the dashboard offers
    op.create_index("ix_alerts_table_id_id", "alerts", ["table_id", "id"])
    op.create_index("ix_alerts_severity_id", "alerts", ["severity", "id"])
    op.create_index("ix_alerts_kind_id", "alerts", ["kind", "id"])
    op.create_index("ix_alerts_status_id", "alerts", ["status", "id"])
    op.create_index("ix_alerts_hand_pk", "alerts", ["hand_pk"])
    op.create_index("ix_alerts_created_at", "alerts", ["created_at"])
    op.create_table(
        "console_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("t", sa.Float, nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("payload", sa.JSON, nullable=False),
        sa.Column("entered_by", sa.String(100), nullable=False),
        sa.Column("created_at", WHEN, nullable=False),
    )
    op.create_index("ix_console_entries_table_id_id", "console_entries", ["table_id", "id"])
    op.create_table(
        "audit_entries",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("at", WHEN, nullable=False),
        sa.Column("user", sa.String(100), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("target", sa.String(200), nullable=False),
        sa.Column("detail", sa.JSON, nullable=False),
    )
    op.create_table(
        "users",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(100), nullable=False, unique=True),
        sa.Column("role", sa.String(16), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("created_at", WHEN, nullable=False),
    )


def downgrade() -> None:
    for name in ("users", "audit_entries", "console_entries", "alerts", "hands", "tables"):
        op.drop_table(name)

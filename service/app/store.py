"""Repository functions over a ``Session``: tables, alerts, hands, console entries, audit, users.

Plain functions, no FastAPI: the routes, the ingest loop, the CLI and the load bench share them.
Callers commit. ``Conflict`` says why a change cannot be made (the routes answer 409 with it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service.app import db
from service.app.auth import Principal, Role, hash_token, new_token
from service.app.messages import alert_key


class AlertStatus(StrEnum):
    OPEN = "open"
    ACKNOWLEDGED = "acknowledged"
    RESOLVED = "resolved"


class Conflict(ValueError):
    """The change does not fit the record's state; the message says why."""


@dataclass(frozen=True, slots=True)
class AlertFilters:
    table: str | None = None
    severity: str | None = None
    kind: str | None = None
    status: str | None = None


# ----- tables ------------------------------------------------------------------------------------


def ensure_table(
    session: Session, table_id: str, name: str = "", profile: str = "", game: str = ""
) -> db.Table:
    """The table ``table_id``, made when first seen; a name, profile or game given updates it."""
    table = session.get(db.Table, table_id)
    if table is None:
        table = db.Table(id=table_id, name=name or table_id, profile=profile, game=game)
        session.add(table)
        session.flush()
    else:
        table.name, table.profile, table.game = (
            name or table.name,
            profile or table.profile,
            game or table.game,
        )
    return table


def list_tables(session: Session) -> Sequence[db.Table]:
    return session.scalars(select(db.Table).order_by(db.Table.id)).all()


# ----- alerts ------------------------------------------------------------------------------------


def add_alert(session: Session, table_id: str, record: dict[str, Any]) -> tuple[db.Alert, bool]:
    """Store a worker's alert record; ``(alert, False)`` when that alert (same key) was stored before."""
    ensure_table(session, table_id)
    key = alert_key(record)
    existing = session.scalar(select(db.Alert).where(db.Alert.table_id == table_id, db.Alert.key == key))
    if existing is not None:
        return existing, False
    hand_id = str(record.get("hand_id") or "")
    hand = find_hand(session, table_id, hand_id) if hand_id else None
    if hand is None and hand_id:  # the alert came before the hand's first record: a stub to link to
        hand = upsert_hand(session, table_id, {"hand_id": hand_id, "t_start": record.get("t_start", 0.0)})
    alert = db.Alert(
        table_id=table_id,
        hand_pk=hand.id if hand else None,
        hand_id=hand_id,
        key=key,
        kind=str(record["kind"]),
        severity=str(record["severity"]),
        seat=record.get("seat"),
        message=str(record.get("message", "")),
        ruling=str(record.get("ruling", "")),
        citations=[_citation(c) for c in record.get("citations", [])],
        t_start=float(record.get("t_start", 0.0)),
        t_end=float(record.get("t_end", record.get("t_start", 0.0))),
        status=AlertStatus.OPEN.value,
    )
    session.add(alert)
    session.flush()
    return alert, True


def _citation(c: dict[str, Any]) -> dict[str, Any]:
    keys = ("profile", "rule", "excerpt", "inherited_from", "text")
    return {k: c.get(k) for k in keys}


def list_alerts(
    session: Session, filters: AlertFilters, limit: int = 50, before_id: int | None = None
) -> Sequence[db.Alert]:
    """Newest first (by id), at most ``limit``, older than ``before_id`` when given."""
    query = select(db.Alert)
    for column, value in (
        (db.Alert.table_id, filters.table),
        (db.Alert.severity, filters.severity),
        (db.Alert.kind, filters.kind),
        (db.Alert.status, filters.status),
    ):
        if value is not None:
            query = query.where(column == value)
    if before_id is not None:
        query = query.where(db.Alert.id < before_id)
    return session.scalars(query.order_by(db.Alert.id.desc()).limit(limit)).all()


def recent_alerts(session: Session, table_id: str, n: int) -> Sequence[db.Alert]:
    return list_alerts(session, AlertFilters(table=table_id), limit=n) if n else []


def acknowledge(alert: db.Alert, who: Principal, note: str | None) -> db.Alert:
    if alert.status == AlertStatus.RESOLVED:
        raise Conflict(f"alert {alert.id} was resolved by {alert.resolved_by}; it cannot be acknowledged now")
    if alert.status == AlertStatus.OPEN:
        alert.status, alert.acked_by, alert.acked_at = AlertStatus.ACKNOWLEDGED.value, who.name, db.utcnow()
    if note:
        alert.note = note
    return alert


def resolve(alert: db.Alert, who: Principal, note: str) -> db.Alert:
    if alert.status == AlertStatus.RESOLVED:
        raise Conflict(f"alert {alert.id} was already resolved by {alert.resolved_by}")
    if alert.acked_by is None:
        alert.acked_by, alert.acked_at = who.name, db.utcnow()
    alert.status, alert.resolved_by, alert.resolved_at = AlertStatus.RESOLVED.value, who.name, db.utcnow()
    alert.note = note
    return alert


def set_clip(session: Session, table_id: str, key: str, paths: dict[str, str | None]) -> db.Alert | None:
    """Attach clip files (``clip``, ``overlay``, ``thumb``) to the alert named ``key``; None if unknown."""
    alert = session.scalar(select(db.Alert).where(db.Alert.table_id == table_id, db.Alert.key == key))
    if alert is not None:
        alert.clip_path = paths.get("clip") or alert.clip_path
        alert.overlay_path = paths.get("overlay") or alert.overlay_path
        alert.thumb_path = paths.get("thumb") or alert.thumb_path
    return alert


# ----- hands -------------------------------------------------------------------------------------


def find_hand(session: Session, table_id: str, hand_id: str) -> db.Hand | None:
    return session.scalar(select(db.Hand).where(db.Hand.table_id == table_id, db.Hand.hand_id == hand_id))


def upsert_hand(session: Session, table_id: str, record: dict[str, Any]) -> db.Hand:
    """Store or update a worker's hand record (``messages.hand_record``); fields not given are kept."""
    ensure_table(session, table_id)
    hand = find_hand(session, table_id, str(record["hand_id"]))
    if hand is None:
        hand = db.Hand(table_id=table_id, hand_id=str(record["hand_id"]), t_start=float(record["t_start"]))
        hand.board, hand.events, hand.rulings = [], [], []
        session.add(hand)
    for name in ("events", "rulings", "board", "hole_cards", "setup"):
        if record.get(name) is not None:
            setattr(hand, name, record[name])
    if record.get("t_end") is not None and hand.t_end is None:
        hand.t_end, hand.ended_at = float(record["t_end"]), db.utcnow()
    session.flush()
    return hand


def list_hands(
    session: Session, table: str | None, limit: int, before_id: int | None
) -> list[tuple[db.Hand, int]]:
    """Newest first, each with its number of alerts."""
    counts = select(db.Alert.hand_pk, func.count().label("n")).group_by(db.Alert.hand_pk).subquery("counts")
    query = select(db.Hand, func.coalesce(counts.c.n, 0)).outerjoin(counts, counts.c.hand_pk == db.Hand.id)
    if table is not None:
        query = query.where(db.Hand.table_id == table)
    if before_id is not None:
        query = query.where(db.Hand.id < before_id)
    rows = session.execute(query.order_by(db.Hand.id.desc()).limit(limit)).all()
    return [(hand, int(n)) for hand, n in rows]


def hand_alerts(session: Session, hand: db.Hand) -> Sequence[db.Alert]:
    return session.scalars(select(db.Alert).where(db.Alert.hand_pk == hand.id).order_by(db.Alert.id)).all()


# ----- console, audit, users ---------------------------------------------------------------------


def add_console_entry(
    session: Session, table_id: str, t: float, kind: str, payload: dict[str, Any], who: Principal
) -> db.ConsoleEntry:
    entry = db.ConsoleEntry(table_id=table_id, t=t, kind=kind, payload=payload, entered_by=who.name)
    session.add(entry)
    session.flush()
    return entry


def list_audit(session: Session, limit: int) -> Sequence[db.AuditEntry]:
    return session.scalars(select(db.AuditEntry).order_by(db.AuditEntry.id.desc()).limit(limit)).all()


def add_user(session: Session, name: str, role: Role, token: str | None = None) -> str:
    """Make user ``name`` (or give it a new role and token); returns the token, which is not stored."""
    token = token or new_token()
    user = session.scalar(select(db.User).where(db.User.name == name))
    if user is None:
        session.add(db.User(name=name, role=role.value, token_hash=hash_token(token)))
    else:
        user.role, user.token_hash = role.value, hash_token(token)
    session.flush()
    return token


def list_users(session: Session) -> Sequence[db.User]:
    return session.scalars(select(db.User).order_by(db.User.name)).all()

"""Rows to API shapes: alerts, table tiles, hands and their timelines, with hole cards hidden as the
role and the hand's state require (identities of hole cards only to surveillance while a hand is live,
to everyone once it has ended)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from service.app import db
from service.app.auth import Principal
from service.app.schemas import (
    AlertOut,
    AuditOut,
    CitationOut,
    ConsoleOut,
    EventOut,
    HandOut,
    HandSummary,
    HandTimeline,
    Tile,
)


def alert_out(a: db.Alert) -> AlertOut:
    return AlertOut(
        id=a.id,
        table_id=a.table_id,
        hand_id=a.hand_id,
        kind=a.kind,
        severity=a.severity,
        seat=a.seat,
        message=a.message,
        ruling=a.ruling,
        citations=[CitationOut(**c) for c in a.citations or []],
        t_start=a.t_start,
        t_end=a.t_end,
        created_at=_utc(a.created_at),
        status=a.status,
        acked_by=a.acked_by,
        acked_at=db.as_utc(a.acked_at),
        resolved_by=a.resolved_by,
        resolved_at=db.as_utc(a.resolved_at),
        note=a.note,
        clip_url=f"/api/alerts/{a.id}/clip" if a.clip_path else None,
        thumb_url=f"/api/alerts/{a.id}/thumb" if a.thumb_path else None,
    )


def alert_json(a: db.Alert) -> dict[str, Any]:
    return alert_out(a).model_dump(mode="json")


def tile_out(
    table: db.Table, hand: dict[str, Any] | None, recent: list[db.Alert], heartbeat_at: datetime | None
) -> Tile:
    return Tile(
        id=table.id,
        name=table.name,
        profile=table.profile,
        game=table.game,
        hand=hand,
        recent_alerts=[alert_out(a) for a in recent],
        heartbeat_at=heartbeat_at,
    )


def hand_summary(h: db.Hand, alerts: int) -> HandSummary:
    return HandSummary(
        id=h.id,
        table_id=h.table_id,
        hand_id=h.hand_id,
        started_at=_utc(h.started_at),
        ended_at=db.as_utc(h.ended_at),
        alerts=alerts,
    )


@dataclass(frozen=True, slots=True)
class HandView:
    """A hand's timeline as ``who`` may see it; ``shows_hole_cards``: it carries hole-card identities."""

    timeline: HandTimeline
    shows_hole_cards: bool


def hand_view(h: db.Hand, alerts: list[db.Alert], who: Principal) -> HandView:
    ended = h.t_end is not None
    may_see = ended or who.sees_live_hole_cards
    events = [_event_out(r, may_see) for r in h.events or []]
    hole = h.hole_cards if may_see else None
    dealt_shown = may_see and any(_hole_cards_in(r) for r in h.events or [])
    hand = HandOut(
        **hand_summary(h, len(alerts)).model_dump(),
        t_start=h.t_start,
        t_end=h.t_end,
        board=list(h.board or []),
        hole_cards=hole,
        hole_cards_hidden=not may_see,
        setup=h.setup,
    )
    timeline = HandTimeline(
        hand=hand, events=events, rulings=list(h.rulings or []), alerts=[alert_out(a) for a in alerts]
    )
    return HandView(timeline, bool(hole) or dealt_shown)


def _hole_cards_in(record: dict[str, Any]) -> bool:
    body = record.get("cards_dealt")
    if not isinstance(body, dict) or body.get("seat") is None or body.get("face_up"):
        return False
    return any(c is not None for c in body.get("cards", []))


def _event_out(record: dict[str, Any], may_see: bool) -> EventOut:
    kind = next((k for k in record if k not in ("t", "frame")), "unknown")
    detail = dict(record.get(kind) or {})
    if not may_see and _hole_cards_in(record):
        detail.pop("cards", None)
    if record.get("frame") is not None:
        detail["frame"] = record["frame"]
    seat = detail.pop("seat", None)
    return EventOut(t=float(record.get("t", 0.0)), kind=kind, seat=seat, detail=detail)


def console_out(e: db.ConsoleEntry, delivered: bool) -> ConsoleOut:
    return ConsoleOut(
        id=e.id,
        table_id=e.table_id,
        t=e.t,
        kind=e.kind,
        payload=e.payload,
        entered_by=e.entered_by,
        created_at=_utc(e.created_at),
        delivered=delivered,
    )


def audit_out(e: db.AuditEntry) -> AuditOut:
    return AuditOut(
        id=e.id, at=_utc(e.at), user=e.user, role=e.role, action=e.action, target=e.target, detail=e.detail
    )


def _utc(value: datetime) -> datetime:
    out = db.as_utc(value)
    assert out is not None
    return out

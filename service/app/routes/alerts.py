"""``/api/alerts``: the alert feed (newest first, filtered, paged), acknowledge and resolve."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

from fastapi import APIRouter, Body, HTTPException, Query
from sqlalchemy.orm import Session

from service.app import db, store
from service.app.auth import Principal, audit
from service.app.deps import HubDep, SessionDep, StaffUser
from service.app.schemas import AckBody, AlertOut, AlertPage, AlertQuery, ResolveBody
from service.app.views import alert_out

router = APIRouter(prefix="/alerts", tags=["alerts"])


@router.get("")
def list_alerts(q: Annotated[AlertQuery, Query()], session: SessionDep, _user: StaffUser) -> AlertPage:
    """Newest first; ``next_before_id`` pages on (null when there is no more)."""
    filters = store.AlertFilters(
        table=q.table,
        severity=q.severity.value if q.severity else None,
        kind=q.kind.value if q.kind else None,
        status=q.status.value if q.status else None,
    )
    rows = store.list_alerts(session, filters, q.limit, q.before_id)
    more = len(rows) == q.limit
    return AlertPage(
        items=[alert_out(a) for a in rows], next_before_id=rows[-1].id if more and rows else None
    )


@router.post("/{alert_id}/ack")
def acknowledge(
    alert_id: int,
    session: SessionDep,
    hub: HubDep,
    user: StaffUser,
    body: Annotated[AckBody | None, Body()] = None,
) -> AlertOut:
    """Acknowledge (note optional). 404 unknown alert, 409 already resolved; acknowledging twice is fine."""
    note = body.note if body else None
    return _change(session, hub, user, alert_id, "ack", lambda a: store.acknowledge(a, user, note))


@router.post("/{alert_id}/resolve")
def resolve(alert_id: int, body: ResolveBody, session: SessionDep, hub: HubDep, user: StaffUser) -> AlertOut:
    """Resolve with a note (1..2000 characters). 404 unknown alert, 409 already resolved."""
    return _change(session, hub, user, alert_id, "resolve", lambda a: store.resolve(a, user, body.note))


def get_alert(session: Session, alert_id: int) -> db.Alert:
    alert = session.get(db.Alert, alert_id)
    if alert is None:
        raise HTTPException(404, f"no alert {alert_id}; list them with GET /api/alerts")
    return alert


def _change(
    session: Session,
    hub: HubDep,
    user: Principal,
    alert_id: int,
    action: str,
    change: Callable[[db.Alert], db.Alert],
) -> AlertOut:
    alert = get_alert(session, alert_id)
    try:
        change(alert)
    except store.Conflict as exc:
        session.rollback()
        raise HTTPException(409, str(exc)) from None
    audit(session, user, action, f"alert:{alert_id}", {"note": alert.note, "status": alert.status})
    session.commit()
    out = alert_out(alert)
    hub.publish({"type": "alert_update", "alert": out.model_dump(mode="json")})
    return out

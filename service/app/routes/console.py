"""``/api/console/{table}``: the dealer console's declarations, clock calls and setup corrections.

Each entry is stored (with an audit row), then handed to the table's camera worker through the
supervisor as a ``vision.events.Declaration`` / ``ClockCalled`` (or a ``SetupCorrection``), timed on
that camera's clock as last reported. ``delivered`` says whether a worker took it.
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import APIRouter, HTTPException

from service.app import db, store
from service.app.auth import Principal, audit
from service.app.deps import ConsoleUser, IngestorDep, SessionDep, SupervisorDep
from service.app.messages import SetupCorrection, Supervisor
from service.app.schemas import ClockBody, ConsoleOut, CorrectionBody, DeclarationBody
from service.app.views import console_out
from vision.events import ClockCalled, Declaration, DeclarationKind, Event

router = APIRouter(prefix="/console", tags=["console"])
log = logging.getLogger(__name__)


@router.post("/{table}/declaration", status_code=201)
def declaration(
    table: str,
    body: DeclarationBody,
    session: SessionDep,
    ingestor: IngestorDep,
    supervisor: SupervisorDep,
    user: ConsoleUser,
) -> ConsoleOut:
    """A seat's verbal declaration: check, call, fold, bet or raise (an amount with bet or raise)."""
    t = _camera_t(session, ingestor, table)
    event = Declaration(t, seat=body.seat, what=DeclarationKind(body.what), amount=body.amount)
    return _enter(session, supervisor, user, table, "declaration", body.model_dump(), event)


@router.post("/{table}/clock", status_code=201)
def clock(
    table: str,
    body: ClockBody,
    session: SessionDep,
    ingestor: IngestorDep,
    supervisor: SupervisorDep,
    user: ConsoleUser,
) -> ConsoleOut:
    """The clock is called on a seat."""
    t = _camera_t(session, ingestor, table)
    return _enter(
        session, supervisor, user, table, "clock", body.model_dump(), ClockCalled(t, seat=body.seat)
    )


@router.post("/{table}/correction", status_code=201)
def correction(
    table: str,
    body: CorrectionBody,
    session: SessionDep,
    ingestor: IngestorDep,
    supervisor: SupervisorDep,
    user: ConsoleUser,
) -> ConsoleOut:
    """Button, blinds or a stack for the next hand's setup."""
    t = _camera_t(session, ingestor, table)
    stack = (body.stack.seat, body.stack.amount) if body.stack else None
    fix = SetupCorrection(t, button=body.button, blinds=body.blinds, stack=stack)
    return _enter(session, supervisor, user, table, "correction", body.model_dump(exclude_none=True), fix)


def _camera_t(session: SessionDep, ingestor: IngestorDep, table: str) -> float:
    if session.get(db.Table, table) is None:
        raise HTTPException(404, f"no table {table!r}; GET /api/tables lists them")
    return ingestor.table(table).camera_t or 0.0


def _enter(
    session: SessionDep,
    supervisor: Supervisor | None,
    user: Principal,
    table: str,
    kind: str,
    payload: dict[str, Any],
    item: Event | SetupCorrection,
) -> ConsoleOut:
    entry = store.add_console_entry(session, table, item.t, kind, payload, user)
    audit(session, user, "console", f"table:{table}", {"kind": kind, **payload, "entry": entry.id})
    session.commit()
    delivered = False
    if supervisor is not None:
        try:
            supervisor.send_console(table, item)
            delivered = True
        except Exception:  # a worker gone or unknown: the entry is kept, the caller is told
            log.exception("console entry %s for %s not delivered", entry.id, table)
    return console_out(entry, delivered)

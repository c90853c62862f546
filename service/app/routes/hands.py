"""``/api/hands``: hands per table, a hand's timeline, and its exports (PHH text, evidence zip).

Hole-card identities go to surveillance, or to everyone once the hand has ended; every response that
carries them writes an ``AuditEntry(view_cards)``, every export an ``AuditEntry(export)``.
"""

from __future__ import annotations

import json
import os
import tempfile
import zipfile
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import FileResponse, PlainTextResponse
from sqlalchemy.orm import Session
from starlette.background import BackgroundTask

from service.app import db, store
from service.app.auth import Principal, audit
from service.app.deps import ExportUser, SessionDep, StaffUser
from service.app.phh import PhhError, hand_history
from service.app.schemas import HandQuery, HandSummary, HandTimeline
from service.app.views import HandView, hand_summary, hand_view

router = APIRouter(prefix="/hands", tags=["hands"])


@router.get("")
def list_hands(q: Annotated[HandQuery, Query()], session: SessionDep, _user: StaffUser) -> list[HandSummary]:
    """Newest first, each with its number of alerts; page on with ``before_id`` = the last id."""
    return [hand_summary(h, n) for h, n in store.list_hands(session, q.table, q.limit, q.before_id)]


@router.get("/{hand_pk}")
def get_hand(hand_pk: int, session: SessionDep, user: StaffUser) -> HandTimeline:
    """The hand's timeline: events, rulings, alerts; hole cards as the role and the hand's state allow."""
    view = _view(session, hand_pk, user)
    if view.shows_hole_cards:
        audit(session, user, "view_cards", f"hand:{hand_pk}", {"hand_id": view.timeline.hand.hand_id})
        session.commit()
    return view.timeline


@router.get("/{hand_pk}/phh", response_class=PlainTextResponse)
def export_phh(hand_pk: int, session: SessionDep, user: ExportUser) -> PlainTextResponse:
    """The hand as PHH text (pokerkit ``HandHistory``); 409 with the reason when it cannot be written."""
    hand = _hand(session, hand_pk)
    view = hand_view(hand, [], user)
    try:
        text = hand_history(
            hand.table_id, hand.hand_id, hand.setup, hand.events, hand.rulings, view.timeline.hand.hole_cards
        )
    except PhhError as exc:
        raise HTTPException(409, str(exc)) from None
    _audit_export(session, user, hand, "phh", view.shows_hole_cards, {})
    name = _file_name(hand, "phh")
    return PlainTextResponse(text, headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.get("/{hand_pk}/evidence", response_class=FileResponse)
def export_evidence(hand_pk: int, session: SessionDep, user: ExportUser) -> FileResponse:
    """A zip: ``hand.json`` (events, rulings, alerts with citations), ``hand.phh`` when it can be written,
    and each alert's clip, overlay clip and thumbnail under ``clips/``."""
    view = _view(session, hand_pk, user)
    hand = _hand(session, hand_pk)
    alerts = store.hand_alerts(session, hand)
    fd, tmp = tempfile.mkstemp(suffix=".zip")
    os.close(fd)
    missing: list[str] = []
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as zf:
        for alert in alerts:
            for path, suffix in ((alert.clip_path, ".mp4"), (alert.overlay_path, ".overlay.mp4")):
                _add_file(zf, path, f"clips/alert-{alert.id}{suffix}", missing, zipfile.ZIP_STORED)
            _add_file(zf, alert.thumb_path, f"clips/alert-{alert.id}.jpg", missing, zipfile.ZIP_STORED)
        try:
            phh = hand_history(
                hand.table_id,
                hand.hand_id,
                hand.setup,
                hand.events,
                hand.rulings,
                view.timeline.hand.hole_cards,
            )
            zf.writestr("hand.phh", phh)
        except PhhError as exc:
            missing.append(f"hand.phh: {exc}")
        record = {**view.timeline.model_dump(mode="json"), "missing": missing}
        zf.writestr("hand.json", json.dumps(record, indent=2))
    _audit_export(session, user, hand, "evidence", view.shows_hole_cards, {"missing": missing})
    return FileResponse(
        tmp,
        media_type="application/zip",
        filename=_file_name(hand, "zip"),
        background=BackgroundTask(os.unlink, tmp),
    )


def _hand(session: Session, hand_pk: int) -> db.Hand:
    hand = session.get(db.Hand, hand_pk)
    if hand is None:
        raise HTTPException(404, f"no hand {hand_pk}; list them with GET /api/hands")
    return hand


def _view(session: Session, hand_pk: int, user: Principal) -> HandView:
    hand = _hand(session, hand_pk)
    return hand_view(hand, list(store.hand_alerts(session, hand)), user)


def _audit_export(
    session: Session, user: Principal, hand: db.Hand, fmt: str, cards: bool, detail: dict[str, object]
) -> None:
    target = f"hand:{hand.id}"
    audit(session, user, "export", target, {"format": fmt, "hand_id": hand.hand_id, **detail})
    if cards:
        audit(session, user, "view_cards", target, {"hand_id": hand.hand_id, "via": fmt})
    session.commit()


def _add_file(zf: zipfile.ZipFile, path: str | None, name: str, missing: list[str], mode: int) -> None:
    if not path:
        return
    if Path(path).is_file():
        zf.write(path, name, compress_type=mode)  # video is compressed already
    else:
        missing.append(f"{name}: {path} is gone (retention sweep?)")


def _file_name(hand: db.Hand, ext: str) -> str:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in f"{hand.table_id}-{hand.hand_id}")
    return f"{safe}.{ext}"

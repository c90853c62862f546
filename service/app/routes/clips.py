"""``/api/alerts/{id}/clip`` and ``/thumb``: an alert's video clip (Range requests, for seeking) and its
thumbnail. Media take the token as ``?token=`` too, since ``<video>`` and ``<img>`` send no headers."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, HTTPException, Query
from fastapi.responses import FileResponse

from service.app import db
from service.app.deps import MediaUser, SessionDep, SettingsDep

router = APIRouter(prefix="/alerts", tags=["clips"])
PRIVATE = {"Cache-Control": "private, max-age=3600"}


@router.get("/{alert_id}/clip", response_class=FileResponse)
def clip(
    alert_id: int,
    session: SessionDep,
    settings: SettingsDep,
    _user: MediaUser,
    overlay: Annotated[int, Query(ge=0, le=1, description="1: the clip with the detections drawn")] = 0,
) -> FileResponse:
    """``video/mp4`` (H.264, faststart); ``Range: bytes=...`` gets a 206 with that part."""
    alert = _alert(session, alert_id)
    path = alert.overlay_path if overlay else alert.clip_path
    what = "overlay clip" if overlay else "clip"
    if not path:
        hint = "try overlay=0" if overlay and alert.clip_path else "it is still being cut, or clips are off"
        raise HTTPException(404, f"alert {alert_id} has no {what} ({hint})")
    return FileResponse(
        _existing(path, what, alert_id, settings.clip_retention_days), media_type="video/mp4", headers=PRIVATE
    )


@router.get("/{alert_id}/thumb", response_class=FileResponse)
def thumb(alert_id: int, session: SessionDep, settings: SettingsDep, _user: MediaUser) -> FileResponse:
    """``image/jpeg``: a frame of the alert."""
    alert = _alert(session, alert_id)
    if not alert.thumb_path:
        raise HTTPException(
            404, f"alert {alert_id} has no thumbnail (its clip is still being cut, or clips are off)"
        )
    path = _existing(alert.thumb_path, "thumbnail", alert_id, settings.clip_retention_days)
    return FileResponse(path, media_type="image/jpeg", headers=PRIVATE)


def _alert(session: SessionDep, alert_id: int) -> db.Alert:
    alert = session.get(db.Alert, alert_id)
    if alert is None:
        raise HTTPException(404, f"no alert {alert_id}; list them with GET /api/alerts")
    return alert


def _existing(path: str, what: str, alert_id: int, retention_days: int) -> Path:
    file = Path(path)
    if not file.is_file():
        raise HTTPException(
            404, f"alert {alert_id}'s {what} {file.name} is gone (clips are kept {retention_days} days)"
        )
    return file

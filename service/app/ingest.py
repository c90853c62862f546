"""Workers -> app: each message (``service.app.messages``) is stored, then published to the live clients.

``Ingestor.ingest(message)`` is the one coroutine; database work runs in a thread so the event loop
keeps serving. What is live only (the tile of the hand in progress, the camera clock, the last
heartbeat) is kept in memory per table: the console times its entries on that camera clock.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session, sessionmaker

from service.app import db, store
from service.app.hub import Hub
from service.app.views import alert_json, tile_out

log = logging.getLogger(__name__)


@dataclass(slots=True)
class TableLive:
    hand: dict[str, Any] | None = None  # the worker's tile: {hand_id, street, pot, to_act, decision_s}
    camera_t: float | None = None  # the camera clock last heard of (seconds)
    heartbeat_at: datetime | None = None


class Ingestor:
    def __init__(self, sessions: sessionmaker[Session], hub: Hub, recent_alerts: int = 5) -> None:
        self.sessions = sessions
        self.hub = hub
        self.recent_alerts = recent_alerts
        self.live: dict[str, TableLive] = {}
        self.handled = 0
        self.rejected = 0

    def table(self, table_id: str) -> TableLive:
        return self.live.setdefault(table_id, TableLive())

    async def ingest(self, message: tuple[Any, ...]) -> None:
        """Store one worker message and publish what changed. A malformed message is logged, not raised."""
        try:
            kind, table_id = message[0], str(message[1])
            if kind == "alert":
                await self._alert(table_id, message[2], message[3] if len(message) > 3 else None)
            elif kind == "hand":
                await asyncio.to_thread(self._store_hand, table_id, message[2])
            elif kind == "tile":
                self.table(table_id).hand = message[2]
                await self._publish_tile(table_id)
            elif kind == "clip":
                await self._clip(
                    table_id, str(message[2]), message[3], message[4] if len(message) > 4 else None
                )
            elif kind == "heartbeat":
                live = self.table(table_id)
                if live.heartbeat_at is None:  # a worker's first word: its table is known from now on
                    await asyncio.to_thread(self._store_table, table_id)
                live.camera_t, live.heartbeat_at = float(message[2]), db.utcnow()
            else:
                raise ValueError(f"unknown message kind {kind!r}")
            self.handled += 1
        except Exception:  # a bad message must not stop the pump; say what it was
            self.rejected += 1
            log.exception("worker message not ingested: %.300r", message)

    async def _alert(self, table_id: str, record: dict[str, Any], frame_t: float | None) -> None:
        if frame_t is not None:
            self.table(table_id).camera_t = float(frame_t)
        payload = await asyncio.to_thread(self._store_alert, table_id, record)
        if payload is not None:
            self.hub.publish({"type": "alert", "alert": payload})

    def _store_alert(self, table_id: str, record: dict[str, Any]) -> dict[str, Any] | None:
        with self.sessions.begin() as session:
            alert, created = store.add_alert(session, table_id, record)
            return alert_json(alert) if created else None

    def _store_table(self, table_id: str) -> None:
        with self.sessions.begin() as session:
            store.ensure_table(session, table_id)

    def _store_hand(self, table_id: str, record: dict[str, Any]) -> None:
        with self.sessions.begin() as session:
            store.upsert_hand(session, table_id, record)

    async def _clip(self, table_id: str, key: str, path: Any, thumb: Any) -> None:
        paths = _clip_paths(path, thumb)
        payload = await asyncio.to_thread(self._store_clip, table_id, key, paths)
        if payload is None:
            log.warning("clip for unknown alert %s/%s: %s", table_id, key, paths.get("clip"))
        else:
            self.hub.publish({"type": "alert_update", "alert": payload})

    def _store_clip(self, table_id: str, key: str, paths: dict[str, str | None]) -> dict[str, Any] | None:
        with self.sessions.begin() as session:
            alert = store.set_clip(session, table_id, key, paths)
            return None if alert is None else alert_json(alert)

    async def _publish_tile(self, table_id: str) -> None:
        tile = await asyncio.to_thread(self.tile_json, table_id)
        self.hub.publish({"type": "table", "table": tile})

    def tile_json(self, table_id: str) -> dict[str, Any]:
        with self.sessions.begin() as session:
            table = store.ensure_table(session, table_id)
            recent = list(store.recent_alerts(session, table_id, self.recent_alerts))
            live = self.table(table_id)
            return tile_out(table, live.hand, recent, live.heartbeat_at).model_dump(mode="json")


def _clip_paths(path: Any, thumb: Any) -> dict[str, str | None]:
    """A clip message's files: a path (thumbnail and overlay beside it, when there) or a mapping."""
    if isinstance(path, dict):
        return {k: (str(path[k]) if path.get(k) else None) for k in ("clip", "overlay", "thumb")}
    clip = Path(path)
    overlay = clip.with_name(f"{clip.stem}.overlay{clip.suffix}")
    thumb_path = Path(thumb) if thumb else clip.with_suffix(".jpg")
    return {
        "clip": str(clip),
        "overlay": str(overlay) if overlay.is_file() else None,
        "thumb": str(thumb_path) if thumb or thumb_path.is_file() else None,
    }

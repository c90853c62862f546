"""A stand-in floor service for the page tests: the endpoints the pages call, as docs/floor_service.md
describes them, over in-memory data, plus ``pages.router()``.

It lets the pages be tested while the real backend is written; ``test_real_backend.py`` runs the same
browser steps against ``service.app.main.create_app`` once that exists. ``raise_alert`` and ``publish``
may be called from the test's thread while uvicorn serves from its own.
"""

from __future__ import annotations

import asyncio
import copy
import io
import zipfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field, model_validator

from service.app.routes import pages

# token -> (user, role)
TOKENS = {
    "floor-token": ("Fiona", "floor"),
    "surv-token": ("Sam", "surveillance"),
    "dealer-token": ("Dana", "dealer"),
}
ALERT_ROLES = ("floor", "surveillance", "admin")
CONSOLE_ROLES = ("dealer", "floor", "admin")
EXPORT_ROLES = ("surveillance", "admin")

Json = dict[str, Any]


@dataclass(frozen=True)
class Media:
    """The files every alert's clip, overlay clip and thumbnail are served from."""

    clip: Path
    overlay_clip: Path
    thumb: Path


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class AckBody(Body):
    note: str | None = Field(default=None, max_length=2000)


class ResolveBody(Body):
    note: str = Field(min_length=1, max_length=2000)


class DeclarationBody(Body):
    seat: int = Field(ge=1, le=10)
    what: Literal["check", "call", "fold", "bet", "raise"]
    amount: int | None = Field(default=None, ge=1, le=10**9)

    @model_validator(mode="after")
    def _amount_for_bets(self) -> DeclarationBody:
        if self.what in ("bet", "raise") and self.amount is None:
            raise ValueError(f"a {self.what} needs an amount")
        return self


class ClockBody(Body):
    seat: int = Field(ge=1, le=10)


class StackFix(Body):
    seat: int = Field(ge=1, le=10)
    amount: int = Field(ge=0, le=10**9)


class CorrectionBody(Body):
    button: int | None = Field(default=None, ge=1, le=10)
    blinds: tuple[int, int] | None = None
    stack: StackFix | None = None

    @model_validator(mode="after")
    def _blinds_in_order(self) -> CorrectionBody:
        if self.blinds is not None and not 0 <= self.blinds[0] <= self.blinds[1]:
            raise ValueError("the small blind must not exceed the big blind")
        return self


def current_user(request: Request, token: str | None = None) -> tuple[str, str]:
    """(name, role) from ``Authorization: Bearer`` or ``?token=``; 401 otherwise."""
    header = request.headers.get("authorization", "")
    given = header.removeprefix("Bearer ").strip() if header.startswith("Bearer ") else token
    if not given or given not in TOKENS:
        raise HTTPException(status_code=401, detail="missing or unknown token")
    return TOKENS[given]


User = Annotated[tuple[str, str], Depends(current_user)]


@dataclass
class FakeFloor:
    media: Media
    tables: dict[str, Json] = field(default_factory=dict)
    alerts: dict[int, Json] = field(default_factory=dict)
    hands: dict[int, Json] = field(default_factory=dict)
    console: list[tuple[str, str, Json]] = field(default_factory=list)  # (table, kind, body)
    clients: set[asyncio.Queue[Json]] = field(default_factory=set)
    loop: asyncio.AbstractEventLoop | None = None

    # ---- data the tests set up ----

    def add_table(
        self,
        table_id: str,
        name: str,
        profile: str,
        hand: Json | None = None,
        heartbeat_at: str | None = None,
    ) -> Json:
        self.tables[table_id] = {
            "id": table_id,
            "name": name,
            "profile": profile,
            "game": "nlhe",
            "hand": hand,
            "heartbeat_at": heartbeat_at,
        }
        return self.tile(table_id)

    def tile(self, table_id: str) -> Json:
        recent = sorted(
            (a for a in self.alerts.values() if a["table_id"] == table_id), key=lambda a: -a["id"]
        )
        return {**self.tables[table_id], "recent_alerts": copy.deepcopy(recent[:3])}

    def add_alert(self, **fields: Any) -> Json:
        alert_id = max(self.alerts, default=0) + 1
        alert: Json = {
            "id": alert_id,
            "table_id": "t1",
            "hand_id": "1",
            "kind": "string_bet",
            "severity": "warning",
            "seat": 1,
            "message": "",
            "ruling": "",
            "citations": [],
            "t_start": 0.0,
            "t_end": 0.0,
            "created_at": now_iso(),
            "status": "open",
            "acked_by": None,
            "acked_at": None,
            "resolved_by": None,
            "resolved_at": None,
            "note": None,
            "clip_url": f"/api/alerts/{alert_id}/clip",
            "thumb_url": f"/api/alerts/{alert_id}/thumb",
        }
        alert.update(fields)
        self.alerts[alert_id] = alert
        return copy.deepcopy(alert)

    def add_hand(self, hand: Json, events: list[Json], rulings: list[Json], alert_ids: list[int]) -> Json:
        self.hands[hand["id"]] = {"hand": hand, "events": events, "rulings": rulings, "alert_ids": alert_ids}
        return hand

    # ---- live messages (thread-safe) ----

    def publish(self, message: Json) -> None:
        if self.loop is None:
            raise RuntimeError("the fake floor is not being served yet")
        self.loop.call_soon_threadsafe(self._fan_out, copy.deepcopy(message))

    def _fan_out(self, message: Json) -> None:
        for queue in list(self.clients):
            queue.put_nowait(message)

    def drop_live(self) -> None:
        """Close every live WebSocket, as a server restart or a network blip would (thread-safe)."""
        self.publish({"type": "__close__"})

    def raise_alert(self, **fields: Any) -> Json:
        alert = self.add_alert(**fields)
        self.publish({"type": "alert", "alert": alert})
        return alert

    def update_alert(self, alert_id: int, **fields: Any) -> Json:
        self.alerts[alert_id].update(fields)
        alert = copy.deepcopy(self.alerts[alert_id])
        self.publish({"type": "alert_update", "alert": alert})
        return alert

    # ---- the app ----

    def app(self) -> FastAPI:
        @asynccontextmanager
        async def lifespan(app: FastAPI) -> AsyncIterator[None]:
            self.loop = asyncio.get_running_loop()
            yield

        app = FastAPI(lifespan=lifespan)

        def allow(user: tuple[str, str], roles: tuple[str, ...]) -> None:
            if user[1] not in roles:
                raise HTTPException(status_code=403, detail=f"role {user[1]} may not do this")

        def alert_or_404(alert_id: int) -> Json:
            if alert_id not in self.alerts:
                raise HTTPException(status_code=404, detail=f"no alert {alert_id}")
            return self.alerts[alert_id]

        @app.get("/api/me")
        def me(user: User) -> Json:
            return {"name": user[0], "role": user[1]}

        @app.get("/api/tables")
        def tables(user: User) -> list[Json]:
            return [self.tile(t) for t in self.tables]

        @app.get("/api/alerts")
        def alerts(
            user: User,
            table: str | None = None,
            severity: str | None = None,
            kind: str | None = None,
            status: str | None = None,
            limit: Annotated[int, Query(ge=1, le=500)] = 50,
            before_id: int | None = None,
        ) -> Json:
            allow(user, ALERT_ROLES)
            wanted = {"table_id": table, "severity": severity, "kind": kind, "status": status}
            items = [
                a
                for a in sorted(self.alerts.values(), key=lambda a: -a["id"])
                if all(v is None or a[k] == v for k, v in wanted.items())
                and (before_id is None or a["id"] < before_id)
            ]
            page = items[:limit]
            more = len(items) > limit
            return {"items": page, "next_before_id": page[-1]["id"] if more else None}

        @app.post("/api/alerts/{alert_id}/ack")
        def ack(alert_id: int, body: AckBody, user: User) -> Json:
            allow(user, ALERT_ROLES)
            alert = alert_or_404(alert_id)
            if alert["status"] == "resolved":
                raise HTTPException(status_code=409, detail="already resolved")
            return self.update_alert(alert_id, status="acknowledged", acked_by=user[0], acked_at=now_iso())

        @app.post("/api/alerts/{alert_id}/resolve")
        def resolve(alert_id: int, body: ResolveBody, user: User) -> Json:
            allow(user, ALERT_ROLES)
            alert_or_404(alert_id)
            return self.update_alert(
                alert_id, status="resolved", resolved_by=user[0], resolved_at=now_iso(), note=body.note
            )

        @app.get("/api/alerts/{alert_id}/clip")
        def clip(alert_id: int, user: User, overlay: Annotated[int, Query(ge=0, le=1)] = 0) -> FileResponse:
            allow(user, ALERT_ROLES)
            alert_or_404(alert_id)
            path = self.media.overlay_clip if overlay else self.media.clip
            return FileResponse(path, media_type="video/mp4")

        @app.get("/api/alerts/{alert_id}/thumb")
        def thumb(alert_id: int, user: User) -> FileResponse:
            allow(user, ALERT_ROLES)
            alert_or_404(alert_id)
            return FileResponse(self.media.thumb, media_type="image/jpeg")

        @app.get("/api/hands")
        def hands(
            user: User, table: str | None = None, limit: int = 50, before_id: int | None = None
        ) -> list[Json]:
            allow(user, ALERT_ROLES)
            rows = [
                {
                    **{k: h["hand"][k] for k in ("id", "table_id", "hand_id", "started_at", "ended_at")},
                    "alerts": len(h["alert_ids"]),
                }
                for pk, h in sorted(self.hands.items(), reverse=True)
                if (table is None or h["hand"]["table_id"] == table) and (before_id is None or pk < before_id)
            ]
            return rows[:limit]

        def hand_or_404(hand_id: int) -> Json:
            if hand_id not in self.hands:
                raise HTTPException(status_code=404, detail=f"no hand {hand_id}")
            return self.hands[hand_id]

        @app.get("/api/hands/{hand_id}")
        def hand(hand_id: int, user: User) -> Json:
            allow(user, ALERT_ROLES)
            h = hand_or_404(hand_id)
            alerts = [self.alerts[i] for i in h["alert_ids"]]
            return {"hand": h["hand"], "events": h["events"], "rulings": h["rulings"], "alerts": alerts}

        @app.get("/api/hands/{hand_id}/phh")
        def phh(hand_id: int, user: User) -> PlainTextResponse:
            allow(user, EXPORT_ROLES)
            h = hand_or_404(hand_id)["hand"]
            return PlainTextResponse(
                f"variant = 'NT'\nhand = {h['hand_id']!r}\n",
                headers={"Content-Disposition": f'attachment; filename="hand-{h["hand_id"]}.phh"'},
            )

        @app.get("/api/hands/{hand_id}/evidence")
        def evidence(hand_id: int, user: User) -> Response:
            allow(user, EXPORT_ROLES)
            h = hand_or_404(hand_id)
            buffer = io.BytesIO()
            with zipfile.ZipFile(buffer, "w") as z:
                z.writestr("hand.json", str(h["hand"]))
            return Response(buffer.getvalue(), media_type="application/zip")

        def console_entry(table: str, kind: str, body: BaseModel, user: tuple[str, str]) -> Json:
            allow(user, CONSOLE_ROLES)
            if table not in self.tables:
                raise HTTPException(status_code=404, detail=f"no table {table!r}")
            payload = body.model_dump(exclude_none=True)
            self.console.append((table, kind, payload))
            return {
                "id": len(self.console),
                "table_id": table,
                "kind": kind,
                "payload": payload,
                "entered_by": user[0],
            }

        @app.post("/api/console/{table}/declaration")
        def declaration(table: str, body: DeclarationBody, user: User) -> Json:
            return console_entry(table, "declaration", body, user)

        @app.post("/api/console/{table}/clock")
        def clock(table: str, body: ClockBody, user: User) -> Json:
            return console_entry(table, "clock", body, user)

        @app.post("/api/console/{table}/correction")
        def correction(table: str, body: CorrectionBody, user: User) -> Json:
            return console_entry(table, "correction", body, user)

        @app.websocket("/api/live")
        async def live(ws: WebSocket, token: str = "") -> None:
            if TOKENS.get(token, ("", ""))[1] not in ALERT_ROLES:
                await ws.close(code=1008)
                return
            await ws.accept()
            queue: asyncio.Queue[Json] = asyncio.Queue(maxsize=100)
            self.clients.add(queue)

            async def pump() -> None:
                while True:
                    message = await queue.get()
                    if message["type"] == "__close__":
                        await ws.close(code=1012)  # service restart
                        return
                    await ws.send_json(message)

            sender = asyncio.create_task(pump())
            try:
                while True:  # the pages send nothing; this notices the close at once
                    await ws.receive_text()
            except WebSocketDisconnect:
                pass
            finally:
                sender.cancel()
                self.clients.discard(queue)

        app.include_router(pages.router())
        return app

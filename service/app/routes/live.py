"""``WS /api/live?token=``: alerts, alert updates and table tiles as they happen, a ping every ``ping_s``.

The token comes as ``?token=`` (browsers cannot set WebSocket headers); without a valid floor,
surveillance or admin token the handshake is refused (close code 1008). A client too slow to keep up
is dropped (close code 1013, try again later); it reloads the feed with ``GET /api/alerts``.
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketState

from service.app.auth import STAFF
from service.app.hub import Hub

router = APIRouter()
PING = '{"type":"ping"}'


@router.websocket("/api/live")
async def live(ws: WebSocket) -> None:
    token = ws.query_params.get("token")
    principal = await run_in_threadpool(ws.app.state.tokens.lookup, token)
    if principal is None or principal.role not in STAFF:
        reason = (
            "no valid token (?token=)"
            if principal is None
            else f"{principal.role.value} may not watch alerts"
        )
        await ws.close(code=1008, reason=reason)
        return
    hub: Hub = ws.app.state.hub
    await ws.accept()
    sub = hub.subscribe()
    sender = asyncio.create_task(_send(ws, sub.queue, ws.app.state.settings.ping_s))
    receiver = asyncio.create_task(_drain(ws))
    try:
        await asyncio.wait((sender, receiver), return_when=asyncio.FIRST_COMPLETED)
    finally:
        hub.unsubscribe(sub)
        for task in (sender, receiver):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect, RuntimeError):
                await task
        if ws.client_state is WebSocketState.CONNECTED:  # we end it: dropped, or the server stops
            with contextlib.suppress(RuntimeError, WebSocketDisconnect):
                await ws.close(code=1013 if sub.dropped else 1001)


async def _send(ws: WebSocket, queue: asyncio.Queue[str | None], ping_s: float) -> None:
    while True:
        try:
            text = await asyncio.wait_for(queue.get(), ping_s)
        except TimeoutError:
            text = PING
        if text is None:  # dropped as too slow, or the server is stopping
            return
        await ws.send_text(text)


async def _drain(ws: WebSocket) -> None:
    """Read (and ignore) what the client sends, to notice when it goes away."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await ws.receive_text()

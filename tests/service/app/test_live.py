"""WS /api/live: alerts published through ingest reach the clients; a slow client is dropped."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from service.app.auth import Role
from service.app.hub import Hub
from tests.service.app.helpers import TABLE, TOKENS, Service, alert_message


def _next(ws: Any) -> dict[str, Any]:
    while True:
        message = ws.receive_json()
        if message["type"] != "ping":
            return message  # type: ignore[no-any-return]


def test_alert_published_through_ingest_reaches_the_websocket(service: Service) -> None:
    with service.client.websocket_connect(f"/api/live?token={TOKENS[Role.FLOOR]}") as ws:
        service.ingest(alert_message())
        message = _next(ws)
        assert message["type"] == "alert" and message["alert"]["kind"] == "string_bet"
        alert_id = message["alert"]["id"]
        service.post(f"/api/alerts/{alert_id}/ack", json={"note": "seen"})
        update = _next(ws)
        assert update == {"type": "alert_update", "alert": update["alert"]}
        assert update["alert"]["status"] == "acknowledged"
        tile = {"hand_id": "h-1", "street": "flop", "pot": 2400, "to_act": 3, "decision_s": 4.0}
        service.ingest(("tile", TABLE, tile))
        table = _next(ws)
        assert table["type"] == "table" and table["table"]["hand"] == tile
        assert table["table"]["recent_alerts"][0]["id"] == alert_id


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_ping_when_quiet(database_url: str, tmp_path: Any) -> None:
    from tests.service.app.helpers import start_service

    with (
        start_service(database_url, tmp_path, ping_s=0.05) as service,
        service.client.websocket_connect(f"/api/live?token={TOKENS[Role.SURVEILLANCE]}") as ws,
    ):
        assert ws.receive_json() == {"type": "ping"}


def test_a_slow_client_is_dropped_not_the_server() -> None:
    async def scenario() -> None:
        hub = Hub(queue_size=2)
        await hub.start()
        slow, quick = hub.subscribe(), hub.subscribe()
        for i in range(3):
            hub.publish({"type": "alert", "n": i})
            await quick.queue.get()  # the quick client keeps up
        assert slow.dropped and not quick.dropped and hub.clients == 1
        assert await slow.queue.get() is None  # its sender sees the end and closes the socket
        await hub.stop()
        assert await quick.queue.get() is None

    asyncio.run(scenario())

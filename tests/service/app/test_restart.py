"""A restart (a new app on the same database) loses nothing that was stored."""

from __future__ import annotations

from pathlib import Path

from rules.records import AlertKind
from tests.service.app.helpers import Service, alert_message, judged_hand, start_service


def test_a_restart_loses_no_stored_alert(database_url: str, tmp_path: Path) -> None:
    with start_service(database_url, tmp_path) as first:
        for i, kind in enumerate(AlertKind):
            first.ingest(alert_message(kind, hand_id=f"h-{i % 4}", t=float(i)))
        first.ingest(("hand", "main-1", judged_hand()))
        alert_id = first.get("/api/alerts").json()["items"][0]["id"]
        first.post(f"/api/alerts/{alert_id}/resolve", json={"note": "done"})
        before = _everything(first)
    with start_service(database_url, tmp_path) as second:
        assert _everything(second) == before
        assert len(before[0]) == len(AlertKind)


def _everything(service: Service) -> tuple[list[dict], list[dict]]:  # type: ignore[type-arg]
    alerts = service.get("/api/alerts", params={"limit": 500}).json()["items"]
    return alerts, service.get("/api/hands").json()

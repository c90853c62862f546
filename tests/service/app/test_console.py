"""The dealer console: entries become pipeline events on the table's worker, are stored and audited."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import func, select

from service.app import db
from service.app.auth import Role
from service.app.messages import SetupCorrection
from tests.service.app.helpers import TABLE, FakeSupervisor, alert_message, start_service
from vision.events import ClockCalled, Declaration, DeclarationKind


@pytest.fixture
def with_workers(database_url: str, tmp_path: Path) -> Any:
    supervisor = FakeSupervisor()
    with start_service(database_url, tmp_path, supervisor=supervisor) as service:
        yield service, supervisor
    assert supervisor.stopped


def _entries(service: Any) -> int:
    with service.app.state.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(db.ConsoleEntry)))


def test_declaration_reaches_the_worker_on_its_camera_clock(with_workers: Any) -> None:
    service, supervisor = with_workers
    assert supervisor.started
    service.ingest(("heartbeat", TABLE, 42.5))
    response = service.post(
        f"/api/console/{TABLE}/declaration", Role.DEALER, json={"seat": 4, "what": "raise", "amount": 5000}
    )
    assert response.status_code == 201
    body = response.json()
    assert body["delivered"] is True and body["entered_by"] == "dealer-user" and body["t"] == 42.5
    assert supervisor.console == [(TABLE, Declaration(42.5, seat=4, what=DeclarationKind.RAISE, amount=5000))]
    service.post(f"/api/console/{TABLE}/clock", json={"seat": 2})
    assert supervisor.console[-1] == (TABLE, ClockCalled(42.5, seat=2))
    service.post(f"/api/console/{TABLE}/correction", Role.ADMIN, json={"button": 3, "blinds": [100, 200]})
    assert supervisor.console[-1] == (TABLE, SetupCorrection(42.5, button=3, blinds=(100, 200)))
    audit = service.get("/api/audit", Role.ADMIN).json()
    assert [e["action"] for e in audit] == ["console"] * 3 and _entries(service) == 3


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("declaration", {"seat": 4, "what": "shove"}),
        ("declaration", {"seat": 11, "what": "call"}),
        ("declaration", {"seat": 4, "what": "call", "amount": 500}),
        ("declaration", {"seat": 4, "what": "bet", "amount": 0}),
        ("declaration", {"seat": 4, "what": "bet", "amount": 100, "extra": 1}),
        ("clock", {}),
        ("correction", {}),
        ("correction", {"blinds": [400, 200]}),
        ("correction", {"stack": {"seat": 3}}),
    ],
)
def test_bad_entries_are_422_and_reach_nothing(with_workers: Any, path: str, body: dict[str, Any]) -> None:
    service, supervisor = with_workers
    response = service.post(f"/api/console/{TABLE}/{path}", json=body)
    assert response.status_code == 422 and isinstance(response.json()["detail"], str)
    assert supervisor.console == [] and _entries(service) == 0
    assert service.get("/api/audit", Role.ADMIN).json() == []


def test_unknown_table_is_404(with_workers: Any) -> None:
    service, supervisor = with_workers
    response = service.post("/api/console/nowhere/clock", json={"seat": 2})
    assert response.status_code == 404 and "nowhere" in response.json()["detail"]
    assert supervisor.console == []


def test_worker_messages_are_pumped_into_the_store(with_workers: Any) -> None:
    service, supervisor = with_workers
    supervisor.messages.put(alert_message())
    deadline = time.monotonic() + 10
    while not service.get("/api/alerts").json()["items"]:
        assert time.monotonic() < deadline, "the pump did not ingest the alert"
        time.sleep(0.05)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_without_workers_the_entry_is_kept_but_not_delivered(database_url: str, tmp_path: Path) -> None:
    with start_service(database_url, tmp_path) as service:
        service.ingest(alert_message())  # makes the table known
        body = service.post(f"/api/console/{TABLE}/clock", json={"seat": 2}).json()
        assert body["delivered"] is False and body["t"] == 10.5  # the alert's frame time

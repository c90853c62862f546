"""GET /api/alerts (filters, pages), acknowledge and resolve; bad requests change nothing."""

from __future__ import annotations

import pytest

from rules.records import AlertKind
from service.app.auth import Role
from tests.service.app.helpers import TABLE, Service, alert_message


def _seed(service: Service, n: int = 6) -> None:
    kinds = [AlertKind.STRING_BET, AlertKind.MISDEAL, AlertKind.OVERSIZED_CHIP]
    for i in range(n):
        table = TABLE if i % 2 == 0 else "side-2"
        service.ingest(alert_message(kinds[i % 3], hand_id=f"h-{i}", t=float(i), table=table))


def test_alerts_newest_first_with_the_contract_fields(service: Service) -> None:
    _seed(service)
    page = service.get("/api/alerts").json()
    ids = [a["id"] for a in page["items"]]
    assert ids == sorted(ids, reverse=True) and len(ids) == 6
    assert page["next_before_id"] is None
    first = page["items"][0]
    assert first["hand_id"] == "h-5" and first["table_id"] == "side-2" and first["status"] == "open"
    assert first["citations"][0]["rule"] == "43.a" and first["citations"][0]["text"]
    assert first["clip_url"] is None and first["thumb_url"] is None
    expected = {"id", "table_id", "hand_id", "kind", "severity", "seat", "message", "ruling", "citations"}
    expected |= {"t_start", "t_end", "created_at", "status", "acked_by", "acked_at", "resolved_by"}
    expected |= {"resolved_at", "note", "clip_url", "thumb_url"}
    assert set(first) == expected


def test_filters_and_pages(service: Service) -> None:
    _seed(service, 9)
    by_table = service.get("/api/alerts", params={"table": TABLE}).json()["items"]
    assert {a["table_id"] for a in by_table} == {TABLE} and len(by_table) == 5
    both = service.get("/api/alerts", params={"table": TABLE, "severity": "hand_stopping"}).json()["items"]
    assert [(a["kind"], a["table_id"]) for a in both] == [("misdeal", TABLE)] * len(both) and both
    assert all(a["kind"] == "misdeal" for a in service.get("/api/alerts?kind=misdeal").json()["items"])
    assert len(service.get("/api/alerts?table=&severity=").json()["items"]) == 9  # a form's "all"
    seen, before = [], None
    while True:
        params = {"limit": 4} | ({"before_id": before} if before else {})
        page = service.get("/api/alerts", params=params).json()
        seen += [a["id"] for a in page["items"]]
        before = page["next_before_id"]
        if before is None:
            break
    assert seen == sorted(seen, reverse=True) and len(set(seen)) == 9


@pytest.mark.parametrize(
    "query", ["severity=loud", "kind=nap", "limit=0", "limit=501", "before_id=-1", "status=gone", "tabel=x"]
)
def test_bad_filters_are_422_with_a_reason(service: Service, query: str) -> None:
    response = service.get(f"/api/alerts?{query}")
    assert response.status_code == 422
    assert isinstance(response.json()["detail"], str) and response.json()["detail"]


def test_ack_then_resolve(service: Service) -> None:
    _seed(service, 1)
    alert_id = service.get("/api/alerts").json()["items"][0]["id"]
    acked = service.post(f"/api/alerts/{alert_id}/ack", json={"note": "watching seat 3"})
    assert acked.status_code == 200
    assert acked.json()["status"] == "acknowledged" and acked.json()["acked_by"] == "floor-user"
    assert service.post(f"/api/alerts/{alert_id}/ack").json()["status"] == "acknowledged"  # no body is fine
    done = service.post(f"/api/alerts/{alert_id}/resolve", Role.SURVEILLANCE, json={"note": "spoke to him"})
    assert done.status_code == 200
    body = done.json()
    assert (body["status"], body["resolved_by"], body["note"]) == (
        "resolved",
        "surveillance-user",
        "spoke to him",
    )
    again = service.post(f"/api/alerts/{alert_id}/resolve", json={"note": "twice"})
    assert again.status_code == 409 and "already resolved" in again.json()["detail"]
    assert service.post(f"/api/alerts/{alert_id}/ack", json={}).status_code == 409
    actions = [e["action"] for e in service.get("/api/audit", Role.ADMIN).json()]
    assert actions == ["resolve", "ack", "ack"]


def test_unknown_alert_is_404(service: Service) -> None:
    response = service.post("/api/alerts/999/ack", json={})
    assert response.status_code == 404 and "no alert 999" in response.json()["detail"]
    assert service.post("/api/alerts/999/resolve", json={"note": "x"}).status_code == 404


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("resolve", {}),
        ("resolve", {"note": ""}),
        ("resolve", {"note": "   "}),
        ("resolve", {"note": "x" * 2001}),
        ("resolve", {"note": "ok", "status": "open"}),
        ("ack", {"note": "x" * 2001}),
        ("ack", {"by": "someone else"}),
        ("ack", [1, 2]),
    ],
)
def test_bad_body_is_422_and_changes_nothing(service: Service, path: str, body: object) -> None:
    _seed(service, 1)
    before = service.get("/api/alerts").json()["items"][0]
    response = service.post(f"/api/alerts/{before['id']}/{path}", json=body)
    assert response.status_code == 422 and isinstance(response.json()["detail"], str)
    assert service.get("/api/alerts").json()["items"][0] == before
    assert service.get("/api/audit", Role.ADMIN).json() == []


def test_the_same_alert_sent_twice_is_stored_once(service: Service) -> None:
    service.ingest(alert_message())
    service.ingest(alert_message())  # a restarted worker resending it
    assert len(service.get("/api/alerts").json()["items"]) == 1


def test_a_malformed_message_is_dropped_not_raised(service: Service) -> None:
    service.ingest(("alert", TABLE, {"no": "kind"}, 1.0))
    service.ingest(("nonsense",))
    service.ingest(alert_message())
    assert len(service.get("/api/alerts").json()["items"]) == 1

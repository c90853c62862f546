"""Tokens and roles: 401 without a valid token, 403 for a role not allowed; media and WebSocket too."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select
from starlette.websockets import WebSocketDisconnect

from service.app import db
from service.app.auth import Role, hash_token
from service.app.messages import alert_key
from tests.service.app.helpers import TOKENS, Service, alert_message, judged_hand

ENDPOINTS = [
    ("get", "/api/me"),
    ("get", "/api/tables"),
    ("get", "/api/alerts"),
    ("post", "/api/alerts/1/ack"),
    ("post", "/api/alerts/1/resolve"),
    ("get", "/api/hands"),
    ("get", "/api/hands/1"),
    ("get", "/api/hands/1/phh"),
    ("get", "/api/hands/1/evidence"),
    ("get", "/api/alerts/1/clip"),
    ("get", "/api/alerts/1/thumb"),
    ("post", "/api/console/main-1/declaration"),
    ("post", "/api/console/main-1/clock"),
    ("post", "/api/console/main-1/correction"),
    ("get", "/api/audit"),
]


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)  # auth does not depend on the database
def test_every_endpoint_wants_a_token(service: Service) -> None:
    for method, path in ENDPOINTS:
        for headers in ({}, {"Authorization": "Bearer not-a-token"}, {"Authorization": "Basic abc"}):
            response = service.client.request(method, path, headers=headers, json={})
            assert response.status_code == 401, (method, path, headers)
            assert response.json()["detail"]


@pytest.mark.parametrize(
    ("role", "method", "path"),
    [
        (Role.DEALER, "get", "/api/alerts"),
        (Role.DEALER, "post", "/api/alerts/1/ack"),
        (Role.DEALER, "get", "/api/hands"),
        (Role.DEALER, "get", "/api/alerts/1/clip"),
        (Role.FLOOR, "get", "/api/hands/1/phh"),
        (Role.FLOOR, "get", "/api/hands/1/evidence"),
        (Role.FLOOR, "get", "/api/audit"),
        (Role.SURVEILLANCE, "post", "/api/console/main-1/clock"),
    ],
)
def test_roles(service: Service, role: Role, method: str, path: str) -> None:
    response = service.client.request(method, path, headers=service.auth(role), json={})
    assert response.status_code == 403
    assert role.value in response.json()["detail"]


def test_me(service: Service) -> None:
    assert service.get("/api/me", Role.DEALER).json() == {"name": "dealer-user", "role": "dealer"}


def test_query_token_only_where_headers_cannot_be_sent(service: Service) -> None:
    service.ingest(("hand", "main-1", judged_hand()))
    token = TOKENS[Role.SURVEILLANCE]
    assert service.client.get(f"/api/alerts?token={token}").status_code == 401
    assert service.client.get(f"/api/hands/1/phh?token={token}").status_code == 200
    assert (
        service.client.get(f"/api/alerts/1/clip?token={token}").status_code == 404
    )  # allowed, no such alert


def test_tokens_are_stored_hashed(service: Service) -> None:
    with service.app.state.sessions() as session:
        hashes = set(session.scalars(select(db.User.token_hash)))
    assert hash_token(TOKENS[Role.FLOOR]) in hashes
    assert not hashes & set(TOKENS.values())


def test_websocket_refuses_without_a_valid_token_or_role(service: Service) -> None:
    for query in ("", "?token=wrong", f"?token={TOKENS[Role.DEALER]}"):
        with (
            pytest.raises(WebSocketDisconnect) as refused,
            service.client.websocket_connect(f"/api/live{query}"),
        ):
            pass
        assert refused.value.code == 1008


def test_media_refuses_without_a_token(service: Service, tmp_path: Path) -> None:
    clip = tmp_path / "a.mp4"
    clip.write_bytes(b"\x00" * 100)
    service.ingest(alert_message())
    service.ingest(("clip", "main-1", alert_key(alert_message()[2]), str(clip)))
    assert service.client.get("/api/alerts/1/clip").status_code == 401
    assert service.client.get("/api/alerts/1/clip?token=wrong").status_code == 401
    assert service.client.get(f"/api/alerts/1/clip?token={TOKENS[Role.FLOOR]}").status_code == 200

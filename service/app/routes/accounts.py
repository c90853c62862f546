"""``/api/me`` (who the token is) and ``/api/audit`` (what was done with the data, newest first)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query

from service.app import store
from service.app.deps import AnyUser, AuditUser, SessionDep
from service.app.schemas import AuditOut, AuditQuery, Me
from service.app.views import audit_out

router = APIRouter(tags=["accounts"])


@router.get("/me")
def me(user: AnyUser) -> Me:
    return Me(name=user.name, role=user.role.value)


@router.get("/audit")
def list_audit(q: Annotated[AuditQuery, Query()], session: SessionDep, _user: AuditUser) -> list[AuditOut]:
    return [audit_out(e) for e in store.list_audit(session, q.limit)]

"""Who is calling: bearer tokens to (user, role), the ``require(*roles)`` dependency, and audit writes.

Tokens are random 32-byte urlsafe strings, shown once when a user is made; only their sha256 is
stored. A request carries its token in ``Authorization: Bearer <token>``; media, downloads and the
WebSocket, which a browser cannot give headers, may carry it as ``?token=`` instead.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from fastapi import HTTPException, Request
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker
from starlette.concurrency import run_in_threadpool

from service.app import db


class Role(StrEnum):
    DEALER = "dealer"  # the dealer console only
    FLOOR = "floor"  # alerts, hands (no hole cards while a hand is live), console
    SURVEILLANCE = "surveillance"  # everything floor sees, hole cards, exports, audit
    ADMIN = "admin"  # everything but live hole cards; users, audit


STAFF = (Role.FLOOR, Role.SURVEILLANCE, Role.ADMIN)
CONSOLE = (Role.DEALER, Role.FLOOR, Role.ADMIN)
EXPORT = (Role.SURVEILLANCE, Role.ADMIN)
AUDIT = (Role.ADMIN, Role.SURVEILLANCE)


@dataclass(frozen=True, slots=True)
class Principal:
    """The caller, as its token says."""

    name: str
    role: Role

    @property
    def sees_live_hole_cards(self) -> bool:
        """Hole cards of a hand still being played: surveillance only (everyone once it has ended)."""
        return self.role is Role.SURVEILLANCE


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def authenticate(session: Session, token: str | None) -> Principal | None:
    if not token:
        return None
    user = session.scalar(select(db.User).where(db.User.token_hash == hash_token(token)))
    return None if user is None else Principal(user.name, Role(user.role))


class TokenCache:
    """Tokens found valid lately, by hash, so most requests do not ask the database who they are.

    An entry lives ``ttl`` seconds: a token replaced with ``railbird users add`` stops working within it.
    """

    def __init__(self, sessions: sessionmaker[Session], ttl: float = 10.0) -> None:
        self.sessions, self.ttl = sessions, ttl
        self._valid: dict[str, tuple[Principal, float]] = {}

    def cached(self, token: str | None) -> Principal | None:
        hit = self._valid.get(hash_token(token)) if token else None
        return hit[0] if hit and hit[1] > time.monotonic() else None

    def lookup(self, token: str | None) -> Principal | None:
        """The token's principal (None: no such token); asks the database when not cached."""
        principal = self.cached(token)
        if principal is None and token:
            with self.sessions() as session:
                principal = authenticate(session, token)
            if principal is not None:
                if len(self._valid) > 10_000:
                    self._valid.clear()
                self._valid[hash_token(token)] = (principal, time.monotonic() + self.ttl)
        return principal


def token_of(request: Request, allow_query: bool) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() == "bearer" and value.strip():
        return value.strip()
    return request.query_params.get("token") if allow_query else None


def require(*roles: Role, allow_query: bool = False) -> Callable[[Request], Awaitable[Principal]]:
    """A dependency: the caller's ``Principal`` if its token is valid and its role is one of ``roles``.

    401 without a (valid) token, 403 for a role not allowed. ``allow_query`` also takes ``?token=``.
    """
    allowed = roles or tuple(Role)

    async def dependency(request: Request) -> Principal:
        token = token_of(request, allow_query)
        tokens: TokenCache = request.app.state.tokens
        principal = tokens.cached(token) or await run_in_threadpool(tokens.lookup, token)
        if principal is None:
            where = "an Authorization: Bearer header" + (" or ?token=" if allow_query else "")
            reason = "invalid or revoked token" if token else f"no token; send it in {where}"
            raise HTTPException(401, reason, headers={"WWW-Authenticate": "Bearer"})
        if principal.role not in allowed:
            need = ", ".join(r.value for r in allowed)
            raise HTTPException(403, f"{principal.name} is {principal.role.value}; this needs one of: {need}")
        return principal

    return dependency


def audit(
    session: Session, who: Principal, action: str, target: str, detail: dict[str, Any] | None = None
) -> None:
    """Add an audit row to ``session`` (committed with the caller's work)."""
    session.add(
        db.AuditEntry(user=who.name, role=who.role.value, action=action, target=target, detail=detail or {})
    )

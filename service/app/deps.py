"""The routes' dependencies, as ``Annotated`` types: settings, a DB session, the hub, the caller by role."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from service.app.auth import AUDIT, CONSOLE, EXPORT, STAFF, Principal, require
from service.app.hub import Hub
from service.app.ingest import Ingestor
from service.app.messages import Supervisor
from service.app.settings import Settings


async def _settings(request: Request) -> Settings:
    return request.app.state.settings  # type: ignore[no-any-return]


async def _session(request: Request) -> AsyncIterator[Session]:
    """A session for the request (used in the handler's thread; closed after the response)."""
    session = request.app.state.sessions()
    try:
        yield session
    finally:
        await run_in_threadpool(session.close)


async def _hub(request: Request) -> Hub:
    return request.app.state.hub  # type: ignore[no-any-return]


async def _ingestor(request: Request) -> Ingestor:
    return request.app.state.ingestor  # type: ignore[no-any-return]


async def _supervisor(request: Request) -> Supervisor | None:
    return request.app.state.supervisor  # type: ignore[no-any-return]


SettingsDep = Annotated[Settings, Depends(_settings)]
SessionDep = Annotated[Session, Depends(_session)]
HubDep = Annotated[Hub, Depends(_hub)]
IngestorDep = Annotated[Ingestor, Depends(_ingestor)]
SupervisorDep = Annotated[Supervisor | None, Depends(_supervisor)]

AnyUser = Annotated[Principal, Depends(require())]
StaffUser = Annotated[Principal, Depends(require(*STAFF))]  # floor, surveillance, admin
ConsoleUser = Annotated[Principal, Depends(require(*CONSOLE))]  # dealer, floor, admin
ExportUser = Annotated[Principal, Depends(require(*EXPORT, allow_query=True))]  # downloads: ?token= too
AuditUser = Annotated[Principal, Depends(require(*AUDIT))]
MediaUser = Annotated[Principal, Depends(require(*STAFF, allow_query=True))]  # <video>, <img>: ?token=

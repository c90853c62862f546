"""``create_app(settings, supervisor=None)``: the floor service's FastAPI app.

The lifespan migrates the database, records the configured tables and bootstrap users, starts the
hub and, when a camera-worker ``supervisor`` is given, starts it and pumps its ``messages`` queue
into ``ingest`` (store, then publish) on a thread of its own, one message at a time, in order.
"""

from __future__ import annotations

import asyncio
import json
import logging
import queue
import threading
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy import make_url
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session, sessionmaker

from service.app import store
from service.app.auth import Role, TokenCache
from service.app.db import make_engine, migrate, session_factory
from service.app.hub import Hub
from service.app.ingest import Ingestor
from service.app.messages import Supervisor
from service.app.routes import API_ROUTERS, WS_ROUTERS, pages
from service.app.settings import Settings

__all__ = ["MessagePump", "Supervisor", "create_app"]
log = logging.getLogger(__name__)


def create_app(settings: Settings, supervisor: Supervisor | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.url)
        try:
            await asyncio.to_thread(migrate, engine)
        except OperationalError as exc:
            where = make_url(settings.url).render_as_string(hide_password=True)
            raise RuntimeError(
                f"cannot open the database {where} ({exc.orig}); check RAILBIRD_DATABASE_URL / --database-url"
            ) from None
        sessions = session_factory(engine)
        await asyncio.to_thread(_seed, settings, sessions)
        hub = Hub(settings.ws_queue_size)
        await hub.start()
        ingestor = Ingestor(sessions, hub, settings.recent_alerts)
        app.state.settings, app.state.engine, app.state.sessions = settings, engine, sessions
        app.state.hub, app.state.ingestor, app.state.supervisor = hub, ingestor, supervisor
        app.state.tokens = TokenCache(sessions)
        app.state.ingest = ingestor.ingest  # a coroutine function; run it on app.state.loop
        app.state.loop = asyncio.get_running_loop()
        pump = None
        if supervisor is not None:
            supervisor.start()
            pump = MessagePump(supervisor.messages, ingestor.ingest, asyncio.get_running_loop())
            pump.start()
        try:
            yield
        finally:
            if supervisor is not None:
                await asyncio.to_thread(supervisor.stop)  # workers close their open hands first
            if pump is not None:
                await asyncio.to_thread(pump.stop)  # what they sent is still stored
            await hub.stop()
            engine.dispose()

    app = FastAPI(title="railbird floor service", version="1", lifespan=lifespan)
    app.add_exception_handler(RequestValidationError, _validation_error)
    for router in API_ROUTERS:
        app.include_router(router, prefix="/api")
    for router in WS_ROUTERS:
        app.include_router(router)
    app.include_router(pages.router())
    return app


class MessagePump:
    """Reads the workers' ``multiprocessing.Queue`` on a thread and runs ``ingest`` on the event loop."""

    def __init__(
        self,
        messages: Any,
        ingest: Callable[[tuple[Any, ...]], Coroutine[Any, Any, None]],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        self.messages, self.ingest, self.loop = messages, ingest, loop
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name="railbird-ingest", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self, timeout: float = 10.0) -> None:
        """Take what is already queued, then stop."""
        self._stopping.set()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            try:
                message = self.messages.get(timeout=0.2)
            except queue.Empty:
                if self._stopping.is_set():
                    return
                continue
            except (EOFError, OSError, ValueError):  # the queue was closed under us
                return
            future = asyncio.run_coroutine_threadsafe(self.ingest(message), self.loop)
            try:
                future.result()
            except Exception:  # ingest logs its own failures; this is the loop going away
                log.exception("ingest did not run for %.200r", message)
                return


def _seed(settings: Settings, sessions: sessionmaker[Session]) -> None:
    """The configured cameras' tables and the bootstrap users of ``tokens_file``."""
    from vision.camera_config import load_camera_config

    with sessions.begin() as session:
        for path in settings.cameras:
            config = load_camera_config(path)  # CameraConfigError names the file and the field
            store.ensure_table(session, config.name, config.name, config.game.profile, config.game.game)
        if settings.tokens_file is not None:
            for name, role, token in _bootstrap_users(settings.tokens_file):
                store.add_user(session, name, role, token)


def _bootstrap_users(path: Path) -> list[tuple[str, Role, str]]:
    try:
        users = json.loads(path.read_text(encoding="utf-8"))
        return [(str(name), Role(u["role"]), str(u["token"])) for name, u in users.items()]
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise ValueError(
            f"{path}: tokens_file must be JSON {{name: {{role: dealer|floor|surveillance|admin, token}}}} "
            f"({type(exc).__name__}: {exc})"
        ) from None


async def _validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """422 with ``{"detail": "where: what"}``: one readable reason per problem."""
    assert isinstance(exc, RequestValidationError)
    reasons = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path"))
        message = str(err.get("msg", "invalid")).removeprefix("Value error, ")
        reasons.append(f"{where}: {message}" if where else message)
    return JSONResponse({"detail": "; ".join(reasons) or "invalid request"}, status_code=422)

"""The floor service under load: the alert list with many alerts stored, and live delivery to many clients.

``run_bench`` seeds ``alerts`` alerts (one bulk insert), serves the app with uvicorn on a free port,
times ``GET /api/alerts`` over HTTP with httpx (default filters, then table + severity), then connects
``clients`` WebSocket clients and times each alert from ``ingest`` (store + publish) until every client
has it. On a database you name, the bench's rows (tables ``bench-*``) are removed afterwards.
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import uvicorn
from sqlalchemy import delete, insert, text
from websockets.asyncio.client import connect

from rules.records import DEFAULT_SEVERITY, AlertKind
from service.app import db, store
from service.app.auth import Role
from service.app.main import create_app
from service.app.settings import Settings

TABLES = tuple(f"bench-{i}" for i in range(1, 9))
TARGETS = {"list_p95_ms": 50.0, "delivery_p95_ms": 100.0}
CHUNK = 5000


def percentiles(ms: list[float]) -> dict[str, float]:
    q = statistics.quantiles(ms, n=100, method="inclusive")
    return {"p50": round(q[49], 2), "p95": round(q[94], 2), "max": round(max(ms), 2), "n": len(ms)}


def run_bench(
    database_url: str | None,
    alerts: int = 100_000,
    clients: int = 20,
    requests: int = 200,
    deliveries: int = 100,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, Any]:
    """Seed, serve, measure; returns the figures (milliseconds) and whether each target was met."""
    say = progress or (lambda _stage, _done, _total: None)
    with tempfile.TemporaryDirectory(prefix="railbird-bench-") as tmp:
        url = database_url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        app = create_app(Settings(database_url=url, data_dir=Path(tmp), port=0))
        server = uvicorn.Server(
            uvicorn.Config(app, host="127.0.0.1", port=0, log_level="warning", lifespan="on")
        )
        thread = threading.Thread(target=server.run, name="bench-server", daemon=True)
        thread.start()
        try:
            _wait_started(server)
            port = server.servers[0].sockets[0].getsockname()[1]
            token = _seed(app, alerts, say)
            base = f"127.0.0.1:{port}"
            result: dict[str, Any] = {"database": url.split(":", 1)[0], "alerts": alerts, "clients": clients}
            result |= _list_latency(f"http://{base}", token, requests, say)
            result["delivery_ms"] = asyncio.run(
                _delivery(app, f"ws://{base}", token, clients, deliveries, say)
            )
        finally:
            if database_url:
                _clean(app)
            server.should_exit = True
            thread.join(30)
    result["targets"] = TARGETS
    result["met"] = {
        "list_p95_ms": max(result["list_ms"]["p95"], result["list_filtered_ms"]["p95"])
        <= TARGETS["list_p95_ms"],
        "delivery_p95_ms": result["delivery_ms"]["p95"] <= TARGETS["delivery_p95_ms"],
    }
    return result


def _wait_started(server: uvicorn.Server, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while not server.started:
        if time.monotonic() > deadline or server.should_exit:
            raise RuntimeError("the bench server did not start; see the log above")
        time.sleep(0.05)


def _seed(app: Any, n: int, say: Callable[[str, int, int], None]) -> str:
    """``n`` alerts over the bench tables, newest last; a floor user; returns its token."""
    _clean(app)
    rng = random.Random(7)
    kinds = list(AlertKind)
    now = time.time()
    with app.state.sessions.begin() as session:
        for table in TABLES:
            store.ensure_table(session, table, table, "bluff_street", "nlhe")
        token = store.add_user(session, "bench-floor", Role.FLOOR)
    cite = [{"profile": "bluff_street", "rule": "43.a", "excerpt": "a bet in one motion", "text": "43.a"}]
    for start in range(0, n, CHUNK):
        rows = []
        for i in range(start, min(n, start + CHUNK)):
            kind = rng.choice(kinds)
            rows.append(
                {
                    "table_id": TABLES[i % len(TABLES)],
                    "hand_id": f"bench-hand-{i // 6}",
                    "key": f"bench/{i}",
                    "kind": kind.value,
                    "severity": DEFAULT_SEVERITY[kind].value,
                    "seat": 1 + i % 9,
                    "message": f"seat {1 + i % 9}: {kind.value.replace('_', ' ')} seen by the camera",
                    "ruling": "the floor decides; the first motion stands",
                    "citations": cite,
                    "t_start": float(i),
                    "t_end": i + 0.5,
                    "created_at": datetime.fromtimestamp(now - (n - i) * 0.5, UTC),
                    "status": rng.choice(("open", "acknowledged", "resolved", "resolved")),
                }
            )
        with app.state.sessions.begin() as session:
            session.execute(insert(db.Alert), rows)
        say("seed", min(n, start + CHUNK), n)
    if app.state.engine.dialect.name == "postgresql":
        with app.state.engine.begin() as conn:
            conn.execute(text("ANALYZE alerts"))
    return token


def _list_latency(
    base: str, token: str, requests: int, say: Callable[[str, int, int], None]
) -> dict[str, Any]:
    rng = random.Random(11)
    severities = sorted({s.value for s in DEFAULT_SEVERITY.values()})
    out: dict[str, Any] = {}
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30) as client:
        for _ in range(20):  # warm-up: connections, caches, the first query plans
            client.get("/api/alerts").raise_for_status()
        for name, params in (("list_ms", lambda: {}), ("list_filtered_ms", None)):
            ms = []
            for i in range(requests):
                query = (
                    params() if params else {"table": rng.choice(TABLES), "severity": rng.choice(severities)}
                )
                t0 = time.perf_counter()
                response = client.get("/api/alerts", params=query)
                ms.append((time.perf_counter() - t0) * 1000)
                response.raise_for_status()
                assert response.json()["items"], f"no alerts for {query}"
                say(name, i + 1, requests)
            out[name] = percentiles(ms)
    return out


async def _delivery(
    app: Any, base: str, token: str, clients: int, deliveries: int, say: Callable[[str, int, int], None]
) -> dict[str, float]:
    sockets = [await connect(f"{base}/api/live?token={token}", max_queue=None) for _ in range(clients)]
    loop = app.state.loop
    ms: list[float] = []
    try:
        for i in range(deliveries):
            message = (
                "alert",
                TABLES[0],
                {"key": f"bench/live/{i}/{time.time_ns()}", "kind": "string_bet", "severity": "warning"}
                | {
                    "hand_id": "bench-live",
                    "seat": 3,
                    "t_start": float(i),
                    "t_end": i + 0.5,
                    "message": "live",
                },
                float(i),
            )
            t0 = time.perf_counter()
            asyncio.run_coroutine_threadsafe(app.state.ingest(message), loop)
            await asyncio.gather(*(_until(ws, float(i)) for ws in sockets))
            ms.append((time.perf_counter() - t0) * 1000)
            say("delivery", i + 1, deliveries)
    finally:
        for ws in sockets:
            await ws.close()
    return percentiles(ms)


async def _until(ws: Any, t_start: float) -> None:
    """Read until the bench's alert number ``t_start`` arrives (pings and other messages are skipped)."""
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if message.get("type") == "alert" and message["alert"]["t_start"] == t_start:
            return


def _clean(app: Any) -> None:
    with app.state.sessions.begin() as session:
        session.execute(delete(db.Alert).where(db.Alert.table_id.in_(TABLES)))
        session.execute(delete(db.Hand).where(db.Hand.table_id.in_(TABLES)))
        session.execute(delete(db.User).where(db.User.name == "bench-floor"))
        session.execute(delete(db.Table).where(db.Table.id.in_(TABLES)))

"""Factories for the floor service tests: a running app, worker messages, judged hands, a fake supervisor."""

from __future__ import annotations

import dataclasses
import json
import multiprocessing
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from datasets.sim.library import alert_record
from rules.engine import judge_hand
from rules.hand_file import load_hand
from rules.profile import load_profile
from rules.records import DEFAULT_SEVERITY, Alert, AlertKind, Citation
from service.app.auth import Role
from service.app.main import create_app
from service.app.messages import SetupCorrection, hand_record
from service.app.settings import Settings
from vision.events import CardsDealt, Event, HandEnded

ROOT = Path(__file__).resolve().parents[3]
CLEAN_HAND = ROOT / "rules" / "examples" / "clean_hand.yaml"
TOKENS = {role: f"token-of-the-{role.value}-0123456789abcdef" for role in Role}
TABLE = "main-1"


@dataclass
class Service:
    app: FastAPI
    client: TestClient
    settings: Settings

    def auth(self, role: Role) -> dict[str, str]:
        return {"Authorization": f"Bearer {TOKENS[role]}"}

    def ingest(self, message: tuple[Any, ...]) -> None:
        """Run the app's ``ingest`` coroutine on its event loop, as the worker pump does."""
        self.client.portal.call(self.app.state.ingest, message)  # type: ignore[union-attr]

    def get(
        self, path: str, role: Role = Role.FLOOR, headers: dict[str, str] | None = None, **kw: Any
    ) -> Any:
        return self.client.get(path, headers={**self.auth(role), **(headers or {})}, **kw)

    def post(self, path: str, role: Role = Role.FLOOR, **kw: Any) -> Any:
        return self.client.post(path, headers=self.auth(role), **kw)


@contextmanager
def start_service(
    database_url: str, data_dir: Path, supervisor: Any = None, **settings: Any
) -> Iterator[Service]:
    tokens = data_dir / "tokens.json"
    users = {f"{role.value}-user": {"role": role.value, "token": TOKENS[role]} for role in Role}
    tokens.write_text(json.dumps(users), encoding="utf-8")
    config = Settings(database_url=database_url, data_dir=data_dir, tokens_file=tokens, **settings)
    app = create_app(config, supervisor=supervisor)
    with TestClient(app) as client:
        yield Service(app, client, config)


def alert_message(
    kind: AlertKind = AlertKind.STRING_BET,
    hand_id: str = "h-1",
    seat: int | None = 3,
    t: float = 10.0,
    table: str = TABLE,
) -> tuple[str, str, dict[str, Any], float]:
    """An ``("alert", table, record, frame_t)`` message as a worker sends it."""
    alert = Alert(
        kind=kind,
        severity=DEFAULT_SEVERITY[kind],
        message=f"seat {seat}: {kind.value.replace('_', ' ')}",
        ruling="the first motion stands",
        citations=(Citation("bluff_street", "43.a", "a bet in one motion"),),
        t_start=t,
        t_end=t + 0.5,
        seat=seat,
    )
    return ("alert", table, {**alert_record(alert, 30), "hand_id": hand_id}, t + 0.5)


HOLE = {1: ("2d", "3d"), 2: ("4d", "5d"), 3: ("Ah", "Kh"), 4: ("6s", "8s"), 5: ("Qs", "Qd"), 6: ("8h", "Th")}


def judged_hand(ended: bool = True, hand_id: str = "clean-0001") -> dict[str, Any]:
    """rules/examples/clean_hand.yaml judged by the rules engine, hole cards read, as a worker's record.

    ``ended=False``: the hand as sent while still being played (no ``hand_ended``, ``t_end`` None).
    """
    hand = load_hand(CLEAN_HAND)
    events = _with_hole_cards(hand.events)
    if not ended:
        events = [e for e in events if not isinstance(e, HandEnded)]
    judged = judge_hand(hand.setup, load_profile(hand.profile), events)
    t_end = events[-1].t if ended else None
    return hand_record(hand_id, events[0].t, events, judged.rulings, hand.setup, t_end)


def _with_hole_cards(events: list[Event]) -> list[Event]:
    dealt: dict[int, int] = {}
    out = []
    for ev in events:
        if isinstance(ev, CardsDealt) and ev.seat is not None:
            i = dealt.get(ev.seat, 0)
            dealt[ev.seat] = i + 1
            ev = dataclasses.replace(ev, cards=(HOLE[ev.seat][i],))
        out.append(ev)
    return out


@dataclass
class FakeSupervisor:
    """Stands in for ``service.workers``' supervisor: records what the app does with it."""

    messages: Any = field(default_factory=multiprocessing.Queue)
    started: bool = False
    stopped: bool = False
    console: list[tuple[str, Event | SetupCorrection]] = field(default_factory=list)

    def start(self) -> None:
        self.started = True

    def stop(self) -> None:
        self.stopped = True

    def send_console(self, table_id: str, item: Event | SetupCorrection) -> None:
        self.console.append((table_id, item))

"""What the camera workers and the app say to each other (docs/floor_service.md, "Workers -> app").

Workers -> app, on the supervisor's ``messages`` queue, plain picklable tuples:

    ("alert", table_id, alert_record, frame_t)  datasets.sim.library.alert_record(...) + hand_id [+ key]
    ("hand", table_id, hand_record)             hand_record(...) below; as the hand goes and at its end
    ("tile", table_id, tile)                    {hand_id, street, pot, to_act, decision_s} or None
    ("clip", table_id, alert_key, path)         path: the clip (str) or {"clip", "overlay", "thumb"}
    ("heartbeat", table_id, t)                  t: the camera clock now (seconds)

App -> worker, through ``supervisor.send_console(table_id, item)``: a ``vision.events.Declaration`` or
``ClockCalled`` timed on that camera's clock, or a ``SetupCorrection`` for the next hand.
"""

from __future__ import annotations

import multiprocessing.queues
from collections.abc import Iterable
from dataclasses import asdict
from typing import Any, Protocol

from rules.hand_state import HandSetup
from rules.records import Ruling
from service.pipeline import SetupCorrection  # the one definition; re-exported for the routes
from vision.event_codec import to_record
from vision.events import CardsDealt, Event

KINDS = ("alert", "hand", "tile", "clip", "heartbeat")


class Supervisor(Protocol):
    """The camera workers' supervisor (``service.workers``), as the app uses it."""

    @property
    def messages(self) -> multiprocessing.queues.Queue[Any]:
        """The tuples above, from every worker."""
        ...

    def start(self) -> None: ...

    def stop(self) -> None: ...

    def send_console(self, table_id: str, item: Event | SetupCorrection) -> None: ...


def alert_key(record: dict[str, Any]) -> str:
    """The name a worker and the app both give an alert (its clip message refers to it).

    ``record["key"]`` when the worker set one, else ``hand_id/kind/seat/frame_start``.
    """
    if record.get("key"):
        return str(record["key"])
    start = record.get("frame_start", record.get("t_start"))
    return f"{record.get('hand_id', '')}/{record.get('kind')}/{record.get('seat')}/{start}"


def setup_record(setup: HandSetup) -> dict[str, Any]:
    return {
        "game": setup.game.value,
        "blinds": [setup.small_blind, setup.big_blind],
        "bb_ante": setup.bb_ante,
        "button": setup.button,
        "seats": [{"seat": s.seat, "stack": s.stack} for s in setup.seats],
    }


def ruling_record(ruling: Ruling) -> dict[str, Any]:
    cites = [{**asdict(c), "text": str(c)} for c in ruling.citations]
    return {**asdict(ruling), "citations": cites, "summary": ruling.summary()}


def hand_record(
    hand_id: str,
    t_start: float,
    events: Iterable[Event],
    rulings: Iterable[Ruling] = (),
    setup: HandSetup | None = None,
    t_end: float | None = None,
) -> dict[str, Any]:
    """A hand as workers send it: its events as ``vision.event_codec`` records, its rulings, its setup.

    ``hole_cards`` ({seat: cards}) and ``board`` are read from the events; ``t_end`` is None while the
    hand goes on.
    """
    events = list(events)
    hole: dict[str, list[str | None]] = {}
    board: list[str | None] = []
    for ev in events:
        if isinstance(ev, CardsDealt) and ev.seat is None:
            board += list(ev.cards) if ev.cards else [None] * ev.count
        elif isinstance(ev, CardsDealt) and ev.cards:
            hole.setdefault(str(ev.seat), []).extend(ev.cards)
    return {
        "hand_id": hand_id,
        "t_start": t_start,
        "t_end": t_end,
        "events": [to_record(e) for e in events],
        "rulings": [ruling_record(r) for r in rulings],
        "setup": None if setup is None else setup_record(setup),
        "hole_cards": hole or None,
        "board": board,
    }

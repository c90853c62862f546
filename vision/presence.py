"""Who is in the chair at each seat: ``SeatVacated`` and ``SeatReturned`` from the players seen.

A seat is judged only where the camera sees its chair (``TableGeometry.chairs_in_view``) and only
while the perception reports players at all: a detector without the class says nothing about seats.
A player not seen at the chair for ``LEAVE_S`` has left, stamped when last seen there; one seen there
again for ``BACK_S`` is back, stamped when first seen. A seat where nobody was seen in the first
``LEAVE_S`` is vacant from the start. The dwell times ride out a body hidden for a moment (a
neighbour leaning over, the dealer's arm in an oblique view) and a detector missing a few frames.
"""

from __future__ import annotations

from collections.abc import Iterable

from vision.events import Event, SeatReturned, SeatVacated
from vision.table import TableGeometry, TableScene

LEAVE_S = 1.0
BACK_S = 0.5


class SeatPresence:
    def __init__(self, geometry: TableGeometry, seats: Iterable[int]) -> None:
        self.watched = sorted(set(seats) & geometry.chairs_in_view)
        self.present: dict[int, bool] = {}  # a seat missing here is not known yet
        self.last_seen: dict[int, float] = {}
        self.seen_since: dict[int, float] = {}  # seat -> start of the current run of sightings
        self.start: float | None = None

    def update(self, scene: TableScene) -> list[Event]:
        if "player" not in scene.classes:
            return []
        t = scene.t
        if self.start is None:
            self.start = t
        here = {o.seat for o in scene.of_class("player") if o.seat is not None}
        out: list[Event] = []
        for seat in self.watched:
            if seat in here:
                self.last_seen[seat] = t
                since = self.seen_since.setdefault(seat, t)
                if self.present.get(seat) is None:
                    self.present[seat] = True
                elif not self.present[seat] and t - since >= BACK_S:
                    self.present[seat] = True
                    out.append(SeatReturned(since, frame=scene.frame, seat=seat))
                continue
            self.seen_since.pop(seat, None)
            last = self.last_seen.get(seat, self.start)
            if self.present.get(seat) is not False and t - last >= LEAVE_S:
                self.present[seat] = False
                out.append(SeatVacated(last, frame=scene.frame, seat=seat))
        return out

"""``Settled``: a value that counts only once it has held still (zone counts, objects on the felt).
``RestClock``: since when each tracked object has lain still (cards, drinks)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vision.table import SeenObject


@dataclass(slots=True)
class Settled:
    """A value that counts once unchanged for ``hold`` seconds; ``update`` returns (old, new) on a change."""

    hold: float
    value: object = None
    candidate: object = None
    since: float = 0.0

    def update(self, t: float, value: object) -> tuple[object, object] | None:
        if value != self.candidate:
            self.candidate, self.since = value, t
        if self.candidate != self.value and t - self.since >= self.hold:
            old, self.value = self.value, self.candidate
            return old, self.value
        return None


@dataclass(slots=True)
class RestClock:
    """Since when each tracked object has lain where it came to rest: a move of its centre by more than
    its size over ``parts`` starts the clock again. A track missing from an update is forgotten."""

    parts: float
    rest: dict[int, tuple[float, float, float]] = field(default_factory=dict)  # track -> since, x, y

    def update(self, t: float, objects: Iterable[SeenObject]) -> None:
        now = {}
        for o in objects:
            if o.track < 0:
                continue
            x, y = o.centre
            size = max(o.box[2] - o.box[0], o.box[3] - o.box[1])
            since, px, py = self.rest.get(o.track, (t, x, y))
            now[o.track] = (since, px, py) if abs(x - px) + abs(y - py) <= size / self.parts else (t, x, y)
        self.rest = now

    def still_for(self, track: int, t: float) -> float:
        """Seconds the track has lain still (0 for one not seen in the latest update)."""
        rest = self.rest.get(track)
        return t - rest[0] if rest is not None else 0.0

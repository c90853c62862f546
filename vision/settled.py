"""``Settled``: a value that counts only once it has held still (zone counts, objects on the felt)."""

from __future__ import annotations

from dataclasses import dataclass


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

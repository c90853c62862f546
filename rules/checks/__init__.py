"""Checks over sequences of events: the deal, the board, the players' conduct.

Each check is a small stateful monitor for one hand. It returns ``Finding`` records; the engine
turns them into ``Alert`` records with the table, hand and the profile's citations.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.records import AlertKind, Severity


@dataclass(frozen=True, slots=True)
class Finding:
    kind: AlertKind
    message: str  # what happened
    ruling: str  # what to do
    topics: tuple[str, ...]  # the profile parameters the ruling rests on (their citations go on the alert)
    t: float
    seat: int | None = None
    severity: Severity | None = None  # None: the kind's default severity
    t_start: float | None = None  # when the situation began, if earlier than ``t``

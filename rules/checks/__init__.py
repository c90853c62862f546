"""Checks over sequences of events: the deal, the board, the players' conduct.

Each check is a small stateful monitor for one hand. It returns ``Finding`` records; the engine
turns them into ``Alert`` records with the table, hand and the profile's citations, and carries out
what a finding does to the hand: a hand-stopping misdeal stops it, a finding with ``kills`` makes
the seat's hand dead (folded when its turn comes).
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
    kills: bool = False  # the seat's hand is dead: the engine folds it when its turn comes

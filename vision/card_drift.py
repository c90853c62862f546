"""Card boxes lying still, or moved by a card coming down on them (``vision.pitches``)."""

from __future__ import annotations

from vision.detections import Box

DISTURB = 0.08  # a card box side moving this share of its size is a card coming down there (0.12 missed 0.09)

BoxLog = list[tuple[float, dict[int, list[Box]]]]  # (when, each seat's card boxes then)


def same_box(a: Box, b: Box) -> bool:
    """Whether two boxes are one card lying still: no side moved ``DISTURB`` of the box's extent
    across it (a card coming down on a portrait card beside it widened its box 4 px of 27, seed + 16000
    misdeal_wrong_card_count: under a share of its 38 px height)."""
    w, h = max(a[2] - a[0], 1.0), max(a[3] - a[1], 1.0)
    return all(abs(p - q) < DISTURB * size for p, q, size in zip(a, b, (w, h, w, h), strict=True))


def drifted(log: BoxLog, seat: int, t0: float, t1: float) -> float | None:
    """When, after ``t0`` and by ``t1``, the seat's card boxes (as many as at ``t0``) had moved or grown
    ``DISTURB`` from where they lay at ``t0``, a pixel at a time or at once; None if they had not. A
    card coming down squarely can move the box under it a pixel or two a detector call, under the bar
    each call (clean_full_ring_walk-s52000: seat 7's second card grew its box 3.3 px of 29, 2.4 px on
    one side and 0.8 on the other, over 0.2 s)."""
    then = [boxes.get(seat, []) for t, boxes in log if t <= t0]
    was = then[-1] if then else []
    for t, boxes in log:
        now = boxes.get(seat, [])
        if not was or not t0 < t <= t1 + 1e-6 or len(now) != len(was):
            continue
        if any(not any(same_box(b, p) and not _grew(p, b) for p in was) for b in now):
            return t
    return None


def _grew(before: Box, after: Box) -> bool:
    """Whether a box grew ``DISTURB`` of its width or height, its sides each moving less."""
    w, h = max(before[2] - before[0], 1.0), max(before[3] - before[1], 1.0)
    return after[2] - after[0] - w >= DISTURB * w or after[3] - after[1] - h >= DISTURB * h

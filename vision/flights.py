"""Cards in flight seen by motion alone: a pitch too blurred for the detector.

A dealer's pitch crosses the table in about 0.3 s. At 10 detector calls a second the detector sees it
two or three times at best, and a card that fast is a blur it often does not box at all (seed + 18000
misdeal_too_late: the extra card to seat 5 got no box anywhere between the deck and the seat). The
motion gate (``vision.motion``) runs on every frame and does see it: a compact patch of change that
moves 40-70 px a frame in a straight line. ``MotionFlights`` links such patches frame to frame into
paths and reports each path that left the dealer's side of the table and went on for at least
``MIN_PATH`` card lengths as a ``Flight``.

What keeps other movement out: a hand or arm is no compact patch (its change runs back to the rail or
to the dealer), a card slid along the felt or a chip stack pushed moves a few pixels a frame, and a
patch that turns back is no thrown card. Where the flight came down is left to ``vision.pitches``,
which weighs it with the detector's own flights and the seats' card boxes.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import NamedTuple

from vision.detections import Box

MIN_STEP = 0.5  # card lengths a frame: slower patches are hands, slides and pushes, not a thrown card
MAX_STEP = 3.0  # card lengths a frame: a farther patch is a different thing
MAX_SIDE = 2.2  # card lengths: a patch longer than this is a hand with its arm, or two things merged
MIN_PATH = 3.0  # card lengths from where a path was first seen to where it was last seen
MIN_POINTS = 3  # frames a path must be seen in
STRAIGHT = 0.7  # cosine between successive steps: a thrown card flies straight


class Flight(NamedTuple):
    """A card seen flying by motion alone: when it was first and last seen, and every place between."""

    t0: float
    t1: float
    points: tuple[tuple[float, float], ...]  # every place it was seen, in order
    times: tuple[float, ...]  # when it was seen at each of them

    def places_between(self, t0: float, t1: float) -> list[tuple[float, float]]:
        """Where it was seen from t0 to t1; if it was seen at none of those times, where it was seen
        nearest in time to them (it had not yet left, or had come down)."""
        inside = [p for t, p in zip(self.times, self.points, strict=True) if t0 <= t <= t1]
        if inside:
            return inside
        seen = zip(self.times, self.points, strict=True)
        return [min(seen, key=lambda tp: min(abs(tp[0] - t0), abs(tp[0] - t1)))[1]]

    @property
    def x0(self) -> float:
        return self.points[0][0]

    @property
    def y0(self) -> float:
        return self.points[0][1]

    @property
    def x1(self) -> float:
        return self.points[-1][0]

    @property
    def y1(self) -> float:
        return self.points[-1][1]


class _Path(NamedTuple):
    t: list[float]
    xy: list[tuple[float, float]]


class MotionFlights:
    """Links compact moving patches frame to frame; ``update`` returns the flights that just ended."""

    def __init__(self) -> None:
        self.paths: list[_Path] = []
        self.last_t: float | None = None
        self.step = 1 / 30  # s between frames, as last seen

    def update(self, t: float, boxes: Iterable[Box], card: float) -> list[Flight]:
        """One frame's motion boxes (xyxy pixels); ``card``: a card's length in pixels here. Call it
        for every frame: a path not extended in the next frame is over."""
        if self.last_t is not None and 0 < t - self.last_t < 0.2:  # not a pause in the calls
            self.step = t - self.last_t
        self.last_t = t
        gap = 1.5 * self.step
        patches = [
            ((float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
            for x0, y0, x1, y1 in boxes
            if max(x1 - x0, y1 - y0) <= MAX_SIDE * card
        ]
        live = [p for p in self.paths if t - p.t[-1] <= gap]
        ended = [p for p in self.paths if t - p.t[-1] > gap]
        pairs = sorted(
            (math.dist(p.xy[-1], q), i, j)
            for i, p in enumerate(live)
            for j, q in enumerate(patches)
            if MIN_STEP * card <= math.dist(p.xy[-1], q) <= MAX_STEP * card and _straight(p, q)
        )
        used_paths: set[int] = set()
        used_patches: set[int] = set()
        for _, i, j in pairs:
            if i in used_paths or j in used_patches:
                continue
            live[i].t.append(t)
            live[i].xy.append(patches[j])
            used_paths.add(i)
            used_patches.add(j)
        # a patch that extended no path may start one; a path not extended this frame may be next frame
        self.paths = live + [_Path([t], [q]) for j, q in enumerate(patches) if j not in used_patches]
        return [f for f in (_flight(p, card) for p in ended) if f is not None]


def _straight(path: _Path, q: tuple[float, float]) -> bool:
    """Whether going on to ``q`` keeps the path's direction (any direction for its second point)."""
    if len(path.xy) < 2:
        return True
    (ax, ay), (bx, by) = path.xy[-2], path.xy[-1]
    u, v = (bx - ax, by - ay), (q[0] - bx, q[1] - by)
    norm = math.hypot(*u) * math.hypot(*v)
    return norm > 0 and (u[0] * v[0] + u[1] * v[1]) / norm >= STRAIGHT


def _flight(path: _Path, card: float) -> Flight | None:
    if len(path.xy) < MIN_POINTS or math.dist(path.xy[0], path.xy[-1]) < MIN_PATH * card:
        return None
    return Flight(path.t[0], path.t[-1], tuple(path.xy), tuple(path.t))

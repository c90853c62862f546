"""Cards in flight seen by motion alone: a pitch too blurred for the detector.

A dealer's pitch crosses the table in about 0.3 s. At 10 detector calls a second the detector sees it
two or three times at best, and a card that fast is a blur it often does not box at all (seed + 18000
misdeal_too_late: the extra card to seat 5 got no box anywhere between the deck and the seat). The
motion gate (``vision.motion``) runs on every frame and does see it: a compact patch of change that
moves 40-70 px a frame in a straight line. ``MotionFlights`` links such patches frame to frame into
paths and reports each path that left the dealer's side of the table and went on for at least
``MIN_PATH`` card lengths as a ``Flight``.

A card flying over another seat's cards, or by the dealer's hand, merges for a frame or three with
the change they make, so a path may skip up to ``MAX_GAP`` frames, found again on its line at about its
speed (seed + 32000 ambiguous_amount: seat 2's second card, lost over seat 1's cards for three frames;
string_bet_multiple_motions: the button's second card, lost by the deck for two). A path whose last
place shows a patch at rest the frame after has come down, and is over. A patch at rest (where one lay
the frame before) starts no path: the button's first card, still changing the picture as its second
flew in, took the flight's next place. Nor is a card lost found again in one (seed + 40000
clean_full_ring_showdown: seat 9's card, lost as it came down, "flew on" into seat 8's cards).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from vision.detections import Box

MIN_STEP = 0.5  # card lengths a frame: slower patches are hands, slides and pushes, not a thrown card
MAX_STEP = 3.0  # card lengths a frame: a farther patch is a different thing
# card lengths a frame: a patch moving this much (but under MIN_STEP) from where a path began the frame
# before is a card easing out of the dealer's hand
CREEP = 0.25
MAX_SIDE = 2.2  # card lengths: a patch longer than this is a hand with its arm, or two things merged
MIN_PATH = 3.0  # card lengths from where a path was first seen to where it was last seen
MIN_POINTS = 3  # frames a path must be seen in
STRAIGHT = 0.7  # cosine between successive steps: a thrown card flies straight
MAX_GAP = 3  # frames a flying card may go unseen, merged with a patch it passes over, and be found again
GAP_STRAIGHT = 0.9  # cosine: a card found again after a gap is on the line it flew...
GAP_SPEED = (0.6, 1.25)  # ...at about its speed (a share of its last step's, a frame), not faster
SPEED_UP = 2.0  # a step this many times longer than the last is something else: a card slows to land
JOIN_S = 0.25  # s: a card the detector saw this long before a flight began, on its line behind, is its card
HEADED_CARDS = 6  # card lengths along a lost flight's line in which the seat it was going to lies
LAST_SEEN_S = 0.2  # s: a flight the detector lost was last seen this long before it was missed, at most


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

    def headed_for(
        self, seats: Iterable[int], away: Callable[[int, float, float], float], card: float
    ) -> int | None:
        """For a flight last seen over the felt, more than a card length from every seat's cards
        (``away``: pixels from a point to a seat's cards): the seat whose cards lie on its line within
        ``HEADED_CARDS`` card lengths on, where it was going (seed + 39000 ambiguous_amount: seat 3's
        second card, lost between seats 2 and 3 flying to 3, was given to seat 2, the nearer, and seat 2
        "held" three cards, a misdeal at the first bet; seed + 40000 clean_limped_pot: seat 3's second
        card, lost four card lengths short of seat 3's cards, was given to seat 1, 2.5 card lengths to
        the side, and behind it)."""
        (ax, ay), (bx, by) = self.points[-2], self.points[-1]
        step = math.dist((ax, ay), (bx, by))
        seats = list(seats)
        if step == 0 or min(away(s, bx, by) for s in seats) <= card:
            return None
        for k in range(1, 4 * HEADED_CARDS + 1):  # a quarter card length at a time
            px, py = bx + (bx - ax) / step * k * card / 4, by + (by - ay) / step * k * card / 4
            on_line = [s for s in seats if away(s, px, py) == 0]
            if on_line:
                return on_line[0]
        return None

    def runs_back_to(self, path: Sequence[tuple[float, float, float]], card: float) -> bool:
        """Whether the card the detector last saw at ``path[-1]`` ((t, x, y) sightings; the scenes between
        detector calls repeat a box, so when it was first seen there), up to ``JOIN_S`` before this
        flight began, lies on its line behind it, within a card length across and no further back than
        twice its speed carries it in that time: the same card, seen before the motion picked it up."""
        if not path:
            return False
        x, y = path[-1][1:]
        t = min(w for w, px, py in path if (px, py) == (x, y))
        (ax, ay), (bx, by) = self.points[0], self.points[-1]
        length = math.dist((ax, ay), (bx, by))
        if not 0 < self.t0 - t <= JOIN_S or length == 0:
            return False
        back = -((x - ax) * (bx - ax) + (y - ay) * (by - ay)) / length
        speed = length / max(self.t1 - self.t0, 1e-6)
        return self.across(x, y) <= card and 0 < back <= 2 * speed * (self.t0 - t)

    def across(self, x: float, y: float) -> float:
        """Pixels from (x, y) across the line from the flight's first place to its last (0: no line)."""
        (ax, ay), (bx, by) = self.points[0], self.points[-1]
        length = math.dist((ax, ay), (bx, by))
        return 0.0 if length == 0 else abs((x - ax) * (by - ay) - (y - ay) * (bx - ax)) / length

    def same_card(
        self, t: float, x: float, y: float, path: Iterable[tuple[float, float, float]], card: float
    ) -> bool:
        """Whether a detector's flight that ended at ``t`` at (x, y) (``path``: when and where it was seen
        on the way) was this flight's card: the motion's patch was within three card lengths of where the
        detector last saw it, when it did (seed + 24000 misdeal_wrong_card_count: the third card, pitched
        0.2 s after the second on the same path, is not the second), or the detector boxed a card within
        a card length of the patch while the motion followed it (seed + 40000 misdeal_too_late: seat 6's
        second card, followed 0.15 s and three card lengths further by the detector, was counted twice).
        A card the detector last saw before this flight began lies on its line, within a card length
        across (pot_limit_overbet-s2000: seat 6's third card, seen mid-flight 0.07 s before seat 1's fourth
        eased out of the dealer's hand 113 px off and 104 px across its line, "was" seat 1's card)."""
        near = self.places_between(t - LAST_SEEN_S, t)
        on_line = t >= self.t0 or self.across(x, y) <= card
        if (
            self.t0 - 0.15 <= t <= self.t1 + 0.15
            and on_line
            and any(math.dist(p, (x, y)) <= 3 * card for p in near)
        ):
            return True
        frame = min((b - a for a, b in itertools.pairwise(self.times)), default=0.0)
        return any(
            self.t0 <= when <= self.t1
            and any(math.dist(p, (px, py)) <= card for p in self.places_between(when - frame, when + frame))
            for when, px, py in path
        )

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
        self.last_patches: list[tuple[float, float]] = []  # the frame before's patch centres

    def update(self, t: float, boxes: Iterable[Box], card: float) -> list[Flight]:
        """One frame's motion boxes (xyxy pixels); ``card``: a card's length in pixels here. Call it
        for every frame: a path not extended within ``MAX_GAP`` frames is over."""
        before, self.last_t = self.last_t, t
        if before is not None and 0 < t - before < 0.2:  # not a pause in the calls
            self.step = t - before
        gap = (MAX_GAP + 1.5) * self.step
        patches = [
            ((float(x0) + float(x1)) / 2, (float(y0) + float(y1)) / 2)
            for x0, y0, x1, y1 in boxes
            if max(x1 - x0, y1 - y0) <= MAX_SIDE * card
        ]
        still = MIN_STEP * card  # a patch that moved less than this since the frame before is at rest
        at_rest = [any(math.dist(q, r) < still for r in self.last_patches) for q in patches]
        live = [p for p in self.paths if t - p.t[-1] <= gap]
        ended = [p for p in self.paths if t - p.t[-1] > gap]
        pairs = sorted(
            (math.dist(p.xy[-1], q), i, j)
            for i, p in enumerate(live)
            for j, q in enumerate(patches)
            if _flies_on(p, q, t, self.step, card)
            # a card lost is found again moving, not in something at rest; nor does a card just seen
            # fly on into something that lay there the frame before (it has no line to keep yet)
            and (not at_rest[j] or (t - p.t[-1] < 1.5 * self.step and len(p.xy) > 1))
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
        for i, p in enumerate(live):  # not seen flying on, and at rest where last seen: it came down
            if i not in used_paths and p.t[-1] < t and any(math.dist(p.xy[-1], q) < still for q in patches):
                ended.append(p)
        # a patch that extended no path starts one, unless it lay there the frame before; or it crept on
        # from where a path began the frame before: a card eased out of the dealer's hand, not yet flying
        # (seed + 50000 misdeal_wrong_card_count: the third card to seat 6 moved 16 px from the deck, then
        # flew 65 px a frame; the path stopped at the deck, "at rest", and the card was not counted)
        begun = [p.xy[0] for p in live if len(p.xy) == 1 and p.t[0] == before]
        new = [
            _Path([t], [q])
            for j, q in enumerate(patches)
            if j not in used_patches
            and (not at_rest[j] or any(CREEP * card <= math.dist(q, b) < still for b in begun))
        ]
        self.last_patches = patches
        self.paths = [p for p in live if p not in ended] + new
        return [f for f in (_flight(p, card) for p in ended) if f is not None]


def _flies_on(path: _Path, q: tuple[float, float], t: float, step: float, card: float) -> bool:
    """Whether a card flying from the path's last place could be at ``q`` at ``t`` (``step``: s a frame):
    between ``MIN_STEP`` and ``MAX_STEP`` card lengths a frame, keeping its direction (``STRAIGHT``;
    any for its second point), or its line over two steps at about its speed (``_keeps_line``), and
    not speeding up (``SPEED_UP``); after a gap, on its line (``GAP_STRAIGHT``) at about its speed."""
    frames = max(1, round((t - path.t[-1]) / step))
    (bx, by), d = path.xy[-1], math.dist(path.xy[-1], q)
    if not MIN_STEP * card * frames <= d <= MAX_STEP * card * frames:
        return False
    if len(path.xy) < 2:
        return True
    ax, ay = path.xy[-2]
    u, v = (bx - ax, by - ay), (q[0] - bx, q[1] - by)
    cosine = (u[0] * v[0] + u[1] * v[1]) / max(math.hypot(*u) * d, 1e-9)
    speed = math.hypot(*u) / max(1, round((path.t[-1] - path.t[-2]) / step))
    if frames == 1:
        wandered = _keeps_line(path, q) and d >= GAP_SPEED[0] * speed  # at about its speed
        return (cosine >= STRAIGHT or wandered) and d <= SPEED_UP * speed
    low, high = GAP_SPEED
    return cosine >= GAP_STRAIGHT and low * speed * frames <= d <= high * speed * frames


def _keeps_line(path: _Path, q: tuple[float, float]) -> bool:
    """Whether ``q`` lies on the path's line over its last two steps (``GAP_STRAIGHT``): a turning
    card's patch centre wanders off it a little, frame to frame (seed + 34000 misdeal_too_late: the
    extra card's patch stepped 52 degrees off its last step, then on, and the path broke in two)."""
    (ax, ay), (bx, by) = path.xy[-2], path.xy[-1]
    u, v = (bx - ax, by - ay), (q[0] - ax, q[1] - ay)
    return (u[0] * v[0] + u[1] * v[1]) >= GAP_STRAIGHT * max(math.hypot(*u) * math.hypot(*v), 1e-9)


def _flight(path: _Path, card: float) -> Flight | None:
    if len(path.xy) < MIN_POINTS or math.dist(path.xy[0], path.xy[-1]) < MIN_PATH * card:
        return None
    return Flight(path.t[0], path.t[-1], tuple(path.xy), tuple(path.t))


def ahead(launch: tuple[float, float], last: tuple[float, float], point: tuple[float, float]) -> float:
    """How far ``point`` lies beyond ``last`` along the line from ``launch`` to ``last`` (pixels; negative:
    behind it, back toward the launch). A flight seen at its launch only has no line yet: 0."""
    run = math.dist(launch, last)
    if run == 0:
        return 0.0
    return ((point[0] - last[0]) * (last[0] - launch[0]) + (point[1] - last[1]) * (last[1] - launch[1])) / run

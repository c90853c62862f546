"""Two stacks a hand let go in its visit, first seen together as it drew back: one motion or two.

Overhead, a hand laying chips in the bet zone hides them until it draws back, so stacks it let go in
two motions can show in one detector call. A hand that rested over the bet zone, slid across the
seat's axis toward where a second stack lies and only then drew back laid the first where it rested
and moved on to lay the other: two motions (a string bet where the house calls several motions one).
string_bet_multiple_motions at seed + 47000, 50000 and 51000: the hand rested 0.3-0.4 s, slid 10-14 px
across (0.76-0.82 of the two 1,000s' spacing), still out over the bet, and left; both 1,000s showed
side by side as it did, and the string bet was missed. A hand laying stacks side by side in one
motion lets go of them all where it rests, and draws straight back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from vision.detections import Box

if TYPE_CHECKING:
    from vision.pushes import Visit

OVER_BET = 0.55  # how far out the hand rested (0: the stack zone's middle, 1: the bet zone's)
REST_S = 0.2  # the hand held still that far out this long as it let go of the first stack
STILL = 0.25  # of a chip's side: a hand's middle that moved less than this a detector call held still
SLID = 0.5  # then it slid across at least this share of the stacks' spacing, toward the second
APART = 0.5  # of a chip's side: two stacks' middles this far apart across the axis (not one boxed twice)
HELD_OUT = 0.15  # still out: it had drawn back less than this of the stack-to-bet distance


def _across(visit: Visit, point: tuple[float, float]) -> float:
    """Where ``point`` lies across the seat's axis (signed, in pixels)."""
    assert visit.axis is not None
    (sx, sy), (bx, by) = visit.axis
    length = float(np.hypot(bx - sx, by - sy)) or 1.0
    return ((point[1] - sy) * (bx - sx) - (point[0] - sx) * (by - sy)) / length


def _middle(box: Box) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


def slid(visit: Visit, side: float) -> float:
    """How far across the seat's axis (signed, in pixels) the hand slid, still out, after it first held
    still ``OVER_BET`` or further out for ``REST_S``; 0 if it never held still so or never slid."""
    if visit.axis is None:
        return 0.0
    path = [(t, (x, y), r) for (t, x, y), (_, r) in zip(visit.hand_path, visit.reach, strict=False)]
    start = 0
    for i in range(1, len(path)):
        (_, was, _), (t, now, _) = path[i - 1], path[i]
        if float(np.hypot(now[0] - was[0], now[1] - was[1])) > STILL * side or path[i][2] < OVER_BET:
            start = i  # the hand moved: a rest begins here at the earliest
            continue
        if t - path[start][0] >= REST_S:
            rest, out = _across(visit, path[start][1]), path[start][2]
            later = [_across(visit, p) - rest for _, p, r in path[i + 1 :] if r >= out - HELD_OUT]
            return max(later, key=abs, default=0.0)
    return 0.0


def laid_in_turn(visit: Visit, first: Box, then: Box) -> bool:
    """Whether the hand, having rested, slid from the stack ``first`` toward ``then`` before it drew back,
    at least ``SLID`` of the way between them."""
    side = (then[2] - then[0] + then[3] - then[1]) / 2 or 1.0
    spacing = _across(visit, _middle(then)) - _across(visit, _middle(first)) if visit.axis else 0.0
    moved = slid(visit, side)
    return spacing * moved > 0 and abs(moved) >= SLID * abs(spacing) and abs(spacing) >= APART * side


def along_the_slide(visit: Visit, box: Box | None) -> float:
    """How far along the hand's slide ``box`` lies (0 without a slide or a box): stacks first seen
    together were laid in this order."""
    if box is None or visit.axis is None:
        return 0.0
    side = (box[2] - box[0] + box[3] - box[1]) / 2 or 1.0
    return float(np.sign(slid(visit, side))) * _across(visit, _middle(box))

"""Region detection, the other half of Frigate's motion gating: between whole-frame detector calls, look
only at the part of the frame that moves.

A dealer's pitch or a player's bet moves a small part of an overhead view; the rest (the felt, the
stacks, the cards at rest, the seated players) is as the last call saw it. ``moving_region`` turns the
motion gate's boxes into one box to look at, or None (look at the whole frame) when the motion covers
too much of it. ``merge_region`` keeps the last call's detections whose centres lie outside the box
looked at and takes the new ones whose centres lie inside, less those the box's edge cut (a thing half
inside shows in full in the last call, or in the next whole-frame call). The pipeline makes a
whole-frame call at least every ``DetectorConfig.full_every`` seconds, so nothing stays stale long.
"""

from __future__ import annotations

import numpy as np

from vision.detections import Detections

PAD_SHARE = 0.03  # the motion's box is grown by this share of the frame's long side on each side
EDGE_PX = 3.0  # a new detection this close to an edge of the box looked at (not the frame's) was cut


def moving_region(boxes: np.ndarray, frame_hw: tuple[int, int], max_share: float) -> np.ndarray | None:
    """One xyxy box around every moving box, padded and inside the frame; None when there is no
    motion or the box covers more than ``max_share`` of the frame."""
    if len(boxes) == 0 or max_share <= 0:
        return None
    h, w = frame_hw
    pad = PAD_SHARE * max(h, w)
    x0, y0 = boxes[:, 0].min() - pad, boxes[:, 1].min() - pad
    x1, y1 = boxes[:, 2].max() + pad, boxes[:, 3].max() + pad
    box = np.array([max(0.0, x0), max(0.0, y0), min(float(w), x1), min(float(h), y1)], np.float32)
    share = (box[2] - box[0]) * (box[3] - box[1]) / float(h * w)
    return box if share <= max_share else None


def merge_region(
    previous: Detections, fresh: Detections, looked: np.ndarray, frame_hw: tuple[int, int]
) -> Detections:
    """``previous`` outside the box ``looked`` at, and ``fresh`` (found in it) inside; see the module
    docstring."""
    h, w = frame_hw
    x0, y0, x1, y1 = (float(v) for v in looked)

    def centres_inside(d: Detections) -> np.ndarray:
        cx = (d.xyxy[:, 0] + d.xyxy[:, 2]) / 2
        cy = (d.xyxy[:, 1] + d.xyxy[:, 3]) / 2
        return (cx >= x0) & (cx < x1) & (cy >= y0) & (cy < y1)

    b = fresh.xyxy
    cut = (
        ((b[:, 0] <= x0 + EDGE_PX) & (x0 > 0))
        | ((b[:, 1] <= y0 + EDGE_PX) & (y0 > 0))
        | ((b[:, 2] >= x1 - EDGE_PX) & (x1 < w))
        | ((b[:, 3] >= y1 - EDGE_PX) & (y1 < h))
    )
    kept = previous.select(~centres_inside(previous))
    return Detections.joined(kept, fresh.select(centres_inside(fresh) & ~cut))

"""Board cards the detector loses for a moment, still counted while nothing moves where they lie.

A board card is taken away only by the dealer's hand, and a hand over the board is motion there
(``TableScene.moving``, the motion gate's changed regions, which stay up for a second or so after a
card is lifted: the gate's background still shows it). A face-up card that drops out of the
detector's boxes where nothing moved is the detector's miss, not a card gone. Counted as gone, it
made the board's count dip and rise again, and the rise was taken for a card dealt: seed + 56000
non_value_item, the flop's ace of spades (mostly white paper, one pip), scored 0.2-0.3 and went
unboxed for 4 s; the turn came while it was unseen, and its return was a "river", a false
premature_board. A flop card read as a back for a moment (seed + 11000 all_in_not_tabled, under a
warm lamp) is the same miss. Not caught yet: a card lost within about 3 s of landing, while the
gate's background still holds the felt under it and so shows "motion" there (that render's ace was
lost 1.2 s after the flop landed, and its false premature_board stands).

``BoardCards.update`` keeps the boxes of the board's face-up cards; each frame, a kept box that no
box of this frame's overlaps by ``SAME_IOU`` and no moving region touches is one card still there.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.detections import Box, box_iou

SAME_IOU = 0.5  # a box this much over a kept one is that card, seen


def _touches(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class BoardCards:
    """The board's face-up cards, the detector's and those it lost where nothing moved."""

    def __init__(self) -> None:
        self.boxes: list[Box] = []

    def clear(self) -> None:
        self.boxes = []

    def update(self, seen: Sequence[Box], moving: Sequence[Box]) -> int:
        """How many cards lie on the board: ``seen`` (this frame's face-up boxes there) and the boxes
        kept from before that none of them overlaps and no region of ``moving`` touches."""
        kept = self.boxes
        if kept and seen:
            overlap = box_iou(np.array(kept, np.float32), np.array(seen, np.float32))
            kept = [b for b, row in zip(kept, overlap, strict=True) if row.max() < SAME_IOU]
        kept = [b for b in kept if not any(_touches(b, m) for m in moving)]
        self.boxes = [*seen, *kept]
        return len(self.boxes)

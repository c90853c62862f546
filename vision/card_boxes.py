"""One box per object: a second card box lying almost exactly on a higher-scoring one is the same card.
The same holds for the round things on the felt (chips, the dealer button, card protectors): the
detector sometimes gives the button a chip box too, which a seat's bet zone then counts as a bet.

YOLO26's one-to-one head needs no NMS once trained, but the shipped detector is undertrained
(models/detector.md). On a lone hole card it often gives two boxes a few pixels apart, both over
its bar. For example, on seed + 2000 oversized_chip_call, seat 5's first card had boxes at 0.34 and
0.31 with IoU about 0.85 in every frame, so the seat looked dealt two cards at once, and then three.
A seat's card count is what the deal, fold and misdeal rules read, so the pipeline drops such
duplicates before it counts.

``DUPLICATE_IOU`` = 0.7 across both card classes. A pair of boxes of slightly different sizes counts
too when their IoU is over 0.6 and the smaller lies at least 80% inside the other. On seed + 6000
clean_exact_calls, the third flop card had a second box 3 px off and 1 px shorter (IoU 0.69, 83%
inside), which made a fourth board card: a premature turn. Two real cards overlap that much only
when one is squared up on the other, and then the camera sees one card anyway (``vision.pitches``
counts the one underneath).

Measured with ``python -m datasets.eval_seat_cards /work/data/h3/base``. The tool checks each seat's
card zone in every 15th frame of each scenario's first 14 s against the renderer's count, on every
third seed + 2000 scenario: 5,560 zone-frames, 1,462 of them holding cards. At the detector's bar,
one box per card cut the frames counted over from 87 to 29. Frames counted under went from 916 to
936, and frames counted right from 4,557 to 4,595. The whole-set effect on alerts is in
docs/pipeline_eval.md, section 7.

A lower bar for hole cards was tried and dropped, since it made things worse. Per frame, a bar of 0.1
cuts the zone-frames where cards lie but none are seen from 517 to 20, but counts 1,119 over, even
with one box per card. A rule that kept face-down boxes scoring 0.1-0.3 in a seat's card zone, clear
of hands, up to the game's hole cards, was run with `railbird eval` on 16 seed + 2000 scenarios (model
perception). It found more hole cards: missed cards_dealt 90 -> 48, missed folds 14 -> 5. But it
raised 54 false alerts where this module alone raised 19. At the detector's bar, the first false
misdeal killed each hand and nothing after it was judged. With the hole cards found, the hands ran
on, and the detector's missing bets and taps (chip_action recall 0.02, table_tap 0) turned into
premature-board, out-of-turn and late-card alerts. The detector has to improve as a whole
(docs/pipeline_eval.md, section 7).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from vision.detections import Box, Detections, box_iou

CARDS = ("card_up", "card_down")
DISCS = ("chip", "dealer_button", "card_protector")  # one round thing may be boxed as two of these
DUPLICATE_IOU = 0.7  # two card boxes overlapping more than this are one card seen twice
# or, boxes of slightly different sizes: IoU above NEAR_IOU with the smaller box almost all inside
NEAR_IOU, INSIDE = 0.6, 0.8
COVERED = 0.8  # a tabled card box this much under the seat's other face-up boxes may be none


def one_box_per_card(detections: Detections) -> Detections:
    """``detections`` less each card box that overlaps a higher-scoring card box (of either face)
    by more than ``DUPLICATE_IOU``; other classes are untouched."""
    return one_box_per_object(detections, CARDS)


def one_box_per_disc(detections: Detections) -> Detections:
    """The same for the round things on the felt: the dealer button is sometimes also boxed as a
    chip, box for box, at a lower score (seed + 7000 prior_chips_combined: 0.48 and 0.35), and a chip
    box in a seat's bet zone after its hand withdrew is a bet (``DISCS``)."""
    return one_box_per_object(detections, DISCS)


def one_box_per_object(
    detections: Detections, group: tuple[str, ...], same: float = DUPLICATE_IOU
) -> Detections:
    """``detections`` less each box of the ``group``'s classes that overlaps a higher-scoring box of
    the group as a duplicate would (IoU over ``same``, or the near rule); other classes are untouched."""
    ids = [detections.names.index(c) for c in group if c in detections.names]
    members = np.flatnonzero(np.isin(detections.class_id, ids))
    if len(members) < 2:
        return detections
    boxes = detections.xyxy[members]
    iou, inside = box_iou(boxes, boxes), _inside_smaller(boxes)
    overlap = np.where((iou > NEAR_IOU) & (inside > INSIDE), 1.0, iou)  # 1.0: counts as a duplicate
    keep = np.ones(len(detections), dtype=bool)
    kept: list[int] = []  # positions in ``members``, best score first
    for j in sorted(range(len(members)), key=lambda j: -detections.confidence[members[j]]):
        if kept and overlap[j, kept].max() > same:
            keep[members[j]] = False
        else:
            kept.append(j)
    return detections if keep.all() else detections.select(keep)


def one_box_per_tabled_card(boxes: Sequence[Box], scores: Sequence[float], hole_cards: int) -> list[int]:
    """Which of a seat's face-up boxes are its tabled cards (indices, in order): while there are more
    boxes than the game deals, the lowest-scored box lying mostly (``COVERED``) under the others is a
    box of the cards around it, not a card. Seed + 30000 tiny_chip: seat 9 tabled two overlapping
    cards, boxed at 0.92 and 0.83, and a third box at 0.36 between them, 90% under the two: a hand of
    three cards, a false misdeal_too_late. A fanned hand whose middle card lies under its neighbours
    keeps it while the count is the game's."""
    keep = list(range(len(boxes)))
    while len(keep) > hole_cards:
        under = [i for i in keep if _share_under(boxes[i], [boxes[j] for j in keep if j != i]) >= COVERED]
        if not under:
            break
        keep.remove(min(under, key=lambda i: scores[i]))
    return keep


def _share_under(box: Box, others: Sequence[Box]) -> float:
    """The share of ``box`` that the union of ``others`` covers (on a pixel grid)."""
    x0, y0, x1, y1 = np.rint(box).astype(int)
    if x1 <= x0 or y1 <= y0:
        return 0.0
    covered = np.zeros((y1 - y0, x1 - x0), dtype=bool)
    for ox0, oy0, ox1, oy1 in np.rint(np.asarray(others, dtype=float)).astype(int):
        covered[max(0, oy0 - y0) : max(0, oy1 - y0), max(0, ox0 - x0) : max(0, ox1 - x0)] = True
    return float(covered.mean())


def _inside_smaller(boxes: np.ndarray) -> np.ndarray:
    """(n, n): the share of the smaller box of each pair that lies inside the other."""
    tl = np.maximum(boxes[:, None, :2], boxes[None, :, :2])
    br = np.minimum(boxes[:, None, 2:], boxes[None, :, 2:])
    inter = np.prod(np.clip(br - tl, 0, None), axis=2)
    area = np.prod(boxes[:, 2:] - boxes[:, :2], axis=1)
    return inter / (np.minimum(area[:, None], area[None, :]) + 1e-9)


__all__ = [
    "DUPLICATE_IOU",
    "one_box_per_card",
    "one_box_per_disc",
    "one_box_per_object",
    "one_box_per_tabled_card",
]

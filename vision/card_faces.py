"""Which way up a card lies, checked on its pixels: the detector's ``card_up`` verified before it counts.

A face-up card is mostly white paper (pips, indices and court pictures on a white ground); a card's
back is a printed pattern in one or two inks edge to edge, inside at most a thin white border. The
detector's face-up / face-down call is one of its weakest: on the seed + 2000 renders the shipped
detector called 230 of 1,230 face-down card boxes face up, mostly the same cards over many frames
(cards seen at a slant near the frame's edge), and one wrong ``card_up`` at a seat is an exposed card,
during the deal a misdeal that stops the hand. So a ``card_up`` box whose middle (the inner 60% each
way, clear of the border and of the felt a turned card's box corners hold) is less than ``MIN_WHITE``
white is taken as face down.

Measured with ``python -m datasets.eval_card_faces /work/data/h3/base`` (every 6th scenario, every
30th frame; the white share of the middle of each of the detector's card boxes, matched to the
renderer's cards):
- rendered video: of the detector's ``card_up`` boxes on face-down cards 94.3% fall below 0.08
  (95.7% below 0.10); of its ``card_up`` boxes on face-up cards none do, even below 0.10;
- real photos (edje_cards test, 143 face-up cards on their labelled boxes): 1 falls below 0.08 (an
  ace), 2 below 0.10.
``MIN_WHITE`` = 0.08: a face-up card taken for a back costs a missed exposure, a back taken for a
face-up card a false exposure or misdeal.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.detections import Detections

MIN_WHITE = 0.08  # share of white in a face-up card's middle below which it is taken as a back
INNER = 0.2  # of the box's width and height cut from each side before measuring
WHITE_MAX_SATURATION = 60
WHITE_MIN_VALUE = 150


def white_share(image: np.ndarray, box: np.ndarray | tuple[float, ...]) -> float | None:
    """Share of bright, unsaturated pixels in the middle of ``box`` (x1, y1, x2, y2 pixels of a BGR
    image); None when the middle is empty (a box too small or outside the image)."""
    h, w = image.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    bw, bh = x2 - x1, y2 - y1
    cx0, cx1 = int(max(x1 + INNER * bw, 0)), int(min(x2 - INNER * bw, w))
    cy0, cy1 = int(max(y1 + INNER * bh, 0)), int(min(y2 - INNER * bh, h))
    if cx1 - cx0 < 2 or cy1 - cy0 < 2:
        return None
    hsv = cv2.cvtColor(image[cy0:cy1, cx0:cx1], cv2.COLOR_BGR2HSV)
    white = (hsv[..., 1] < WHITE_MAX_SATURATION) & (hsv[..., 2] > WHITE_MIN_VALUE)
    return float(white.mean())


def verify_faces(image: np.ndarray, detections: Detections) -> Detections:
    """``detections`` with each ``card_up`` whose middle is not white enough turned to ``card_down``
    (same box, confidence and label). Unchanged when the detector has no such classes."""
    names = detections.names
    if "card_up" not in names or "card_down" not in names:
        return detections
    up, down = names.index("card_up"), names.index("card_down")
    rows = np.flatnonzero(detections.class_id == up)
    backs = [
        i for i in rows if (share := white_share(image, detections.xyxy[i])) is not None and share < MIN_WHITE
    ]
    if not backs:
        return detections
    class_id = detections.class_id.copy()
    class_id[backs] = down
    return replace(detections, class_id=class_id)


__all__ = ["MIN_WHITE", "verify_faces", "white_share"]

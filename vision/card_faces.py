"""Which way up a card lies, checked on its pixels: the detector's ``card_up`` verified before it counts.

A face-up card is mostly white paper (pips, indices and court pictures on a white ground); a card's
back is a printed pattern in one or two inks edge to edge, inside at most a thin white border. The
detector's face-up / face-down call is one of its weakest: on the seed + 2000 renders the shipped
detector called 230 of 1,230 face-down card boxes face up, mostly the same cards over many frames
(cards seen at a slant near the frame's edge), and one wrong ``card_up`` at a seat is an exposed card,
during the deal a misdeal that stops the hand. So a ``card_up`` box whose ring (from 12% to 30% in from
each side: clear of a back's thin border and of the felt a turned card's box corners hold, and clear of
the middle) is less than ``MIN_WHITE`` white is taken as face down. The middle is left out because some
backs print a white logo there: the seed + 10000 table's green backs, with a white ring and logo
mid-card, were 15% white in the middle and were called face up in 57 false card_exposed alerts.

Measured with ``python -m datasets.eval_card_faces DIR`` (every 6th scenario, every 30th frame; the
white share of each of the detector's card boxes, matched to the renderer's cards), at 0.25, before
other cards' boxes were left out of the ring:
- seed + 2000 video: all 114 of the detector's ``card_up`` boxes on face-down cards fall below it, and
  1 of the 722 on face-up cards;
- seed + 9000 video: all 37 on face-down cards, none of 718 on face-up cards;
- seed + 10000 video (green backs with a white logo): all 181 ``card_up`` boxes on face-down cards
  fall below it (at 0.20: 99.4%; the middle's share at 0.08: 17%), and none of 709 on face-up cards;
- real photos (edje_cards test, 143 face-up cards on their labelled boxes): 2 fall below it (as at
  0.20; with the middle's share at 0.08: 1).
It was 0.20 until a seed + 10000 back at seat 1, a small card with its white rim inside the ring, read
0.20 on the detector's box and 0.16 on that box rounded to whole pixels: a false exposure just before
the flop (premature_flop). It is 0.30, and the ring is read where other card boxes leave it in view,
since seed + 41000 out_of_turn: a back half under its neighbour read 0.27-0.36 with the neighbour's
white border in its ring, 0.25 without it on the frame tested (an exposed card during the deal, and
another as the hand acted).
Measured so (every 3rd scenario): seed + 2000 video, all 194 ``card_up`` boxes on backs fall below
0.30 (0.99 below 0.25), none of 1,408 on faces (3 below 0.35); seed + 41000, all 36 on backs (0.94
before the overlap was left out), none of 1,403 on faces; real photos, 1 of 143 at 0.30 (4 at 0.35).
A face-up card taken for a back costs a missed exposure, a back taken for a face-up card a false
exposure or misdeal.
On the board the bar is ``BOARD_MIN_WHITE``: a small ten or court card's ring is mostly pips or
picture (seed + 53000's flop Th Qh 2d: the Th 0.09-0.13 white, the Qh 0.27, both called ``card_up``
by the detector at 0.95 and 0.75; taken for backs, the flop was one card, its taps went unread, and
the turn and river came "early"), while the only backs there, a flop spread face down before it is
turned, show no white paper at all. Measured with ``python -m datasets.eval_card_faces RENDERS
--every 2 --frames-every 15``: seed + 53000, of 3,385 face-up card boxes on the board 5% read under
0.30 and none under 0.05; the 21 boxes on face-down board cards the detector called face up all read
under 0.05. Seed + 2000: 3,391 faces on the board, none under 0.35; 92 backs there called face up,
all under 0.05. Off the board such backs read up to 0.30. The bar is 0.07, not 0.05: seed + 52000's
green backs, a flop spread face down, read up to 0.052 on the board (clean_exact_calls-s52000: one
called face up at 0.85 a moment before the flop was turned, the flop seen in two pieces); faces read
from 0.056 (three boxes of 168 under 0.30 there were under 0.07; the Th above reads 0.09-0.13).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace

import cv2
import numpy as np

from vision.detections import Detections, share_covered

MIN_WHITE = 0.30  # share of white in a face-up card's ring below which it is taken as a back
BOARD_MIN_WHITE = 0.07  # ... on the board, where the only backs are a flop spread face down
SEEN_RING = 0.3  # the least share of the ring left in view by other cards' boxes that is read
TWICE = 0.5  # another card box covering this share of one is the same card boxed twice, not a neighbour
FLIGHT_WHITE = 0.4  # share of white in a ``card_down`` box's ring over which it may be a face-up blur
WHITE_RING = "white_ring"  # the label such a box gets (``verify_faces``)
OUTER = 0.12  # the ring's outer edge, as a share of the box's width and height in from each side
INNER = 0.3  # its inner edge: the middle inside it (a back's logo, a court card's picture) is not read
WHITE_MAX_SATURATION = 60
WHITE_MIN_VALUE = 150
LIGHT_SHARE = 0.002  # the brightest pixels of a frame, whose colour is taken for the light's
MAX_GAIN = 2.0  # the most a colour channel is raised to make the light white
CLIPPED = 250  # a channel this bright may be cut off by the sensor: such a pixel's colour is not the light's


def light_gains(image: np.ndarray) -> np.ndarray:
    """Per-channel (BGR) gains that make the frame's brightest pixels grey: the colour of the light
    over the table, which tints white paper (under seed + 11000's warm lamps a face-up card read
    B 150, G 163, R 222, too saturated to count as white). The brightest pixels of a table are its
    white things (face-up cards, white chips, printed lines); on a frame without any, the gains are
    those of whatever is brightest, at most ``MAX_GAIN``.

    Pixels with a channel at ``CLIPPED`` or more, and their neighbours, are left out: where the light
    is strongest white paper saturates, and reads white whatever the light's colour. Under seed +
    56000's warm lamps the board's cards, in the middle of the pool, read (255, 255, 255), so the light
    read white (gains 1.03); a seat's face-up cards at the table's edge, out of the pool, read B 178,
    G 207, R 246, and 35% of face-up cards off the board were taken for backs: two tabled hands went
    unseen, two false all_in_not_tabled. Left out, the light reads from the paper that is not cut
    off (``python -m datasets.eval_card_faces``, the module docstring)."""
    h, w = image.shape[:2]
    pixels = cv2.resize(image, ((w + 3) // 4, (h + 3) // 4), interpolation=cv2.INTER_NEAREST)  # every 4th
    b, g, r = cv2.split(pixels)
    brightness = cv2.add(cv2.add(b, g, dtype=cv2.CV_16U), r, dtype=cv2.CV_16U)
    top = cv2.max(cv2.max(b, g), r)
    clipped = cv2.dilate((top >= CLIPPED).astype(np.uint8), np.ones((3, 3), np.uint8))
    if cv2.countNonZero(clipped) < clipped.size:
        brightness[clipped > 0] = 0
    k = max(1, int(brightness.size * LIGHT_SHARE))
    light = pixels.reshape(-1, 3)[np.argpartition(brightness.ravel(), -k)[-k:]].mean(axis=0)
    return np.clip(light.max() / np.maximum(light, 1.0), 1.0, MAX_GAIN)


class LightMeter:
    """The light over one camera's table, from its frames: of the last ``window`` frames' readings
    (``light_gains``), the one that needs the least correction. The light does not change from frame
    to frame, but what is brightest in a frame does: before the board is out, the brightest thing on
    the seed + 2000 table was the white border of its red backs, tinted pink (gains 1.3, which let
    5% of backs called face up pass for faces), and once a face-up card or a white chip shows,
    1.1. Under seed + 11000's warm lamp no frame reads under 1.23."""

    def __init__(self, window: int = 3000) -> None:
        self.window = window
        self.seen = 0
        # (frame number, gains), the least correction first: each reading after it needs more
        self._least: deque[tuple[int, np.ndarray]] = deque()

    def __call__(self, image: np.ndarray) -> np.ndarray:
        """Read ``image``; the gains for it (``white_share``'s ``gains``)."""
        gains = light_gains(image)
        while self._least and self._least[-1][1].max() >= gains.max():
            self._least.pop()
        self._least.append((self.seen, gains))
        if self._least[0][0] <= self.seen - self.window:
            self._least.popleft()
        self.seen += 1
        return self._least[0][1]


def white_share(
    image: np.ndarray,
    box: np.ndarray | tuple[float, ...],
    gains: np.ndarray | None = None,
    others: Sequence[np.ndarray | tuple[float, ...]] = (),
) -> float | None:
    """Share of bright, unsaturated pixels in the ring of ``box`` (x1, y1, x2, y2 pixels of a BGR
    image) between ``OUTER`` and ``INNER``, with the colours multiplied by ``gains`` first (the
    light's, ``light_gains``), leaving out where ``others`` (other cards' boxes) overlap it; None when
    the ring is empty (a box too small or outside the image) or ``others`` hide most of it."""
    h, w = image.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    bw, bh = x2 - x1, y2 - y1
    ox0, ox1 = int(max(x1 + OUTER * bw, 0)), int(min(x2 - OUTER * bw, w))
    oy0, oy1 = int(max(y1 + OUTER * bh, 0)), int(min(y2 - OUTER * bh, h))
    if ox1 - ox0 < 3 or oy1 - oy0 < 3:
        return None
    crop = image[oy0:oy1, ox0:ox1]
    if gains is not None:
        crop = np.clip(crop.astype(np.float32) * gains, 0, 255).astype(np.uint8)
    hsv = cv2.cvtColor(crop, cv2.COLOR_BGR2HSV)
    white = (hsv[..., 1] < WHITE_MAX_SATURATION) & (hsv[..., 2] > WHITE_MIN_VALUE)
    ring = np.ones(white.shape, bool)
    ix0, ix1 = int(x1 + INNER * bw) - ox0, int(x2 - INNER * bw) - ox0
    iy0, iy1 = int(y1 + INNER * bh) - oy0, int(y2 - INNER * bh) - oy0
    ring[max(iy0, 0) : max(iy1, 0), max(ix0, 0) : max(ix1, 0)] = False
    whole = int(ring.sum())
    for other in others:
        a0, b0, a1, b1 = (int(v) for v in other)
        ring[max(b0 - oy0, 0) : max(b1 - oy0, 0), max(a0 - ox0, 0) : max(a1 - ox0, 0)] = False
    seen = int(ring.sum())
    return float(white[ring].mean()) if seen and seen >= SEEN_RING * whole else None


def verify_faces(
    image: np.ndarray,
    detections: Detections,
    gains: np.ndarray | None = None,
    on_board: Callable[[float, float], bool] | None = None,
) -> Detections:
    """``detections`` with each ``card_up`` whose middle is not white enough turned to ``card_down``
    (same box, confidence and label), its colours corrected by ``gains`` (a camera's ``LightMeter``;
    None: this frame's own ``light_gains``); a card whose middle ``on_board`` says lies on the board
    needs only ``BOARD_MIN_WHITE``. Unchanged when the detector has no such classes.

    The other way round the check is not trusted to turn a card over, but a ``card_down`` whose ring is
    over ``FLIGHT_WHITE`` white is labelled ``WHITE_RING``: a card flying face up off the deck, blurred,
    is often boxed face down (seed + 25000 misdeal_boxed_cards: the boxed card, 0.43 and 0.35 white in
    flight, was seen face up only at the seat, and its landing was taken for an exposure, a misdeal).
    ``vision.deal`` takes such a box near the deck for a card leaving it face up. Measured on nine
    renders' deals (every other frame), of 673 loose boxes on backs none was over 0.33 white, of 7,026
    at the seats none over 0.40; 2 of 9 loose face-up cards boxed face down were over 0.4."""
    names = detections.names
    if "card_up" not in names or "card_down" not in names:
        return detections
    up, down = names.index("card_up"), names.index("card_down")
    rows = np.flatnonzero(detections.class_id == up)
    downs = np.flatnonzero(detections.class_id == down)
    if not len(rows) and not len(downs):
        return detections
    if gains is None:
        gains = light_gains(image)
    cards = np.concatenate([rows, downs])
    backs = []
    for i in rows:
        box = detections.xyxy[i]
        share = white_share(image, box, gains, beside(detections.xyxy, int(i), cards))
        if share is None or share >= MIN_WHITE:
            continue
        if (
            share < BOARD_MIN_WHITE
            or on_board is None
            or not on_board((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
        ):
            backs.append(i)
    white = [
        i
        for i in downs
        if (share := white_share(image, detections.xyxy[i], gains)) is not None and share > FLIGHT_WHITE
    ]
    if not backs and not white:
        return detections
    class_id, label = detections.class_id.copy(), detections.label.copy()
    class_id[backs] = down
    label[white] = WHITE_RING
    return replace(detections, class_id=class_id, label=label)


def beside(boxes: np.ndarray, i: int, cards: np.ndarray) -> list[np.ndarray]:
    """The other card boxes overlapping box ``i`` without covering most of it (a card boxed twice):
    a neighbour's white border in a back's ring read as a face (seed + 41000 out_of_turn: seat 5's
    first card, its right third under the second's border, was 0.27-0.36 white, an exposed card
    during the deal and another as the hand acted)."""
    return [boxes[j] for j in cards if j != i and 0 < share_covered(boxes[i], boxes[j]) < TWICE]


__all__ = [
    "BOARD_MIN_WHITE",
    "FLIGHT_WHITE",
    "MIN_WHITE",
    "WHITE_RING",
    "LightMeter",
    "light_gains",
    "verify_faces",
    "white_share",
]

"""A closer look at the bet zones, where a bet's chips lie small and alone on the felt.

Fed a 1280x720 frame at 640, the detector sees a chip about 8 px across. In a stack on the rail it
is found among its neighbours; alone in a bet zone, on a felt or a printed line of its own colours,
it is often not. On the blind renders of seed + 10000 (blue felt with a white betting line, black
100 chips) the whole-frame call found 82% of the chips lying in bet zones; a look at each bet zone at
twice that scale found 99% (`python -m datasets.eval_close_look`). A missed chip is a missed call or
bet: the seat reads as checking, the rules engine waits on it, and every seat after it is out of turn.

``CloseLook`` crops each bet zone's box, grown by ``PAD`` of the frame's long side (chips pushed in
spill past the lines), and detects in all of them in one batch at ``zoom`` times the whole-frame
scale. Inside a box, less ``EDGE`` pixels at its sides, the close look's chips stand instead of the
whole-frame call's; a chip reaching into that strip may have been cut by the crop, and is the
whole-frame call's. Where two boxes overlap, a chip both looks found is one (``one_box_per_disc``
runs after). Close up, the detector often boxes the dealer button (or a card protector) twice: as
itself and as a chip, either scoring higher (seed + 2000 clock_countdown: button 0.76, chip 0.56; a
clean_protector_and_peek: chip 0.86, button 0.57). A close-look chip boxed as another round
thing too (IoU >= ``TWIN_IOU``), by the same look from ``TWIN_SCORE`` or by the whole frame, is
that thing and no chip: a chip is never put down on the button.

A box whose pixels have not changed since its last look (the largest change in a grey thumbnail at
most ``MAX_CHANGE``) keeps that look's chips without running the detector again: most of the time
nothing moves in a bet zone, and the close look costs one thumbnail per zone.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import cv2
import numpy as np

from vision.camera_config import ZoneKind
from vision.card_boxes import DISCS
from vision.detections import Detections, box_iou
from vision.table import TableGeometry

PAD = 0.02  # of the frame's long side, round each bet zone's box
EDGE = 4.0  # pixels: a chip this near a side of the box (not the frame's) may be cut; the whole frame has it
THUMB = 24  # the grey thumbnail's long side
MAX_CHANGE = 14.0  # grey levels: a thumbnail pixel changed by more means the box must be looked at again
TWIN_IOU = 0.5  # a chip box overlapping a button's or protector's this much is that thing boxed twice
TWIN_SCORE = 0.1  # the close look's own button or protector boxes count from this score
OTHER_DISCS = tuple(d for d in DISCS if d != "chip")


class PartDetector(Protocol):
    def detect_parts(self, frame: np.ndarray, boxes: np.ndarray, zoom: float) -> list[Detections]: ...


class CloseLook:
    """The bet zones of ``geometry`` looked at ``zoom`` times closer (see the module docstring)."""

    def __init__(self, detector: PartDetector, geometry: TableGeometry, zoom: float, conf: float) -> None:
        self.detector = detector
        self.zoom = zoom
        self.conf = conf
        h, w = geometry.height, geometry.width
        pad = PAD * max(h, w)
        boxes = []
        for zone in geometry.zones:
            if zone.kind is not ZoneKind.BET:
                continue
            p = zone.polygon.reshape(-1, 2)
            x0, y0 = max(0.0, float(p[:, 0].min()) - pad), max(0.0, float(p[:, 1].min()) - pad)
            x1, y1 = min(float(w), float(p[:, 0].max()) + pad), min(float(h), float(p[:, 1].max()) + pad)
            if x1 - x0 >= 2 and y1 - y0 >= 2:
                boxes.append((round(x0), round(y0), round(x1), round(y1)))
        self.boxes = np.array(boxes, np.float32).reshape(-1, 4)
        self.frame_hw = (h, w)
        self._thumbs: list[np.ndarray | None] = [None] * len(self.boxes)
        self._chips: list[Detections | None] = [None] * len(self.boxes)
        self.looks = 0  # boxes looked at again (detector runs on a part)
        self.kept = 0  # boxes whose last look stood because nothing there changed

    def __call__(self, image: np.ndarray, dets: Detections) -> Detections:
        """``dets`` (the whole-frame call's, or merged) with the chips inside each bet zone's box
        replaced by the close look's."""
        if len(self.boxes) == 0:
            return dets
        thumbs = [self._thumb(image, box) for box in self.boxes]
        stale = [i for i, t in enumerate(thumbs) if self._changed(i, t)]
        if stale:
            found = self.detector.detect_parts(image, self.boxes[stale], self.zoom)
            for i, d in zip(stale, found, strict=True):
                self._thumbs[i] = thumbs[i]
                self._chips[i] = self._chips_inside(d, self.boxes[i])
        self.looks += len(stale)
        self.kept += len(self.boxes) - len(stale)
        chip = dets.of_class("chip")
        replaced = np.zeros(len(dets), bool)
        for box in self.boxes:
            replaced |= chip & _within(dets.xyxy, box, self.frame_hw)
        others = dets.select(_of(dets, OTHER_DISCS))
        found = [_not_twins(c, others) for c in self._chips if c is not None]
        return _joined(dets.select(~replaced), found)

    def _changed(self, i: int, thumb: np.ndarray) -> bool:
        last = self._thumbs[i]
        return last is None or last.shape != thumb.shape or float(np.abs(thumb - last).max()) > MAX_CHANGE

    def _chips_inside(self, found: Detections, box: np.ndarray) -> Detections:
        others = found.select(_of(found, OTHER_DISCS) & (found.confidence >= TWIN_SCORE))
        keep = found.of_class("chip") & (found.confidence >= self.conf)
        return _not_twins(found.select(keep & _within(found.xyxy, box, self.frame_hw)), others)

    @staticmethod
    def _thumb(image: np.ndarray, box: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = box.astype(int)
        crop = image[y0:y1, x0:x1]
        s = THUMB / max(crop.shape[:2])
        size = (max(1, round(crop.shape[1] * s)), max(1, round(crop.shape[0] * s)))
        small = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
        return (cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small).astype(np.float32)


def _of(dets: Detections, names: tuple[str, ...]) -> np.ndarray:
    mask = np.zeros(len(dets), bool)
    for name in names:
        mask |= dets.of_class(name)
    return mask


def _not_twins(chips: Detections, others: Detections) -> Detections:
    """``chips`` less those boxed as one of ``others`` too."""
    if not len(chips) or not len(others):
        return chips
    return chips.select(box_iou(chips.xyxy, others.xyxy).max(axis=1) < TWIN_IOU)


def _inner(box: np.ndarray, frame_hw: tuple[int, int]) -> tuple[float, float, float, float]:
    """The box less ``EDGE`` at each side that is not the frame's edge."""
    h, w = frame_hw
    x0, y0, x1, y1 = (float(v) for v in box)
    return (
        x0 + EDGE if x0 > 0 else x0,
        y0 + EDGE if y0 > 0 else y0,
        x1 - EDGE if x1 < w else x1,
        y1 - EDGE if y1 < h else y1,
    )


def _within(xyxy: np.ndarray, box: np.ndarray, frame_hw: tuple[int, int]) -> np.ndarray:
    """(n,) bool: boxes wholly inside the box's inner part."""
    x0, y0, x1, y1 = _inner(box, frame_hw)
    return (xyxy[:, 0] >= x0) & (xyxy[:, 1] >= y0) & (xyxy[:, 2] <= x1) & (xyxy[:, 3] <= y1)


def _joined(first: Detections, more: Sequence[Detections]) -> Detections:
    out = first
    for d in more:
        out = Detections.joined(out, d)
    return out

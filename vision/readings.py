"""Reuse a card's or chip's reading while it sits still.

Reading a face-up card (rectify + classify) and a chip's colour costs about as much per frame as
the detector itself once a board and a few stacks are out, yet almost every object on a poker table
is at rest between actions. ``StillReadings`` remembers the last frame's readings with a small grey
thumbnail of each box; a new detection of the same class whose box overlaps a remembered one
(IoU >= ``min_iou``, no side moved by more than 2 px or 3%) and whose thumbnail has not changed
(mean absolute grey difference <= ``max_change``) takes the remembered label and value and is not
read again. A card turned over, a chip swapped for another colour, a stack grown by a chip, or
anything moved reads afresh, and so does anything whose last reading was a non-answer
("unreadable", "unknown") once it has been reused ``retry_after`` times: a card first seen blurred
in the pitch gets another try soon after it lands, without paying for a read of every unreadable
card on every frame.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.detections import Detections, box_iou

THUMB = 8  # thumbnail side, pixels
NON_ANSWERS = frozenset({"unreadable", "unknown", ""})  # readings always worth another try


def thumbnails(image: np.ndarray, xyxy: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """(n, THUMB, THUMB) float32 grey thumbnails of the boxes in ``rows`` ((n,) bool); zeros for the
    others and for a box under 2 px."""
    h, w = image.shape[:2]
    out = np.zeros((len(xyxy), THUMB, THUMB), np.float32)
    for i in np.flatnonzero(rows):
        x0, y0, x1, y1 = xyxy[i]
        a, b = max(0, int(x0)), min(w, int(np.ceil(x1)))
        c, d = max(0, int(y0)), min(h, int(np.ceil(y1)))
        if b - a < 2 or d - c < 2:
            continue
        crop = cv2.resize(image[c:d, a:b], (THUMB, THUMB), interpolation=cv2.INTER_AREA)
        out[i] = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY) if crop.ndim == 3 else crop
    return out


def _same_box(a: np.ndarray, b: np.ndarray) -> bool:
    """No side moved more than 2 px or 3% of the box: a stack seen from the side that grew by one
    chip has moved its top edge by more than that, and must be counted again."""
    size = float(max(a[2] - a[0], a[3] - a[1]))
    return float(np.abs(a - b).max()) <= max(2.0, 0.03 * size)


class StillReadings:
    """Remembered readings of the classes in ``classes`` (see the module docstring)."""

    def __init__(
        self,
        classes: tuple[str, ...],
        min_iou: float = 0.85,
        max_change: float = 6.0,
        retry_after: int = 10,
    ):
        self.classes = classes
        self.retry_after = retry_after
        self.min_iou = min_iou
        self.max_change = max_change
        self._last: Detections | None = None
        self._thumbs = np.zeros((0, THUMB, THUMB), np.float32)
        self._ages = np.zeros(0, np.int64)  # times each remembered reading has been reused
        self._pending_thumbs = self._thumbs  # the thumbnails of the rows ``recall`` saw last
        self._pending_ages = self._ages
        self.reused = 0  # readings taken from memory so far
        self.read = 0  # readings that had to be made

    def recall(self, image: np.ndarray, dets: Detections) -> tuple[Detections, np.ndarray]:
        """``dets`` with remembered labels and values filled in, and the (n,) bool mask of rows that
        still need reading (rows of other classes are never marked)."""
        todo = np.zeros(len(dets), bool)
        for name in self.classes:
            todo |= dets.of_class(name)
        candidates = int(todo.sum())
        thumbs = thumbnails(image, dets.xyxy, todo)
        labels, values = dets.label.copy(), dets.value.copy()
        ages = np.zeros(len(dets), np.int64)
        last = self._last
        if last is not None and len(last) and todo.any():
            iou = box_iou(dets.xyxy, last.xyxy)
            same_class = dets.class_id[:, None] == last.class_id[None, :]
            iou = np.where(same_class, iou, 0.0)
            for i in np.flatnonzero(todo):
                j = int(np.argmax(iou[i]))
                if iou[i, j] < self.min_iou or not _same_box(dets.xyxy[i], last.xyxy[j]):
                    continue
                if last.label[j] in NON_ANSWERS and self._ages[j] >= self.retry_after:
                    continue
                if float(np.abs(thumbs[i] - self._thumbs[j]).mean()) > self.max_change:
                    continue
                labels[i], values[i], todo[i] = last.label[j], last.value[j], False
                ages[i] = self._ages[j] + 1
        self._pending_thumbs, self._pending_ages = thumbs, ages
        n_todo = int(todo.sum())
        self.read += n_todo
        self.reused += candidates - n_todo
        return replace(dets, label=labels, value=values), todo

    def remember(self, dets: Detections) -> None:
        """Keep the fully read ``dets`` (the same rows ``recall`` was given) for the next frame."""
        self._last = dets
        self._thumbs, self._ages = self._pending_thumbs, self._pending_ages

"""What a drink, phone or protector box holds: a capped drink, an open one, a phone, a card protector,
or none of these.

House rules differ on drinks (Bluff Street allows one capped bottle, no open drink; the TDA sets no
limit), and from above the two look alike to the detector, which has one ``drink`` class. A capped
bottle shows its cap over a narrower neck (or a can its lid and tab); an open cup or glass shows a rim
round a disc of liquid. The detector also mistakes these objects for one another, and hands and chip
stacks for them, at low scores: a face-down phone boxed as a drink at 0.30-0.39 for four seconds (seed
+ 15000 foreign_object_phone), a hand over its stack boxed as a capped drink (seed + 2000
prior_chips_combined). ``DrinkReader`` runs a small ONNX classifier (``models/drink_classifier.onnx``,
trained by ``datasets.train.drinks``) on a square crop round each box of the classes in ``OBJECTS``;
below its confidence threshold the answer is ``"unknown"``, never a guess. The reading goes in the
box's ``label``; ``vision.foreign`` takes a track's majority of sure readings while it lies still, and
that, not the detector's class, says what was put down. A chip box whose value the chip reader could
not read is read too, and one read surely as a protector is marked so (its label ``"card_protector"``):
the detector boxes a protector pushed out as a bet as a chip, and its value as an unreadable one (seed
+ 16000 non_value_item: read 0.92-0.97 as a protector in every call; the bet of a non-value item was
missed). ``vision.table.build_scene`` makes it a protector in the table scene.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cards import crops_to_tensor
from vision.detections import Detections
from vision.detector import ModelError, open_classifier

DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "drink_classifier.onnx"
CROP_PX = 32  # the classifier's square input side
MARGIN = 1.3  # the crop's side over the box's longer side: the rim and cap with a little felt round them
UNKNOWN = "unknown"
OBJECTS = ("drink", "phone", "card_protector")  # the detector's classes whose boxes are read
READINGS = ("capped", "open", "phone", "card_protector", "none")  # what a box may hold
PROTECTOR = "card_protector"  # the reading that makes an unread chip box a protector


def drink_crops(image: np.ndarray, xyxy: np.ndarray, size: int = CROP_PX) -> np.ndarray:
    """(n, size, size, 3) uint8 BGR: a square of ``MARGIN`` times each box's longer side round its
    centre, the frame's edge repeated where the square leaves the frame."""
    out = np.zeros((len(xyxy), size, size, 3), np.uint8)
    for i, (x0, y0, x1, y1) in enumerate(np.asarray(xyxy, np.float64)):
        side = max(x1 - x0, y1 - y0, 2.0) * MARGIN
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        scale = size / side
        warp = np.array([[scale, 0, size / 2 - cx * scale], [0, scale, size / 2 - cy * scale]], np.float64)
        out[i] = cv2.warpAffine(
            image, warp, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
        )
    return out


class DrinkReader:
    """Reads drinks with the drink classifier: input (n, 3, S, S) float32 RGB 0..1, output ``probs``
    (n, len(classes)); the classes, the input side and the default threshold come from its metadata."""

    def __init__(
        self,
        path: Path | str = DEFAULT_MODEL,
        threshold: float | None = None,
        providers: tuple[str, ...] | None = None,
        threads: int = 2,
    ) -> None:
        path = Path(path)
        self.session, meta = open_classifier(
            path, "drink classifier", "railbird train drinks", providers, threads
        )
        try:
            self.classes: tuple[str, ...] = tuple(ast.literal_eval(meta["classes"]))
            self.size = int(meta["imgsz"])
            self.threshold = float(meta["threshold"]) if threshold is None else threshold
        except (KeyError, ValueError, SyntaxError):
            raise ModelError(
                f"{path}: not a drink classifier (metadata needs classes, imgsz and threshold; "
                "train one with `railbird train drinks`)"
            ) from None
        if set(self.classes) != set(READINGS):
            raise ModelError(
                f"{path}: drink classifier classes {self.classes}, expected {', '.join(READINGS)} "
                "(an older capped-or-open model: train a new one with `railbird train drinks`)"
            )
        self.input = self.session.get_inputs()[0].name
        self.probs(np.zeros((1, self.size, self.size, 3), np.uint8))  # warm-up

    def probs(self, crops: np.ndarray) -> np.ndarray:
        """(n, len(classes)) probabilities for (n, S, S, 3) uint8 BGR crops."""
        if not len(crops):
            return np.zeros((0, len(self.classes)), np.float32)
        out: np.ndarray = self.session.run(None, {self.input: crops_to_tensor(crops)})[0]
        return out

    def read(self, image: np.ndarray, xyxy: np.ndarray) -> list[tuple[str, float]]:
        """(class or ``"unknown"``, confidence) for each box."""
        p = self.probs(drink_crops(image, xyxy, self.size))
        best = p.argmax(axis=1) if len(p) else np.zeros(0, np.int64)
        return [
            (self.classes[k] if p[i, k] >= self.threshold else UNKNOWN, float(p[i, k]))
            for i, k in enumerate(best)
        ]

    def label(self, image: np.ndarray, dets: Detections, only: np.ndarray | None = None) -> Detections:
        """``dets`` with each drink, phone and protector box's reading in ``label``, and
        ``"card_protector"`` in that of each unread chip box read surely as one (only the rows ``only``
        marks, if given)."""
        rows = np.zeros(len(dets), bool)
        for name in OBJECTS:
            rows |= dets.of_class(name)
        unread_chips = dets.of_class("chip") & (dets.label == UNKNOWN)
        rows |= unread_chips
        if only is not None:
            rows &= only
        if not rows.any():
            return dets
        labels = dets.label.copy()
        idx = np.flatnonzero(rows)
        for i, (name, _) in zip(idx, self.read(image, dets.xyxy[idx]), strict=True):
            if not unread_chips[i] or name == PROTECTOR:
                labels[i] = name
        return replace(dets, label=labels)

"""Card identity: read rank and suit from each face-up card's index corners.

The corners are cut by ``vision.card_crops`` (the card's outline found in its box, both index
corners cut upright). ``CardReader`` runs the small ONNX classifier (``models/card_classifier.onnx``)
on the corners of all cards of a frame in one call and keeps the better corner; below its confidence
threshold, or when the two corners confidently disagree, the answer is ``"unreadable"``, never a
guess.
"""

from __future__ import annotations

import ast
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from vision.card_crops import CROP_SIZE, index_crops
from vision.detections import Detections
from vision.detector import ModelError, open_classifier

UNREADABLE = "unreadable"
DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "card_classifier.onnx"
SECOND_LOOK_THRESHOLD = 0.7  # the surest corner of a second look must reach this
# A card whose box's short side is under MIN_READ_PX is not read at all. On rendered overhead video
# (720p: a card about 25 px wide, its index about 5 px tall) the classifier's answers on 21-26 px
# cards were wrong 33-49% of the time, at the same confidences as its right answers; on 27-41 px
# cards 78 of 87 were right (``python -m datasets.eval_card_sizes``, docs/card_sizes.json). Too small
# is "unreadable", never a guess, and costs no model call.
MIN_READ_PX = 27.0
CONFLICT_RATIO = 0.8  # a different card read this nearly as surely as the best makes the card unreadable


# ---------------------------------------------------------------------------------------- reader


def crops_to_tensor(crops: np.ndarray) -> np.ndarray:
    """(n, h, w, 3) uint8 BGR -> (n, 3, h, w) float32 RGB 0..1, the classifier's input."""
    return np.ascontiguousarray(crops[..., ::-1].transpose(0, 3, 1, 2), dtype=np.float32) / 255.0


@dataclass(frozen=True, slots=True)
class CornerReading:
    """What the classifier made of one corner: the best card, its probability and P(no index)."""

    card: str
    confidence: float
    p_none: float


class CardReader:
    """Reads face-up cards with ``models/card_classifier.onnx``.

    The model takes (n, 3, 48, 32) float32 RGB 0..1 corner crops and gives ``rank`` (n, 14)
    probabilities (13 ranks "23456789TJQKA" and "none": no index there) and ``suit`` (n, 4) ("shdc");
    the class lists, input size and default threshold come from the model's metadata.
    """

    def __init__(
        self,
        path: Path | str = DEFAULT_MODEL,
        threshold: float | None = None,
        providers: tuple[str, ...] | None = None,
        threads: int = 2,
    ) -> None:
        path = Path(path)
        self.session, meta = open_classifier(
            path, "card classifier", "python -m datasets.train.cards", providers, threads
        )
        try:
            self.ranks: tuple[str, ...] = tuple(ast.literal_eval(meta["ranks"]))
            self.suits: tuple[str, ...] = tuple(ast.literal_eval(meta["suits"]))
            size = tuple(ast.literal_eval(meta["imgsz"]))  # (h, w)
        except (KeyError, ValueError, SyntaxError):
            raise ModelError(
                f"{path}: no 'ranks', 'suits' and 'imgsz' in the model metadata "
                "(export it with datasets.train.cards.export_onnx)"
            ) from None
        if size != (CROP_SIZE[1], CROP_SIZE[0]) or self.ranks[-1] != "none":
            raise ModelError(f"{path}: input {size} or ranks {self.ranks} do not match this reader's crops")
        self.threshold = float(meta.get("threshold", 0.5)) if threshold is None else threshold
        self.min_read_px = MIN_READ_PX  # smaller cards are unreadable without a look
        self.second_look = True  # off in video, where the next frame gives the card another look
        self.input_name = self.session.get_inputs()[0].name
        self.path = path
        self.times: dict[str, float] = {"read": 0.0}  # milliseconds of the last read_many
        self.classify(np.zeros((2, CROP_SIZE[1], CROP_SIZE[0], 3), np.uint8))  # warm-up

    def classify(self, crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(n, 48, 32, 3) uint8 BGR crops -> rank (n, 14) and suit (n, 4) probabilities, one call."""
        if len(crops) == 0:
            return np.zeros((0, len(self.ranks)), np.float32), np.zeros((0, len(self.suits)), np.float32)
        rank, suit = self.session.run(["rank", "suit"], {self.input_name: crops_to_tensor(crops)})
        return rank, suit

    def corner_readings(self, rank: np.ndarray, suit: np.ndarray) -> list[CornerReading]:
        """The best card per crop from the two heads' probabilities."""
        out = []
        for pr, ps in zip(rank, suit, strict=True):
            r, s = int(np.argmax(pr[:-1])), int(np.argmax(ps))
            out.append(CornerReading(self.ranks[r] + self.suits[s], float(pr[r] * ps[s]), float(pr[-1])))
        return out

    def decide(self, corners: list[CornerReading], second_look: bool = False) -> tuple[str, float]:
        """One card from its corners: the surest reading, unless it is below the threshold (a
        stricter one, ``SECOND_LOOK_THRESHOLD``, after a second look: many more candidates give a
        wrong corner more chances) or another corner reads a different card nearly as surely (above
        the threshold and at least ``CONFLICT_RATIO`` of the best): then no reading is trusted."""
        if not corners:
            return UNREADABLE, 0.0
        threshold = max(self.threshold, SECOND_LOOK_THRESHOLD) if second_look else self.threshold
        best = max(corners, key=lambda c: c.confidence)
        if best.confidence < threshold:
            return UNREADABLE, best.confidence
        rival = max(threshold, CONFLICT_RATIO * best.confidence)
        if any(c.card != best.card and c.confidence >= rival for c in corners):
            return UNREADABLE, best.confidence
        return best.card, best.confidence

    def read_many(self, image: np.ndarray, boxes: np.ndarray) -> list[tuple[str, float]]:
        """Each card in ``boxes`` ((n, 4) xyxy pixels of ``image``, BGR uint8) as ("As" or
        "unreadable", confidence 0..1). All first-look corners of the frame go through the model in
        one call; cards that came out unreadable get a second look with every candidate corner at
        several index sizes (``index_crops(second_look=True)``) in one more call."""
        t0 = time.perf_counter()
        boxes = np.asarray(boxes, np.float32).reshape(-1, 4)
        per_card: list[list[CornerReading]] = [[] for _ in range(len(boxes))]
        sides = np.minimum(boxes[:, 2] - boxes[:, 0], boxes[:, 3] - boxes[:, 1])
        self._look(image, boxes, np.flatnonzero(sides >= self.min_read_px), per_card, second_look=False)
        results = [self.decide(c) for c in per_card]
        again = [i for i, c in enumerate(per_card) if c and results[i][0] == UNREADABLE and self.second_look]
        if again:
            self._look(image, boxes, again, per_card, second_look=True)
            for i in again:
                results[i] = self.decide(per_card[i], second_look=True)
        self.times = {"read": (time.perf_counter() - t0) * 1e3}
        return results

    def _look(
        self,
        image: np.ndarray,
        boxes: np.ndarray,
        which: Iterable[int],
        per_card: list[list[CornerReading]],
        second_look: bool,
    ) -> None:
        """Classify the index crops of the cards ``which`` into ``per_card``."""
        crops: list[np.ndarray] = []
        owner: list[int] = []
        for i in which:
            found = index_crops(image, boxes[i], second_look)
            if found is None:
                continue
            crops.extend(found[0])
            owner += [i] * len(found[0])
        if crops:
            rank, suit = self.classify(np.stack(crops))
            for i, reading in zip(owner, self.corner_readings(rank, suit), strict=True):
                per_card[i].append(reading)

    def read(self, image: np.ndarray, box: np.ndarray | tuple[float, ...]) -> tuple[str, float]:
        """One card: ("As" or "unreadable", confidence 0..1)."""
        return self.read_many(image, np.asarray(box, np.float32).reshape(1, 4))[0]

    def label(
        self,
        image: np.ndarray,
        detections: Detections,
        card_class: str = "card_up",
        only: np.ndarray | None = None,
    ) -> Detections:
        """A new ``Detections`` whose ``card_class`` rows carry the card read ("As" or "unreadable")
        in ``label``; other rows are unchanged. ``only``: an (n,) bool mask; rows outside it are
        not read (they keep their label)."""
        mask = detections.of_class(card_class)
        if only is not None:
            mask &= only
        labels = detections.label.copy()
        if mask.any():
            for i, (card, _) in zip(
                np.flatnonzero(mask), self.read_many(image, detections.xyxy[mask]), strict=True
            ):
                labels[i] = card
        return replace(detections, label=labels)


def bench_card_reader(
    path: Path | str = DEFAULT_MODEL, repeats: int = 200, threads: int = 2
) -> dict[str, float]:
    """Milliseconds per card on ``threads`` CPU threads: the classifier alone (two corners per card)
    for a batch of 10 cards and for 1, and a whole ``read_many`` (rectify + classify) of 10 cards on
    a synthetic frame. Prints and returns them."""
    reader = CardReader(path, threads=threads, providers=("CPUExecutionProvider",))
    rng = np.random.default_rng(0)
    frame = np.full((720, 1280, 3), (40, 110, 30), np.uint8)
    boxes = []
    for k in range(10):
        x, y = 60 + 120 * k, 200 + 20 * (k % 3)
        cv2.rectangle(frame, (x, y), (x + 90, y + 126), (235, 240, 242), -1)
        cv2.putText(frame, "AKQJT98765"[k], (x + 4, y + 22), cv2.FONT_HERSHEY_DUPLEX, 0.8, (0, 0, 0), 2)
        boxes.append((x - 3, y - 3, x + 93, y + 129))
    box_arr = np.array(boxes, np.float32)
    results: dict[str, float] = {}
    for n in (10, 1):
        crops = rng.integers(0, 256, (2 * n, CROP_SIZE[1], CROP_SIZE[0], 3), dtype=np.uint8)
        reader.classify(crops)
        t0 = time.perf_counter()
        for _ in range(repeats):
            reader.classify(crops)
        results[f"classify_batch{n}_ms_per_card"] = (time.perf_counter() - t0) * 1e3 / repeats / n
    reader.read_many(frame, box_arr)
    t0 = time.perf_counter()
    for _ in range(max(repeats // 4, 1)):
        reader.read_many(frame, box_arr)
    results["read_many_batch10_ms_per_card"] = (time.perf_counter() - t0) * 1e3 / max(repeats // 4, 1) / 10
    for name, ms in results.items():
        print(f"{name}: {ms:.3f}")
    return results


__all__ = ["UNREADABLE", "CardReader", "CornerReading", "bench_card_reader"]

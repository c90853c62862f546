"""``Detections``: the one frozen type that flows through the vision stages.

Every stage returns a new ``Detections`` (``dataclasses.replace``); none mutates its input. Shapes
are checked at construction so a stage that breaks the contract fails where it breaks it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True, slots=True)
class Detections:
    """Objects found in one frame.

    ``xyxy``: (n, 4) float32, box corners in pixels of the original frame.
    ``confidence``: (n,) float32 in 0..1.
    ``class_id``: (n,) int32 index into ``names``.
    ``names``: the detector's class names.
    ``tracker_id``: (n,) int64 track ids, -1 where untracked (set by the tracker).
    ``label``: (n,) object array of strings: card identity ("As", or "unreadable"), chip colour, ...
    ``value``: (n,) int64 chip value in house units, 0 where not a chip or unknown.
    """

    xyxy: np.ndarray
    confidence: np.ndarray
    class_id: np.ndarray
    names: tuple[str, ...]
    tracker_id: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    label: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=object))
    value: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))

    def __post_init__(self) -> None:
        n = len(self.xyxy)
        if self.xyxy.shape != (n, 4):
            raise ValueError(f"Detections.xyxy must be (n, 4), got {self.xyxy.shape}")
        for name, dtype in (("xyxy", np.float32), ("confidence", np.float32), ("class_id", np.int32)):
            arr = getattr(self, name)
            if arr.dtype != dtype:
                raise ValueError(f"Detections.{name} must be {np.dtype(dtype).name}, got {arr.dtype}")
        if self.confidence.shape != (n,) or self.class_id.shape != (n,):
            shapes = f"confidence {self.confidence.shape} and class_id {self.class_id.shape}"
            raise ValueError(f"Detections: {shapes} must be ({n},)")
        # optional columns default to empty and are filled to n here
        optional: tuple[tuple[str, object, type], ...] = (
            ("tracker_id", -1, np.int64),
            ("label", "", object),
            ("value", 0, np.int64),
        )
        for name, fill, kind in optional:
            arr = getattr(self, name)
            if len(arr) == 0 and n:
                object.__setattr__(self, name, np.full(n, fill, dtype=kind))
            elif arr.shape != (n,):
                raise ValueError(f"Detections.{name} must be ({n},), got {arr.shape}")
        if n and (self.class_id.min() < 0 or self.class_id.max() >= len(self.names)):
            raise ValueError(f"Detections.class_id outside 0..{len(self.names) - 1}")

    def __len__(self) -> int:
        return len(self.xyxy)

    @classmethod
    def empty(cls, names: tuple[str, ...]) -> Detections:
        return cls(np.zeros((0, 4), np.float32), np.zeros(0, np.float32), np.zeros(0, np.int32), names)

    def class_names(self) -> list[str]:
        return [self.names[i] for i in self.class_id]

    def of_class(self, name: str) -> np.ndarray:
        """(n,) bool mask of detections of the class ``name``."""
        if name not in self.names:
            return np.zeros(len(self), dtype=bool)
        return self.class_id == self.names.index(name)

    @classmethod
    def joined(cls, first: Detections, second: Detections) -> Detections:
        """The rows of ``first`` then those of ``second`` (same class names)."""
        if first.names != second.names:
            raise ValueError("Detections.joined: the two have different class names")
        return cls(
            np.concatenate([first.xyxy, second.xyxy]),
            np.concatenate([first.confidence, second.confidence]),
            np.concatenate([first.class_id, second.class_id]),
            first.names,
            np.concatenate([first.tracker_id, second.tracker_id]),
            np.concatenate([first.label, second.label]),
            np.concatenate([first.value, second.value]),
        )

    def select(self, mask: np.ndarray) -> Detections:
        """A new ``Detections`` with the rows where ``mask`` is true."""
        return Detections(
            self.xyxy[mask],
            self.confidence[mask],
            self.class_id[mask],
            self.names,
            self.tracker_id[mask],
            self.label[mask],
            self.value[mask],
        )


Box = tuple[float, float, float, float]  # one box, xyxy pixels


def iou(a: Box, b: Box) -> float:
    """The IoU of two boxes."""
    return float(box_iou(np.asarray([a]), np.asarray([b]))[0, 0])


def share_covered(box: Box, by: Box) -> float:
    """The share of ``box``'s area that the box ``by`` covers (xyxy)."""
    w = min(box[2], by[2]) - max(box[0], by[0])
    h = min(box[3], by[3]) - max(box[1], by[1])
    area = (box[2] - box[0]) * (box[3] - box[1])
    return max(w, 0.0) * max(h, 0.0) / area if area > 0 else 0.0


def share_covered_by_any(box: Box, by: Iterable[Box], grid: int = 10) -> float:
    """The share of ``box``'s area that the boxes ``by`` cover together: of ``grid`` x ``grid`` points
    spread evenly over it, those inside any of them (a protector across two cards is on the cards,
    though neither covers most of it alone)."""
    steps = (np.arange(grid) + 0.5) / grid
    xs = (box[0] + steps * (box[2] - box[0]))[None, :]
    ys = (box[1] + steps * (box[3] - box[1]))[:, None]
    inside = np.zeros((grid, grid), bool)
    for b in by:
        inside |= (xs >= b[0]) & (xs <= b[2]) & (ys >= b[1]) & (ys <= b[3])
    return float(inside.mean())


def enclosing(boxes: Iterable[Box]) -> Box:
    """The box around ``boxes`` (at least one)."""
    x0, y0, x1, y1 = zip(*boxes, strict=True)
    return min(x0), min(y0), max(x1), max(y1)


def box_iou(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """IoU matrix of (n, 4) and (m, 4) xyxy boxes -> (n, m) float64."""
    if len(a) == 0 or len(b) == 0:
        return np.zeros((len(a), len(b)))
    tl = np.maximum(a[:, None, :2], b[None, :, :2])
    br = np.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = np.prod(np.clip(br - tl, 0, None), axis=2)
    area_a = np.prod(a[:, 2:] - a[:, :2], axis=1)
    area_b = np.prod(b[:, 2:] - b[:, :2], axis=1)
    return inter / (area_a[:, None] + area_b[None, :] - inter + 1e-9)

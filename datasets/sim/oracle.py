"""Perfect perception for a rendered scenario: the renderer's own boxes as detections.

Scoring the pipeline with these isolates what the trackers, zones and temporal analyzers get right
from what the detector gets right (the same split MOT benchmarks make with "public detections").
``railbird eval --perception oracle`` uses it; ``--perception model`` runs the ONNX models.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

from vision.chipset import ChipSet
from vision.detections import Detections
from vision.source import Frame

NAMES = (
    "card_up",
    "card_down",
    "chip",
    "hand",
    "dealer_button",
    "phone",
    "drink",
    "card_protector",
    "player",
)
MIN_VISIBLE = 0.3  # an object hidden more than this is not "seen"
MIN_VISIBLE_PLAYER = 0.05  # a player is still seen by the shoulders and arms at the frame's edge


class OraclePerception:
    """``perceive(frame)`` gives the annotated objects of ``frame.index`` as ``Detections``: card
    identities in ``label``, a chip stack's top colour in ``label`` and its value in ``value``, a
    drink's "capped" or "open" in ``label``."""

    def __init__(self, annotations: Path, chips: ChipSet) -> None:
        self.path = Path(annotations)
        self.chips = chips
        records = []
        with self.path.open(encoding="utf-8") as lines:
            for n, line in enumerate(lines, 1):
                try:
                    records.append(json.loads(line)["objects"])
                except json.JSONDecodeError as exc:
                    raise ValueError(f"{self.path}:{n}: not a JSON line ({exc.msg})") from None
        # renders from before players were drawn as objects have none: this perception then cannot
        # see players at all (an empty chair would prove nothing)
        drawn = any(o["class"] == "player" for objects in records for o in objects)
        self.names = NAMES if drawn else tuple(n for n in NAMES if n != "player")
        self.frames = [self._detections(objects) for objects in records]

    def _detections(self, objects: list[dict]) -> Detections:
        rows = [
            o
            for o in objects
            if o["class"] in self.names
            and o.get("visible", 1.0) >= (MIN_VISIBLE_PLAYER if o["class"] == "player" else MIN_VISIBLE)
        ]
        if not rows:
            return Detections.empty(self.names)
        labels, values = [], []
        for o in rows:
            if o["class"] == "chip":
                top = o["chips"][-1] if o["chips"] else 0
                labels.append(self._colour(top))
                values.append(int(o["value"] or 0))
            elif o["class"] == "drink":  # the renderer names what it drew: drink_capped3, drink_open1
                labels.append("capped" if o["id"].startswith("drink_capped") else "open")
                values.append(0)
            else:
                labels.append(o["card"] or "")
                values.append(0)
        return Detections(
            np.array([o["box"] for o in rows], dtype=np.float32),
            np.ones(len(rows), dtype=np.float32),
            np.array([self.names.index(o["class"]) for o in rows], dtype=np.int32),
            self.names,
            label=np.array(labels, dtype=object),
            value=np.array(values, dtype=np.int64),
        )

    def _colour(self, value: int) -> str:
        for spec in self.chips.chips:
            if spec.value == value:
                return spec.name
        return ""

    def __call__(self, frame: Frame) -> Detections:
        if frame.index >= len(self.frames):
            return Detections.empty(self.names)
        return self.frames[frame.index]

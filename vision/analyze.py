"""One frame in, everything railbird sees out: objects, card identities, chip values, zones.

``FrameAnalyzer`` wires the detector, the card reader, the chip classifier and the drink reader, and
MediaPipe's hand models (``vision/hand_landmarks.py``) for the hands the detector, which learned hands
from the simulator only, misses in real photos;
``analyze`` returns plain ``SeenObject`` records (logic never draws); ``annotate`` in
``vision/annotate.py`` draws them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from vision.camera_config import CameraConfigError, load_camera_config
from vision.card_boxes import one_box_per_card
from vision.card_faces import verify_faces
from vision.cards import CardReader
from vision.chips import ChipClassifier
from vision.chipset import TOURNAMENT, ChipSet
from vision.detections import box_iou
from vision.detector import OnnxDetector
from vision.drinks import DrinkReader
from vision.hand_landmarks import PalmHands

MODELS = Path(__file__).resolve().parent.parent / "models"
SAME_HAND_IOU = 0.3  # a MediaPipe hand overlapping a detector's hand box this much is that hand


class ConfigError(ValueError):
    """A camera config that cannot be used; names the file, field and reason."""


class Zone(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    polygon: list[tuple[float, float]] = Field(min_length=3, description="relative 0-1 image coordinates")


class AnalyzeConfig(BaseModel):
    """What ``railbird analyze`` reads from a camera config: the chip set, the view, named zones.

    Read from a camera config (``vision.camera_config``: its chip set, view and table zones) or from an
    older chip-set-only file; in the latter, unknown keys are left alone.
    """

    model_config = ConfigDict(extra="ignore", frozen=True)

    chipset: ChipSet = TOURNAMENT
    view: str = Field(default="overhead", pattern="^(overhead|oblique)$")
    zones: list[Zone] = Field(default_factory=list)


def load_config(path: Path) -> AnalyzeConfig:
    """A camera config (``version`` and ``table``: ``vision.camera_config``) or a chip-set-only file."""
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError(f"{path}: no such config file") from None
    except yaml.YAMLError as exc:
        raise ConfigError(f"{path}: not valid YAML ({exc})") from None
    if isinstance(raw, dict) and "version" in raw and "table" in raw:
        return _from_camera_config(path)
    try:
        config = AnalyzeConfig.model_validate(raw or {})
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err["loc"])
        raise ConfigError(f"{path}: field '{field}': {err['msg']}") from None
    for zone in config.zones:
        if any(not (0 <= x <= 1 and 0 <= y <= 1) for x, y in zone.polygon):
            raise ConfigError(f"{path}: zone '{zone.name}' has points outside the 0-1 frame")
    return config


def _from_camera_config(path: Path) -> AnalyzeConfig:
    try:
        camera = load_camera_config(path)
    except CameraConfigError as exc:
        raise ConfigError(str(exc)) from None
    zones = [Zone(name=z.name, polygon=list(z.polygon)) for z in camera.table.zones]
    return AnalyzeConfig(chipset=camera.chips, view=camera.view, zones=zones)


@dataclass(frozen=True, slots=True)
class SeenObject:
    cls: str
    box: tuple[float, float, float, float]  # xyxy pixels
    confidence: float
    card: str | None = None  # rank+suit, or "unreadable", for face-up cards
    chip_colour: str | None = None
    chip_value: int | None = None
    zone: str | None = None
    drink: str | None = None  # capped, open or unknown, for drinks


class FrameAnalyzer:
    def __init__(
        self,
        config: AnalyzeConfig,
        detector_path: Path = MODELS / "detector.onnx",
        cards_path: Path = MODELS / "card_classifier.onnx",
        conf: float = 0.3,
        drinks_path: Path = MODELS / "drink_classifier.onnx",
        palm_hands: bool = True,
    ) -> None:
        self.config = config
        self.detector = OnnxDetector(detector_path, conf=conf)
        self.cards = CardReader(cards_path)
        self.chips = ChipClassifier(config.chipset)
        self.drinks = DrinkReader(drinks_path)
        self.hands = PalmHands() if palm_hands else None

    def analyze(self, image: np.ndarray) -> list[SeenObject]:
        dets = one_box_per_card(verify_faces(image, self.detector(image)[0]))  # as the pipeline sees them
        dets = self.cards.label(image, dets)
        dets = self.chips.assign(image, dets, oblique=self.config.view == "oblique")
        dets = self.drinks.label(image, dets)
        h, w = image.shape[:2]
        seen = []
        for i, name in enumerate(dets.class_names()):
            box = tuple(float(v) for v in dets.xyxy[i])
            card = str(dets.label[i]) if name == "card_up" and dets.label[i] else None
            chip = name == "chip"
            seen.append(
                SeenObject(
                    cls=name,
                    box=box,  # type: ignore[arg-type]
                    confidence=round(float(dets.confidence[i]), 4),
                    card=card,
                    chip_colour=str(dets.label[i]) if chip else None,
                    chip_value=int(dets.value[i]) if chip else None,
                    zone=self._zone((box[0] + box[2]) / 2 / w, (box[1] + box[3]) / 2 / h),
                    drink=str(dets.label[i]) if name == "drink" else None,
                )
            )
        return seen + self._more_hands(image, seen)

    def _more_hands(self, image: np.ndarray, seen: list[SeenObject]) -> list[SeenObject]:
        """MediaPipe's hands that no detector hand box already covers."""
        if self.hands is None:
            return []
        found = self.hands(image)[0]
        known = np.array([s.box for s in seen if s.cls == "hand"], np.float64).reshape(-1, 4)
        overlap = box_iou(found.xyxy.astype(np.float64), known)
        h, w = image.shape[:2]
        more = []
        for i, box in enumerate(found.xyxy):
            if overlap.shape[1] and overlap[i].max() >= SAME_HAND_IOU:
                continue
            x0, y0, x1, y1 = (float(v) for v in box)
            more.append(
                SeenObject(
                    cls="hand",
                    box=(x0, y0, x1, y1),
                    confidence=round(float(found.confidence[i]), 4),
                    zone=self._zone((x0 + x1) / 2 / w, (y0 + y1) / 2 / h),
                )
            )
        return more

    def _zone(self, x: float, y: float) -> str | None:
        for zone in self.config.zones:
            poly = np.array(zone.polygon, dtype=np.float32)
            if cv2.pointPolygonTest(poly, (x, y), False) >= 0:
                return zone.name
        return None

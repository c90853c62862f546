"""Drawing a ``TableScene`` onto its frame for clips: zones, boxes, card labels and chip values.

Logic-free: every decision (which zone an object is in, what a chip is worth) was made upstream in
``vision.table``; this module only draws what the scene says. Annotators return new images.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.annotate import COLOURS
from vision.camera_config import ZoneKind
from vision.card_faces import WHITE_RING
from vision.table import TableGeometry, TableScene

ZONE_COLOURS = {
    ZoneKind.STACK: (90, 90, 90),
    ZoneKind.BET: (0, 200, 255),
    ZoneKind.CARDS: (200, 120, 40),
    ZoneKind.POT: (60, 220, 60),
    ZoneKind.BOARD: (255, 255, 255),
    ZoneKind.MUCK: (120, 60, 160),
    ZoneKind.DEALER: (160, 160, 160),
}
FONT = cv2.FONT_HERSHEY_SIMPLEX


def label_of(cls: str, label: str, value: int) -> str:
    """What a box says: the card's identity, the chips' value, else the class."""
    if cls == "chip":
        return f"{value:,}" if value else "chip"
    if cls in ("card_up", "card_down") and label and label != WHITE_RING:  # (a hint for the deal, unshown)
        return label
    return cls


def draw_zones(image: np.ndarray, geometry: TableGeometry) -> np.ndarray:
    """A copy of ``image`` (BGR uint8) with the rail, the felt and every zone outlined."""
    out = image.copy()
    scale = _scale(out)
    cv2.polylines(out, [geometry.rail.astype(np.int32)], True, (70, 70, 70), 1, cv2.LINE_AA)
    cv2.polylines(out, [geometry.felt.astype(np.int32)], True, (110, 110, 110), 1, cv2.LINE_AA)
    for zone in geometry.zones:
        colour = ZONE_COLOURS.get(zone.kind, (200, 200, 200))
        cv2.polylines(out, [zone.polygon.astype(np.int32)], True, colour, 1, cv2.LINE_AA)
        x, y = zone.centre
        cv2.putText(out, zone.name, (int(x) - 20, int(y)), FONT, 0.35 * scale, colour, 1, cv2.LINE_AA)
    return out


def draw_scene(
    image: np.ndarray, scene: TableScene | None, geometry: TableGeometry | None = None
) -> np.ndarray:
    """A copy of ``image`` with the zones (when ``geometry`` is given) and each object's box and label."""
    out = draw_zones(image, geometry) if geometry is not None else image.copy()
    return _draw_objects(out, scene)


class SceneOverlay:
    """``draw_scene`` for many frames of one table: the zones are drawn once per frame size, then
    copied onto each frame (a clip's frames all share them)."""

    def __init__(self, geometry: TableGeometry) -> None:
        self.geometry = geometry
        self._layer: tuple[np.ndarray, np.ndarray] | None = None  # (h, w, 3) uint8 zones, (h, w) uint8 mask

    def __call__(self, image: np.ndarray, scene: TableScene | None) -> np.ndarray:
        if self._layer is None or self._layer[0].shape != image.shape:
            layer = draw_zones(np.zeros_like(image), self.geometry)
            self._layer = layer, (layer.max(axis=2) > 0).astype(np.uint8)
        out = image.copy()
        cv2.copyTo(self._layer[0], self._layer[1], out)
        return _draw_objects(out, scene)


def _draw_objects(out: np.ndarray, scene: TableScene | None) -> np.ndarray:
    """Boxes, labels and the time stamp drawn onto ``out`` in place; returns it."""
    if scene is None:
        return out
    scale = _scale(out)
    thick = max(1, int(2 * scale))
    for obj in scene.objects:
        colour = COLOURS.get(obj.cls, (0, 255, 255))
        x0, y0, x1, y1 = (round(v) for v in obj.box)
        cv2.rectangle(out, (x0, y0), (x1, y1), colour, thick)
        text = label_of(obj.cls, obj.label, obj.value)
        (tw, th), base = cv2.getTextSize(text, FONT, 0.45 * scale, 1)
        top = max(0, y0 - th - base - 2)
        cv2.rectangle(out, (x0, top), (x0 + tw + 4, top + th + base + 2), colour, -1)
        cv2.putText(out, text, (x0 + 2, top + th + 1), FONT, 0.45 * scale, (0, 0, 0), 1, cv2.LINE_AA)
    stamp = f"t {scene.t:7.2f} s  frame {scene.frame}"
    cv2.putText(out, stamp, (8, int(20 * scale)), FONT, 0.5 * scale, (255, 255, 255), 1, cv2.LINE_AA)
    return out


def _scale(image: np.ndarray) -> float:
    return max(0.4, min(image.shape[:2]) / 900)

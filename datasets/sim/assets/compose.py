"""Putting sprites into the frame and keeping score of who covers whom.

``blit`` composites a sprite (shadow first) and writes its object label into a per-frame label
buffer (H, W) uint16, so the share of each object left visible at the end is exact for what was
drawn. ``ZoneIndex`` answers ``TableLayout.zone_at`` quickly for many points.
"""

from __future__ import annotations

import cv2
import numpy as np

from ..world import TableLayout, ZoneKind
from .common import Sprite

OCCLUDER = np.uint16(65535)  # drawn but not annotated (arms, all-in buttons)


def _clip(x0: int, y0: int, h: int, w: int, H: int, W: int) -> tuple[int, int, int, int] | None:
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if xa >= xb or ya >= yb:
        return None
    return xa, ya, xb, yb


def blit(
    frame: np.ndarray,
    labels: np.ndarray,
    sprite: Sprite,
    mask: np.ndarray,
    label: int,
    shadow_strength: float,
    light: np.ndarray | None = None,
) -> None:
    """Composite ``sprite`` over ``frame`` (H, W, 3) uint8 in place and label its pixels.

    ``mask`` (h, w) bool: the sprite's annotated pixels (labelled ``label``; the rest of what it covers
    becomes OCCLUDER). ``light`` (H, W, 3) uint8 gain map (128 = 1) lights the sprite's colour, so a
    frame whose background is already lit stays consistently lit.
    """
    H, W = frame.shape[:2]
    sh = sprite.shadow
    if sh is not None and shadow_strength > 0:
        box = _clip(sh.x0, sh.y0, sh.alpha.shape[0], sh.alpha.shape[1], H, W)
        if box is not None:
            xa, ya, xb, yb = box
            a = sh.alpha[ya - sh.y0 : yb - sh.y0, xa - sh.x0 : xb - sh.x0]
            keep = 255 - cv2.convertScaleAbs(a, alpha=shadow_strength)
            roi = frame[ya:yb, xa:xb]
            cv2.multiply(roi, cv2.merge([keep, keep, keep]), dst=roi, scale=1 / 255)
    h, w = sprite.shape
    box = _clip(sprite.x0, sprite.y0, h, w, H, W)
    if box is None:
        return
    xa, ya, xb, yb = box
    sl = np.s_[ya - sprite.y0 : yb - sprite.y0, xa - sprite.x0 : xb - sprite.x0]
    a = sprite.alpha[sl]
    inv = 255 - a
    roi = frame[ya:yb, xa:xb]
    under = cv2.multiply(roi, cv2.merge([inv, inv, inv]), scale=1 / 255)
    color = sprite.color[sl]
    if light is not None:
        color = cv2.multiply(color, light[ya:yb, xa:xb], scale=1 / 128)
    cv2.add(color, under, dst=roi)
    lab = labels[ya:yb, xa:xb]
    m = mask[sl]
    lab[(a > 127) & ~m] = OCCLUDER
    lab[m] = label


def visible_count(labels: np.ndarray, box: tuple[float, float, float, float], label: int) -> int:
    """How many pixels inside the frame box (xyxy) still show ``label``."""
    x0, y0, x1, y1 = (int(v) for v in box)
    return int(np.count_nonzero(labels[y0:y1, x0:x1] == label))


def object_box(
    sprite: Sprite, mask: np.ndarray, width: int, height: int
) -> tuple[float, float, float, float] | None:
    """xyxy pixel box of the object's ``mask`` pixels, clipped to the frame (None if none inside)."""
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    if len(rows) == 0:
        return None
    x0 = max(float(sprite.x0 + cols[0]), 0.0)
    y0 = max(float(sprite.y0 + rows[0]), 0.0)
    x1 = min(float(sprite.x0 + cols[-1] + 1), float(width))
    y1 = min(float(sprite.y0 + rows[-1] + 1), float(height))
    if x1 <= x0 or y1 <= y0:
        return None
    return x0, y0, x1, y1


class ZoneIndex:
    """``layout.zone_at`` with the same answers, faster: float32 polygons and bounding boxes made
    once, and answers remembered per point."""

    def __init__(self, layout: TableLayout):
        self._zones = []
        for z in layout.zones:
            poly = z.polygon.astype(np.float32)
            lo, hi = poly.min(axis=0), poly.max(axis=0)
            self._zones.append((z, poly, float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])))
        self._memo: dict[tuple[float, float], str | None] = {}

    def name_at(self, x: float, y: float) -> str | None:
        key = (round(x, 4), round(y, 4))
        if key in self._memo:
            return self._memo[key]
        found = None
        for rail_pass in (False, True):
            for zone, poly, x0, y0, x1, y1 in self._zones:
                if (zone.kind is ZoneKind.RAIL) != rail_pass:
                    continue
                if (
                    x0 <= x <= x1
                    and y0 <= y <= y1
                    and cv2.pointPolygonTest(poly, (float(x), float(y)), False) >= 0
                ):
                    found = zone.name
                    break
            if found is not None:
                break
        if len(self._memo) > 50000:
            self._memo.clear()
        self._memo[key] = found
        return found

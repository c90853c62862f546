"""Stack valuation: how many chips, and how much, each table zone holds.

Each chip detection is one chip or one neat stack, valued by the chip on top (``Detections.value``,
set by ``ChipClassifier.assign``; 0 is unknown). What a camera can count depends on its view:

- **Overhead**: a neat stack shows only its top chip, so a zone reports the chips *seen*
  (one per stack), their value, and ``height_unknown=True``: the true total is at least this.
- **Oblique**: the stack's side shows below its top face. A stack of ``n`` chips ``t`` cm thick and
  ``D`` cm across, whose felt scale along image y is ``sy`` px/cm and whose height scale along image y
  is ``uy`` px per cm of height (the camera's scale at the stack), has a box ``H = D sy + n t uy`` high
  (the top ellipse plus the side band; the band may lean sideways, which only widens the box), so
  ``n = (H - D sy) / (t uy)``, rounded, at least 1. Without the camera's scales, the box width stands
  in for the felt scale (``s = W / D``, true where stacks do not lean, near the image's vertical
  centre line) and the camera's tilt ``a`` off vertical gives ``sy = s cos a``, ``uy = s sin a``:
  ``n = (H / W - cos a) D / (t sin a)``. Each chip adds about a pixel of box height at 20-40 px
  chips. Measured on oblique renders (``python -m datasets.eval_chips``, docs/chip_value_eval.md):
  with the camera's scales, neat stacks of 1-21 chips come out exact 89% of the time and always
  within one chip (messy stacks: 83% within one); from the aspect and one tilt for the whole camera,
  only 22% within one, because stacks away from the centre line lean and widen their boxes: give the
  scales. The whole stack is valued at its top chip's value (a mixed stack is counted right and
  valued by its top chip).

Zones are a function from a stack's footprint (pixels) to a zone name, or named polygons in relative
0-1 frame coordinates (``polygon_zones``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

import numpy as np

from vision.chipset import ChipSet
from vision.detections import Detections

ZoneOf = Callable[[float, float], str | None]
"""(x, y) pixels of a stack's footprint -> the zone it lies in, or None (outside every zone)."""


class View(StrEnum):
    OVERHEAD = "overhead"
    OBLIQUE = "oblique"


@dataclass(frozen=True, slots=True)
class StackGeometry:
    """Chip size (cm) and the camera's tilt off vertical (degrees) where the stacks stand."""

    diameter_cm: float
    thickness_cm: float
    tilt_deg: float

    def __post_init__(self) -> None:
        if not 0 < self.thickness_cm < self.diameter_cm:
            raise ValueError(f"StackGeometry: thickness {self.thickness_cm} cm must be in (0, diameter)")
        if not 5 <= self.tilt_deg <= 80:
            raise ValueError(
                f"StackGeometry.tilt_deg must be within 5..80 for an oblique view, got {self.tilt_deg}"
            )

    @classmethod
    def of(cls, chipset: ChipSet, tilt_deg: float) -> StackGeometry:
        return cls(chipset.diameter_cm, chipset.thickness_cm, tilt_deg)

    def chip_counts(
        self,
        xyxy: np.ndarray,
        felt_y_px_per_cm: np.ndarray | float | None = None,
        height_y_px_per_cm: np.ndarray | float | None = None,
    ) -> np.ndarray:
        """(n, 4) float32 xyxy boxes of whole stacks -> (n,) int64 chips in each (at least 1).

        With the camera's scales at each stack (both given, scalars or (n,) arrays: felt px per cm
        along image y, and px per cm of height along image y), the camera model; without, the
        aspect-ratio model from ``tilt_deg`` (see the module docstring).
        """
        w = np.maximum(xyxy[:, 2] - xyxy[:, 0], 1e-6)
        h = xyxy[:, 3] - xyxy[:, 1]
        if felt_y_px_per_cm is not None and height_y_px_per_cm is not None:
            sy = np.asarray(felt_y_px_per_cm, np.float64)
            uy = np.maximum(np.abs(np.asarray(height_y_px_per_cm, np.float64)), 1e-6)
            n = (h - self.diameter_cm * sy) / (self.thickness_cm * uy)
        else:
            tilt = math.radians(self.tilt_deg)
            n = (h / w - math.cos(tilt)) * self.diameter_cm / (self.thickness_cm * math.sin(tilt))
        return np.maximum(np.rint(n), 1).astype(np.int64)

    def footprints(self, xyxy: np.ndarray) -> np.ndarray:
        """(n, 2) pixels: the centre of each stack's bottom chip (where it stands on the felt)."""
        w = xyxy[:, 2] - xyxy[:, 0]
        y = xyxy[:, 3] - w * math.cos(math.radians(self.tilt_deg)) / 2
        return np.column_stack([(xyxy[:, 0] + xyxy[:, 2]) / 2, y])


@dataclass(frozen=True, slots=True)
class ZoneChips:
    """What one zone holds. ``chips_seen``/``value_seen``: chips counted and their value in house units
    (unknown chips count in ``chips_seen`` but add no value); ``stacks``: chip detections;
    ``unknown_stacks``: those whose value could not be read; ``height_unknown``: overhead view, each
    stack counted as one chip (the true count and value are at least these)."""

    zone: str
    stacks: int
    chips_seen: int
    value_seen: int
    unknown_stacks: int
    height_unknown: bool


def polygon_zones(polygons: Mapping[str, Sequence[tuple[float, float]]], width: int, height: int) -> ZoneOf:
    """Zones from named polygons in relative 0-1 frame coordinates; the first containing polygon wins."""
    scaled = {}
    for name, poly in polygons.items():
        pts = np.asarray(poly, np.float64)
        if pts.ndim != 2 or pts.shape[1] != 2 or len(pts) < 3:
            raise ValueError(
                f"zone '{name}': a polygon needs at least 3 (x, y) points, got shape {pts.shape}"
            )
        if pts.min() < 0 or pts.max() > 1:
            raise ValueError(f"zone '{name}': points must be relative 0-1 frame coordinates")
        scaled[name] = pts * (width, height)

    def zone_of(x: float, y: float) -> str | None:
        for name, pts in scaled.items():
            if _inside(pts, x, y):
                return name
        return None

    return zone_of


def _inside(pts: np.ndarray, x: float, y: float) -> bool:
    """Even-odd rule: does the polygon (n, 2) contain the point."""
    x0, y0 = pts[:, 0], pts[:, 1]
    x1, y1 = np.roll(x0, -1), np.roll(y0, -1)
    crosses = (y0 > y) != (y1 > y)
    with np.errstate(divide="ignore", invalid="ignore"):
        at = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
    return bool(np.count_nonzero(crosses & (x < at)) % 2)


def chips_by_zone(
    detections: Detections,
    zone_of: ZoneOf,
    view: View = View.OVERHEAD,
    geometry: StackGeometry | None = None,
    chip_class: str = "chip",
) -> dict[str, ZoneChips]:
    """Count and value the ``chip_class`` detections per zone (zones without chips are left out).

    ``geometry`` is required for an oblique view (chip size and camera tilt give the stack heights).
    """
    chips = detections.select(detections.of_class(chip_class))
    if view is View.OBLIQUE:
        if geometry is None:
            raise ValueError(
                "chips_by_zone: an oblique view needs the StackGeometry (chip size, camera tilt)"
            )
        counts = geometry.chip_counts(chips.xyxy)
        anchors = geometry.footprints(chips.xyxy)
    else:
        counts = np.ones(len(chips), np.int64)
        anchors = np.column_stack(
            [(chips.xyxy[:, 0] + chips.xyxy[:, 2]) / 2, (chips.xyxy[:, 1] + chips.xyxy[:, 3]) / 2]
        )
    totals: dict[str, list[int]] = {}
    for (x, y), n, value in zip(anchors, counts, chips.value, strict=True):
        zone = zone_of(float(x), float(y))
        if zone is None:
            continue
        t = totals.setdefault(zone, [0, 0, 0, 0])
        t[0] += 1
        t[1] += int(n)
        t[2] += int(n) * int(value)
        t[3] += int(value <= 0)
    overhead = view is View.OVERHEAD
    return {z: ZoneChips(z, t[0], t[1], t[2], t[3], overhead) for z, t in totals.items()}

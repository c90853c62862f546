"""Chips: the printed top face of each denomination, drawn once per process (stacks are drawn by
``stacks.py``).

Face designs (``Style.chip_design``): 0 casino (edge inserts, light inlay with the value),
1 "ultimate" print as in the PokeVisor photos (white rim inserts, sunburst print, dark centre,
value printed twice), 2 clay (three-stripe inserts, small inlay).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.chipset import ChipSpec

from .common import AA, SHIFT, MipTexture, fixed, paint_mask, premultiply, text_mask
from .suits import draw_suit

CHIP_PX_PER_CM = 32.0
N_CHIP_DESIGNS = 3


def _lum(c: tuple[int, int, int]) -> float:
    return 0.114 * c[0] + 0.587 * c[1] + 0.299 * c[2]


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float, n: int = 6) -> np.ndarray:
    a = np.radians(np.linspace(a0, a1, n))
    outer = np.column_stack([cx + r1 * np.cos(a), cy + r1 * np.sin(a)])
    inner = np.column_stack([cx + r0 * np.cos(a[::-1]), cy + r0 * np.sin(a[::-1])])
    return np.vstack([outer, inner])


def spot_layout(spec: ChipSpec, design: int) -> tuple[int, float]:
    """How many edge inserts the chip shows on its rim and side, and half an insert's width (deg)."""
    n = max(spec.edge_spots, 8) if design % N_CHIP_DESIGNS == 1 else spec.edge_spots
    return n, _spot_half_width(n, design % N_CHIP_DESIGNS)


def _spot_half_width(n: int, design: int) -> float:
    """Half the angular width (degrees) of one edge insert."""
    if design == 1:
        return 360.0 / max(n, 1) / 4.4
    return min(360.0 / max(n, 1) / 4.2, 11.0)


def _spot_angles(n: int) -> np.ndarray:
    return np.arange(n) * (360.0 / max(n, 1))


@lru_cache(maxsize=256)
def chip_face(spec: ChipSpec, design: int, diameter_cm: float) -> MipTexture:
    """The top face of one chip, square premultiplied mip texture, ``diameter_cm`` across."""
    img, alpha = _chip_art(spec, design, diameter_cm)
    return MipTexture(premultiply(img, alpha), CHIP_PX_PER_CM)


@lru_cache(maxsize=256)
def chip_face_opaque(spec: ChipSpec, design: int, diameter_cm: float) -> MipTexture:
    """The same face as straight colour, opaque, the rim colour running past the edge (for sampling
    at computed coordinates, where the chip's outline comes from geometry)."""
    img, _ = _chip_art(spec, design, diameter_cm)
    return MipTexture(np.dstack([img, np.full(img.shape[:2], 255, np.uint8)]), CHIP_PX_PER_CM)


@lru_cache(maxsize=256)
def _chip_art(spec: ChipSpec, design: int, diameter_cm: float) -> tuple[np.ndarray, np.ndarray]:
    """Straight-colour art (size, size, 3) uint8 and its disc alpha (size, size) uint8."""
    size = int(np.ceil(diameter_cm * CHIP_PX_PER_CM)) + 2
    c = (size - 1) / 2
    R = diameter_cm * CHIP_PX_PER_CM / 2
    img = np.empty((size, size, 3), np.uint8)
    img[:] = spec.base
    alpha = np.zeros((size, size), np.uint8)
    cv2.fillPoly(alpha, [fixed(_circle(c, c, R))], 255, AA, shift=SHIFT)
    n = spec.edge_spots
    design %= N_CHIP_DESIGNS
    dark = _mix(spec.base, (0, 0, 0), 0.45)
    if design == 1:
        n = max(n, 8)
    half = _spot_half_width(n, design)
    for a in _spot_angles(n):
        if design == 2:  # three thin stripes per insert
            for k in (-1, 0, 1):
                d = a + k * half * 0.55
                _fill(img, _sector(c, c, R * 0.8, R + 1, d - half * 0.16, d + half * 0.16), spec.edge)
        else:
            _fill(
                img, _sector(c, c, R * (0.78 if design == 0 else 0.8), R + 1, a - half, a + half), spec.edge
            )
    if design == 0:
        cv2.circle(img, (int(c), int(c)), int(R * 0.74), spec.edge, max(int(R * 0.03), 1), AA)
        _fill(img, _circle(c, c, R * 0.62), spec.inlay)
        cv2.circle(img, (int(c), int(c)), int(R * 0.56), spec.base, max(int(R * 0.025), 1), AA)
        ink = spec.base if abs(_lum(spec.base) - _lum(spec.inlay)) > 60 else (30, 30, 30)
        _label(img, spec.label, c, c, R * 0.42, R * 0.95, ink)
    elif design == 1:  # "ultimate" print: pale holographic ring, black centre with a four-leaf cross
        pale = _mix(spec.base, (235, 235, 235), 0.55)
        for k, a in enumerate(np.arange(0, 360, 6.0)):  # fine sunburst in the print
            _fill(
                img,
                _sector(c, c, R * 0.42, R * 0.76, a, a + 3.0, 3),
                _mix(pale, spec.base, 0.25 if k % 2 else 0.0),
            )
        cv2.circle(img, (int(c), int(c)), int(R * 0.77), (30, 30, 30), max(int(R * 0.025), 1), AA)
        for a in np.arange(0, 360, 9.0):  # the printed lettering round the ring, as dashes
            p0 = (c + R * 0.69 * np.cos(np.radians(a)), c + R * 0.69 * np.sin(np.radians(a)))
            p1 = (c + R * 0.69 * np.cos(np.radians(a + 5)), c + R * 0.69 * np.sin(np.radians(a + 5)))
            cv2.line(
                img,
                (int(p0[0]), int(p0[1])),
                (int(p1[0]), int(p1[1])),
                (45, 45, 45),
                max(int(R * 0.025), 1),
                AA,
            )
        _fill(img, _circle(c, c, R * 0.44), (24, 22, 24))
        petal = _mix(spec.base, (255, 255, 255), 0.2) if _lum(spec.base) > 45 else (120, 120, 125)
        for k in range(4):  # four leaves from the centre
            a = np.radians(45 + 90 * k)
            t = np.linspace(0, 1, 12)
            w = np.sin(np.pi * t) ** 0.8 * 0.1
            along = R * 0.42 * t
            left = np.column_stack(
                [c + along * np.cos(a) - R * w * np.sin(a), c + along * np.sin(a) + R * w * np.cos(a)]
            )
            right = np.column_stack(
                [c + along * np.cos(a) + R * w * np.sin(a), c + along * np.sin(a) - R * w * np.cos(a)]
            )
            _fill(img, np.vstack([left, right[::-1]]), petal)
        for s, (dx, dy) in zip("hdsc", ((0, -1), (0, 1), (-1, 0), (1, 0)), strict=True):
            draw_suit(
                img,
                None,
                s,
                c + dx * R * 0.3,
                c + dy * R * 0.3,
                R * 0.13,
                (40, 40, 200) if s in "hd" else (25, 25, 25),
            )
        ink = (30, 30, 30)
        for side in (-1, 1):
            m = text_mask(spec.label, R * 0.17, cv2.FONT_HERSHEY_DUPLEX, 0.16, width_px=R * 0.4)
            paint_mask(img, None, m, c + side * R * 0.6, c, ink, rotate180=side < 0)
    else:
        _fill(img, _circle(c, c, R * 0.5), spec.inlay)
        cv2.circle(img, (int(c), int(c)), int(R * 0.5), dark, max(int(R * 0.02), 1), AA)
        ink = spec.base if abs(_lum(spec.base) - _lum(spec.inlay)) > 60 else (30, 30, 30)
        _label(img, spec.label, c, c, R * 0.32, R * 0.8, ink)
    # bevel: the rounded rim catches less light
    yy, xx = np.mgrid[0:size, 0:size]
    r = np.hypot(xx - c, yy - c) / R
    shade = np.clip(1.0 - 0.25 * np.clip((r - 0.93) / 0.07, 0, 1), 0, 1)
    img = (img * shade[..., None]).astype(np.uint8)
    img.flags.writeable = False
    return img, alpha


def _circle(cx: float, cy: float, r: float, n: int = 72) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)])


def _fill(img: np.ndarray, pts: np.ndarray, color: tuple[int, int, int]) -> None:
    cv2.fillPoly(img, [fixed(pts)], color, AA, shift=SHIFT)


def _label(
    img: np.ndarray, text: str, cx: float, cy: float, height: float, max_w: float, ink: tuple[int, int, int]
) -> None:
    if not text:
        return
    h = height if len(text) <= 2 else height * (0.85 if len(text) <= 3 else 0.7)
    paint_mask(img, None, text_mask(text, h, cv2.FONT_HERSHEY_DUPLEX, 0.15, width_px=max_w), cx, cy, ink)

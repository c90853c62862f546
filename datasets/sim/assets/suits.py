"""The four suit symbols as filled outlines (not letters), in unit coordinates.

Each shape is a list of polygons (one ``fillPoly`` each, since overlapping contours in one call
would cancel), centred on (0, 0), 1.0 tall, image axes (y down); width follows the symbol.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from .common import AA, SHIFT, fixed

RED: tuple[int, int, int] = (38, 28, 196)  # BGR, the deep red printed on cards
BLACK: tuple[int, int, int] = (28, 24, 22)
SUIT_COLOR = {"h": RED, "d": RED, "s": BLACK, "c": BLACK}


def _heart_curve(n: int = 72) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    x = 16 * np.sin(t) ** 3
    y = 13 * np.cos(t) - 5 * np.cos(2 * t) - 2 * np.cos(3 * t) - np.cos(4 * t)
    return np.column_stack([x, -y])  # image axes: lobes up, point down


def _fit(poly: np.ndarray, top: float, bottom: float) -> np.ndarray:
    """Scale a polygon uniformly so it spans ``top``..``bottom`` in y, centred in x."""
    lo, hi = poly.min(axis=0), poly.max(axis=0)
    s = (bottom - top) / (hi[1] - lo[1])
    out = (poly - [(lo[0] + hi[0]) / 2, lo[1]]) * s
    out[:, 1] += top
    return out


def _bezier(p0: np.ndarray, c: np.ndarray, p1: np.ndarray, n: int = 12) -> np.ndarray:
    t = np.linspace(0, 1, n)[:, None]
    return (1 - t) ** 2 * p0 + 2 * (1 - t) * t * c + t**2 * p1


def _stem(top: float, half_base: float) -> np.ndarray:
    """A flared stem from (0, top) down to a base ``2 * half_base`` wide at y = 0.5."""
    right = _bezier(np.array([0.035, top]), np.array([0.04, 0.42]), np.array([half_base, 0.5]))
    left = right[::-1] * [-1, 1]
    return np.vstack([right, left])


def _circle(cx: float, cy: float, r: float, n: int = 40) -> np.ndarray:
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)])


@cache
def suit_shape(suit: str) -> tuple[np.ndarray, ...]:
    """Polygons for ``suit`` in "shdc", unit coordinates (1.0 tall, y down)."""
    if suit == "h":
        return (_fit(_heart_curve(), -0.5, 0.5),)
    if suit == "s":
        body = _fit(_heart_curve() * [1, -1], -0.5, 0.3)
        return body, _stem(0.05, 0.2)
    if suit == "d":
        v = np.array([[0, -0.5], [0.37, 0.0], [0, 0.5], [-0.37, 0.0]])
        pts = []
        for i in range(4):
            a, b = v[i], v[(i + 1) % 4]
            mid = (a + b) / 2
            pts.append(_bezier(a, mid * 0.82, b, 10)[:-1])
        return (np.vstack(pts),)
    if suit == "c":
        r = 0.235
        return (
            _circle(0.0, -0.5 + r, r),
            _circle(-0.265, 0.02, r),
            _circle(0.265, 0.02, r),
            np.array([[0, -0.1], [0.16, 0.08], [0, 0.2], [-0.16, 0.08]]),
            _stem(0.0, 0.2),
        )
    raise ValueError(f"unknown suit {suit!r}: use one of 'shdc'")


def suit_width(suit: str) -> float:
    """Width of the symbol relative to its height."""
    pts = np.vstack(suit_shape(suit))
    return float(pts[:, 0].max() - pts[:, 0].min())


def draw_suit(
    color: np.ndarray,
    alpha: np.ndarray | None,
    suit: str,
    cx: float,
    cy: float,
    height: float,
    rgb: tuple[int, int, int] | None = None,
    rotate180: bool = False,
) -> None:
    """Fill the suit symbol ``height`` px tall centred at (cx, cy) on a premultiplied image."""
    rgb = SUIT_COLOR[suit] if rgb is None else rgb
    sign = -1.0 if rotate180 else 1.0
    for poly in suit_shape(suit):
        pts = [fixed(poly * (sign * height) + (cx, cy))]
        cv2.fillPoly(color, pts, rgb, AA, shift=SHIFT)
        if alpha is not None:
            cv2.fillPoly(alpha, pts, 255, AA, shift=SHIFT)

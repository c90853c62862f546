"""The court picture of a J, Q or K: a framed, two-headed stylised figure in the four printing inks
(red, blue, yellow, black) over flesh tones, mirrored top to bottom as on a real deck."""

from __future__ import annotations

import cv2
import numpy as np

from .common import AA, SHIFT, fixed
from .suits import draw_suit

RED = (45, 45, 200)
BLUE = (160, 95, 40)
YELLOW = (50, 185, 238)
INK = (32, 28, 28)
SKIN = (170, 198, 240)
GREY = (150, 140, 130)
GREEN = (60, 140, 50)


def _poly(
    img: np.ndarray,
    pts: list[tuple[float, float]],
    w: float,
    h: float,
    color: tuple[int, int, int],
    outline: bool = True,
) -> None:
    p = [fixed(np.array(pts, dtype=np.float64) * (w, h))]
    cv2.fillPoly(img, p, color, AA, shift=SHIFT)
    if outline:
        cv2.polylines(img, p, True, INK, max(int(w * 0.012), 1), AA, shift=SHIFT)


def _ellipse(
    img: np.ndarray,
    c: tuple[float, float],
    ax: tuple[float, float],
    w: float,
    h: float,
    color: tuple[int, int, int],
    outline: bool = True,
) -> None:
    center = (int(c[0] * w), int(c[1] * h))
    axes = (max(int(ax[0] * w), 1), max(int(ax[1] * h), 1))
    cv2.ellipse(img, center, axes, 0, 0, 360, color, -1, AA)
    if outline:
        cv2.ellipse(img, center, axes, 0, 0, 360, INK, max(int(w * 0.012), 1), AA)


def _half_figure(rank: str, suit: str, w: int, h: int, paper: tuple[int, int, int]) -> np.ndarray:
    """The upper half of the picture, (h, w, 3) uint8: the figure from the waist up."""
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper
    red_suit = suit in "hd"
    main, second = (RED, BLUE) if (red_suit ^ (rank == "J")) else (BLUE, RED)
    # robe and shoulders
    _poly(img, [(0.02, 1.0), (0.05, 0.66), (0.28, 0.52), (0.72, 0.52), (0.95, 0.66), (0.98, 1.0)], w, h, main)
    _poly(img, [(0.42, 0.6), (0.58, 0.6), (0.62, 1.0), (0.38, 1.0)], w, h, second)
    _poly(img, [(0.05, 0.7), (0.28, 0.6), (0.3, 0.7), (0.08, 0.82)], w, h, YELLOW)
    _poly(img, [(0.95, 0.7), (0.72, 0.6), (0.7, 0.7), (0.92, 0.82)], w, h, YELLOW)
    for k in range(5):  # embroidery dots on the chest band
        cv2.circle(img, (int(w * 0.5), int(h * (0.66 + 0.07 * k))), max(int(w * 0.018), 1), YELLOW, -1, AA)
    for x in (0.14, 0.22, 0.78, 0.86):
        cv2.circle(img, (int(w * x), int(h * 0.9)), max(int(w * 0.02), 1), INK, -1, AA)
    # collar
    _poly(img, [(0.3, 0.5), (0.7, 0.5), (0.64, 0.62), (0.36, 0.62)], w, h, YELLOW if rank != "Q" else paper)
    # hair behind the head
    hair = YELLOW if rank != "J" else INK
    if rank == "Q":
        _poly(img, [(0.3, 0.2), (0.7, 0.2), (0.76, 0.55), (0.24, 0.55)], w, h, hair)
    else:
        _poly(img, [(0.33, 0.22), (0.67, 0.22), (0.7, 0.42), (0.3, 0.42)], w, h, hair)
    # head and face
    _ellipse(img, (0.5, 0.33), (0.145, 0.16), w, h, SKIN)
    lw = max(int(w * 0.014), 1)
    for ex in (0.44, 0.56):
        cv2.line(img, (int(w * (ex - 0.03)), int(h * 0.3)), (int(w * (ex + 0.03)), int(h * 0.3)), INK, lw, AA)
        cv2.circle(img, (int(w * ex), int(h * 0.315)), max(lw, 1), INK, -1, AA)
    cv2.line(img, (int(w * 0.5), int(h * 0.32)), (int(w * 0.49), int(h * 0.38)), INK, lw, AA)
    cv2.line(img, (int(w * 0.46), int(h * 0.42)), (int(w * 0.54), int(h * 0.42)), RED, lw + 1, AA)
    if rank == "K":  # beard
        _poly(img, [(0.37, 0.4), (0.63, 0.4), (0.58, 0.5), (0.5, 0.56), (0.42, 0.5)], w, h, YELLOW)
        cv2.line(img, (int(w * 0.45), int(h * 0.43)), (int(w * 0.55), int(h * 0.43)), RED, lw + 1, AA)
    # headwear
    if rank == "K":
        _poly(
            img,
            [(0.33, 0.2), (0.35, 0.04), (0.42, 0.13), (0.5, 0.0), (0.58, 0.13), (0.65, 0.04), (0.67, 0.2)],
            w,
            h,
            YELLOW,
        )
        for x in (0.42, 0.5, 0.58):
            cv2.circle(img, (int(w * x), int(h * 0.17)), max(int(w * 0.022), 1), RED, -1, AA)
    elif rank == "Q":
        _poly(
            img,
            [(0.34, 0.19), (0.36, 0.08), (0.43, 0.13), (0.5, 0.06), (0.57, 0.13), (0.64, 0.08), (0.66, 0.19)],
            w,
            h,
            YELLOW,
        )
        cv2.circle(img, (int(w * 0.5), int(h * 0.15)), max(int(w * 0.025), 1), BLUE, -1, AA)
    else:
        _poly(img, [(0.3, 0.2), (0.7, 0.2), (0.74, 0.1), (0.5, 0.03), (0.28, 0.08)], w, h, main)
        _poly(img, [(0.3, 0.2), (0.7, 0.2), (0.7, 0.24), (0.3, 0.24)], w, h, YELLOW)
    # what the figure holds
    if rank == "K":
        cv2.line(
            img,
            (int(w * 0.86), int(h * 0.05)),
            (int(w * 0.8), int(h * 0.95)),
            GREY,
            max(int(w * 0.03), 1),
            AA,
        )
        _poly(img, [(0.74, 0.58), (0.92, 0.6), (0.91, 0.65), (0.73, 0.63)], w, h, YELLOW)
    elif rank == "Q":
        cv2.line(
            img,
            (int(w * 0.2), int(h * 0.45)),
            (int(w * 0.2), int(h * 0.95)),
            GREEN,
            max(int(w * 0.02), 1),
            AA,
        )
        for a in range(0, 360, 72):
            c = (0.2 + 0.04 * np.cos(np.radians(a)), 0.4 + 0.035 * np.sin(np.radians(a)))
            _ellipse(img, c, (0.035, 0.03), w, h, RED)
        _ellipse(img, (0.2, 0.4), (0.02, 0.02), w, h, YELLOW)
    else:
        cv2.line(
            img, (int(w * 0.16), int(h * 0.1)), (int(w * 0.2), int(h * 0.95)), INK, max(int(w * 0.02), 1), AA
        )
        _poly(img, [(0.1, 0.12), (0.2, 0.02), (0.25, 0.14), (0.17, 0.2)], w, h, GREEN)
    draw_suit(img, None, suit, w * 0.12 if rank != "J" else w * 0.88, h * 0.12, h * 0.14)
    return img


def draw_court(img: np.ndarray, rank: str, suit: str, frame: tuple[float, float, float, float]) -> None:
    """Draw the framed court picture for ``rank`` in "JQK" into ``frame`` (x0, y0, x1, y1) pixels."""
    x0, y0, x1, y1 = (round(v) for v in frame)
    w, h = x1 - x0, y1 - y0
    top_h = h // 2
    paper = tuple(int(v) for v in img[y0 + 2, x0 + 2])
    half = _half_figure(rank, suit, w, top_h, paper)  # type: ignore[arg-type]
    img[y0 : y0 + top_h, x0:x1] = half
    img[y1 - top_h : y1, x0:x1] = half[::-1, ::-1]
    lw = max(int(w * 0.012), 1)
    cv2.line(img, (x0, y0 + top_h), (x1 - 1, y1 - top_h), INK, lw, AA)
    cv2.rectangle(img, (x0, y0), (x1 - 1, y1 - 1), BLUE, max(int(w * 0.02), 1), AA)
    cv2.rectangle(img, (x0 + 3 * lw, y0 + 3 * lw), (x1 - 1 - 3 * lw, y1 - 1 - 3 * lw), YELLOW, lw, AA)

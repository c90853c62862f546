"""The dealer's chip tray seen from above: a dark frame with channels of chips lying on edge, each
column showing its chips' rims (the seams and edge inserts) with cylinder shading."""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from vision.chipset import ChipSet

from .common import AA, MipTexture, premultiply

TRAY_PX_PER_CM = 12.0
CHANNELS = 10


@lru_cache(maxsize=32)
def tray_texture(chipset: ChipSet, variant: int = 0) -> tuple[MipTexture, tuple[float, float]]:
    """The tray's top view and its size (width across the table, depth), cm."""
    s = TRAY_PX_PER_CM
    d_chip = chipset.diameter_cm
    ch_w = d_chip + 0.35
    frame = 0.9
    w_cm = CHANNELS * ch_w + 2 * frame
    d_cm = 14.0
    W, H = round(w_cm * s), round(d_cm * s)
    img = np.empty((H, W, 3), np.uint8)
    img[:] = [(38, 38, 40), (30, 45, 60), (55, 55, 58)][variant % 3]
    rng = np.random.default_rng(500 + variant)
    values = sorted(chipset.values)
    across = np.linspace(-1, 1, round(ch_w * s) - 2, dtype=np.float32)
    cyl = (0.55 + 0.45 * np.sqrt(np.clip(1 - across**2, 0, 1)))[None, :, None]
    for k in range(CHANNELS):
        x0 = round((frame + k * ch_w) * s) + 1
        x1 = x0 + len(across)
        spec = chipset.spec(values[min(abs(k - CHANNELS // 2) // 2, len(values) - 1)])
        fill = rng.uniform(0.35, 1.0)
        y_end = round((frame + fill * (d_cm - 2 * frame)) * s)
        y0 = round(frame * s)
        col = np.empty((y_end - y0, x1 - x0, 3), np.float32)
        col[:] = spec.base
        pitch = chipset.thickness_cm * s
        # seams between chips and the inserts that show on each chip's rim
        for y in np.arange(0, y_end - y0, pitch):
            yi = int(y)
            col[yi : yi + 1] *= 0.55
            if rng.random() < 0.45:
                cx = int(rng.uniform(0.15, 0.85) * (x1 - x0))
                col[yi + 1 : int(y + pitch), max(cx - 3, 0) : cx + 3] = spec.edge
        col *= cyl
        img[y0:y_end, x0:x1] = np.clip(col, 0, 255).astype(np.uint8)
        img[y_end : H - y0, x0:x1] = (img[y_end : H - y0, x0:x1] * cyl[:, :, :] * 0.45).astype(np.uint8)
    cv2.rectangle(img, (0, 0), (W - 1, H - 1), (20, 20, 22), max(int(0.3 * s), 1), AA)
    alpha = np.full((H, W), 255, np.uint8)
    return MipTexture(premultiply(img, alpha), s), (w_cm, d_cm)

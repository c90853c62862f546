"""Light and sensor: the light map (spotlight pools, gradient, vignette, white balance, exposure),
sensor noise from a precomputed bank (read noise plus shot noise that grows with brightness),
optical softness and JPEG round trips. All per-frame work is a handful of saturating uint8 ops.
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from ..style import Style
from ..world import TableLayout

LIGHT_ONE = 128  # light maps are uint8 with 128 meaning gain 1.0
_NOISE_PAD = 32
_NOISE_UNIT = 32.0  # the bank stores unit noise times this, as int8


def light_map(
    layout: TableLayout,
    cx: np.ndarray,
    cy: np.ndarray,
    step: int,
    width: int,
    height: int,
    style: Style,
    rng: np.random.Generator,
) -> np.ndarray:
    """(H, W, 3) uint8 gain per pixel and channel (128 = 1.0), from the coarse felt grid ``cx, cy``."""
    from .felt import upsample

    ny, nx = cx.shape
    light = np.full(cx.shape, style.ambient, np.float32)
    if style.spotlights > 0:
        xs = np.linspace(-layout.length / 2 + 35, layout.length / 2 - 35, style.spotlights)
        xs = xs + rng.normal(0, 12, style.spotlights)
        ys = rng.normal(0, 12, style.spotlights)
        pool = np.zeros_like(light)
        for x, y in zip(xs, ys, strict=True):
            r2 = (cx - x) ** 2 + (cy - y) ** 2
            pool += np.exp(-r2 / (2 * style.spot_radius**2)).astype(np.float32)
        light += style.spot_strength * pool / max(float(pool.max()), 1e-6)
    else:
        r2 = (cx / (layout.length * 0.9)) ** 2 + (cy / (layout.width * 0.9)) ** 2
        light += 0.15 * np.exp(-r2).astype(np.float32)
    # normalise so the table's middle sits near the exposure
    mid = light[ny // 2 - 1 : ny // 2 + 2, nx // 2 - 1 : nx // 2 + 2].mean()
    light *= style.exposure / max(float(mid), 1e-6)
    gy, gx = np.mgrid[0:ny, 0:nx].astype(np.float32)
    u = (gx - 1 + 0.5) * step / width * 2 - 1
    v = (gy - 1 + 0.5) * step / height * 2 - 1
    a = rng.uniform(0, 2 * np.pi)
    light *= 1 + style.gradient * (u * np.cos(a) + v * np.sin(a))
    light *= 1 - style.vignette * np.clip((u**2 + (v * height / width) ** 2) / 1.3, 0, 1) ** 1.2
    full = upsample(light.astype(np.float32), step, height, width)
    return cv2.merge([cv2.convertScaleAbs(full, alpha=float(g) * LIGHT_ONE) for g in style.white_balance])


@lru_cache(maxsize=8)
def noise_bank(height: int, width: int) -> tuple[np.ndarray, np.ndarray]:
    """Unit noise (positive part, negative part), each (H + pad, W + pad, 3) uint8 scaled by 32.

    Slightly correlated between neighbours, as demosaicing leaves it. Made once per frame size.
    """
    rng = np.random.default_rng(20240611)
    n = rng.standard_normal((height + _NOISE_PAD, width + _NOISE_PAD, 3)).astype(np.float32)
    n = np.asarray(cv2.GaussianBlur(n, (0, 0), 0.55), dtype=np.float32)
    n /= max(float(n.std()), 1e-6)
    q = np.clip(n * _NOISE_UNIT, -127, 127)
    return np.clip(q, 0, 255).astype(np.uint8), np.clip(-q, 0, 255).astype(np.uint8)


def noise_lut(style: Style) -> np.ndarray:
    """(256,) uint8: 8x the noise sigma at each pixel value (read and shot noise together)."""
    i = np.arange(256, dtype=np.float64)
    sigma = np.sqrt(style.noise_sigma**2 + style.shot_noise**2 * i / 255)
    return np.clip(np.round(8 * sigma), 0, 255).astype(np.uint8)


def add_noise(
    frame: np.ndarray, bank: tuple[np.ndarray, np.ndarray], gain: np.ndarray, rng: np.random.Generator
) -> np.ndarray:
    """Sensor noise on a (H, W, 3) uint8 frame: a fresh crop of the bank each frame, scaled per pixel
    by ``gain`` (H, W, 3) uint8 = 8x the noise sigma there (``noise_lut`` of the scene's brightness)."""
    h, w = frame.shape[:2]
    ox, oy = (int(v) for v in rng.integers(0, _NOISE_PAD, 2))
    pos = bank[0][oy : oy + h, ox : ox + w]
    neg = bank[1][oy : oy + h, ox : ox + w]
    scale = 1.0 / (8 * _NOISE_UNIT)
    up = cv2.multiply(pos, gain, scale=scale)
    down = cv2.multiply(neg, gain, scale=scale)
    return cv2.subtract(cv2.add(frame, up), down)


def jpeg_roundtrip(frame: np.ndarray, quality: int) -> np.ndarray:
    ok, buf = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    if not ok:
        raise RuntimeError(f"JPEG encoding failed at quality {quality}")
    out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    if out is None:
        raise RuntimeError(f"JPEG decoding failed at quality {quality}")
    return out

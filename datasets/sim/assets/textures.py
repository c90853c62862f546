"""Tileable procedural textures (felt weaves, leather, carpets, wood), made once per process.

Every tile wraps at its edges (noise is shaped in the Fourier domain), so ``cv2.remap`` with
``BORDER_WRAP`` can lay it over any extent of the felt plane. Tiles are generated at the pixel
scale they will be seen at (``px_per_cm``), so a weave finer than a pixel is left out rather than
aliased into moiré.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

TILE = 256


def _shaped_noise(rng: np.random.Generator, size: int, sigma_px: float) -> np.ndarray:
    """Periodic Gaussian-correlated noise (size, size) float32, zero mean, unit std."""
    white = rng.standard_normal((size, size))
    f = np.fft.fftfreq(size)
    fx, fy = np.meshgrid(f, f)
    spectrum = np.fft.fft2(white) * np.exp(-2 * (np.pi * sigma_px) ** 2 * (fx**2 + fy**2))
    out = np.real(np.fft.ifft2(spectrum))
    out -= out.mean()
    return (out / max(out.std(), 1e-9)).astype(np.float32)


def level_for(px_per_cm: float) -> float:
    """The tile scale (a power of two, 1..16 px/cm) nearest above a camera's scale."""
    s = 1.0
    while s < px_per_cm * 0.9 and s < 16:
        s *= 2
    return s


@lru_cache(maxsize=64)
def felt_tile(kind: str, px_per_cm: float, variant: int = 0) -> np.ndarray:
    """(TILE, TILE) float32 multiplier around 1.0 for felt of ``kind`` (woven / speed / suede)."""
    rng = np.random.default_rng(1000 + variant)
    s = px_per_cm
    grain = _shaped_noise(rng, TILE, max(0.03 * s, 0.45))
    if kind == "woven":
        out = 1 + 0.05 * grain
        period = 0.22 * s
        if period >= 3.0:
            yy, xx = np.mgrid[0:TILE, 0:TILE].astype(np.float32)
            k = np.round(TILE / period) / TILE * 2 * np.pi
            out += 0.03 * np.sin(xx * k) * np.sin(yy * k)
        out += 0.025 * _shaped_noise(rng, TILE, max(0.6 * s, 1.0))
    elif kind == "speed":
        out = 1 + 0.018 * grain + 0.015 * _shaped_noise(rng, TILE, max(1.5 * s, 2.0))
    else:  # suede
        out = 1 + 0.025 * grain + 0.06 * _shaped_noise(rng, TILE, max(0.9 * s, 1.5))
    return out.astype(np.float32)


@lru_cache(maxsize=32)
def leather_tile(px_per_cm: float, variant: int = 0) -> np.ndarray:
    """(TILE, TILE) float32 multiplier: pebbled vinyl / leather of a padded rail."""
    rng = np.random.default_rng(2000 + variant)
    s = px_per_cm
    pebble = _shaped_noise(rng, TILE, max(0.08 * s, 0.5))
    return (1 + 0.05 * np.tanh(pebble * 1.5) + 0.03 * _shaped_noise(rng, TILE, max(1.2 * s, 2))).astype(
        np.float32
    )


@lru_cache(maxsize=32)
def wood_tile(px_per_cm: float, variant: int = 0) -> np.ndarray:
    """(TILE, TILE) float32 multiplier: wood grain running along x."""
    rng = np.random.default_rng(3000 + variant)
    s = px_per_cm
    n = _shaped_noise(rng, TILE, max(0.4 * s, 1.0))
    yy = np.arange(TILE, dtype=np.float32)[:, None]
    k = max(np.round(TILE / max(0.35 * s, 2.5)), 1) / TILE * 2 * np.pi
    return (1 + 0.08 * np.sin(yy * k + 3 * n) + 0.04 * n).astype(np.float32)


@lru_cache(maxsize=32)
def floor_tile(pattern: int, px_per_cm: float, variant: int = 0) -> np.ndarray:
    """(TILE, TILE, 3) float32 colour multiplier for the floor: plain carpet, patterned carpet, planks."""
    rng = np.random.default_rng(4000 + 10 * pattern + variant)
    s = px_per_cm
    base = 1 + 0.08 * _shaped_noise(rng, TILE, max(0.1 * s, 0.6))
    out = np.repeat(base[..., None], 3, axis=2)
    if pattern == 1:  # casino carpet: a repeating medallion in two accent colours
        yy, xx = np.mgrid[0:TILE, 0:TILE].astype(np.float32) / TILE * 2 * np.pi
        a = np.sin(xx * 2) * np.sin(yy * 2)
        b = np.cos(xx * 4 + np.sin(yy * 2) * 2)
        accent1 = np.asarray(rng.uniform(0.6, 1.8, 3), np.float32)
        accent2 = np.asarray(rng.uniform(0.6, 1.8, 3), np.float32)
        out *= np.where((a > 0.35)[..., None], accent1, 1.0)
        out *= np.where((b > 0.7)[..., None], accent2, 1.0)
    elif pattern == 2:  # planks
        planks = np.floor(np.arange(TILE) / max(12 * s, 8)).astype(int)
        tone = np.asarray(rng.uniform(0.8, 1.2, planks.max() + 1), np.float32)[planks]
        out *= tone[:, None, None]
        out *= wood_tile(px_per_cm, variant)[..., None]
    return out.astype(np.float32)


TILE_GAIN = 512.0  # uint8 tiles store 128 + (multiplier - 1) * TILE_GAIN


def _as_uint8(tile: np.ndarray) -> np.ndarray:
    return np.clip(np.round(128 + (tile - 1) * TILE_GAIN), 0, 255).astype(np.uint8)


@lru_cache(maxsize=40)
def big_tile(name: str, px_per_cm: float, variant: int, size: int) -> np.ndarray:
    """A base tile repeated to ``size`` x ``size`` as uint8 (see ``TILE_GAIN``), so remapping stays
    inside the image (OpenCV's wrap-around border path is several times slower)."""
    if name.startswith("floor"):
        base = floor_tile(int(name[5:]), px_per_cm, variant)
    else:
        base = felt_tile(name, px_per_cm, variant)
    reps = max(size // TILE, 1)
    tiled = np.tile(_as_uint8(base), (reps, reps) + (1,) * (base.ndim - 2))
    return np.ascontiguousarray(tiled)


def sample_tile(
    name: str, px_per_cm: float, variant: int, X: np.ndarray, Y: np.ndarray, phase: tuple[float, float]
) -> np.ndarray:
    """Sample a texture over felt coordinates ``X, Y`` (H, W) float32 cm; returns the multiplier as
    float32 (H, W) or (H, W, C). ``phase`` (0..1, 0..1) shifts the pattern."""
    import cv2

    s = np.float32(px_per_cm)
    xs, ys = X * s, Y * s
    x0, y0 = float(xs.min()), float(ys.min())
    span = max(float(xs.max()) - x0, float(ys.max()) - y0) + TILE + 2
    size = TILE
    while size < span and size < 2048:
        size *= 2
    big = big_tile(name, px_per_cm, variant % 2, 2048 if size > 1024 else size)
    xs -= np.float32(x0 - phase[0] * TILE)
    ys -= np.float32(y0 - phase[1] * TILE)
    out = cv2.remap(big, xs, ys, cv2.INTER_LINEAR, borderMode=cv2.BORDER_WRAP)
    return (out.astype(np.float32) - 128) * np.float32(1 / TILE_GAIN) + 1

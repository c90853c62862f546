"""The static table, drawn once per renderer: felt, racetrack, padded rail, floor, prints (betting
line, seat numbers, logo), the dealer's chip tray and the players' heads and shoulders.

Everything is computed in image space from the felt coordinates of each frame pixel (lens
distortion included), so the background lines up with objects projected by ``Camera.project``.
Lighting is not applied here (the renderer multiplies the whole frame by its light map).
"""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from ..camera import Camera
from ..style import LogoPlacement, Style
from ..world import TableLayout
from .common import AA, SHIFT, fixed, paint_mask, stable_rng, text_mask, warp_texture
from .people import draw_dealer
from .suits import draw_suit
from .textures import level_for, sample_tile
from .tray import tray_texture
from .view import View, place

PRINT_PX_PER_CM = 8.0


def felt_coordinates(camera: Camera, step: int = 8) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Felt-plane coordinates (cm) of every frame pixel, lens distortion included.

    Returns ``X, Y`` (H, W) float32 and the coarse grid they were interpolated from, ``cx, cy``
    (ny, nx) float32, sampled every ``step`` pixels starting half a block before the frame.
    """
    H, W = camera.height, camera.width
    nx, ny = math.ceil(W / step) + 2, math.ceil(H / step) + 2
    gx = (np.arange(nx) - 1 + 0.5) * step - 0.5
    gy = (np.arange(ny) - 1 + 0.5) * step - 0.5
    px = np.stack(np.meshgrid(gx, gy), axis=-1).reshape(-1, 1, 2).astype(np.float64)
    if np.any(camera.dist):
        px = np.asarray(cv2.undistortPoints(px, camera.K, camera.dist, P=camera.K), dtype=np.float64)
    Hinv = np.linalg.inv(camera.felt_homography())
    h = np.column_stack([px.reshape(-1, 2), np.ones(len(px))]) @ Hinv.T
    w = np.where(h[:, 2] > 1e-9, h[:, 2], 1e-9)
    cx = (h[:, 0] / w).reshape(ny, nx).astype(np.float32)
    cy = (h[:, 1] / w).reshape(ny, nx).astype(np.float32)
    np.clip(cx, -5000, 5000, out=cx)
    np.clip(cy, -5000, 5000, out=cy)
    X = cv2.resize(cx, (nx * step, ny * step), interpolation=cv2.INTER_LINEAR)[
        step : step + H, step : step + W
    ]
    Y = cv2.resize(cy, (nx * step, ny * step), interpolation=cv2.INTER_LINEAR)[
        step : step + H, step : step + W
    ]
    return np.ascontiguousarray(X), np.ascontiguousarray(Y), cx, cy


def upsample(coarse: np.ndarray, step: int, H: int, W: int) -> np.ndarray:
    """Bring a coarse-grid map (from ``felt_coordinates``' grid) to full frame resolution."""
    ny, nx = coarse.shape[:2]
    big = cv2.resize(coarse, (nx * step, ny * step), interpolation=cv2.INTER_LINEAR)
    return np.ascontiguousarray(big[step : step + H, step : step + W])


_R_STEP = 0.25  # cm per step of the radial look-up tables
_R_INSIDE = 20.0  # the tables start this far inside the felt's edge


def _radial_tables(layout: TableLayout, style: Style) -> tuple[np.ndarray, np.ndarray]:
    """Look-up tables over the distance from the table's spine, from ``_R_INSIDE`` cm inside the felt
    edge outward in ``_R_STEP`` steps: colour (256, 3) with each material's shading and gloss, and
    texture amplitude (256,). The felt's middle (index 0) and the floor far out (255) saturate."""
    r_felt = layout.width / 2
    d = r_felt - _R_INSIDE + np.arange(256) * _R_STEP
    track_w = 7.0 if style.racetrack else 0.0
    inner = r_felt - track_w
    color = np.zeros((256, 3), np.float32)
    amp = np.zeros(256, np.float32)
    felt = d < inner
    rim = 1 - 0.28 * np.exp(-np.maximum(inner - d, 0) / 2.5)
    color[felt] = np.asarray(style.felt_color, np.float32) * rim[felt, None]
    amp[felt] = 1.0
    if track_w:
        tr = (d >= inner) & (d < r_felt)
        shade = 0.85 + 0.15 * np.sin(np.pi * np.clip((d - inner) / track_w, 0, 1))
        color[tr] = np.asarray(style.racetrack_color, np.float32) * shade[tr, None]
        amp[tr] = 1.6
    rail = (d >= r_felt) & (d < r_felt + layout.rail)
    t = np.clip((d - r_felt) / layout.rail, 0, 1)
    prof = 0.42 + 0.58 * np.sin(np.pi * np.clip(t * 0.92 + 0.04, 0, 1)) ** 0.7
    rc = np.asarray(style.rail_color, np.float32) * prof[:, None]
    gloss = style.rail_gloss * 0.3 * np.exp(-(((t - 0.38) / 0.1) ** 2))
    rc += (255 - rc) * gloss[:, None]
    color[rail] = rc[rail]
    amp[rail] = 1.2
    floor = d >= r_felt + layout.rail
    ao = 0.7 * (1 - 0.55 * np.exp(-np.maximum(d - r_felt - layout.rail, 0) / 12.0))  # the floor sits in shade
    color[floor] = np.asarray(style.floor_color, np.float32) * ao[floor, None]
    amp[floor] = 1.5
    return np.clip(color, 0, 255).astype(np.uint8).reshape(256, 1, 3), amp


def build_table(
    layout: TableLayout, camera: Camera, style: Style, seed: int, step: int = 8
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The unlit table (H, W, 3) uint8 BGR, plus the coarse felt grid (cx, cy) for lighting."""
    H, W = camera.height, camera.width
    view = View(camera, style.light_dir)
    rng = stable_rng("table", seed)
    X, Y, cx, cy = felt_coordinates(camera, step)
    s = level_for(view.px_per_cm(0.0, 0.0))
    phase = (float(rng.uniform(0, 1)), float(rng.uniform(0, 1)))
    r_felt = layout.width / 2
    half = max(layout.length / 2 - r_felt, 0.0)
    d = cv2.magnitude(np.maximum(np.abs(X) - np.float32(half), np.float32(0)), Y)
    # materials and their radial shading through one look-up, indexed by the distance from the spine
    r8 = cv2.convertScaleAbs(np.maximum(d - np.float32(r_felt - _R_INSIDE), np.float32(0)), alpha=1 / _R_STEP)
    color_lut, amp_lut = _radial_tables(layout, style)
    base = cv2.LUT(cv2.merge([r8, r8, r8]), color_lut)
    # texture: one grain tile, its strength per material; low-frequency wear on the felt
    tex = sample_tile(str(style.felt_texture), s, seed % 3, X, Y, phase)
    amp = cv2.LUT(r8, amp_lut)
    wear = upsample(_wear(cx, cy, rng, style.felt_wear), step, H, W)
    mult = 1 + amp * (tex - 1)
    mult *= np.where(r8 < int(_R_INSIDE / _R_STEP) - 28, wear, np.float32(1))
    img = base * mult[..., None]
    floor = r8 == 255
    if floor.any():
        pattern = sample_tile(f"floor{style.floor_pattern}", s / 2, seed % 4, X, Y, phase)
        np.multiply(img, pattern, out=img, where=floor[..., None])
    ink = _ink(layout, view, style)
    if ink is not None:
        rows = np.flatnonzero(ink.any(axis=1))
        if len(rows):
            sl = np.s_[rows[0] : rows[-1] + 1]
            a = ink[sl].astype(np.float32) * (0.82 / 255)
            color = np.asarray(style.print_color, np.float32) * (0.9 + 0.1 * tex[sl])[..., None]
            img[sl] += (color - img[sl]) * a[..., None]
    out = np.clip(img, 0, 255).astype(np.uint8)
    out = cv2.GaussianBlur(out, (0, 0), 0.6)  # the lens is never perfectly sharp; softens material edges
    if style.dealer_tray:
        _tray(out, layout, view, style, seed)
    if style.players:
        draw_dealer(out, layout, view, rng)
    return out, cx, cy


def _wear(cx: np.ndarray, cy: np.ndarray, rng: np.random.Generator, amount: float) -> np.ndarray:
    """Low-frequency felt variation on the coarse grid, multiplier around 1."""
    out = np.ones_like(cx)
    for _ in range(6):
        k = rng.uniform(0.01, 0.06)
        a = rng.uniform(0, np.pi)
        ph = rng.uniform(0, 2 * np.pi)
        out += amount * 0.035 * np.sin(k * (cx * np.cos(a) + cy * np.sin(a)) + ph)
    for _ in range(int(rng.integers(0, 4))):  # worn patches where arms rest
        px, py = rng.uniform(-100, 100), rng.uniform(-50, 50)
        out -= amount * 0.08 * np.exp(-((cx - px) ** 2 + (cy - py) ** 2) / (2 * rng.uniform(8, 20) ** 2))
    return out.astype(np.float32)


def _ink(layout: TableLayout, view: View, style: Style) -> np.ndarray | None:
    """Everything printed on the felt as one coverage mask (H, W) uint8, or None."""
    if not (style.betting_line or style.seat_numbers or style.logo is not LogoPlacement.NONE):
        return None
    ink = np.zeros((view.height, view.width), np.uint8)
    if style.betting_line:
        line = layout.outline(inset=layout.betting_line_inset, points=192)
        px = view.project(np.column_stack([line, np.zeros(len(line))]))
        thick = max(view.px_per_cm(0, 0) * 0.6, 1.0)
        cv2.polylines(ink, [fixed(px)], True, 255, round(thick), AA, shift=SHIFT)
    if style.seat_numbers:
        for zone in layout.zones:
            if zone.name.endswith("_stack") and zone.seat is not None:
                c = zone.polygon.mean(axis=0)
                f = zone.polygon[3] - zone.polygon[0]
                facing = math.degrees(math.atan2(f[1], f[0]))
                spot = c - f / np.linalg.norm(f) * 5.5
                _stamp(
                    ink,
                    view,
                    text_mask(str(zone.seat), 3.2 * PRINT_PX_PER_CM, cv2.FONT_HERSHEY_DUPLEX, 0.12),
                    spot[0],
                    spot[1],
                    facing - 90,
                )
    if style.logo is not LogoPlacement.NONE:
        spots = (
            [(0.0, 0.0, 20.0)]
            if style.logo is LogoPlacement.CENTRE
            else [(-(layout.length / 2 - 42), 0.0, 15.0), (layout.length / 2 - 42, 0.0, 15.0)]
        )
        for x, y, r in spots:
            _stamp(ink, view, _logo_mask(style.logo_text, r), x, y, 0.0)
    return ink


@lru_cache(maxsize=32)
def _logo_mask(text: str, radius_cm: float) -> np.ndarray:
    s = PRINT_PX_PER_CM
    size = int(2 * radius_cm * s) + 4
    c = size / 2
    m = np.zeros((size, size), np.uint8)
    cv2.circle(m, (int(c), int(c)), int(radius_cm * s), 255, max(int(0.6 * s), 1), AA)
    cv2.circle(m, (int(c), int(c)), int(radius_cm * s * 0.9), 255, max(int(0.25 * s), 1), AA)
    tm = text_mask(text, radius_cm * s * 0.22, cv2.FONT_HERSHEY_TRIPLEX, 0.1, width_px=radius_cm * s * 1.55)
    rgb = np.zeros((size, size, 3), np.uint8)
    rgb[..., 0] = m
    paint_mask(rgb, None, tm, c, c, (255, 255, 255))
    for k, suit in enumerate("shdc"):
        a = math.radians(90 * k + 45)
        draw_suit(
            rgb,
            None,
            suit,
            c + math.cos(a) * radius_cm * s * 0.6,
            c + math.sin(a) * radius_cm * s * 0.6,
            radius_cm * s * 0.18,
            (255, 255, 255),
        )
    return rgb[..., 0]


def _stamp(ink: np.ndarray, view: View, mask: np.ndarray, x: float, y: float, angle: float) -> None:
    """Warp a felt-space mask (drawn at PRINT_PX_PER_CM) onto the frame's ink mask, centred at (x, y)."""
    h, w = mask.shape
    hw, hh = w / PRINT_PX_PER_CM / 2, h / PRINT_PX_PER_CM / 2
    quad = view.project(place(np.array([[-hw, hh], [hw, hh], [hw, -hh], [-hw, -hh]]), x, y, angle, 0.0))
    bgra = np.dstack([mask, mask, mask, mask])
    sp = warp_texture(bgra, quad)
    H, W = ink.shape
    xa, ya, xb, yb = max(sp.x0, 0), max(sp.y0, 0), min(sp.x0 + sp.shape[1], W), min(sp.y0 + sp.shape[0], H)
    if xa < xb and ya < yb:
        roi = ink[ya:yb, xa:xb]
        np.maximum(roi, sp.alpha[ya - sp.y0 : yb - sp.y0, xa - sp.x0 : xb - sp.x0], out=roi)


def _tray(img: np.ndarray, layout: TableLayout, view: View, style: Style, seed: int) -> None:
    tex, (w, d) = tray_texture(style.chipset, seed % 5)
    x, y = layout.dealer[0], -layout.width / 2 + d / 2 + 0.5
    quad = view.project(
        place(np.array([[-w / 2, d / 2], [w / 2, d / 2], [w / 2, -d / 2], [-w / 2, -d / 2]]), x, y, 0.0, 0.3)
    )
    _, lvl = tex.level(view.px_per_cm(x, y))
    sp = warp_texture(lvl, quad)
    _composite(img, sp.x0, sp.y0, sp.color, sp.alpha)


def _composite(img: np.ndarray, x0: int, y0: int, color: np.ndarray, alpha: np.ndarray) -> None:
    H, W = img.shape[:2]
    h, w = alpha.shape
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if xa >= xb or ya >= yb:
        return
    a = alpha[ya - y0 : yb - y0, xa - x0 : xb - x0].astype(np.float32)[..., None] / 255
    roi = img[ya:yb, xa:xb]
    roi[:] = np.clip(color[ya - y0 : yb - y0, xa - x0 : xb - x0] + roi * (1 - a), 0, 255).astype(np.uint8)

"""Small solids seen through the camera: a puck (a cylinder with a printed top) and a slab (a
rounded box with a printed top). Buttons, protectors and phones are built from these."""

from __future__ import annotations

import cv2
import numpy as np

from .common import Canvas, MipTexture, Sprite, rounded_rect, soft_shadow, warp_texture
from .view import View, place

BGR = tuple[int, int, int]


def mix(a: BGR, b: BGR, t: float) -> BGR:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def lit_side(view: View, normals: np.ndarray) -> np.ndarray:
    """(n,) brightness 0.6..1 of vertical surfaces with horizontal ``normals`` (n, 2) under the key light."""
    lx, ly = -np.array(view.light) / max(float(np.hypot(*view.light)), 1e-6)
    return 0.62 + 0.38 * np.clip(normals[:, 0] * lx + normals[:, 1] * ly, 0, 1)


def outline_side(
    canvas: Canvas,
    view: View,
    outline: np.ndarray,
    normals: np.ndarray,
    x: float,
    y: float,
    angle: float,
    z0: float,
    z1: float,
    color: BGR,
) -> None:
    """Paint the visible vertical walls of a prism whose top outline (n, 2) cm is ``outline``."""
    n = len(outline)
    low = place(outline, x, y, angle, z0)
    high = place(outline, x, y, angle, z1)
    px = view.project(np.vstack([low, high]))
    lo, hi = px[:n], px[n:]
    hull = cv2.convexHull(px.astype(np.float32)).reshape(-1, 2)
    canvas.poly(hull, mix((0, 0, 0), color, 0.55))
    a = np.radians(angle)
    c, s = np.cos(a), np.sin(a)
    wn = np.column_stack([normals[:, 0] * c - normals[:, 1] * s, normals[:, 0] * s + normals[:, 1] * c])
    mids = (low + np.roll(low, -1, axis=0)) / 2
    nn = (wn + np.roll(wn, -1, axis=0)) / 2
    facing = view.facing_camera(mids, np.column_stack([nn, np.zeros(n)]))
    lit = lit_side(view, nn)
    for k in np.nonzero(facing)[0]:
        k2 = (k + 1) % n
        canvas.paint(np.array([lo[k], lo[k2], hi[k2], hi[k]]), mix((0, 0, 0), color, float(lit[k])))


def shadow_for(
    view: View,
    outline_world_low: np.ndarray,
    outline_world_high: np.ndarray,
    scale: float,
    softness: float = 0.3,
):
    base = view.project(outline_world_low)
    top = view.project(view.shadow_of(outline_world_high))
    hull = cv2.convexHull(np.vstack([base, top]).astype(np.float32)).reshape(-1, 2)
    return soft_shadow([hull], blur_px=max(scale * softness, 0.8))


def puck_sprite(
    view: View,
    x: float,
    y: float,
    angle: float,
    z: float,
    radius: float,
    height: float,
    top: MipTexture,
    side: BGR,
) -> Sprite:
    """A cylinder standing on the felt with the printed ``top`` texture (square, ``2 * radius`` across
    plus the texture's margin)."""
    n = 32
    a = np.linspace(0, 2 * np.pi, n, endpoint=False)
    outline = np.column_stack([radius * np.cos(a), radius * np.sin(a)])
    normals = np.column_stack([np.cos(a), np.sin(a)])
    corners = np.vstack([place(outline, x, y, angle, z), place(outline, x, y, angle, z + height)])
    canvas = Canvas.around(view.project(corners), pad=3)
    outline_side(canvas, view, outline, normals, x, y, angle, z, z + height, side)
    scale, img = top.level(view.px_per_cm(x, y, z + height))
    h = img.shape[0] / scale / 2
    quad = place(np.array([[-h, h], [h, h], [h, -h], [-h, -h]]), x, y, angle, z + height)
    canvas.paste(warp_texture(img, view.project(quad)))
    sh = shadow_for(
        view,
        place(outline, x, y, angle, z),
        place(outline, x, y, angle, z + height),
        view.px_per_cm(x, y),
        0.2 + 0.05 * height,
    )
    return canvas.sprite(shadow=sh)


def slab_sprite(
    view: View,
    x: float,
    y: float,
    angle: float,
    z: float,
    w: float,
    d: float,
    r: float,
    height: float,
    top: MipTexture,
    side: BGR,
) -> Sprite:
    """A rounded box ``w`` x ``d`` cm (corner radius ``r``) with the printed ``top`` texture (w x d)."""
    outline = rounded_rect(w, d, r, 5)
    nxt = np.roll(outline, -1, axis=0)
    edge = nxt - outline
    normals = np.column_stack([edge[:, 1], -edge[:, 0]])
    normals /= np.maximum(np.linalg.norm(normals, axis=1, keepdims=True), 1e-9)
    # rounded_rect runs clockwise in math axes when y is down; make normals point outward
    if np.mean(np.einsum("ij,ij->i", normals, outline)) < 0:
        normals = -normals
    corners = np.vstack([place(outline, x, y, angle, z), place(outline, x, y, angle, z + height)])
    canvas = Canvas.around(view.project(corners), pad=3)
    outline_side(canvas, view, outline, normals, x, y, angle, z, z + height, side)
    _, img = top.level(view.px_per_cm(x, y, z + height))
    quad = place(
        np.array([[-w / 2, d / 2], [w / 2, d / 2], [w / 2, -d / 2], [-w / 2, -d / 2]]),
        x,
        y,
        angle,
        z + height,
    )
    canvas.paste(warp_texture(img, view.project(quad)))
    sh = shadow_for(
        view,
        place(outline, x, y, angle, z),
        place(outline, x, y, angle, z + height),
        view.px_per_cm(x, y),
        0.25,
    )
    return canvas.sprite(shadow=sh)

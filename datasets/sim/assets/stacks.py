"""Chip stacks drawn analytically, pixel by pixel, as cylinders seen through the camera.

Around a stack the camera is affine to well under a pixel, so each pixel of the stack's small region
maps back to felt-plane centimetres ``a`` (relative to the stack's base) and the stack's axis shows
as a straight segment ``h * b`` (``h`` the height in cm). A pixel is on the stack when it lies within
one chip radius of that segment; the front surface it sees is the larger root of
``|a - h b| = R``; whether it is a chip's top or its rim, which chip, and where round the rim (an edge
insert or the body colour) follow in closed form. Tops sample the printed chip face; the shadow is the
same distance test on the felt. About a dozen array operations per stack, whatever its height,
anti-aliased by distance. Messy stacks (chips off the axis) test chip by chip, higher chips in front.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from vision.chipset import ChipSet

from ..objects import ChipStack
from .chips import chip_face_opaque, spot_layout
from .common import Shadow, Sprite, stable_seed
from .view import View

_LIT_MIN = 0.68


def _offsets(stack: ChipStack, radius: float, rnd: random.Random) -> np.ndarray:
    """(n, 2) felt cm: each chip's shift off the stack's axis, a damped random walk (messy stacks)."""
    n = len(stack.chips)
    if stack.messy <= 0 or n == 0:
        return np.zeros((max(n, 1), 2))
    walk = np.array([[rnd.gauss(0, 1), rnd.gauss(0, 1)] for _ in range(n)]) * stack.messy * radius * 0.35
    offs = np.cumsum(walk, axis=0) * 0.6 + walk * 0.8
    lim = stack.messy * radius
    norm = np.maximum(np.hypot(offs[:, 0], offs[:, 1]) / max(lim, 1e-6), 1)
    offs = offs / norm[:, None]
    return offs - offs[0]


@lru_cache(maxsize=64)
def _chip_table(
    chipset: ChipSet, design: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per denomination, sorted by value: values (k,), base (k, 3), edge (k, 3) float32 BGR, insert
    period (k,) and half-width (k,) in degrees (half < 0: no inserts)."""
    specs = sorted(chipset.chips, key=lambda c: c.value)
    layout = [spot_layout(c, design) for c in specs]
    return (
        np.array([c.value for c in specs]),
        np.array([c.base for c in specs], np.float32),
        np.array([c.edge for c in specs], np.float32),
        np.array([360.0 / max(k, 1) for k, _ in layout], np.float32),
        np.array([hw if k > 0 else -1.0 for k, hw in layout], np.float32),
    )


@dataclass(slots=True)
class _Plan:
    """One stack's geometry around its base: pixel box, felt<->pixel affine map, axis direction."""

    x0: int
    y0: int
    w: int
    h: int
    p0: np.ndarray  # (2,) base centre, pixels
    Minv: np.ndarray  # (2, 2) pixels -> felt cm
    b: np.ndarray  # (2,) felt cm the axis shifts per cm of height
    scale: float  # px per cm
    n: int
    kinds: np.ndarray  # (n,) index into the chip table
    spins: np.ndarray  # (n,) degrees
    offs: np.ndarray  # (n, 2) felt cm
    shadow_end: np.ndarray  # (2,) felt cm
    soft: float  # shadow softness, cm


def _plans(stacks: list[ChipStack], view: View, chipset: ChipSet, design: int, seed: int) -> list[_Plan]:
    R, t = chipset.diameter_cm / 2, chipset.thickness_cm
    values = _chip_table(chipset, design)[0]
    pts = np.empty((len(stacks), 4, 3))
    for k, st in enumerate(stacks):
        x, y, z = st.pose.x, st.pose.y, st.pose.z
        pts[k] = ((x, y, z), (x + 1, y, z), (x, y + 1, z), (x, y, z + 1))
    P = view.project(pts.reshape(-1, 3)).reshape(len(stacks), 4, 2).tolist()
    lx, ly = view.light
    plans = []
    for st, q in zip(stacks, P, strict=True):
        chips = st.chips or (chipset.values[0],)
        n = len(chips)
        rnd = random.Random(stable_seed("stack", st.id, seed))
        spins = np.array([rnd.uniform(0, 360) for _ in range(n)], np.float32) + np.float32(st.pose.angle)
        offs = _offsets(st, R, rnd)[:n]
        (px, py), (m00, m10), (m01, m11), (jz0, jz1) = q[0], q[1], q[2], q[3]
        m00, m10, m01, m11 = m00 - px, m10 - py, m01 - px, m11 - py
        jz0, jz1 = jz0 - px, jz1 - py
        det = m00 * m11 - m01 * m10
        Minv = np.array([[m11, -m01], [-m10, m00]]) / det
        b = Minv @ (jz0, jz1)
        scale = abs(det) ** 0.5
        H = n * t
        sx, sy = lx * (st.pose.z + H), ly * (st.pose.z + H)
        soft = 0.35 + 0.08 * H + 0.15 * st.pose.z
        reach = R + (float(np.abs(offs).max()) if st.messy > 0 else 0.0) + 2.0 / scale
        # the box: circles round the base, the top, and both ends of the shadow, mapped to pixels
        ex, ey = math.hypot(m00, m01), math.hypot(m10, m11)  # pixel half-extent of a 1 cm circle
        rs = R + 2 * soft
        cxs = (0.0, H * b[0], sx, 0.0)
        cys = (0.0, H * b[1], sy, 0.0)
        rads = (reach, reach, rs, rs)
        xs = [px + m00 * cx + m01 * cy for cx, cy in zip(cxs, cys, strict=True)]
        ys = [py + m10 * cx + m11 * cy for cx, cy in zip(cxs, cys, strict=True)]
        x0 = math.floor(min(x - r * ex for x, r in zip(xs, rads, strict=True))) - 1
        x1 = math.ceil(max(x + r * ex for x, r in zip(xs, rads, strict=True))) + 2
        y0 = math.floor(min(y - r * ey for y, r in zip(ys, rads, strict=True))) - 1
        y1 = math.ceil(max(y + r * ey for y, r in zip(ys, rads, strict=True))) + 2
        plans.append(
            _Plan(
                x0,
                y0,
                x1 - x0,
                y1 - y0,
                np.array((px, py)),
                Minv,
                b,
                scale,
                n,
                np.searchsorted(values, chips),
                spins,
                offs,
                np.array((sx, sy)),
                soft,
            )
        )
    return plans


def stack_sprite(stack: ChipStack, view: View, chipset: ChipSet, design: int, seed: int) -> Sprite:
    """The stack as a sprite with its soft shadow, for any camera."""
    return stack_sprites([stack], view, chipset, design, seed)[0]


def stack_sprites(
    stacks: list[ChipStack], view: View, chipset: ChipSet, design: int, seed: int
) -> list[Sprite]:
    """Many stacks at once (the array work is shared), one sprite each, in order."""
    if not stacks:
        return []
    plans = _plans(stacks, view, chipset, design, seed)
    out: list[Sprite | None] = [None] * len(stacks)
    for messy in (False, True):
        group = [k for k, st in enumerate(stacks) if (st.messy > 0) == messy]
        # batch stacks of similar size together so padding stays small
        group.sort(key=lambda k: plans[k].w * plans[k].h)
        for part in range(0, len(group), 16):
            ids = group[part : part + 16]
            batch = _render([plans[k] for k in ids], chipset, design, messy, view.light)
            for k, sprite in zip(ids, batch, strict=True):
                out[k] = sprite
    return out  # type: ignore[return-value]


def _col(values: list[float], dtype: type = np.float32) -> np.ndarray:
    return np.asarray(values, dtype)[:, None, None]


def _render(
    plans: list[_Plan], chipset: ChipSet, design: int, messy: bool, light: tuple[float, float]
) -> list[Sprite]:
    R, t = chipset.diameter_cm / 2, chipset.thickness_cm
    N = len(plans)
    Hm, Wm = max(p.h for p in plans), max(p.w for p in plans)
    nmax = max(p.n for p in plans)
    b0, b1 = _col([p.b[0] for p in plans]), _col([p.b[1] for p in plans])
    bb = b0 * b0 + b1 * b1
    flat = bb < 1e-10  # looking straight down the axis: no side shows
    bb = np.where(flat, np.float32(1), bb)
    scale = _col([p.scale for p in plans])
    Hs = _col([p.n * t for p in plans])
    gx = np.arange(Wm, dtype=np.float32)[None, None, :] + _col([p.x0 - p.p0[0] for p in plans])
    gy = np.arange(Hm, dtype=np.float32)[None, :, None] + _col([p.y0 - p.p0[1] for p in plans])
    ax = _col([p.Minv[0, 0] for p in plans]) * gx + _col([p.Minv[0, 1] for p in plans]) * gy
    ay = _col([p.Minv[1, 0] for p in plans]) * gx + _col([p.Minv[1, 1] for p in plans]) * gy
    nidx = np.arange(N)[:, None, None]
    offs = np.zeros((N, nmax, 2), np.float32)
    spins = np.zeros((N, nmax), np.float32)
    kinds = np.zeros((N, nmax), np.int64)
    for k, p in enumerate(plans):
        offs[k, : p.n] = p.offs
        spins[k, : p.n] = p.spins
        kinds[k, : p.n] = p.kinds
    if not messy:
        ab = ax * b0 + ay * b1
        aa = ax * ax + ay * ay
        hs = np.where(flat, Hs, np.clip(ab / bb, 0, Hs))
        dist = np.sqrt(np.maximum(aa - hs * (2 * ab - hs * bb), 0)) - R
        disc = ab * ab - bb * (aa - R * R)
        h = np.where(disc >= 0, (ab + np.sqrt(np.maximum(disc, 0))) / bb, hs)
        h = np.where(flat, Hs, h)
        cover = np.clip(0.5 - dist * scale, 0, 1)
        h = np.clip(h, 0, Hs - 1e-5)
        idx = np.minimum((h * (1 / t)).astype(np.int64), _col([p.n - 1 for p in plans], np.int64))
        ox = oy = np.float32(0)
    else:
        cover = np.zeros_like(ax)
        idx = np.zeros(ax.shape, np.int64)
        ab0 = ax * b0 + ay * b1
        inv_bb = np.where(flat, np.float32(0), 1 / bb)
        counts = np.array([p.n for p in plans])
        for i in range(nmax):
            ox_i, oy_i = offs[:, i, 0][:, None, None], offs[:, i, 1][:, None, None]
            lo, hi = i * t, (i + 1) * t
            # the point of this chip's axis segment nearest each pixel (|b| = 0: straight down, the top)
            hs = np.where(flat, np.float32(hi), np.clip((ab0 - (ox_i * b0 + oy_i * b1)) * inv_bb, lo, hi))
            dx = ax - ox_i - hs * b0
            dy = ay - oy_i - hs * b1
            ci = np.clip((R + 0.5 / scale - np.sqrt(dx * dx + dy * dy)) * scale, 0, 1)
            if (counts <= i).any():
                ci *= _col([1.0 if i < n else 0.0 for n in counts])
            np.copyto(idx, i, where=ci > 0.5)
            np.maximum(cover, ci, out=cover)
        ox, oy = offs[nidx, idx, 0], offs[nidx, idx, 1]
        ux, uy = ax - ox, ay - oy
        ab = ux * b0 + uy * b1
        disc = ab * ab - bb * (ux * ux + uy * uy - R * R)
        h = np.where(flat, (idx + 1) * t, (ab + np.sqrt(np.maximum(disc, 0))) / bb)
        h = np.clip(h, idx * t, (idx + 1) * t - 1e-5)
    z_top = (idx + 1).astype(np.float32) * t
    ut, vt = ax - ox - z_top * b0, ay - oy - z_top * b1
    w_top = np.clip(0.5 - (np.sqrt(ut * ut + vt * vt) - R) * scale, 0, 1)
    # side: which insert or body colour round the rim, lit by the key light, seams between chips
    wx, wy = ax - ox - h * b0, ay - oy - h * b1
    _, base, edge, period, half = _chip_table(chipset, design)
    kind = kinds[nidx, idx]
    per = period[kind]
    rel = np.mod(np.degrees(np.arctan2(wy, wx)) - spins[nidx, idx], per)
    in_spot = np.minimum(rel, per - rel) < half[kind]
    side = np.where(in_spot[..., None], edge[kind], base[kind])
    ln = math.hypot(*light)
    lam = np.clip((wx * light[0] + wy * light[1]) * (-1.0 / (R * ln)), 0, 1) if ln > 1e-6 else 0.5
    frac = h * (1 / t) - idx
    shade = (_LIT_MIN + (1 - _LIT_MIN) * lam) * (
        1 - 0.3 * np.clip(1 - frac * 5, 0, 1) - 0.12 * np.clip(1 - (1 - frac) * 8, 0, 1)
    )
    color = side * shade[..., None]
    # tops: sample each denomination's printed face at the pixel's place on its chip
    if (w_top > 0).any():
        rot = np.radians(spins[nidx, idx])
        cu, su = np.cos(rot), np.sin(rot)
        lu, lv = ut * cu + vt * su, vt * cu - ut * su
        top = color.copy()
        values = _chip_table(chipset, design)[0]
        for k in np.unique(kind[w_top > 0]):
            tex_scale, tex = chip_face_opaque(
                chipset.spec(int(values[k])), design, chipset.diameter_cm
            ).level(max(p.scale for p in plans))
            c = (tex.shape[0] - 1) / 2
            mx = (c + lu * tex_scale).astype(np.float32).reshape(N * Hm, Wm)
            my = (c - lv * tex_scale).astype(np.float32).reshape(N * Hm, Wm)
            sample = cv2.remap(tex[..., :3], mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            sel = kind == k
            top[sel] = sample.reshape(N, Hm, Wm, 3)[sel]
        color += (top - color) * w_top[..., None]
    premult = np.clip(color * cover[..., None], 0, 255).astype(np.uint8)
    alpha = (cover * 255).astype(np.uint8)
    ex, ey = _col([p.shadow_end[0] for p in plans]), _col([p.shadow_end[1] for p in plans])
    ee = np.maximum(ex * ex + ey * ey, np.float32(1e-9))
    sp = np.clip((ax * ex + ay * ey) / ee, 0, 1)
    sd = np.sqrt((ax - sp * ex) ** 2 + (ay - sp * ey) ** 2) - R
    shadow = (np.clip(0.5 - sd / _col([p.soft for p in plans]), 0, 1) * (1 - cover) * 255).astype(np.uint8)
    sprites = []
    for k, p in enumerate(plans):
        sl = np.s_[k, : p.h, : p.w]
        sprite = Sprite(p.x0, p.y0, np.ascontiguousarray(premult[sl]), np.ascontiguousarray(alpha[sl]))
        sprite.shadow = Shadow(p.x0, p.y0, np.ascontiguousarray(shadow[sl]))
        sprites.append(sprite)
    return sprites

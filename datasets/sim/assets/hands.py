"""Hands and forearms reaching in from a seat, seen from above (the back of the hand).

The hand is built in a local frame in centimetres (origin at the middle of the back of the hand,
+v toward the fingertips, +u to the right; a right hand palm-down has its thumb at -u), lifted to
3D (knuckles higher than fingertips, the arm rising to the shoulder at the seat), projected through
the camera and shaded by distance to the silhouette's edge (rounded fingers, flat back of the
hand) with a directional term, then given creases, nails, sleeve, cuff and watch.

``Hand.pose.angle`` is read as a wrist turn relative to the reach direction (clamped to 45°).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np

from ..objects import Hand, HandPose
from ..world import TableLayout
from .common import AA, SHIFT, Canvas, Sprite, fixed, soft_shadow, stable_seed
from .view import View, place

BGR = tuple[int, int, int]

# Palm outline of a right hand from above (cm, thumb side at -u), knuckles at v ~ +4.5, wrist at v = -5.
_PALM = np.array(
    [
        (-2.9, -5.2),
        (-3.6, -2.6),
        (-4.15, 0.4),
        (-4.2, 3.5),
        (-3.5, 4.5),
        (-1.3, 5.0),
        (0.9, 4.9),
        (2.8, 4.4),
        (3.85, 3.1),
        (3.85, 0.0),
        (3.3, -3.4),
        (2.7, -5.2),
    ]
)
# Fingers: knuckle (u, v), length, width, spread angle (deg, + toward +u) when open.
_FINGERS = (
    ((-2.85, 4.1), 7.0, 1.78, -9.0),
    ((-0.95, 4.6), 7.8, 1.82, -2.0),
    ((0.95, 4.4), 7.2, 1.72, 5.0),
    ((2.75, 3.6), 5.8, 1.5, 14.0),
)
_THUMB_BASE = (-3.5, -2.4)
_WARM = np.array([1.35, 1.15, 0.85], np.float32)  # per-channel (B, G, R) exponent of skin shading
_RIDGE = np.array([[-3.3, 3.6], [-1.2, 4.1], [0.9, 4.0], [2.8, 3.3]])  # knuckles across the back


@dataclass(frozen=True, slots=True)
class _Digit:
    base: tuple[float, float]
    length: float
    width: float
    angle: float  # degrees from +v toward +u
    nail: bool


def _digits(shape: HandPose) -> tuple[list[_Digit], _Digit]:
    """The four fingers and the thumb for a hand shape (right hand)."""
    fingers = []
    for k, (base, length, width, spread) in enumerate(_FINGERS):
        if shape is HandPose.OPEN:
            fingers.append(_Digit(base, length, width, spread * 1.2, True))
        elif shape is HandPose.POINT and k == 0:
            fingers.append(_Digit(base, length, width, -3.0, True))
        elif shape is HandPose.CUPPED:
            fingers.append(_Digit(base, length * 0.78, width, spread * 0.25, True))
        else:  # curled under: only the first two phalanges show, ending in a knuckle
            fingers.append(_Digit(base, length * 0.5, width * 1.05, spread * 0.35, False))
    thumb = {
        HandPose.OPEN: _Digit(_THUMB_BASE, 6.3, 2.15, -42.0, True),
        HandPose.GRASP: _Digit(_THUMB_BASE, 5.4, 2.2, -18.0, True),
        HandPose.CUPPED: _Digit(_THUMB_BASE, 5.2, 2.1, -12.0, True),
        HandPose.POINT: _Digit(_THUMB_BASE, 5.0, 2.15, -22.0, True),
    }[shape]
    return fingers, thumb


@lru_cache(maxsize=256)
def _capsule(d: _Digit, n_side: int = 6, n_tip: int = 9) -> tuple[np.ndarray, np.ndarray]:
    """A tapering finger outline (n, 2) cm and each point's fraction along the finger (n,)."""
    a = math.radians(d.angle)
    fx, fy = math.sin(a), math.cos(a)
    nx, ny = fy, -fx
    bx, by = d.base
    tip_r = d.width * 0.42
    body = d.length - tip_r
    ts = np.linspace(0, 1, n_side)
    half = d.width / 2 * (1 - 0.16 * ts)
    right = np.column_stack([bx + fx * body * ts + nx * half, by + fy * body * ts + ny * half])
    left = np.column_stack([bx + fx * body * ts - nx * half, by + fy * body * ts - ny * half])[::-1]
    ang = np.linspace(0, math.pi, n_tip)
    cx, cy = bx + fx * body, by + fy * body
    r = half[-1]
    tip = np.column_stack(
        [
            cx + nx * r * np.cos(ang) + fx * tip_r * np.sin(ang),
            cy + ny * r * np.cos(ang) + fy * tip_r * np.sin(ang),
        ]
    )
    pts = np.vstack([right, tip, left])
    frac = np.concatenate([ts * body / d.length, np.full(n_tip, 1.0), ts[::-1] * body / d.length])
    return pts, frac


@lru_cache(maxsize=256)
def _along(d: _Digit, t: float, half_width_frac: float) -> np.ndarray:
    """Two points across the digit at fraction ``t`` of its length, (2, 2) cm."""
    a = math.radians(d.angle)
    fx, fy = math.sin(a), math.cos(a)
    nx, ny = fy, -fx
    cx, cy = d.base[0] + fx * d.length * t, d.base[1] + fy * d.length * t
    w = d.width / 2 * (1 - 0.16 * t) * half_width_frac
    return np.array([[cx - nx * w, cy - ny * w], [cx + nx * w, cy + ny * w]])


def _mix(a: BGR, b: BGR, t: float) -> BGR:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def _seat_origin(layout: TableLayout, seat: int) -> tuple[float, float]:
    if seat == 0:
        return 0.0, -layout.width / 2 - layout.rail - 18.0
    try:
        return layout.seat(seat).position
    except KeyError:
        zone = next((z for z in layout.zones if z.name == f"seat{seat}_stack"), None)
        if zone is None:
            return 0.0, -layout.width / 2 - layout.rail - 18.0
        cx, cy = zone.polygon.mean(axis=0)
        r = math.hypot(cx, cy)
        return cx * (r + 40) / max(r, 1e-6), cy * (r + 40) / max(r, 1e-6)


class _Batch:
    """World point sets gathered for a single ``projectPoints`` call."""

    def __init__(self) -> None:
        self._sets: list[np.ndarray] = []
        self._px: list[np.ndarray] = []

    def add(self, pts: np.ndarray) -> int:
        self._sets.append(np.asarray(pts, np.float64).reshape(-1, 3))
        return len(self._sets) - 1

    def project(self, view: View) -> None:
        flat = view.project(np.vstack(self._sets))
        self._px = np.split(flat, np.cumsum([len(s) for s in self._sets])[:-1])

    def __getitem__(self, k: int) -> np.ndarray:
        return self._px[k]


def hand_sprite(
    hand: Hand,
    view: View,
    layout: TableLayout,
    skin: BGR,
    sleeve: tuple[str, BGR] | None,
    seed: int,
    shadow_strength: float = 0.5,
) -> Sprite:
    """The hand and its arm; the sprite's mask covers the hand up to the wrist (what is annotated)."""
    rnd = random.Random(stable_seed("hand", hand.id, seed))
    right = rnd.random() < (0.8 if hand.seat != 0 else 0.5)
    size = rnd.uniform(0.92, 1.1)
    skin = tuple(int(min(max(c * rnd.uniform(0.94, 1.06), 0), 255)) for c in skin)  # type: ignore[assignment]
    p = hand.pose
    sx, sy = _seat_origin(layout, hand.seat)
    heading = math.atan2(p.y - sy, p.x - sx) + math.radians(max(min(p.angle, 45.0), -45.0))
    angle = math.degrees(heading) - 90.0
    mirror = 1.0 if right else -1.0
    shape = HandPose(hand.shape)
    width_k = 0.62 if shape is HandPose.CUPPED else 1.0
    lift = {HandPose.OPEN: 2.2, HandPose.GRASP: 4.5, HandPose.CUPPED: 4.2, HandPose.POINT: 2.8}[shape]
    z_back = p.z + lift
    tip_z = p.z + (0.8 if shape in (HandPose.OPEN, HandPose.POINT) else lift - 1.5)
    scale = view.px_per_cm(p.x, p.y, z_back)

    # the hand in its own frame: (local points, heights), placed in the world all at once
    local: list[tuple[np.ndarray, float | np.ndarray]] = []

    def add_local(pts: np.ndarray, z: float | np.ndarray) -> int:
        local.append((pts, z))
        return len(local) - 1

    fingers, thumb = _digits(shape)
    palm = add_local(_PALM, z_back)
    digits = []
    for d in [thumb, *fingers[::-1]]:
        pts, frac = _capsule(d)
        outline = add_local(pts, z_back - 0.4 + (tip_z - z_back) * frac)
        creases = [
            add_local(_along(d, t if d.nail else t * 0.9, wf), z_back + (tip_z - z_back) * t)
            for t, wf in ((0.42, 0.55), (0.7, 0.5))
        ]
        nail = add_local(_nail(d), tip_z + 0.3) if d.nail and scale * d.width > 3.0 else None
        digits.append((d, outline, creases, nail))
    ridge = add_local(_RIDGE, z_back + 0.2)
    loc = np.vstack([pts for pts, _ in local]) * (size * mirror * width_k, size)
    zs = np.concatenate([np.broadcast_to(np.asarray(z, np.float64), (len(pts),)) for pts, z in local])
    placed = place(loc, p.x, p.y, angle, zs)
    batch = _Batch()
    for part in np.split(placed, np.cumsum([len(pts) for pts, _ in local])[:-1]):
        batch.add(part)
    # the arm: wrist -> elbow -> shoulder, rising toward the seat
    fwd = np.array([math.cos(heading), math.sin(heading)])
    side = np.array([-fwd[1], fwd[0]])
    wrist = np.array([p.x, p.y]) - fwd * 5.0 * size
    shoulder = np.array([sx, sy])
    arm_len = 60.0 * size  # a reach past this means the player leans in
    if float(np.linalg.norm(wrist - shoulder)) > arm_len:
        shoulder = wrist - fwd * arm_len
    reach = float(np.dot(wrist - shoulder, fwd))
    elbow = wrist - fwd * min(26.0 * size, max(reach - 8.0, 6.0))
    z_wrist, z_elbow, z_sh = z_back + 0.3, max(z_back + 5.0, 9.0), max(z_back + 22.0, 38.0)
    w_wrist, w_elbow, w_sh = 5.6 * size * width_k + 0.6, 7.6 * size, 10.5 * size

    def band(a: np.ndarray, b: np.ndarray, wa: float, wb: float, za: float, zb: float) -> np.ndarray:
        return np.array(
            [
                [*(a + side * wa / 2), za],
                [*(b + side * wb / 2), zb],
                [*(b - side * wb / 2), zb],
                [*(a - side * wa / 2), za],
            ]
        )

    forearm_w = band(wrist + fwd * 1.2, elbow, w_wrist, w_elbow, z_wrist, z_elbow)
    upper_w = band(elbow + fwd * 1.0, shoulder, w_elbow * 1.05, w_sh, z_elbow, z_sh)
    forearm, upper = batch.add(forearm_w), batch.add(upper_w)
    stub = batch.add(
        band(wrist + fwd * 1.5, wrist - fwd * 2.5, w_wrist, w_wrist * 1.05, z_wrist, z_wrist + 0.3)
    )
    wrist_cut = batch.add(band(wrist + fwd * 3.0, wrist - fwd * 0.5, w_wrist, w_wrist, z_wrist, z_wrist))
    kind, color = sleeve if sleeve is not None else ("bare", (70, 70, 70))
    cloth: list[tuple[int, BGR]] = []
    if kind != "bare":
        end = wrist - fwd * (2.5 if kind == "shirt" else 4.0)
        cloth.append((batch.add(band(end, shoulder, w_wrist * 1.3, w_sh * 1.05, z_wrist + 0.6, z_sh)), color))
        if kind == "suit":
            cloth.append(
                (
                    batch.add(
                        band(
                            end + fwd * 1.4,
                            end - fwd * 0.3,
                            w_wrist * 1.3,
                            w_wrist * 1.35,
                            z_wrist + 0.5,
                            z_wrist + 0.6,
                        )
                    ),
                    (235, 238, 240),
                )
            )
            cloth.append(
                (
                    batch.add(
                        band(end - fwd * 0.2, shoulder, w_wrist * 1.4, w_sh * 1.1, z_wrist + 0.8, z_sh)
                    ),
                    color,
                )
            )
    else:
        tee_b, tee_g, tee_r = (int(60 + (rnd.randint(30, 200) - 60) * 0.7) for _ in range(3))
        tee = (tee_b, tee_g, tee_r)
        cloth.append(
            (
                batch.add(band(elbow - fwd * 6.0, shoulder, w_elbow * 1.25, w_sh * 1.1, z_elbow + 0.4, z_sh)),
                tee,
            )
        )
    watch = _watch_parts(batch, wrist - fwd * 1.6, fwd, side, w_wrist, z_wrist + 0.4) if hand.watch else None
    shadow_sets = []
    if shadow_strength > 0:
        for k in [palm, *(o for _, o, _, _ in digits)]:
            shadow_sets.append(batch.add(view.shadow_of(batch._sets[k])))
        shadow_sets += [batch.add(view.shadow_of(forearm_w)), batch.add(view.shadow_of(upper_w))]
    batch.project(view)

    arm_px = [batch[upper], batch[forearm]] + [batch[k] for k, _ in cloth]
    hand_parts = [batch[palm]] + [batch[o] for _, o, _, _ in digits]
    canvas = Canvas.around(np.vstack(arm_px + hand_parts), pad=3)
    # the bare arm as shaded cylinders, then the hand (and wrist) shaded as one volume
    _shaded_band(canvas, batch[upper], _mix(skin, (0, 0, 0), 0.08), warm=True)
    _shaded_band(canvas, batch[forearm], skin, warm=True)
    hand_px = np.vstack([batch[stub], *hand_parts])
    lo = np.maximum(np.floor(hand_px.min(axis=0)).astype(int) - 2 - (canvas.x0, canvas.y0), 0)
    hi = np.ceil(hand_px.max(axis=0)).astype(int) + 3 - (canvas.x0, canvas.y0)
    sub = np.s_[lo[1] : hi[1], lo[0] : hi[0]]
    skin_mask = np.zeros(canvas.alpha[sub].shape, np.uint8)
    shift = np.array([canvas.x0 + lo[0], canvas.y0 + lo[1]], np.float64)
    for pts in [batch[stub], *hand_parts]:
        cv2.fillPoly(skin_mask, [fixed(pts - shift)], 255, AA, shift=SHIFT)
    _paint_skin(canvas, skin_mask, skin, scale, view, rnd, sub)
    _details(canvas, batch, digits, ridge, skin, scale)
    for k, c in cloth:
        _shaded_band(canvas, batch[k], c)
    if watch is not None:
        _draw_watch(canvas, batch, watch, rnd)
    # what is annotated: the hand up to the wrist
    hand_mask = np.zeros(canvas.alpha.shape, np.uint8)
    for pts in [*hand_parts, batch[wrist_cut]]:
        cv2.fillPoly(hand_mask, [canvas.local(pts)], 255, shift=SHIFT)
    mask = (hand_mask > 127) & (canvas.alpha > 127)
    shadow = None
    if shadow_sets:
        shadow = soft_shadow([batch[k] for k in shadow_sets], blur_px=max(scale * (0.6 + 0.25 * lift), 1.0))
    return canvas.sprite(mask=mask, shadow=shadow)


@lru_cache(maxsize=256)
def _nail(d: _Digit) -> np.ndarray:
    """The nail's outline near the tip of a digit, local cm."""
    a = math.radians(d.angle)
    fx, fy = math.sin(a), math.cos(a)
    nx, ny = fy, -fx
    tip = np.array(d.base) + np.array([fx, fy]) * d.length
    nw = d.width * 0.3
    ang = np.linspace(0, math.pi, 7)
    back = tip - np.array([fx, fy]) * d.width * 0.75
    arc = np.column_stack(
        [
            tip[0] - fx * 0.12 + nx * nw * np.cos(ang) + fx * 0.08 * np.sin(ang),
            tip[1] - fy * 0.12 + ny * nw * np.cos(ang) + fy * 0.08 * np.sin(ang),
        ]
    )
    return np.vstack([[back + np.array([nx, ny]) * nw], arc, [back - np.array([nx, ny]) * nw]])


def _paint_skin(
    canvas: Canvas,
    mask: np.ndarray,
    skin: BGR,
    scale: float,
    view: View,
    rnd: random.Random,
    where: tuple[slice, slice],
) -> None:
    """Fill the skin silhouette ``mask`` (covering ``canvas[where]``) with rounded shading: darker at
    the edges, lit from the key light."""
    color_c, alpha_c = canvas.color[where], canvas.alpha[where]
    rows = np.flatnonzero(mask.any(axis=1))
    cols = np.flatnonzero(mask.any(axis=0))
    if len(rows) == 0:
        return
    sl = np.s_[max(rows[0] - 1, 0) : rows[-1] + 2, max(cols[0] - 1, 0) : cols[-1] + 2]
    m = mask[sl]
    dist = cv2.distanceTransform((m > 127).astype(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE)
    r = max(scale * 0.85, 1.0)
    if r > 2.5:  # the distance field has creases along the medial axes; round them off
        dist = cv2.GaussianBlur(dist, (0, 0), r * 0.35) * (m > 127)
    shade = 0.66 + 0.34 * np.sqrt(np.minimum(dist * (1 / r), 1))
    gx = cv2.Sobel(dist, cv2.CV_32F, 1, 0, ksize=5)
    gy = cv2.Sobel(dist, cv2.CV_32F, 0, 1, ksize=5)
    lx, ly = view.light
    norm = math.hypot(lx, ly) or 1.0
    # the lit side faces away from where shadows fall; image y is down
    directional = -(gx * lx - gy * ly) * (
        1 / (norm * max(float(np.abs(gx).max()), float(np.abs(gy).max()), 1e-6))
    )
    shade += 0.12 * np.clip(directional, -1, 1)
    h, w = m.shape
    if scale > 8:
        blotch = cv2.resize(
            np.random.default_rng(rnd.randrange(1 << 30))
            .normal(0, 1, (max(h // 12, 2), max(w // 12, 2)))
            .astype(np.float32),
            (w, h),
            interpolation=cv2.INTER_CUBIC,
        )
        shade *= 1 + 0.03 * blotch
    # skin scatters red light: shadows go warmer, not just darker
    color = np.asarray(skin, np.float32)[None, None, :] * np.power(
        np.clip(shade, 0.05, 1.5)[..., None], _WARM
    )
    a = m.astype(np.float32)[..., None] * (1 / 255)
    roi = color_c[sl]
    roi[:] = np.clip(color * a + roi * (1 - a), 0, 255).astype(np.uint8)
    np.maximum(alpha_c[sl], m, out=alpha_c[sl])


def _details(canvas: Canvas, batch: _Batch, digits: list, ridge: int, skin: BGR, scale: float) -> None:
    """Finger separations, knuckle creases and nails, drawn over the shaded skin."""
    crease = _mix(skin, (30, 40, 90), 0.35)
    edge = _mix(skin, (30, 40, 90), 0.28)
    nail_c = _mix(skin, (205, 210, 240), 0.38)
    for _, outline, creases, nail in digits:
        cv2.polylines(canvas.color, [canvas.local(batch[outline])], True, edge, 1, AA, shift=SHIFT)
        for k in creases:
            cv2.polylines(canvas.color, [canvas.local(batch[k])], False, crease, 1, AA, shift=SHIFT)
        if nail is not None:
            pts = [canvas.local(batch[nail])]
            cv2.fillPoly(canvas.color, pts, nail_c, AA, shift=SHIFT)
            cv2.polylines(canvas.color, pts, True, crease, 1, AA, shift=SHIFT)
    if scale > 2.5:  # the knuckle ridge across the back of the hand
        cv2.polylines(
            canvas.color,
            [canvas.local(batch[ridge])],
            False,
            _mix(skin, (255, 255, 255), 0.12),
            1,
            AA,
            shift=SHIFT,
        )


def _shaded_band(canvas: Canvas, quad_px: np.ndarray, color: BGR, warm: bool = False) -> None:
    """Cloth or skin over the arm: a quad shaded across its width like a cylinder (darker long edges)."""

    def tone(k: float) -> BGR:
        if warm:
            return tuple(int(min(c * k**g, 255)) for c, g in zip(color, _WARM, strict=True))  # type: ignore
        return tuple(int(min(c * k, 255)) for c in color)  # type: ignore[return-value]

    canvas.poly(quad_px, tone(0.62))
    q = quad_px
    for t, lit in ((0.07, 0.74), (0.15, 0.85), (0.25, 0.95), (0.36, 1.03)):
        a = q[0] * (1 - t) + q[3] * t, q[1] * (1 - t) + q[2] * t
        b = q[2] * (1 - t) + q[1] * t, q[3] * (1 - t) + q[0] * t
        canvas.paint(np.array([a[0], a[1], b[0], b[1]]), tone(lit), aa=False)


def _watch_parts(
    batch: _Batch, centre: np.ndarray, fwd: np.ndarray, side: np.ndarray, width: float, z: float
) -> tuple[int, int, int, int]:
    """Strap, case and dial outlines of a wristwatch, added to the batch."""
    strap = np.array(
        [
            [*(centre + fwd * 0.9 + side * width * 0.58), z],
            [*(centre - fwd * 0.9 + side * width * 0.58), z],
            [*(centre - fwd * 0.9 - side * width * 0.58), z],
            [*(centre + fwd * 0.9 - side * width * 0.58), z],
        ]
    )
    a = np.linspace(0, 2 * math.pi, 24, endpoint=False)
    ring = np.column_stack([centre[0] + 1.7 * np.cos(a), centre[1] + 1.7 * np.sin(a), np.full(24, z + 0.5)])
    dial = np.column_stack([centre[0] + 1.35 * np.cos(a), centre[1] + 1.35 * np.sin(a), np.full(24, z + 0.6)])
    return batch.add(strap), batch.add(ring), batch.add(dial), batch.add(dial[[2, 4, 6, 5]])


def _draw_watch(canvas: Canvas, batch: _Batch, parts: tuple[int, int, int, int], rnd: random.Random) -> None:
    strap, ring, dial, glint = parts
    canvas.poly(
        batch[strap], [(40, 40, 45), (30, 60, 110), (170, 170, 175), (60, 150, 190)][rnd.randrange(4)]
    )
    canvas.poly(batch[ring], (190, 195, 200))
    canvas.poly(batch[dial], [(25, 25, 30), (235, 235, 230), (120, 70, 30)][rnd.randrange(3)])
    canvas.paint(batch[glint], (245, 245, 245))

"""Drinks seen from above: capped bottles and cans, open cups and glasses with liquid inside.

A drink is a solid of revolution given as a profile (height, radius) and drawn as stacked
cross-sections from the felt up, so the camera's perspective shows the side where it should; an open
cup shows its rim, the inside wall and the liquid surface clipped to the opening.
"""

from __future__ import annotations

import numpy as np

from ..objects import Item, ItemKind
from .common import Canvas, Sprite, stable_rng
from .solids import mix, shadow_for
from .view import View, place

BGR = tuple[int, int, int]
Profile = tuple[tuple[float, float], ...]  # (height, radius) points, cm
Band = tuple[float, float, BGR]  # a label (z0, z1, colour) or a cap (r, h, colour)
_N = 28
_DOT = np.array([(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)])  # a 2 px highlight, pixels
_RING = np.column_stack(
    [
        np.cos(np.linspace(0, 2 * np.pi, _N, endpoint=False)),
        np.sin(np.linspace(0, 2 * np.pi, _N, endpoint=False)),
    ]
)

# Bottles: profile points (z, r), body colour, label (z0, z1, colour), cap (r, h, colour), glass opacity
_BOTTLES: tuple[tuple[Profile, BGR, Band | None, Band | None, float], ...] = (
    (
        ((0, 3.1), (14, 3.1), (19, 1.35), (22.5, 1.25)),
        (40, 95, 30),
        (4, 10, (215, 232, 238)),
        (1.5, 0.6, (40, 170, 210)),
        0.9,
    ),
    (
        ((0, 3.1), (14, 3.1), (19, 1.35), (22.5, 1.25)),
        (25, 55, 95),
        (4, 10, (60, 60, 200)),
        (1.5, 0.6, (190, 190, 195)),
        0.92,
    ),
    (
        ((0, 3.3), (16, 3.3), (20.5, 1.6), (22, 1.6)),
        (225, 212, 195),
        (6, 11, (170, 110, 40)),
        (1.7, 1.3, (200, 120, 40)),
        0.55,
    ),
    (((0, 3.0), (0.6, 3.3), (11.4, 3.3), (12.2, 2.8)), (50, 40, 190), None, None, 1.0),
)
# Cups: profile (z, r), wall colour, wall opacity, liquid height, liquid colour, extra
_CUPS: tuple[tuple[Profile, BGR, float, float, BGR, str], ...] = (
    (((0, 2.6), (11, 4.0)), (238, 240, 242), 1.0, 9.6, (35, 55, 85), "sleeve"),
    (((0, 3.8), (8.5, 4.2)), (215, 215, 210), 0.35, 4.5, (40, 120, 185), "ice"),
    (((0, 3.0), (15, 4.3)), (215, 215, 210), 0.3, 12.5, (40, 150, 225), "foam"),
    (((0, 4.0), (9.5, 4.0)), (230, 230, 232), 1.0, 8.0, (30, 45, 70), "handle"),
    (((0, 3.0), (12, 4.7)), (45, 45, 200), 1.0, 9.0, (25, 30, 45), ""),
)


def _radius(profile: Profile, z: float) -> float:
    zs = [p[0] for p in profile]
    rs = [p[1] for p in profile]
    return float(np.interp(z, zs, rs))


def _slices(profile: Profile, step: float = 0.9) -> np.ndarray:
    top = profile[-1][0]
    return np.unique(np.concatenate([np.arange(0, top, step), [p[0] for p in profile]]))


def drink_sprite(item: Item, view: View, seed: int) -> Sprite:
    p = item.pose
    rng = stable_rng("drink", item.id, seed)
    if item.kind is ItemKind.DRINK_CAPPED:
        profile, body, label, cap, opacity = _BOTTLES[item.variant % len(_BOTTLES)]
    else:
        profile, body, opacity, level, liquid, extra = _CUPS[item.variant % len(_CUPS)]
        if item.variant % len(_CUPS) == 3:
            body = [(230, 230, 232), (40, 40, 40), (150, 90, 40), (60, 60, 170)][int(rng.integers(0, 4))]
    top_z = profile[-1][0]
    r_max = max(r for _, r in profile)
    hull_pts = np.vstack(
        [place(_RING * r_max, p.x, p.y, 0, p.z), place(_RING * r_max, p.x, p.y, 0, p.z + top_z + 1.5)]
    )
    canvas = Canvas.around(view.project(hull_pts), pad=4)
    walls = Canvas(canvas.x0, canvas.y0, canvas.x0 + canvas.alpha.shape[1], canvas.y0 + canvas.alpha.shape[0])
    lx, ly = -np.array(view.light) / max(float(np.hypot(*view.light)), 1e-6)
    zs = _slices(profile, float(np.clip(3.0 / view.px_per_cm(p.x, p.y, p.z), 0.6, 2.5)))
    radii = np.array([_radius(profile, z) for z in zs])
    rings = np.empty((len(zs), _N + 1, 3))
    rings[:, :_N, 0] = p.x + radii[:, None] * _RING[:, 0]
    rings[:, :_N, 1] = p.y + radii[:, None] * _RING[:, 1]
    rings[:, _N, 0] = p.x + lx * radii * 0.65  # where each slice catches the light
    rings[:, _N, 1] = p.y + ly * radii * 0.65
    rings[:, :, 2] = p.z + zs[:, None]
    px = view.project(rings.reshape(-1, 3)).reshape(len(zs), _N + 1, 2)
    for k, z in enumerate(zs):
        color = body
        if item.kind is ItemKind.DRINK_CAPPED and label is not None and label[0] <= z <= label[1]:
            color = label[2]
        if item.kind is ItemKind.DRINK_OPEN and extra == "sleeve" and 3 <= z <= 7:
            color = (60, 110, 160)
        walls.poly(px[k, :_N], mix((0, 0, 0), color, 0.7 + 0.3 * (z / max(top_z, 1))))
        if z > 0.5:
            lit = px[k, _N]
            walls.paint(
                lit + _DOT,
                mix(color, (255, 255, 255), 0.55),
            )
    canvas.paste(walls.sprite(), opacity)
    silhouette = walls.alpha > 127  # glass counts as the drink even where it lets the felt through
    if item.kind is ItemKind.DRINK_CAPPED:
        if cap is not None:
            cr, ch, cc = cap
            z = p.z + top_z
            canvas.poly(view.project(place(_RING * cr, p.x, p.y, 0, z)), mix(cc, (0, 0, 0), 0.35))
            canvas.poly(view.project(place(_RING * cr, p.x, p.y, 0, z + ch)), cc)
            canvas.paint(
                view.project(place(_RING * cr * 0.55, p.x + lx * 0.3, p.y + ly * 0.3, 0, z + ch)),
                mix(cc, (255, 255, 255), 0.35),
            )
        else:  # a can's lid: rim, recessed top and the tab
            z = p.z + top_z
            canvas.poly(view.project(place(_RING * 2.8, p.x, p.y, 0, z)), (200, 200, 205))
            canvas.paint(view.project(place(_RING * 2.45, p.x, p.y, 0, z - 0.3)), (165, 165, 170))
            tab = np.array([[-0.6, 0.2], [0.6, 0.2], [0.6, 1.9], [-0.6, 1.9]])
            canvas.paint(view.project(place(tab, p.x, p.y, p.angle, z - 0.2)), (185, 185, 190))
    else:
        z_rim = p.z + top_z
        r_rim = _radius(profile, top_z)
        rim = view.project(place(_RING * r_rim, p.x, p.y, 0, z_rim))
        inner = mix(body, (0, 0, 0), 0.25) if opacity >= 1 else (170, 170, 165)
        opening = Canvas(
            canvas.x0, canvas.y0, canvas.x0 + canvas.alpha.shape[1], canvas.y0 + canvas.alpha.shape[0]
        )
        opening.poly(rim, inner)
        r_liq = _radius(profile, level) * 0.98
        surface = Canvas(
            canvas.x0, canvas.y0, canvas.x0 + canvas.alpha.shape[1], canvas.y0 + canvas.alpha.shape[0]
        )
        surface.poly(view.project(place(_RING * r_liq, p.x, p.y, 0, p.z + level)), liquid)
        if extra == "foam":
            surface.paint(
                view.project(place(_RING * r_liq * 0.97, p.x, p.y, 0, p.z + level)), (205, 230, 240)
            )
        if extra == "ice":
            for k in range(3):
                a = rng.uniform(0, 360)
                off = rng.uniform(-1.2, 1.2, 2)
                cube = np.array([[-1.1, -1.1], [1.1, -1.1], [1.1, 1.1], [-1.1, 1.1]])
                surface.paint(
                    view.project(place(cube, p.x + off[0], p.y + off[1], a, p.z + level + 0.4)),
                    (225, 225, 215) if k % 2 else (205, 210, 200),
                )
        # liquid only shows through the opening
        keep = opening.alpha.astype(np.float32) / 255
        surface.color = (surface.color * keep[..., None]).astype(np.uint8)
        surface.alpha = (surface.alpha * keep).astype(np.uint8)
        opening.paste(surface.sprite())
        canvas.paste(opening.sprite())
        canvas.line(
            rim, mix(body, (255, 255, 255), 0.4), max(view.px_per_cm(p.x, p.y, z_rim) * 0.25, 1), closed=True
        )
        if extra == "handle":
            a = np.radians(p.angle)
            d = np.array([np.cos(a), np.sin(a)])
            pts = [(4.0 + 2.2 * np.sin(t), 0.0, 2.0 + 5.5 * t / np.pi) for t in np.linspace(0, np.pi, 8)]
            arc = np.array([[p.x + d[0] * u, p.y + d[1] * u, p.z + z] for u, _, z in pts])
            canvas.line(
                view.project(arc), mix(body, (0, 0, 0), 0.1), max(view.px_per_cm(p.x, p.y, 6) * 0.9, 2)
            )
    low = place(_RING * profile[0][1], p.x, p.y, 0, p.z)
    high = place(_RING * r_max, p.x, p.y, 0, p.z + top_z)
    mask = silhouette | (canvas.alpha > 127)
    return canvas.sprite(mask=mask, shadow=shadow_for(view, low, high, view.px_per_cm(p.x, p.y), 0.5))

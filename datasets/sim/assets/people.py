"""The people round the table: seated players (scene objects that can get up and leave) and the
dealer (painted into the static background), seen from above as shoulders, upper arms and head,
modelled as stacked outlines at their heights so an oblique camera sees a torso rather than a flat
disc. Softened a little: they are not where the camera focuses."""

from __future__ import annotations

import math
from functools import lru_cache

import cv2
import numpy as np

from ..objects import Person
from ..world import TableLayout
from .common import Canvas, Sprite
from .view import View, place

CLOTHES: tuple[tuple[int, int, int], ...] = (
    (30, 28, 28),
    (60, 40, 30),
    (45, 45, 50),
    (90, 90, 95),
    (35, 50, 35),
    (40, 35, 80),
    (150, 150, 150),
    (200, 205, 210),
    (120, 100, 80),
    (40, 70, 110),
    (25, 25, 60),
    (70, 110, 140),
)
HAIR: tuple[tuple[int, int, int], ...] = (
    (20, 20, 24),
    (28, 40, 62),
    (45, 70, 110),
    (140, 150, 160),
    (60, 90, 140),
    (35, 35, 40),
)
SKIN = ((150, 180, 225), (110, 145, 195), (70, 100, 150), (45, 65, 100))


@lru_cache(maxsize=64)
def _superellipse(a: float, b: float, n: int = 28, p: float = 3.0) -> np.ndarray:
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    c, s = np.cos(t), np.sin(t)
    return np.column_stack([a * np.sign(c) * np.abs(c) ** (2 / p), b * np.sign(s) * np.abs(s) ** (2 / p)])


def _shade(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    return tuple(int(min(max(v * k, 0), 255)) for v in color)  # type: ignore[return-value]


def person_sprite(person: Person, view: View) -> Sprite | None:
    """A seated player (``person.pose``: the chair, facing the table) as a sprite, or None when the
    camera cannot see that place. Clothes, hair, skin and lean come from ``person.look``."""
    rng = np.random.default_rng([person.look, 0x9E0])
    return _figure(person.pose.x, person.pose.y, math.radians(person.pose.angle), view, rng)


def draw_dealer(img: np.ndarray, layout: TableLayout, view: View, rng: np.random.Generator) -> None:
    """Paint the dealer, who never leaves the box, onto the unlit background."""
    sprite = _figure(0.0, -layout.width / 2 - layout.rail - 20.0, math.pi / 2, view, rng)
    if sprite is None:
        return
    H, W = img.shape[:2]
    h, w = sprite.shape
    x0, y0 = sprite.x0, sprite.y0
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if xa >= xb or ya >= yb:
        return
    sl = np.s_[ya - y0 : yb - y0, xa - x0 : xb - x0]
    a = sprite.alpha[sl].astype(np.float32)[..., None] / 255
    roi = img[ya:yb, xa:xb]
    roi[:] = np.clip(sprite.color[sl] + roi * (1 - a), 0, 255).astype(np.uint8)


def _figure(px: float, py: float, facing: float, view: View, rng: np.random.Generator) -> Sprite | None:
    """Shoulders, upper arms, neck and head of someone sitting at (px, py) facing ``facing`` (radians),
    modelled as outlines at their heights; premultiplied and softened."""
    toward = np.array([math.cos(facing), math.sin(facing)])
    cx, cy = px - toward[0] * 6, py - toward[1] * 6
    if not view.in_front(np.array([[cx, cy, 75.0]]), margin=40.0):
        return None
    angle = math.degrees(facing) - 90  # local +v points at the table
    cloth = CLOTHES[int(rng.integers(len(CLOTHES)))]
    hair = HAIR[int(rng.integers(len(HAIR)))]
    skin = SKIN[int(rng.integers(len(SKIN)))]
    lean = float(rng.uniform(0, 8))
    sh_x, sh_y = cx + toward[0] * lean * 0.6, cy + toward[1] * lean * 0.6
    hx, hy = cx + toward[0] * (lean * 0.6 + 3), cy + toward[1] * (lean * 0.6 + 3)
    fx, fy = hx + toward[0] * 7, hy + toward[1] * 7
    sides = []
    for side in (-1, 1):  # upper arms hang at the sides, elbows toward the table
        sides.append(
            (
                cx + side * 21 * math.cos(math.radians(angle)) + toward[0] * (lean + 6),
                cy + side * 21 * math.sin(math.radians(angle)) + toward[1] * (lean + 6),
            )
        )
    parts = [
        place(_superellipse(19, 13), cx + toward[0] * lean, cy + toward[1] * lean, angle, 0.0),  # chest
        place(_superellipse(23, 12), sh_x, sh_y, angle, 42.0),  # shoulders
        place(_superellipse(15, 8), sh_x, sh_y, angle, 44.0),
        *(place(_superellipse(5.5, 12, 16, 2.2), ax, ay, angle, 30.0) for ax, ay in sides),
        place(_superellipse(5, 5, 16, 2), hx, hy, angle, 48.0),  # neck
        place(_superellipse(8.5, 10.5, 28, 2.2), hx, hy, angle, 60.0),  # head
        place(_superellipse(6.5, 4.5, 20, 2), fx, fy, angle, 57.0),  # face
        place(_superellipse(6, 7.5, 20, 2), hx - toward[0], hy - toward[1], angle, 63.0),  # crown
    ]
    outlines = np.split(view.project(np.vstack(parts)), np.cumsum([len(q) for q in parts])[:-1])
    chest, shoulders, inner, arm_l, arm_r, neck, head, face, crown = outlines
    hull = cv2.convexHull(np.vstack([chest, shoulders]).astype(np.float32)).reshape(-1, 2)
    canvas = Canvas.around(np.vstack(outlines), pad=6)
    canvas.poly(hull, _shade(cloth, 0.55))
    canvas.paint(shoulders, _shade(cloth, 0.85))
    canvas.paint(inner, _shade(cloth, 1.0))
    canvas.poly(arm_l, _shade(cloth, 0.7))
    canvas.poly(arm_r, _shade(cloth, 0.7))
    canvas.poly(neck, _shade(skin, 0.8))
    canvas.poly(head, _shade(hair, 0.8))
    if view.facing_camera(np.array([[fx, fy, 57.0]]), np.array([[toward[0], toward[1], 0.3]]))[0]:
        canvas.paint(face, skin)
    canvas.paint(crown, _shade(hair, 1.15))
    soft = cv2.GaussianBlur(np.dstack([canvas.color, canvas.alpha]), (5, 5), 1.1)
    color, alpha = np.ascontiguousarray(soft[..., :3]), np.ascontiguousarray(soft[..., 3])
    return Sprite(canvas.x0, canvas.y0, color, alpha)

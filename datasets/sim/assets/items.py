"""Things on the felt that are not cards or chips: the dealer button, all-in buttons, card
protectors and phones (drinks are in ``drinks.py``). Printed tops are drawn once per process."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from ..objects import Item, ItemKind
from .common import AA, SHIFT, MipTexture, Sprite, fixed, paint_mask, premultiply, rounded_rect, text_mask
from .drinks import drink_sprite
from .solids import mix, puck_sprite, slab_sprite
from .suits import draw_suit
from .view import View

TEX_PX_PER_CM = 24.0
N_VARIANTS = {
    ItemKind.DEALER_BUTTON: 3,
    ItemKind.ALL_IN_BUTTON: 2,
    ItemKind.CARD_PROTECTOR: 4,
    ItemKind.PHONE: 5,
    ItemKind.DRINK_CAPPED: 4,
    ItemKind.DRINK_OPEN: 5,
}
# (radius cm, height cm) of the round items
BUTTON = (3.2, 1.2)
ALL_IN = (2.9, 0.8)
PROTECTOR = (2.4, 0.45)
PHONE = (7.2, 14.7, 0.85, 0.9)  # width, length, thickness, corner radius


def _disc(radius: float) -> tuple[np.ndarray, np.ndarray, float]:
    size = int(np.ceil(2 * radius * TEX_PX_PER_CM)) + 2
    c = (size - 1) / 2
    img = np.zeros((size, size, 3), np.uint8)
    alpha = np.zeros((size, size), np.uint8)
    a = np.linspace(0, 2 * np.pi, 96, endpoint=False)
    ring = np.column_stack([c + radius * TEX_PX_PER_CM * np.cos(a), c + radius * TEX_PX_PER_CM * np.sin(a)])
    cv2.fillPoly(alpha, [fixed(ring)], 255, AA, shift=SHIFT)
    return img, alpha, c


def _radial(size: int, c: float, inner: tuple[int, int, int], outer: tuple[int, int, int]) -> np.ndarray:
    yy, xx = np.mgrid[0:size, 0:size]
    t = np.clip(np.hypot(xx - c, yy - c) / (size / 2), 0, 1)[..., None]
    return (np.asarray(inner, np.float32) * (1 - t) + np.asarray(outer, np.float32) * t).astype(np.uint8)


@cache
def item_top(kind: ItemKind, variant: int) -> MipTexture:
    """The printed / lit top of a button, protector or phone."""
    px = TEX_PX_PER_CM
    if kind is ItemKind.DEALER_BUTTON:
        img, alpha, c = _disc(BUTTON[0])
        body = [(238, 240, 242), (232, 238, 240), (190, 225, 240)][variant % 3]
        img[:] = _radial(img.shape[0], c, body, mix(body, (150, 150, 150), 0.3))
        R = BUTTON[0] * px
        cv2.circle(img, (int(c), int(c)), int(R * 0.86), (30, 30, 30), max(int(R * 0.035), 1), AA)
        if variant % 3 == 1:
            cv2.circle(img, (int(c), int(c)), int(R * 0.78), (30, 30, 180), max(int(R * 0.02), 1), AA)
        paint_mask(
            img,
            None,
            text_mask("DEALER", R * 0.3, cv2.FONT_HERSHEY_TRIPLEX, 0.14, width_px=R * 1.3),
            c,
            c,
            (25, 25, 25),
        )
        for s, dy in zip("sh", (-0.5, 0.5), strict=True):
            draw_suit(img, None, s, c, c + dy * R, R * 0.18)
    elif kind is ItemKind.ALL_IN_BUTTON:
        img, alpha, c = _disc(ALL_IN[0])
        body, ink = ((30, 30, 30), (40, 40, 210)) if variant % 2 == 0 else ((40, 40, 190), (240, 240, 240))
        img[:] = _radial(img.shape[0], c, mix(body, (255, 255, 255), 0.1), body)
        R = ALL_IN[0] * px
        cv2.circle(img, (int(c), int(c)), int(R * 0.85), ink, max(int(R * 0.04), 1), AA)
        paint_mask(
            img,
            None,
            text_mask("ALL IN", R * 0.32, cv2.FONT_HERSHEY_DUPLEX, 0.16, width_px=R * 1.4),
            c,
            c,
            ink,
        )
    elif kind is ItemKind.CARD_PROTECTOR:
        img, alpha, c = _disc(PROTECTOR[0])
        R = PROTECTOR[0] * px
        v = variant % 4
        if v in (0, 1, 3):
            metal = [(200, 200, 205), (70, 170, 215), (60, 120, 170)][(0, 1, 3).index(v)]
            img[:] = _radial(
                img.shape[0], c * 0.7, mix(metal, (255, 255, 255), 0.45), mix(metal, (0, 0, 0), 0.35)
            )
            for rr in (0.92, 0.8):
                cv2.circle(
                    img, (int(c), int(c)), int(R * rr), mix(metal, (0, 0, 0), 0.4), max(int(R * 0.03), 1), AA
                )
            if v == 3:  # a coin-like star
                a = np.radians(np.arange(10) * 36 - 90)
                r = np.where(np.arange(10) % 2 == 0, R * 0.55, R * 0.24)
                cv2.fillPoly(
                    img,
                    [fixed(np.column_stack([c + r * np.cos(a), c + r * np.sin(a)]))],
                    mix(metal, (0, 0, 0), 0.3),
                    AA,
                    shift=SHIFT,
                )
            else:
                draw_suit(img, None, "s" if v == 0 else "h", c, c, R * 0.9, mix(metal, (0, 0, 0), 0.35))
        else:
            img[:] = _radial(img.shape[0], c, (60, 60, 220), (30, 30, 150))
            cv2.circle(img, (int(c), int(c)), int(R * 0.8), (235, 235, 235), max(int(R * 0.05), 1), AA)
            paint_mask(
                img, None, text_mask("RB", R * 0.6, cv2.FONT_HERSHEY_TRIPLEX, 0.14), c, c, (235, 235, 235)
            )
    elif kind is ItemKind.PHONE:
        return _phone_top(variant)
    else:
        raise ValueError(f"no printed top for {kind}")
    return MipTexture(premultiply(img, alpha), px)


def _phone_top(variant: int) -> MipTexture:
    px = TEX_PX_PER_CM
    w, d, _, r = PHONE
    W, H = round(w * px), round(d * px)
    outline = rounded_rect(W - 1, H - 1, r * px) + np.array([(W - 1) / 2, (H - 1) / 2])
    alpha = np.zeros((H, W), np.uint8)
    cv2.fillPoly(alpha, [fixed(outline)], 255, AA, shift=SHIFT)
    img = np.zeros((H, W, 3), np.uint8)
    v = variant % 5
    yy, xx = np.mgrid[0:H, 0:W].astype(np.float32)
    if v in (1, 2):  # face up: bezel and screen
        img[:] = (18, 18, 20)
        m = int(0.35 * px)
        screen = img[m : H - m, m : W - m]
        if v == 1:
            screen[:] = (28, 26, 26)
        else:
            sh, sw = screen.shape[:2]
            screen[:] = (230, 228, 226)
            cv2.rectangle(screen, (0, 0), (sw, int(sh * 0.12)), (190, 120, 40), -1)
            for k in range(6):
                y0 = int(sh * (0.17 + k * 0.11))
                cv2.rectangle(
                    screen,
                    (int(sw * 0.08), y0),
                    (int(sw * 0.92), y0 + int(sh * 0.07)),
                    [(210, 210, 210), (120, 200, 90), (230, 200, 160)][k % 3],
                    -1,
                )
        glare = np.clip(1 - np.abs((xx / W) * 0.8 + (yy / H) * 0.6 - 0.55) / 0.18, 0, 1) * 70
        img = np.clip(img + glare[..., None], 0, 255).astype(np.uint8)
    else:  # face down: the back and its camera bump
        back = {0: (28, 28, 30), 3: (205, 205, 210), 4: (140, 80, 30)}[v]
        img[:] = back
        shade = (1 - 0.12 * (xx / W) - 0.06 * (yy / H))[..., None]
        img = (img * shade).astype(np.uint8)
        bump = mix(back, (0, 0, 0), 0.3)
        cv2.rectangle(img, (int(0.5 * px), int(0.5 * px)), (int(3.2 * px), int(3.2 * px)), bump, -1, AA)
        for cx, cy in ((1.2, 1.2), (2.5, 1.2), (1.2, 2.5)):
            cv2.circle(img, (int(cx * px), int(cy * px)), int(0.5 * px), (25, 25, 25), -1, AA)
            cv2.circle(img, (int(cx * px), int(cy * px)), int(0.5 * px), (120, 120, 120), 1, AA)
            cv2.circle(
                img,
                (int(cx * px - 0.12 * px), int(cy * px - 0.12 * px)),
                max(int(0.08 * px), 1),
                (200, 200, 200),
                -1,
                AA,
            )
        cv2.circle(img, (W // 2, int(H * 0.55)), int(0.8 * px), mix(back, (255, 255, 255), 0.15), -1, AA)
    return MipTexture(premultiply(img, alpha), px)


def item_sprite(item: Item, view: View, seed: int) -> Sprite:
    """Draw any ``Item`` kind at its pose."""
    p, k = item.pose, item.kind
    if k in (ItemKind.DRINK_CAPPED, ItemKind.DRINK_OPEN):
        return drink_sprite(item, view, seed)
    if k is ItemKind.PHONE:
        w, d, h, r = PHONE
        edge = {0: (30, 30, 32), 1: (60, 60, 64), 2: (170, 170, 175), 3: (190, 190, 195), 4: (120, 70, 30)}
        return slab_sprite(
            view, p.x, p.y, p.angle, p.z, w, d, r, h, item_top(k, item.variant), edge[item.variant % 5]
        )
    radius, height = {
        ItemKind.DEALER_BUTTON: BUTTON,
        ItemKind.ALL_IN_BUTTON: ALL_IN,
        ItemKind.CARD_PROTECTOR: PROTECTOR,
    }[k]
    side = {
        ItemKind.DEALER_BUTTON: (205, 210, 212),
        ItemKind.ALL_IN_BUTTON: (40, 40, 40),
        ItemKind.CARD_PROTECTOR: (150, 150, 155),
    }[k]
    if k is ItemKind.ALL_IN_BUTTON and item.variant % 2:
        side = (40, 40, 170)
    return puck_sprite(view, p.x, p.y, p.angle, p.z, radius, height, item_top(k, item.variant), side)

"""A card placed in the frame: its face or back warped through the camera, bent, glared, peeked.

A peek lifts the corner nearest the player (the card's bottom-right) about a fold line: the flap
is drawn where it really is in 3D, so the camera sees the back of the flap or, lifted far enough
or seen from the lifting side, part of the face; the felt under the flap shows, with its shadow.
"""

from __future__ import annotations

import cv2
import numpy as np

from ..objects import Card
from .cards import CARD_H, CARD_W, back_texture, face_texture
from .common import AA, SHIFT, Sprite, fixed, soft_shadow, stable_rng, stack_over, warp_texture
from .view import View, place

_CORNERS = np.array(
    [
        [-CARD_W / 2, CARD_H / 2],
        [CARD_W / 2, CARD_H / 2],
        [CARD_W / 2, -CARD_H / 2],
        [-CARD_W / 2, -CARD_H / 2],
    ]
)


def card_sprite(
    card: Card, view: View, face_design: int, back_design: int, glare: float, seed: int, shadow: bool = True
) -> Sprite:
    """The card as a sprite, its shadow attached."""
    p = card.pose
    corners = place(_CORNERS, p.x, p.y, p.angle, p.z)
    lift = np.array([0.0, 0.0, 0.15 + 0.6 * card.bend])
    both = view.project(np.vstack([corners, view.shadow_of(corners + lift)]))  # one projection call
    dst, cast = both[:4], both[4:]
    scale = max(float(np.hypot(*(dst[1] - dst[0]))) / CARD_W, float(np.hypot(*(dst[2] - dst[1]))) / CARD_H)
    top_tex = face_texture(card.card, face_design) if card.face_up else back_texture(back_design)
    _, img = top_tex.level(scale)
    img = _shade(img, card, glare, seed)
    if card.peek <= 0.03:
        sprite = warp_texture(img, dst)
        flap_world = None
    else:
        under_tex = back_texture(back_design) if card.face_up else face_texture(card.card, face_design)
        sprite, flap_world = _peeked(card, view, img, under_tex.level(scale)[1], dst)
    if shadow:
        outline = [cast]
        if flap_world is not None:
            outline.append(view.project(view.shadow_of(flap_world + lift)))
        blur = max(scale * (0.08 + 0.15 * p.z + 0.1 * card.bend), 0.6)
        sprite.shadow = soft_shadow(outline, blur_px=blur)
    return sprite


def _shade(img: np.ndarray, card: Card, glare: float, seed: int) -> np.ndarray:
    """Bend shading across the card and a soft specular glare band, in texture space."""
    if card.bend <= 0.01 and glare <= 0.01:
        return img
    h, w = img.shape[:2]
    rng = stable_rng("card", card.id, seed)
    out = img.astype(np.float32)
    u = (np.arange(w, dtype=np.float32) + 0.5) / w - 0.5
    v = (np.arange(h, dtype=np.float32) + 0.5) / h - 0.5
    if card.bend > 0.01:
        side = 1.0 if rng.random() < 0.5 else -1.0
        across = 1.0 - card.bend * 0.35 * (0.5 - side * u) ** 2 * 2
        out *= across[None, :, None]
    g = glare * float(rng.uniform(0.2, 1.0))
    if g > 0.02:
        a = rng.uniform(0, np.pi)
        off = rng.uniform(-0.6, 0.6)
        d = np.cos(a) * u[None, :] + np.sin(a) * v[:, None] - off
        band = g * np.exp(-((d / rng.uniform(0.12, 0.3)) ** 2))
        alpha = out[..., 3:4]
        out[..., :3] += (alpha - out[..., :3]) * band[..., None]
    return np.clip(out, 0, 255).astype(np.uint8)


def _peeked(
    card: Card, view: View, top: np.ndarray, under: np.ndarray, dst: np.ndarray
) -> tuple[Sprite, np.ndarray]:
    """The flat part with the lifted corner cut away, plus the flap; returns the flap's world corners."""
    p = card.pose
    a_len = min(card.peek, 1.0) * 0.5 * CARD_W
    b_len = min(card.peek, 1.0) * 0.42 * CARD_H
    br = np.array([CARD_W / 2, -CARD_H / 2])
    p1 = br + np.array([-a_len, 0.0])
    p2 = br + np.array([0.0, b_len])
    theta = np.radians(25 + 85 * min(card.peek, 1.0))
    e = np.append(p2 - p1, 0.0)
    e /= np.linalg.norm(e)
    foot = p1 + np.dot(br - p1, e[:2]) * e[:2]
    r = np.append(br - foot, 0.0)
    lifted = np.append(foot, 0.0) + r * np.cos(theta) + np.cross(e, r) * np.sin(theta)
    if lifted[2] < 0:
        lifted = np.append(foot, 0.0) + r * np.cos(theta) - np.cross(e, r) * np.sin(theta)
    flap_local = np.array([[p1[0], p1[1], 0.0], lifted, [p2[0], p2[1], 0.0]])
    flap_world = place(flap_local[:, :2], p.x, p.y, p.angle, p.z + flap_local[:, 2])
    flap_px = view.project(flap_world)

    h, w = top.shape[:2]

    def tex_xy(pt: np.ndarray) -> tuple[float, float]:
        return ((pt[0] + CARD_W / 2) / CARD_W * w - 0.5, (CARD_H / 2 - pt[1]) / CARD_H * h - 0.5)

    tri_tex = np.array([tex_xy(p1), tex_xy(br), tex_xy(p2)], np.float32)
    flat = warp_texture(top, dst)
    # cut the flap's triangle out of the flat card
    cut = np.zeros(flat.alpha.shape, np.uint8)
    tri_flat = view.project(place(np.array([p1, br, p2]), p.x, p.y, p.angle, p.z)) - (flat.x0, flat.y0)
    cv2.fillPoly(cut, [fixed(tri_flat)], 255, AA, shift=SHIFT)
    keep = 1 - cut.astype(np.float32) / 255
    flat.color = (flat.color * keep[..., None]).astype(np.uint8)
    flat.alpha = (flat.alpha * keep).astype(np.uint8)
    # the flap: which side does the camera see?
    n = np.cross(flap_world[1] - flap_world[0], flap_world[2] - flap_world[0])
    up_side = n if n[2] > 0 else -n
    sees_top = float(np.dot(view.centre - flap_world.mean(axis=0), up_side)) > 0
    tex = top if sees_top else under
    tri_src = tri_tex if sees_top else np.array([[w - 1 - x, y] for x, y in tri_tex], np.float32)
    flap = _warp_triangle(tex, tri_src, flap_px)
    lit = 0.75 + 0.25 * abs(up_side[2]) / max(np.linalg.norm(up_side), 1e-9)
    flap.color = (flap.color * lit).astype(np.uint8)
    return stack_over(flat, flap), flap_world


def _warp_triangle(tex: np.ndarray, src: np.ndarray, dst: np.ndarray) -> Sprite:
    lo = np.floor(dst.min(axis=0)) - 1
    hi = np.ceil(dst.max(axis=0)) + 2
    size = (max(int(hi[0] - lo[0]), 1), max(int(hi[1] - lo[1]), 1))
    M = cv2.getAffineTransform(src.astype(np.float32), (dst - lo).astype(np.float32))
    out = cv2.warpAffine(
        tex, M, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=(0, 0, 0, 0)
    )
    m = np.zeros((size[1], size[0]), np.uint8)
    cv2.fillPoly(m, [fixed(dst - lo)], 255, AA, shift=SHIFT)
    k = m.astype(np.float32)[..., None] / 255
    out = (out * k).astype(np.uint8)
    return Sprite(
        int(lo[0]), int(lo[1]), np.ascontiguousarray(out[..., :3]), np.ascontiguousarray(out[..., 3])
    )

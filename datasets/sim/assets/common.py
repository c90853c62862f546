"""Shared drawing machinery for the renderer's assets: sprites, textures, polygons, text.

A ``Sprite`` is an object drawn into its own small region of the frame, in premultiplied colour
(BGR already multiplied by coverage), so sprites composite, blur and warp without dark fringes.
Drawing anti-aliased shapes with OpenCV onto a premultiplied canvas and its alpha plane with the
same polygon keeps it premultiplied: OpenCV blends ``dst + (colour - dst) * coverage`` on both.

Randomness that belongs to one object (a messy stack's offsets, which hand is left) comes from
``stable_rng`` over the object's id, never from Python's salted ``hash``.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import cv2
import numpy as np

SHIFT = 4  # fixed-point bits for sub-pixel polygon coordinates
_ONE = 1 << SHIFT
AA = cv2.LINE_AA

BGR = tuple[int, int, int]


def stable_seed(*parts: object) -> int:
    """A 32-bit seed from the parts' text, the same in every process."""
    return zlib.crc32("|".join(str(p) for p in parts).encode())


def stable_rng(*parts: object) -> np.random.Generator:
    return np.random.default_rng(stable_seed(*parts))


def fixed(points: np.ndarray) -> np.ndarray:
    """(n, 2) float pixel coordinates -> (n, 2) int32 fixed point for ``shift=SHIFT`` drawing."""
    return np.round(np.asarray(points, dtype=np.float64) * _ONE).astype(np.int32)


@dataclass(slots=True)
class Shadow:
    """Darkening cast on whatever lies below: ``alpha`` (h, w) uint8, 255 = full ``strength``."""

    x0: int
    y0: int
    alpha: np.ndarray


@dataclass(slots=True)
class Sprite:
    """One object's pixels: ``color`` (h, w, 3) uint8 premultiplied BGR, ``alpha`` (h, w) uint8.

    ``x0, y0`` place the top-left pixel in the frame (may be negative or past the edge).
    ``mask`` (h, w) bool marks the pixels that count as the annotated object (None: alpha > 127;
    a hand's mask leaves out its arm). ``shadow`` is drawn first, under the sprite.
    """

    x0: int
    y0: int
    color: np.ndarray
    alpha: np.ndarray
    mask: np.ndarray | None = None
    shadow: Shadow | None = None

    @property
    def shape(self) -> tuple[int, int]:
        return self.alpha.shape[0], self.alpha.shape[1]

    def object_mask(self) -> np.ndarray:
        return self.mask if self.mask is not None else self.alpha > 127


class Canvas:
    """A blank premultiplied drawing surface over the pixel box ``[x0, x1) x [y0, y1)`` of a frame.

    Drawing methods take frame pixel coordinates; ``sprite()`` hands the result over.
    """

    def __init__(self, x0: int, y0: int, x1: int, y1: int):
        self.x0, self.y0 = int(x0), int(y0)
        w, h = max(int(x1) - self.x0, 1), max(int(y1) - self.y0, 1)
        self.color = np.zeros((h, w, 3), np.uint8)
        self.alpha = np.zeros((h, w), np.uint8)

    @classmethod
    def around(cls, points: np.ndarray, pad: float = 2.0) -> Canvas:
        """A canvas covering (n, 2) pixel ``points`` with ``pad`` pixels to spare."""
        pts = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        lo = np.floor(pts.min(axis=0) - pad)
        hi = np.ceil(pts.max(axis=0) + pad) + 1
        return cls(int(lo[0]), int(lo[1]), int(hi[0]), int(hi[1]))

    def local(self, points: np.ndarray) -> np.ndarray:
        return fixed(np.asarray(points, dtype=np.float64).reshape(-1, 2) - (self.x0, self.y0))

    def poly(self, points: np.ndarray, color: BGR | tuple[float, ...], opacity: float = 1.0) -> None:
        """Fill a polygon ((n, 2) frame pixels) with ``color`` at ``opacity``."""
        pts = [self.local(points)]
        if opacity >= 1.0:
            cv2.fillPoly(self.color, pts, _c(color), AA, shift=SHIFT)
            cv2.fillPoly(self.alpha, pts, 255, AA, shift=SHIFT)
            return
        layer_c = np.zeros_like(self.color)
        layer_a = np.zeros_like(self.alpha)
        cv2.fillPoly(layer_c, pts, _c(color), AA, shift=SHIFT)
        cv2.fillPoly(layer_a, pts, 255, AA, shift=SHIFT)
        self.over(layer_c, layer_a, opacity)

    def paint(self, points: np.ndarray, color: BGR | tuple[float, ...], aa: bool = True) -> None:
        """Fill a polygon's colour only: for detail inside a region already opaque (cheaper).
        ``aa=False`` skips anti-aliasing (faster on large shapes whose edges will not show)."""
        cv2.fillPoly(self.color, [self.local(points)], _c(color), AA if aa else cv2.LINE_8, shift=SHIFT)

    def line(
        self,
        points: np.ndarray,
        color: BGR | tuple[float, ...],
        width: float,
        closed: bool = False,
        opacity: float = 1.0,
    ) -> None:
        """A polyline through (n, 2) frame pixels, ``width`` pixels wide."""
        pts = [self.local(points)]
        t = max(round(width), 1)
        if opacity >= 1.0:
            cv2.polylines(self.color, pts, closed, _c(color), t, AA, shift=SHIFT)
            cv2.polylines(self.alpha, pts, closed, 255, t, AA, shift=SHIFT)
            return
        layer_c = np.zeros_like(self.color)
        layer_a = np.zeros_like(self.alpha)
        cv2.polylines(layer_c, pts, closed, _c(color), t, AA, shift=SHIFT)
        cv2.polylines(layer_a, pts, closed, 255, t, AA, shift=SHIFT)
        self.over(layer_c, layer_a, opacity)

    def over(self, color: np.ndarray, alpha: np.ndarray, opacity: float = 1.0) -> None:
        """Composite a premultiplied layer of this canvas's size over it."""
        a = alpha.astype(np.float32) * (opacity / 255.0)
        self.color[:] = np.clip(color * opacity + self.color * (1 - a[..., None]), 0, 255).astype(np.uint8)
        self.alpha[:] = np.clip(alpha * opacity + self.alpha * (1 - a), 0, 255).astype(np.uint8)

    def paste(self, sprite: Sprite, opacity: float = 1.0) -> None:
        """Composite a sprite (frame coordinates) over this canvas, clipped to it."""
        h, w = self.alpha.shape
        xa, ya = max(sprite.x0 - self.x0, 0), max(sprite.y0 - self.y0, 0)
        xb = min(sprite.x0 - self.x0 + sprite.shape[1], w)
        yb = min(sprite.y0 - self.y0 + sprite.shape[0], h)
        if xa >= xb or ya >= yb:
            return
        sx, sy = xa - (sprite.x0 - self.x0), ya - (sprite.y0 - self.y0)
        sc = sprite.color[sy : sy + yb - ya, sx : sx + xb - xa].astype(np.float32) * opacity
        sa = sprite.alpha[sy : sy + yb - ya, sx : sx + xb - xa].astype(np.float32) * opacity
        inv = 1 - sa / 255
        roi_c, roi_a = self.color[ya:yb, xa:xb], self.alpha[ya:yb, xa:xb]
        roi_c[:] = np.clip(sc + roi_c * inv[..., None], 0, 255).astype(np.uint8)
        roi_a[:] = np.clip(sa + roi_a * inv, 0, 255).astype(np.uint8)

    def sprite(self, mask: np.ndarray | None = None, shadow: Shadow | None = None) -> Sprite:
        return Sprite(self.x0, self.y0, self.color, self.alpha, mask, shadow)


def _c(color: BGR | tuple[float, ...]) -> tuple[int, int, int]:
    return round(color[0]), round(color[1]), round(color[2])


def circle_points(cx: float, cy: float, r: float, n: int = 48, start: float = 0.0) -> np.ndarray:
    """(n, 2) float64 points round a circle, counter-clockwise in math axes."""
    a = start + np.linspace(0, 2 * np.pi, n, endpoint=False)
    return np.column_stack([cx + r * np.cos(a), cy + r * np.sin(a)])


def rounded_rect(w: float, h: float, r: float, n_corner: int = 8) -> np.ndarray:
    """(n, 2) outline of a ``w`` x ``h`` rectangle centred on 0 with corner radius ``r``."""
    out = []
    for cx, cy, a0 in (
        (w / 2 - r, -h / 2 + r, -90),
        (w / 2 - r, h / 2 - r, 0),
        (-w / 2 + r, h / 2 - r, 90),
        (-w / 2 + r, -h / 2 + r, 180),
    ):
        for a in np.radians(np.linspace(a0, a0 + 90, n_corner)):
            out.append((cx + r * np.cos(a), cy + r * np.sin(a)))
    return np.array(out, dtype=np.float64)


def rotate(points: np.ndarray, degrees: float) -> np.ndarray:
    """Rotate (n, 2) points counter-clockwise (math axes) about the origin."""
    a = np.radians(degrees)
    c, s = np.cos(a), np.sin(a)
    p = np.asarray(points, dtype=np.float64)
    return np.column_stack([p[:, 0] * c - p[:, 1] * s, p[:, 0] * s + p[:, 1] * c])


class MipTexture:
    """A premultiplied BGRA texture (h, w, 4) uint8 drawn at ``px_per_cm`` and halved levels below.

    ``level(px_per_cm)`` returns the level closest above the asked scale, so a warp never shrinks
    a texture more than 2x with bilinear sampling (no sparkle) nor enlarges a small one.
    """

    def __init__(self, bgra: np.ndarray, px_per_cm: float, min_px: int = 6):
        self.levels: list[tuple[float, np.ndarray]] = [(px_per_cm, bgra)]
        img, s = bgra, px_per_cm
        while min(img.shape[:2]) >= 2 * min_px:
            img = cv2.resize(
                img, (max(img.shape[1] // 2, 1), max(img.shape[0] // 2, 1)), interpolation=cv2.INTER_AREA
            )
            s /= 2
            self.levels.append((s, img))

    def level(self, px_per_cm: float) -> tuple[float, np.ndarray]:
        best = self.levels[0]
        for s, img in self.levels:
            if s >= px_per_cm * 0.9:
                best = (s, img)
        return best


def texture_quad(img: np.ndarray) -> np.ndarray:
    """The pixel-edge corners of an image, (4, 2) float32: top-left, top-right, bottom-right, bottom-left."""
    h, w = img.shape[:2]
    return np.array([[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]], np.float32)


def warp_texture(bgra: np.ndarray, dst: np.ndarray, src: np.ndarray | None = None) -> Sprite:
    """Warp a premultiplied BGRA texture so its corners ``src`` (4, 2) land on frame pixels ``dst``."""
    dst = np.asarray(dst, dtype=np.float64).reshape(4, 2)
    lo = np.floor(dst.min(axis=0)) - 1
    hi = np.ceil(dst.max(axis=0)) + 2
    w, h = int(hi[0] - lo[0]), int(hi[1] - lo[1])
    src_q = texture_quad(bgra) if src is None else np.asarray(src, np.float32)
    H = cv2.getPerspectiveTransform(src_q, (dst - lo).astype(np.float32))
    out = cv2.warpPerspective(
        bgra,
        H,
        (max(w, 1), max(h, 1)),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    return Sprite(
        int(lo[0]), int(lo[1]), np.ascontiguousarray(out[..., :3]), np.ascontiguousarray(out[..., 3])
    )


def stack_over(a: Sprite, b: Sprite) -> Sprite:
    """One sprite holding ``b`` composited over ``a`` (masks united; ``a``'s shadow kept)."""
    x0, y0 = min(a.x0, b.x0), min(a.y0, b.y0)
    x1 = max(a.x0 + a.shape[1], b.x0 + b.shape[1])
    y1 = max(a.y0 + a.shape[0], b.y0 + b.shape[0])
    color = np.zeros((y1 - y0, x1 - x0, 3), np.uint8)
    alpha = np.zeros((y1 - y0, x1 - x0), np.uint8)
    mask = np.zeros((y1 - y0, x1 - x0), bool)
    for s in (a, b):
        sl = np.s_[s.y0 - y0 : s.y0 - y0 + s.shape[0], s.x0 - x0 : s.x0 - x0 + s.shape[1]]
        inv = (255 - s.alpha).astype(np.float32)[..., None] / 255
        color[sl] = np.clip(s.color + color[sl] * inv, 0, 255).astype(np.uint8)
        alpha[sl] = np.clip(s.alpha + alpha[sl] * inv[..., 0], 0, 255).astype(np.uint8)
        mask[sl] |= s.object_mask()
    return Sprite(x0, y0, color, alpha, mask, a.shadow or b.shadow)


def text_mask(
    text: str,
    height_px: float,
    font: int = cv2.FONT_HERSHEY_TRIPLEX,
    weight: float = 0.14,
    width_px: float | None = None,
) -> np.ndarray:
    """An anti-aliased mask (h, w) uint8 of ``text`` whose capitals are ``height_px`` tall.

    ``weight`` is stroke thickness relative to the height; ``width_px`` squeezes the text to fit.
    Drawn at 4x and shrunk, so small text stays crisp.
    """
    big = max(height_px * 4, 8)
    scale = big / 22.0  # Hershey capitals are ~22 px tall at scale 1
    thick = max(round(big * weight), 1)
    (tw, th), base = cv2.getTextSize(text, font, scale, thick)
    pad = thick + 2
    m = np.zeros((th + base + 2 * pad, tw + 2 * pad), np.uint8)
    cv2.putText(m, text, (pad, pad + th), font, scale, 255, thick, cv2.LINE_AA)
    ys, xs = np.nonzero(m)
    m = m[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    out_h = max(round(height_px * m.shape[0] / th), 1)
    out_w = max(round(m.shape[1] * out_h / m.shape[0]), 1)
    if width_px is not None and out_w > width_px:
        out_w = max(round(width_px), 1)
    out = cv2.resize(m, (out_w, out_h), interpolation=cv2.INTER_AREA)
    out.flags.writeable = False  # cached: shared by every caller
    return out


def paint_mask(
    color: np.ndarray,
    alpha: np.ndarray | None,
    mask: np.ndarray,
    cx: float,
    cy: float,
    rgb: BGR | tuple[float, ...],
    rotate180: bool = False,
) -> None:
    """Paint ``mask`` (h, w) uint8 centred at (cx, cy) of a premultiplied image in colour ``rgb``."""
    if rotate180:
        mask = mask[::-1, ::-1]
    h, w = mask.shape
    x0, y0 = round(cx - w / 2), round(cy - h / 2)
    H, W = color.shape[:2]
    xa, ya, xb, yb = max(x0, 0), max(y0, 0), min(x0 + w, W), min(y0 + h, H)
    if xa >= xb or ya >= yb:
        return
    m = mask[ya - y0 : yb - y0, xa - x0 : xb - x0].astype(np.float32)[..., None] / 255
    roi = color[ya:yb, xa:xb]
    roi[:] = (roi * (1 - m) + np.asarray(rgb, np.float32) * m).astype(np.uint8)
    if alpha is not None:
        ar = alpha[ya:yb, xa:xb]
        ar[:] = np.maximum(ar, (m[..., 0] * 255).astype(np.uint8))


def premultiply(bgr: np.ndarray, alpha: np.ndarray) -> np.ndarray:
    """(h, w, 3) uint8 straight colour + (h, w) uint8 alpha -> (h, w, 4) premultiplied BGRA."""
    a = alpha.astype(np.float32)[..., None] / 255
    return np.dstack([(bgr * a).astype(np.uint8), alpha])


def motion_blur(sprite: Sprite, dx: float, dy: float) -> Sprite:
    """Smear a sprite along (dx, dy) pixels (the distance moved while the shutter was open)."""
    length = float(np.hypot(dx, dy))
    if length < 1.5:
        return sprite
    k = int(np.ceil(length)) | 1
    kernel = np.zeros((k, k), np.float32)
    c = k // 2
    ux, uy = dx / length, dy / length
    for t in np.linspace(-length / 2, length / 2, 2 * k):
        kernel[round(c + uy * t), round(c + ux * t)] = 1
    kernel /= kernel.sum()
    pad = c + 1
    color = cv2.copyMakeBorder(sprite.color, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=(0, 0, 0))
    alpha = cv2.copyMakeBorder(sprite.alpha, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
    color = cv2.filter2D(color, -1, kernel, borderType=cv2.BORDER_CONSTANT)
    alpha = cv2.filter2D(alpha, -1, kernel, borderType=cv2.BORDER_CONSTANT)
    mask = None
    if sprite.mask is not None:
        m = cv2.copyMakeBorder(
            sprite.mask.astype(np.uint8) * 255, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0
        )
        mask = cv2.filter2D(m, -1, kernel, borderType=cv2.BORDER_CONSTANT) > 127
    shadow = sprite.shadow
    if shadow is not None:
        s = cv2.copyMakeBorder(shadow.alpha, pad, pad, pad, pad, cv2.BORDER_CONSTANT, value=0)
        shadow = Shadow(
            shadow.x0 - pad, shadow.y0 - pad, cv2.filter2D(s, -1, kernel, borderType=cv2.BORDER_CONSTANT)
        )
    return Sprite(sprite.x0 - pad, sprite.y0 - pad, color, alpha, mask, shadow)


def soft_shadow(points_list: list[np.ndarray], blur_px: float, pad: float | None = None) -> Shadow:
    """A blurred shadow of the union of polygons given in frame pixels.

    Wide blurs are done at reduced resolution (a soft shadow has no detail to lose).
    """
    pad = 3 * blur_px + 2 if pad is None else pad
    allp = np.vstack([np.asarray(p).reshape(-1, 2) for p in points_list])
    lo = np.floor(allp.min(axis=0) - pad)
    hi = np.ceil(allp.max(axis=0) + pad) + 1
    w, h = int(hi[0] - lo[0]), int(hi[1] - lo[1])
    f = 4 if blur_px > 6 else 2 if blur_px > 2.5 else 1
    m = np.zeros((-(-h // f), -(-w // f)), np.uint8)
    for p in points_list:  # one call each: fillPoly XORs overlapping contours
        cv2.fillPoly(m, [fixed((np.asarray(p).reshape(-1, 2) - lo + 0.5) / f - 0.5)], 255, AA, shift=SHIFT)
    if blur_px / f > 0.3:
        m = np.asarray(cv2.GaussianBlur(m, (0, 0), blur_px / f), dtype=np.uint8)
    if f > 1:
        m = np.asarray(
            cv2.resize(m, (m.shape[1] * f, m.shape[0] * f), interpolation=cv2.INTER_LINEAR), dtype=np.uint8
        )[:h, :w]
    return Shadow(int(lo[0]), int(lo[1]), np.ascontiguousarray(m))

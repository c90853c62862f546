"""Card faces and backs, drawn once per process at ``FACE_PX_PER_CM`` and kept as mip textures.

Faces follow a standard poker deck: corner indices (rank over a small suit) top-left and, turned
half round, bottom-right; pips laid out as printed for 2-10; a large centre pip on aces (an
ornate one on the ace of spades); J, Q, K with a framed two-headed court picture. Two index styles
(regular and jumbo, as casino decks print) and several back designs (lattice with a white border,
borderless diamonds, a plain casino back with a logo, a rotational ornament).
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from .common import AA, SHIFT, MipTexture, fixed, premultiply, rounded_rect, text_mask
from .court import draw_court
from .suits import SUIT_COLOR, draw_suit

CARD_W = 6.3  # cm, poker size
CARD_H = 8.8
CORNER_R = 0.32
FACE_PX_PER_CM = 30.0
PAPER = (236, 242, 244)  # BGR, a slightly warm white card stock
RANKS = "23456789TJQKA"
SUITS = "shdc"
N_FACE_DESIGNS = 2  # 0 regular index, 1 jumbo index
N_BACK_DESIGNS = 6

# Pip centres in cm from the card's top-left, for ranks 2-10 (lower-half pips are printed upside down).
_L, _C, _R = 1.78, CARD_W / 2, CARD_W - 1.78
_ROWS4 = (1.75, 3.58, 5.22, 7.05)
_TOP, _MID, _BOT = 1.75, CARD_H / 2, 7.05
PIPS: dict[str, tuple[tuple[float, float], ...]] = {
    "2": ((_C, _TOP), (_C, _BOT)),
    "3": ((_C, _TOP), (_C, _MID), (_C, _BOT)),
    "4": ((_L, _TOP), (_R, _TOP), (_L, _BOT), (_R, _BOT)),
    "5": ((_L, _TOP), (_R, _TOP), (_C, _MID), (_L, _BOT), (_R, _BOT)),
    "6": ((_L, _TOP), (_R, _TOP), (_L, _MID), (_R, _MID), (_L, _BOT), (_R, _BOT)),
    "7": ((_L, _TOP), (_R, _TOP), (_C, 3.05), (_L, _MID), (_R, _MID), (_L, _BOT), (_R, _BOT)),
    "8": ((_L, _TOP), (_R, _TOP), (_C, 3.05), (_L, _MID), (_R, _MID), (_C, 5.75), (_L, _BOT), (_R, _BOT)),
    "9": (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, _MID)),
    "T": (*((x, y) for y in _ROWS4 for x in (_L, _R)), (_C, 2.65), (_C, 6.15)),
}


def _px(cm: float) -> float:
    return cm * FACE_PX_PER_CM


def _blank(
    color: tuple[int, int, int], border: tuple[int, int, int] | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """A card-sized straight-colour image filled with ``color`` (h, w, 3) uint8 and the card's rounded
    outline as alpha (h, w) uint8; ``premultiply`` them once drawing is done."""
    w, h = round(_px(CARD_W)), round(_px(CARD_H))
    outline = rounded_rect(w - 1, h - 1, _px(CORNER_R)) + np.array([(w - 1) / 2, (h - 1) / 2])
    img = np.empty((h, w, 3), np.uint8)
    img[:] = color
    alpha = np.zeros((h, w), np.uint8)
    cv2.fillPoly(alpha, [fixed(outline)], 255, AA, shift=SHIFT)
    if border is not None:
        cv2.polylines(img, [fixed(outline)], True, border, 1, AA, shift=SHIFT)
    return img, alpha


def _rank_text(rank: str) -> str:
    return "10" if rank == "T" else rank


def _draw_index(img: np.ndarray, rank: str, suit: str, design: int) -> None:
    """Rank and small suit in the top-left corner, and the same turned round at bottom-right."""
    color = SUIT_COLOR[suit]
    jumbo = design == 1
    rank_h = _px(1.2 if jumbo else 0.7)
    suit_h = _px(0.7 if jumbo else 0.5)
    cx = _px(0.92 if jumbo else 0.52)
    top = _px(0.28)
    text = _rank_text(rank)
    width = _px(1.45 if jumbo else 0.82) if text == "10" else None
    mask = text_mask(
        text,
        rank_h,
        cv2.FONT_HERSHEY_TRIPLEX if not jumbo else cv2.FONT_HERSHEY_DUPLEX,
        weight=0.16 if jumbo else 0.13,
        width_px=width,
    )
    h, w = img.shape[:2]
    ry = top + mask.shape[0] / 2
    sy = top + mask.shape[0] + _px(0.12) + suit_h / 2
    for rot in (False, True):
        mx, my = (w - 1 - cx, h - 1 - ry) if rot else (cx, ry)
        _paint(img, mask, mx, my, color, rot)
        sx, syy = (w - 1 - cx, h - 1 - sy) if rot else (cx, sy)
        draw_suit(img, None, suit, sx, syy, suit_h, color, rotate180=rot)


def _paint(
    img: np.ndarray, mask: np.ndarray, cx: float, cy: float, color: tuple[int, int, int], rot: bool
) -> None:
    from .common import paint_mask

    paint_mask(img, None, mask, cx, cy, color, rotate180=rot)


def _draw_pips(img: np.ndarray, rank: str, suit: str, design: int) -> None:
    size = _px(1.35 if design == 0 else 1.0)
    if rank == "A":
        big = _px(3.3 if suit == "s" else 2.1)
        draw_suit(img, None, suit, _px(CARD_W / 2), _px(CARD_H / 2), big)
        if suit == "s":  # the ornate ace of spades: a white filigree inside the big pip
            c = (_px(CARD_W / 2), _px(CARD_H / 2) - big * 0.12)
            cv2.ellipse(
                img,
                (int(c[0]), int(c[1])),
                (int(big * 0.12), int(big * 0.16)),
                0,
                0,
                360,
                PAPER,
                max(int(big * 0.025), 1),
                AA,
            )
            draw_suit(img, None, "s", c[0], c[1], big * 0.18, PAPER)
        return
    xs, ys = (1.0, 0.97) if design == 0 else (0.62, 0.8)  # jumbo indices push the pips inward
    for x, y in PIPS[rank]:
        xx = CARD_W / 2 + (x - CARD_W / 2) * xs
        yy = CARD_H / 2 + (y - CARD_H / 2) * ys
        rot = y > CARD_H / 2 + 0.01
        draw_suit(img, None, suit, _px(xx), _px(yy), size, rotate180=rot)


@cache
def face_texture(card: str, design: int = 0) -> MipTexture:
    """The face of ``card`` ("As", "Td") as a premultiplied mip texture, top of the card up."""
    rank, suit = card[0].upper(), card[1].lower()
    if rank not in RANKS or suit not in SUITS:
        raise ValueError(f"bad card {card!r}: rank in {RANKS}, suit in {SUITS}")
    img, alpha = _blank(PAPER, border=(200, 205, 208))
    if rank in "JQK":
        side = 1.12 if design == 0 else 1.8
        frame = (_px(side), _px(0.95), _px(CARD_W - side), _px(CARD_H - 0.95))
        draw_court(img, rank, suit, frame)
    else:
        _draw_pips(img, rank, suit, design)
    _draw_index(img, rank, suit, design)
    return MipTexture(premultiply(img, alpha), FACE_PX_PER_CM)


BACK_COLORS: tuple[tuple[int, int, int], ...] = (
    (40, 35, 165),  # red
    (140, 70, 25),  # blue
    (40, 70, 20),  # casino green
    (45, 35, 150),  # red ornament
    (120, 50, 20),  # borderless blue
    (35, 30, 140),  # borderless red
)


def _toward_white(color: tuple[int, int, int], k: float) -> tuple[int, int, int]:
    b, g, r = (int(c + (255 - c) * k) for c in color)
    return (b, g, r)


@cache
def back_texture(design: int = 0) -> MipTexture:
    """One of ``N_BACK_DESIGNS`` back designs as a premultiplied mip texture."""
    design %= N_BACK_DESIGNS
    ink = BACK_COLORS[design]
    borderless = design in (4, 5)
    img, alpha = _blank(ink if borderless else PAPER)
    h, w = img.shape[:2]
    m = 0 if borderless else int(_px(0.42))
    inner = img[m : h - m, m : w - m]
    ih, iw = inner.shape[:2]
    if not borderless:
        inner[:] = ink
    light = _toward_white(ink, 0.75)
    mid = _toward_white(ink, 0.35)
    if design in (0, 1, 4, 5):  # diamond lattice
        step = _px(0.42 if design < 4 else 0.36)
        for k in np.arange(-ih, iw + ih, step):
            cv2.line(inner, (int(k), 0), (int(k + ih), ih), light, 1, AA)
            cv2.line(inner, (int(k), ih), (int(k + ih), 0), light, 1, AA)
        if design < 4:
            for k in np.arange(-ih, iw + ih, step * 3):
                cv2.line(inner, (int(k), 0), (int(k + ih), ih), mid, 2, AA)
            cx, cy = iw // 2, ih // 2
            cv2.ellipse(inner, (cx, cy), (int(iw * 0.22), int(ih * 0.16)), 0, 0, 360, ink, -1, AA)
            cv2.ellipse(inner, (cx, cy), (int(iw * 0.22), int(ih * 0.16)), 0, 0, 360, light, 2, AA)
            for s, dx in zip("shdc", (-1, 1, -1, 1), strict=True):
                dy = -1 if s in "sh" else 1
                draw_suit(inner, None, s, cx + dx * iw * 0.08, cy + dy * ih * 0.06, ih * 0.07, light)
    elif design == 2:  # plain casino back with a ringed logo
        cx, cy = iw // 2, ih // 2
        r = int(iw * 0.3)
        cv2.circle(inner, (cx, cy), r, light, max(int(_px(0.08)), 1), AA)
        cv2.circle(inner, (cx, cy), int(r * 0.85), mid, 1, AA)
        mask = text_mask("RB", r * 0.6, cv2.FONT_HERSHEY_TRIPLEX, 0.12)
        _paint(inner, mask, cx, cy, light, False)
        cv2.rectangle(
            inner, (int(_px(0.2)), int(_px(0.2))), (iw - int(_px(0.2)), ih - int(_px(0.2))), mid, 1, AA
        )
    else:  # rotational ornament
        cx, cy = iw // 2, ih // 2
        for k in range(0, 360, 15):
            a = np.radians(k)
            for rr in (0.18, 0.34, 0.52):
                p = (int(cx + np.cos(a) * iw * rr), int(cy + np.sin(a) * iw * rr))
                cv2.circle(inner, p, int(iw * 0.05), light, 1, AA)
        for rr in (0.1, 0.26, 0.44, 0.6):
            cv2.circle(inner, (cx, cy), int(iw * rr), mid, 2, AA)
        cv2.rectangle(inner, (4, 4), (iw - 5, ih - 5), light, 2, AA)
    if not borderless:
        cv2.rectangle(img, (m, m), (w - m - 1, h - m - 1), mid, 1, AA)
    return MipTexture(premultiply(img, alpha), FACE_PX_PER_CM)

"""Corner crops for the card classifier: where they come from and how they are varied in training.

Every source ends as ``CropSet`` rows: a (48, 32, 3) uint8 BGR corner crop (as
``vision.card_crops.corner_crops`` cuts it), a rank index (0-12 for "23456789TJQKA", 13 for "none": no
index in the crop) and a suit index (0-3 for "shdc", -1 when unknown or not applicable).

Sources:

- ``railbird synth dataset`` crops, ``DIR/cards/{train,val}/<RANK><SUIT>/*.png`` (exact index
  corners of rendered cards);
- ``font_crops``: index corners drawn here with the system's TrueType fonts (DejaVu Sans and Serif,
  several weights) and the simulator's suit shapes, so the network sees more than the renderer's
  two index styles;
- negatives (rank "none"): random patches of the synthetic images, blank and picture corners of
  cards (the two corners without an index), card backs;
- real photos (``extract_real``): ``blackjack_v13_train`` (CC BY 4.0; polygon labels of 52 cards:
  full identity) and ``edje_cards/images/train`` (Apache-2.0; whole-card boxes, rank only), cut with
  the same rectification the reader uses and written in the same folder layout as the synthetic
  crops (``<label>`` is a card "As", a rank alone "A" or "none"). ``edje_cards/images/test`` is
  never read here: it is the measurement.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from vision.card_crops import (
    CARD_CM,
    CROP_SIZE,
    INDEX_CM,
    WARP_SIZE,
    corner_crops,
    index_region,
    orient_quad,
)

RANKS = "23456789TJQKA"
SUITS = "shdc"
NONE = "none"
RANK_CLASSES: tuple[str, ...] = (*RANKS, NONE)
REAL_SAMPLES = Path("/work/shared/real-samples")
EDJE_RANKS = {"nine": "9", "ten": "T", "jack": "J", "queen": "Q", "king": "K", "ace": "A"}
FONTS = (
    "DejaVuSans-Bold.ttf",
    "DejaVuSerif-Bold.ttf",
    "DejaVuSansCondensed-Bold.ttf",
    "DejaVuSerifCondensed-Bold.ttf",
    "DejaVuSerif.ttf",
    "DejaVuSans.ttf",
    "DejaVuSansMono-Bold.ttf",
)
FONT_DIRS = ("/usr/share/fonts/truetype/dejavu",)


@dataclass(frozen=True, slots=True)
class CropSet:
    """``images`` (n, 48, 32, 3) uint8 BGR; ``rank`` (n,) int64 0-13; ``suit`` (n,) int64 -1..3."""

    images: np.ndarray
    rank: np.ndarray
    suit: np.ndarray

    def __len__(self) -> int:
        return len(self.images)

    @staticmethod
    def empty() -> CropSet:
        return CropSet(
            np.zeros((0, CROP_SIZE[1], CROP_SIZE[0], 3), np.uint8),
            np.zeros(0, np.int64),
            np.zeros(0, np.int64),
        )

    @staticmethod
    def concat(sets: list[CropSet]) -> CropSet:
        sets = [s for s in sets if len(s)]
        if not sets:
            return CropSet.empty()
        return CropSet(
            np.concatenate([s.images for s in sets]),
            np.concatenate([s.rank for s in sets]),
            np.concatenate([s.suit for s in sets]),
        )

    def take(self, idx: np.ndarray) -> CropSet:
        return CropSet(self.images[idx], self.rank[idx], self.suit[idx])


def parse_label(name: str) -> tuple[int, int]:
    """Folder name -> (rank, suit): "As" -> (12, 0); "A" (rank only) -> (12, -1); "none" -> (13, -1)."""
    if name == NONE:
        return len(RANKS), -1
    if len(name) == 1 and name in RANKS:
        return RANKS.index(name), -1
    if len(name) == 2 and name[0] in RANKS and name[1] in SUITS:
        return RANKS.index(name[0]), SUITS.index(name[1])
    raise ValueError(f"crop folder {name!r}: expected a card like 'As', a rank like 'A', or 'none'")


def load_crops(root: Path, split: str) -> CropSet:
    """Every ``root/split/<label>/*.png`` (labels as ``parse_label``), sorted by path."""
    images, ranks, suits = [], [], []
    for folder in sorted((root / split).iterdir()) if (root / split).is_dir() else []:
        if not folder.is_dir():
            continue
        rank, suit = parse_label(folder.name)
        for f in sorted(folder.glob("*.png")):
            img = cv2.imread(str(f), cv2.IMREAD_COLOR)
            if img is None or img.shape[:2] != (CROP_SIZE[1], CROP_SIZE[0]):
                raise ValueError(f"{f}: not a {CROP_SIZE[0]}x{CROP_SIZE[1]} PNG crop")
            images.append(img)
            ranks.append(rank)
            suits.append(suit)
    if not images:
        return CropSet.empty()
    return CropSet(np.stack(images), np.array(ranks, np.int64), np.array(suits, np.int64))


def write_crop(root: Path, split: str, label: str, stem: str, crop: np.ndarray) -> None:
    folder = root / split / label
    folder.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(folder / f"{stem}.png"), crop)


# ---------------------------------------------------------------------------------------- drawn index corners


@cache
def _font(name: str, px: int) -> object:
    from PIL import ImageFont

    for d in FONT_DIRS:
        path = Path(d) / name
        if path.is_file():
            return ImageFont.truetype(str(path), px)
    raise FileNotFoundError(f"font {name} not found in {FONT_DIRS}")


def available_fonts() -> tuple[str, ...]:
    return tuple(f for f in FONTS if any((Path(d) / f).is_file() for d in FONT_DIRS))


def font_crop(rng: np.random.Generator, rank: int, suit: int, fonts: tuple[str, ...]) -> np.ndarray:
    """One index corner (48, 32, 3) uint8 BGR drawn at 4x and reduced: paper, a rank in a TrueType
    font over the suit shape, at a varied size and place, sometimes with a pip or a court frame
    reaching in from the card's middle."""
    from PIL import Image, ImageDraw

    from datasets.sim.assets.suits import draw_suit

    k = 4
    w, h = CROP_SIZE[0] * k, CROP_SIZE[1] * k
    px_cm = w / INDEX_CM[0]
    paper = np.clip(np.array([236, 242, 244]) + rng.normal(0, 8, 3), 150, 255)
    img = np.empty((h, w, 3), np.uint8)
    img[:] = paper.astype(np.uint8)
    red = SUITS[suit] in "hd"
    ink_bgr = np.clip(np.array([40, 40, 200] if red else [30, 30, 30]) + rng.normal(0, 15, 3), 0, 255)
    ink = (int(ink_bgr[0]), int(ink_bgr[1]), int(ink_bgr[2]))
    # extras first, under the index: a pip or a court frame from the card's middle
    extra = rng.random()
    if extra < 0.3:
        size = rng.uniform(1.0, 1.6) * px_cm
        cx, cy = rng.uniform(1.5, 2.2) * px_cm, rng.uniform(1.3, 2.6) * px_cm
        draw_suit(img, None, SUITS[suit], cx, cy, size, ink)
    elif extra < 0.5:
        x0 = int(rng.uniform(1.0, 1.6) * px_cm)
        y0 = int(rng.uniform(0.6, 1.2) * px_cm)
        frame_c = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.rectangle(img, (x0, y0), (w + 50, h + 50), frame_c, int(rng.integers(2, 7)))
        fill = tuple(int(v) for v in rng.integers(0, 255, 3))
        cv2.rectangle(img, (x0 + 8, y0 + 8), (w + 50, h + 50), fill, -1)
    rank_text = "10" if RANKS[rank] == "T" else RANKS[rank]
    rank_h = rng.uniform(0.55, 1.15) * px_cm
    font = _font(fonts[int(rng.integers(len(fonts)))], max(int(rank_h * 1.35), 8))
    pil = Image.new("L", (w * 2, h * 2), 0)
    draw = ImageDraw.Draw(pil)
    draw.text((w // 2, h // 2), rank_text, fill=255, font=font)  # type: ignore[arg-type]
    mask = np.array(pil)
    ys, xs = np.nonzero(mask > 40)
    if len(xs) == 0:
        return cv2.resize(img, CROP_SIZE, interpolation=cv2.INTER_AREA)
    glyph = mask[ys.min() : ys.max() + 1, xs.min() : xs.max() + 1]
    gh, gw = glyph.shape
    target_h = rank_h
    target_w = gw * target_h / gh * rng.uniform(0.8, 1.15)
    if rank_text == "10":
        target_w = min(target_w, rng.uniform(0.75, 1.05) * px_cm)
    glyph = cv2.resize(glyph, (max(int(target_w), 2), max(int(target_h), 2)), interpolation=cv2.INTER_AREA)
    gh, gw = glyph.shape
    suit_h = rng.uniform(0.4, 0.72) * px_cm
    cx = rng.uniform(0.42, 0.75) * px_cm
    top = rng.uniform(0.12, 0.4) * px_cm
    x0, y0 = int(cx - gw / 2), int(top)
    x0 = max(x0, 1)
    region = img[y0 : y0 + gh, x0 : x0 + gw]
    m = glyph[: region.shape[0], : region.shape[1]].astype(np.float32)[..., None] / 255
    region[:] = (region * (1 - m) + np.asarray(ink, np.float32) * m).astype(np.uint8)
    sy = top + gh + rng.uniform(0.05, 0.2) * px_cm + suit_h / 2
    draw_suit(img, None, SUITS[suit], float(x0 + gw / 2 + rng.normal(0, 2)), float(sy), float(suit_h), ink)
    return cv2.resize(img, CROP_SIZE, interpolation=cv2.INTER_AREA)


def font_crops(n: int, seed: int) -> CropSet:
    """``n`` drawn index corners, cards drawn uniformly; the same ``seed`` gives the same crops."""
    rng = np.random.default_rng([seed, 7])
    fonts = available_fonts()
    if not fonts:
        return CropSet.empty()
    ranks = rng.integers(0, len(RANKS), n)
    suits = rng.integers(0, len(SUITS), n)
    images = np.stack([font_crop(rng, int(r), int(s), fonts) for r, s in zip(ranks, suits, strict=True)])
    return CropSet(images, ranks.astype(np.int64), suits.astype(np.int64))


# ---------------------------------------------------------------------------------------- negatives


def random_patches(images: list[Path], n: int, seed: int) -> CropSet:
    """``n`` "none" crops: random index-shaped patches (8-120 px wide, any angle) of ``images``."""
    rng = np.random.default_rng([seed, 11])
    out: list[np.ndarray] = []
    per = max(n // max(len(images), 1), 1)
    for path in images:
        img = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if img is None:
            continue
        h, w = img.shape[:2]
        for _ in range(per):
            pw = float(np.exp(rng.uniform(np.log(8), np.log(120))))
            ph = pw * INDEX_CM[1] / INDEX_CM[0]
            cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            rect = ((cx, cy), (pw, ph), float(rng.uniform(0, 360)))
            src = cv2.boxPoints(rect).astype(np.float32)
            out.append(warp_region(img, orient_quad(src)))
            if len(out) >= n:
                break
        if len(out) >= n:
            break
    if not out:
        return CropSet.empty()
    return CropSet(np.stack(out), np.full(len(out), len(RANKS), np.int64), np.full(len(out), -1, np.int64))


def warp_region(img: np.ndarray, quad: np.ndarray) -> np.ndarray:
    w, h = 2 * CROP_SIZE[0], 2 * CROP_SIZE[1]
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    M = cv2.getPerspectiveTransform(quad.astype(np.float32), dst)
    big = cv2.warpPerspective(img, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return cv2.resize(big, CROP_SIZE, interpolation=cv2.INTER_AREA)


def region_crop(img: np.ndarray, quad: np.ndarray, x0: float, y0: float) -> np.ndarray:
    """An index-sized crop (48, 32, 3) of the card ``quad`` (as ``orient_quad``) whose top-left lies
    at (x0, y0) in upright-card pixels (WARP_SIZE); it may reach past the card into the photo."""
    return index_region(img, quad, np.array([[1, 0, x0], [0, 1, y0], [0, 0, 1]], np.float64))


def middle_and_edge_crops(img: np.ndarray, quad: np.ndarray) -> list[np.ndarray]:
    """Three "none" crops of a card: its middle (pips or picture) and the middle of each long side,
    half card and half what lies beside it; what a wrong guess at the card's outline shows."""
    w, h = WARP_SIZE
    cw, ch = round(w * INDEX_CM[0] / CARD_CM[0]), round(h * INDEX_CM[1] / CARD_CM[1])
    y0 = (h - ch) / 2
    return [region_crop(img, quad, x0, y0) for x0 in ((w - cw) / 2, -cw / 2, w - cw / 2)]


def off_corners(card_img: np.ndarray) -> np.ndarray:
    """The two corners of an upright card that hold no index (top-right, bottom-left), cut like
    ``corner_crops`` (2, 48, 32, 3): negatives, and what a mirrored card shows at its index corners."""
    flipped = np.ascontiguousarray(card_img[:, ::-1])
    return corner_crops(flipped)[:, :, ::-1]


def texture_negatives(seed: int) -> CropSet:
    """The non-index corners of every rendered face and the corners of every back (clean, upright)."""
    from datasets.sim.assets.cards import N_BACK_DESIGNS, N_FACE_DESIGNS, back_texture, face_texture

    out: list[np.ndarray] = []
    for design in range(N_FACE_DESIGNS):
        for r in RANKS:
            for s in SUITS:
                out.extend(off_corners(_texture_card(face_texture(r + s, design).levels[0][1])))
    for design in range(N_BACK_DESIGNS):
        out.extend(corner_crops(_texture_card(back_texture(design).levels[0][1])))
    del seed
    return CropSet(np.stack(out), np.full(len(out), len(RANKS), np.int64), np.full(len(out), -1, np.int64))


def _texture_card(bgra: np.ndarray) -> np.ndarray:
    """A premultiplied BGRA texture over white, resized to WARP_SIZE."""
    bgr = bgra[..., :3].astype(np.float32) + (255 - bgra[..., 3:4].astype(np.float32))
    return cv2.resize(np.clip(bgr, 0, 255).astype(np.uint8), WARP_SIZE, interpolation=cv2.INTER_AREA)


__all__ = [
    "CARD_CM",
    "NONE",
    "RANKS",
    "RANK_CLASSES",
    "SUITS",
    "CropSet",
    "font_crops",
    "load_crops",
    "parse_label",
    "random_patches",
    "texture_negatives",
]

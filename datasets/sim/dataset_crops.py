"""Card-index crops for the card classifier, cut from a rendered frame by the card's exact geometry.

The renderer draws a flat card as the homography of its four projected corners (lens distortion
included in the projection), so those four points give the exact map from card centimetres to
frame pixels. Each index corner (rank over small suit: the ``INDEX_CM`` region at the card's
top-left, and the same turned half round at bottom-right) is warped to an upright ``CROP_SIZE``
image; both corners of a card read the same whichever way the card lies.

``CROP_SIZE`` is 32 x 48 px (17.8 px/cm over a 1.8 x 2.7 cm region): the region fits the jumbo
index (rank 1.2 cm high, "10" 1.45 cm wide); a regular index fills its upper-left part with a bit
of the first pip or court frame beside it, as a real crop would. Sampling is done at twice the size
and reduced with area averaging, so close-ups do not alias.

A crop is written only when it can teach something: the rank glyph is at least ``MIN_GLYPH_PX``
high in the frame (12 px: a regular index from 17 px/cm, a jumbo one from 10; below that, after
blur and JPEG chroma subsampling, a "2" and a "3" look alike, and an unreadable crop labelled "2h"
is label noise: the classifier handles unreadable corners by its confidence), and both its rank
and its small suit correlate at least ``MIN_MATCH`` with the same parts of the clean face. The
match drops corners hidden by chips, hands or other cards (covered: below 0.55, clear: above 0.8
in the samples looked at); a peeked card's lifted bottom-right corner is skipped outright. Crops
are cut from the image as written (after JPEG), as the classifier will see camera frames.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

import cv2
import numpy as np

from .assets.cards import CARD_H, CARD_W, face_texture
from .assets.view import place
from .camera import Camera
from .objects import Annotation, Card

CROP_SIZE = (32, 48)  # width, height of a card-index crop, px
INDEX_CM = (1.8, 2.7)  # the index region from the card's corner, cm (fits the jumbo index)
RANK_GLYPH_CM = (0.7, 1.2)  # rank glyph height per face design (regular, jumbo), as assets/cards.py prints it
MIN_GLYPH_PX = 12.0  # a rank glyph lower than this in the frame is not reliably legible (JPEG, blur)
MIN_MATCH = 0.7  # normalised correlation of rank and of suit with the clean face; below it, covered
# Where the rank and the small suit lie in a crop, per face design: (row0, row1, col0, col1) px
# of CROP_SIZE, measured on the clean faces of assets/cards.py with a pixel or two to spare.
INDEX_PARTS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    0: ((3, 16, 0, 17), (15, 29, 0, 17)),  # regular index: rank 0.7 cm, suit 0.5 cm
    1: ((3, 23, 0, 32), (21, 40, 0, 32)),  # jumbo index: rank 1.2 cm, suit 0.7 cm
}
MIN_VISIBLE = 0.5  # share of the card visible (the renderer's annotation) before its corners are tried
_OVERSAMPLE = 2


class Corner(StrEnum):
    TOP_LEFT = "top_left"
    BOTTOM_RIGHT = "bottom_right"  # turned half round so it reads upright


@dataclass(frozen=True, slots=True)
class CardCrop:
    card: str  # "As"
    corner: Corner
    image: np.ndarray  # (CROP_SIZE[1], CROP_SIZE[0], 3) uint8 BGR
    px_per_cm: float  # scale of the index region in the source frame
    match: float  # normalised correlation with the clean face, -1..1


def card_homography(cam: Camera, card: Card) -> np.ndarray:
    """(3, 3) float64 map from card cm (origin at the face's top-left corner, x right, y down) to
    frame pixels, as the renderer draws a flat card."""
    local = np.array(
        [
            [-CARD_W / 2, CARD_H / 2],
            [CARD_W / 2, CARD_H / 2],
            [CARD_W / 2, -CARD_H / 2],
            [-CARD_W / 2, -CARD_H / 2],
        ]
    )
    p = card.pose
    dst = cam.project(place(local, p.x, p.y, p.angle, p.z)).astype(np.float32)
    src = np.array([[0, 0], [CARD_W, 0], [CARD_W, CARD_H], [0, CARD_H]], np.float32)
    return cv2.getPerspectiveTransform(src, dst).astype(np.float64)


def _crop_to_card(corner: Corner, oversample: int = 1) -> np.ndarray:
    """(3, 3) map from crop pixel coordinates (pixel centres at integers) to card cm."""
    sx = INDEX_CM[0] / (CROP_SIZE[0] * oversample)
    sy = INDEX_CM[1] / (CROP_SIZE[1] * oversample)
    if corner is Corner.TOP_LEFT:
        return np.array([[sx, 0, 0.5 * sx], [0, sy, 0.5 * sy], [0, 0, 1]], np.float64)
    return np.array([[-sx, 0, CARD_W - 0.5 * sx], [0, -sy, CARD_H - 0.5 * sy], [0, 0, 1]], np.float64)


def index_quad(H: np.ndarray, corner: Corner) -> np.ndarray:
    """(4, 2) frame pixels of the index region's corners, in crop order (TL, TR, BR, BL)."""
    w, h = CROP_SIZE
    edges = np.array([[[-0.5, -0.5], [w - 0.5, -0.5], [w - 0.5, h - 0.5], [-0.5, h - 0.5]]], np.float64)
    return cv2.perspectiveTransform(edges, H @ _crop_to_card(corner))[0]


def index_crop(img: np.ndarray, H: np.ndarray, corner: Corner) -> np.ndarray:
    """The ``corner`` index of the card whose cm -> pixel map is ``H``: upright, CROP_SIZE, BGR."""
    M = H @ _crop_to_card(corner, _OVERSAMPLE)
    big = cv2.warpPerspective(
        img,
        M,
        (CROP_SIZE[0] * _OVERSAMPLE, CROP_SIZE[1] * _OVERSAMPLE),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return cv2.resize(big, CROP_SIZE, interpolation=cv2.INTER_AREA)


@lru_cache(maxsize=512)
def reference_crop(card: str, design: int, corner: Corner) -> np.ndarray:
    """The clean face's index crop over white, grey float32 (CROP_SIZE[1], CROP_SIZE[0])."""
    _, tex = face_texture(card, design).levels[0]
    th, tw = tex.shape[:2]
    to_tex = np.array([[tw / CARD_W, 0, -0.5], [0, th / CARD_H, -0.5], [0, 0, 1]], np.float64)
    over_white = tex[..., :3].astype(np.float32) + (255 - tex[..., 3:4].astype(np.float32))
    crop = index_crop(np.clip(over_white, 0, 255).astype(np.uint8), to_tex, corner)
    return cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)


def match(crop: np.ndarray, reference: np.ndarray, design: int) -> float:
    """How well a BGR crop shows the index of a grey ``reference``: the normalised correlation
    (both lightly blurred) over the rank and over the small suit, the lower of the two, -1..1."""
    a = cv2.GaussianBlur(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32), (0, 0), 1.0)
    b = cv2.GaussianBlur(reference, (0, 0), 1.0)
    scores = []
    for r0, r1, c0, c1 in INDEX_PARTS[min(design, len(INDEX_PARTS) - 1)]:
        x, y = a[r0:r1, c0:c1], b[r0:r1, c0:c1]
        x, y = x - x.mean(), y - y.mean()
        den = float(np.sqrt((x * x).sum() * (y * y).sum()))
        scores.append(float((x * y).sum() / den) if den > 1e-6 else 0.0)
    return min(scores)


@dataclass(frozen=True, slots=True)
class CropSite:
    """An index corner large enough to read: where to cut it and at what scale."""

    card: Card
    corner: Corner
    H: np.ndarray  # (3, 3) card cm -> frame pixels
    px_per_cm: float  # scale of the index region in the frame


def crop_sites(
    cam: Camera, width: int, height: int, cards: dict[str, Card], anns: list[Annotation], design: int
) -> list[CropSite]:
    """The index corners worth cutting from a ``width`` x ``height`` frame: of annotated face-up
    ``cards`` (by id) at least ``MIN_VISIBLE`` visible, inside the frame, not lifted by a peek,
    with the rank glyph of face ``design`` (0 regular, 1 jumbo index) at least ``MIN_GLYPH_PX`` high."""
    glyph_cm = RANK_GLYPH_CM[min(design, len(RANK_GLYPH_CM) - 1)]
    sites = []
    for a in anns:
        card = cards.get(a.id)
        if card is None or not card.face_up or a.visible < MIN_VISIBLE:
            continue
        H = card_homography(cam, card)
        for corner in Corner:
            if corner is Corner.BOTTOM_RIGHT and card.peek > 0.03:
                continue  # the peeked flap is lifted there
            quad = index_quad(H, corner)
            if quad.min() < 0 or quad[:, 0].max() > width - 1 or quad[:, 1].max() > height - 1:
                continue
            sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)  # top, right, bottom, left
            across = min(sides[0], sides[2]) / INDEX_CM[0]
            down = min(sides[1], sides[3]) / INDEX_CM[1]
            px_per_cm = float(min(across, down))
            if px_per_cm * glyph_cm >= MIN_GLYPH_PX:
                sites.append(CropSite(card, corner, H, px_per_cm))
    return sites


def card_crops(img: np.ndarray, sites: list[CropSite], design: int) -> tuple[CardCrop, ...]:
    """The ``sites`` cut from ``img`` (H, W, 3) uint8 that show their index unhidden (``MIN_MATCH``)."""
    out = []
    for site in sites:
        crop = index_crop(img, site.H, site.corner)
        score = match(crop, reference_crop(site.card.card, design, site.corner), design)
        if score >= MIN_MATCH:
            out.append(CardCrop(site.card.card, site.corner, crop, round(site.px_per_cm, 2), round(score, 3)))
    return tuple(out)

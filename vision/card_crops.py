"""Where a face-up card's index corners are, and how they are cut: card geometry for the reader.

A detection box holds one card seen from above or at a slant. ``find_card_quad`` finds the card's
quadrilateral inside the box (the bright card against whatever lies under it: threshold, contours,
a four-sided fit refined by lines along the card's edges); ``rectify`` warps it upright, falling back
to the box itself when no clean card shape is found. ``corner_crops`` cuts both index corners out of
the upright card, the bottom-right one turned half round, so that both read the same whatever way
the card lies; ``quad_crops`` cuts the same corners straight from the frame, ``anchored_crops`` and
``inscribed_quads`` from the box when no outline was found, and ``index_crops`` gathers the
candidates ``vision.cards.CardReader`` classifies.

Geometry matches the training crops of ``railbird synth dataset``: an index region of
``INDEX_CM`` (1.8 x 2.7 cm) from the card's corner, resized to ``CROP_SIZE`` (32 x 48 px).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

CARD_CM = (6.3, 8.8)  # width, height of a poker-size card
INDEX_CM = (1.8, 2.7)  # index region (rank over small suit) from the card's corner
CROP_SIZE = (32, 48)  # width, height of a corner crop, px
WARP_SIZE = (224, 313)  # the upright card, px (2x the crop scale: 35.6 px/cm)
SECOND_LOOK_ZOOMS = (1.0, 0.8, 1.25)  # index areas tried on a second look (decks differ)
MIN_BOX_PX = 8.0  # a box narrower or lower than this holds no card shape to fit
MAX_CORNER_COS = 0.42  # corners of a fitted card quad stay within 90 +- 25 degrees
_NEXT = np.array([1, 2, 3, 0])  # index of the next corner round a quad


@dataclass(frozen=True, slots=True)
class Rectified:
    """An upright card: ``image`` (WARP_SIZE[1], WARP_SIZE[0], 3) uint8 BGR, warped from ``quad``
    ((4, 2) float32 frame pixels: the card's top-left, top-right, bottom-right, bottom-left) and
    whether that quad was fitted to the card's outline (``fitted``) or is the detection box."""

    image: np.ndarray
    quad: np.ndarray
    fitted: bool


def _clockwise(quad: np.ndarray) -> np.ndarray:
    """(4, 2) points in clockwise order as seen on screen (y down), starting anywhere."""
    x, y = quad[:, 0], quad[:, 1]
    area2 = float(np.sum(x * y[_NEXT] - x[_NEXT] * y))
    return quad if area2 >= 0 else quad[::-1].copy()


def orient_quad(quad: np.ndarray) -> np.ndarray:
    """(4, 2) float32 corners ordered top-left, top-right, bottom-right, bottom-left of an upright
    (portrait) card: the first side is a short one. Of the two readings half a turn apart, the one
    starting nearer the frame's top-left is chosen; both index corners are read anyway."""
    q = _clockwise(np.asarray(quad, np.float32).reshape(4, 2))
    sides = np.linalg.norm(q - q[_NEXT], axis=1)  # side k: q[k] -> q[k+1]
    if sides[0] + sides[2] > sides[1] + sides[3]:
        q = q[_NEXT]  # make q[0] -> q[1] a short side
    if q[2].sum() < q[0].sum():
        q = q[_NEXT][_NEXT]
    return q.astype(np.float32)


def box_quad(box: np.ndarray | tuple[float, ...]) -> np.ndarray:
    """The detection box (x1, y1, x2, y2) as an upright card quad (turned a quarter if landscape)."""
    x1, y1, x2, y2 = (float(v) for v in box)
    return orient_quad(np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float32))


def _line_fit(points: np.ndarray) -> np.ndarray | None:
    """Homogeneous line (a, b, c) through (n, 2) points, least squares; None when too few."""
    if len(points) < 3:
        return None
    vx, vy, x0, y0 = cv2.fitLine(points.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([vy, -vx, vx * y0 - vy * x0], np.float64)


def _refine(quad: np.ndarray, contour: np.ndarray) -> np.ndarray:
    """Corners re-found as intersections of lines fitted to the contour along each side (away from
    the rounded corners); the approximate quad where a side has too few points."""
    pts = contour.reshape(-1, 2).astype(np.float64)
    lines = []
    for k in range(4):
        a, b = quad[k].astype(np.float64), quad[(k + 1) % 4].astype(np.float64)
        d = b - a
        length = float(np.linalg.norm(d))
        if length < 4:
            return quad
        u = d / length
        rel = pts - a
        t = rel @ u
        dist = np.abs(rel[:, 0] * u[1] - rel[:, 1] * u[0])
        keep = (t > 0.15 * length) & (t < 0.85 * length) & (dist < max(0.04 * length, 2.0))
        line = _line_fit(pts[keep])
        if line is None:
            return quad
        lines.append(line)
    out = np.zeros((4, 2), np.float64)
    for k in range(4):
        (a1, b1, c1), (a2, b2, c2) = lines[k - 1], lines[k]  # the corner joins the side before and this side
        det = a1 * b2 - a2 * b1
        if abs(det) < 1e-9:
            return quad
        out[k] = ((b1 * c2 - b2 * c1) / det, (a2 * c1 - a1 * c2) / det)
    if np.abs(out - quad).max() > 0.15 * float(np.linalg.norm(quad[2] - quad[0])):
        return quad
    return out.astype(np.float32)


@dataclass(frozen=True, slots=True)
class _Roi:
    """The search window round a box, worked at <= 160 px: ``scale`` from frame to work pixels,
    ``origin`` its top-left in the frame, ``box`` the detection box in work pixels and which of the
    window's sides (left, right, top, bottom) lie inside the frame."""

    scale: float
    origin: tuple[int, int]
    box: tuple[float, float, float, float]
    inner: tuple[bool, bool, bool, bool]


def _quad_from_mask(mask: np.ndarray, roi: _Roi) -> np.ndarray | None:
    """The card quad (work pixels, clockwise) in a binary mask of light pixels, or None."""
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    mask = cv2.drawContours(np.zeros_like(mask), contours, -1, 255, cv2.FILLED)  # pips and pictures filled
    k = max(3, round(min(mask.shape[:2]) * 0.08) | 1)  # cut off speckles the threshold joined on
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    bx0, by0, bx1, by1 = roi.box
    contour = max(contours, key=cv2.contourArea)
    blob = cv2.drawContours(np.zeros_like(mask), [contour], -1, 255, cv2.FILLED) > 0
    sides = (blob[:, 0], blob[:, -1], blob[0], blob[-1])
    # a card inside its box leaves the margin round it free, except where the frame cuts it
    if sum(bool(side.mean() > 0.1) for side, inner in zip(sides, roi.inner, strict=True) if inner) >= 2:
        return None
    hull = cv2.convexHull(contour)
    hull_area = float(cv2.contourArea(hull))
    if hull_area < 0.3 * (bx1 - bx0) * (by1 - by0):
        return None
    peri = cv2.arcLength(hull, True)
    candidates = [cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)]
    for eps in (0.02, 0.03, 0.04):
        poly = cv2.approxPolyDP(hull, eps * peri, True)
        if len(poly) == 4:
            candidates.append(poly.reshape(4, 2).astype(np.float32))
            break
        if len(poly) < 4:
            break
    filled = cv2.fillConvexPoly(np.zeros_like(mask), hull, 255) > 0
    best, best_iou = None, 0.0
    for cand in candidates:
        shape = cv2.fillConvexPoly(np.zeros_like(mask), np.round(cand).astype(np.int32), 255) > 0
        iou = float((shape & filled).sum()) / max(float((shape | filled).sum()), 1.0)
        if iou > best_iou:
            best, best_iou = _clockwise(cand), iou
    if best is None or best_iou < 0.88:
        return None
    quad = _refine(best, contour)
    edges = quad[_NEXT] - quad
    lengths = np.linalg.norm(edges, axis=1)
    short, long_ = sorted((lengths[0] + lengths[2], lengths[1] + lengths[3]))
    if short <= 0 or not 1.1 < long_ / short < 1.9:
        return None
    cosines = np.abs((edges * edges[_NEXT]).sum(axis=1)) / np.maximum(lengths * lengths[_NEXT], 1e-6)
    if cosines.max() > MAX_CORNER_COS:  # a corner far from square: a card partly hidden, not a card
        return None
    qx0, qy0 = quad.min(axis=0)
    qx1, qy1 = quad.max(axis=0)
    inter = max(0.0, min(qx1, bx1) - max(qx0, bx0)) * max(0.0, min(qy1, by1) - max(qy0, by0))
    union = (qx1 - qx0) * (qy1 - qy0) + (bx1 - bx0) * (by1 - by0) - inter
    if union <= 0 or inter / union < 0.7:
        return None
    return quad


def find_card_quad(image: np.ndarray, box: np.ndarray | tuple[float, ...]) -> np.ndarray | None:
    """(4, 2) float32 corners of the light card inside ``box`` (x1, y1, x2, y2 frame pixels), ordered
    as ``orient_quad``; None when no four-sided card shape that fills the box is found (an upright
    card overlapped by another, a card on a surface as light as itself, a box cut by the frame edge).

    Light, unsaturated pixels are thresholded (Otsu first; then stricter levels, which part a card
    from a light table or paper round it) and the largest blob must be a four-sided shape of about a
    card's proportions whose bounding box matches the detection box."""
    h, w = image.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    bw, bh = x2 - x1, y2 - y1
    mx, my = 0.08 * bw + 2, 0.08 * bh + 2
    rx0, ry0 = int(max(x1 - mx, 0)), int(max(y1 - my, 0))
    rx1, ry1 = int(min(x2 + mx, w)), int(min(y2 + my, h))
    window = image[ry0:ry1, rx0:rx1]
    if window.shape[0] < MIN_BOX_PX or window.shape[1] < MIN_BOX_PX:
        return None
    scale = min(1.0, 160.0 / max(window.shape[:2]))  # work at <= 160 px: fast and smooths print
    small = (
        cv2.resize(window, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else window
    )
    roi = _Roi(
        scale,
        (rx0, ry0),
        ((x1 - rx0) * scale, (y1 - ry0) * scale, (x2 - rx0) * scale, (y2 - ry0) * scale),
        (rx0 > 0, rx1 < w, ry0 > 0, ry1 < h),
    )
    hsv = cv2.cvtColor(small, cv2.COLOR_BGR2HSV)
    saturation = cv2.multiply(hsv[..., 1], 1.2)  # type: ignore[call-overload]
    white = cv2.GaussianBlur(cv2.subtract(hsv[..., 2], saturation), (5, 5), 0)  # bright and unsaturated
    otsu, mask = cv2.threshold(white, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    quad = _quad_from_mask(mask, roi)
    if quad is None:
        top = float(np.percentile(white, 97))
        for level in (0.75, 0.85, 0.92):
            t = otsu + (top - otsu) * level
            if t >= top - 2:
                break
            quad = _quad_from_mask(((white > t) * 255).astype(np.uint8), roi)
            if quad is not None:
                break
    if quad is None:
        return None
    return orient_quad(quad / scale + np.array([rx0, ry0], np.float32))


def warp_card(image: np.ndarray, quad: np.ndarray) -> np.ndarray:
    """The card whose corners are ``quad`` (as ``orient_quad``) warped upright to WARP_SIZE."""
    w, h = WARP_SIZE
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    M = cv2.getPerspectiveTransform(np.asarray(quad, np.float32), dst)
    return cv2.warpPerspective(image, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def rectify(image: np.ndarray, box: np.ndarray | tuple[float, ...]) -> Rectified | None:
    """``rectify_card`` with the quad it used and whether it was fitted to the card's outline."""
    x1, y1, x2, y2 = (float(v) for v in box)
    h, w = image.shape[:2]
    x1, y1, x2, y2 = max(x1, 0.0), max(y1, 0.0), min(x2, float(w)), min(y2, float(h))
    if x2 - x1 < MIN_BOX_PX or y2 - y1 < MIN_BOX_PX:
        return None
    quad = find_card_quad(image, (x1, y1, x2, y2))
    fitted = quad is not None
    if quad is None:
        quad = box_quad((x1, y1, x2, y2))
    return Rectified(warp_card(image, quad), quad, fitted)


def rectify_card(image: np.ndarray, box: np.ndarray | tuple[float, ...]) -> np.ndarray | None:
    """The card in ``box`` (x1, y1, x2, y2 pixels of ``image``, BGR uint8) warped upright:
    (WARP_SIZE[1], WARP_SIZE[0], 3) uint8. The card's own outline when one is found, else the box.
    None when the box is too small or outside the image."""
    r = rectify(image, box)
    return None if r is None else r.image


def corner_crops(card_img: np.ndarray) -> np.ndarray:
    """Both index corners of an upright card image (any size, portrait): (2, CROP_SIZE[1],
    CROP_SIZE[0], 3) uint8, top-left then bottom-right turned half round."""
    h, w = card_img.shape[:2]
    cw, ch = round(w * INDEX_CM[0] / CARD_CM[0]), round(h * INDEX_CM[1] / CARD_CM[1])
    top_left = card_img[:ch, :cw]
    bottom_right = card_img[h - ch :, w - cw :][::-1, ::-1]
    return np.stack(
        [cv2.resize(c, CROP_SIZE, interpolation=cv2.INTER_AREA) for c in (top_left, bottom_right)]
    )


def anchored_crops(
    image: np.ndarray, box: np.ndarray | tuple[float, ...], sideways: bool | None = None, zoom: float = 1.0
) -> np.ndarray:
    """Index corners read straight from the box's corners when no card outline was found: a card
    of the box's scale anchored at the box's top-left and, turned half round, at its bottom-right.
    A box that holds only the visible strip of an overlapped card still has that card's index in
    its corner. The card is taken upright in the box (``sideways`` False), lying across it (True),
    or, by default, along the box's long side. ``zoom`` scales the index area taken (a deck whose
    index is larger or smaller than the usual). Same shape as ``corner_crops``."""
    x1, y1, x2, y2 = (float(v) for v in box)
    if sideways is None:
        sideways = x2 - x1 > y2 - y1
    corners = np.array([[x1, y1], [x2, y1], [x2, y2], [x1, y2]], np.float64)
    q = (
        corners[[1, 2, 3, 0]] if sideways else corners
    )  # lying across: the card's top runs down the box's right
    u, v = q[1] - q[0], q[3] - q[0]
    across, along = float(np.linalg.norm(u)), float(np.linalg.norm(v))
    u, v = u / max(across, 1e-6), v / max(along, 1e-6)
    s = max(along / CARD_CM[1], across / CARD_CM[0])  # px per cm
    du, dv = INDEX_CM[0] * s * zoom * u, INDEX_CM[1] * s * zoom * v
    w, h = 2 * CROP_SIZE[0], 2 * CROP_SIZE[1]
    dst = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    out = []
    for corner, sign in ((q[0], 1.0), (q[2], -1.0)):
        src = np.array(
            [corner, corner + sign * du, corner + sign * (du + dv), corner + sign * dv], np.float32
        )
        M = cv2.getPerspectiveTransform(src, dst)
        big = cv2.warpPerspective(image, M, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        out.append(cv2.resize(big, CROP_SIZE, interpolation=cv2.INTER_AREA))
    return np.stack(out)


def index_region(image: np.ndarray, quad: np.ndarray, placement: np.ndarray, zoom: float = 1.0) -> np.ndarray:
    """An index-sized crop (CROP_SIZE) of the card ``quad`` (as ``orient_quad``), warped straight from
    ``image``: the region of ``zoom`` times the index's size whose top-left is where ``placement`` (a
    3x3 transform of upright-card pixels, WARP_SIZE) puts the card's top-left corner."""
    w, h = WARP_SIZE
    cw = round(w * INDEX_CM[0] * zoom / CARD_CM[0])
    ch = round(h * INDEX_CM[1] * zoom / CARD_CM[1])
    card = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5
    to_frame = cv2.getPerspectiveTransform(card, np.asarray(quad, np.float32))  # upright card px -> frame px
    big = cv2.warpPerspective(
        image,
        to_frame @ placement,
        (cw, ch),
        flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return cv2.resize(big, CROP_SIZE, interpolation=cv2.INTER_AREA)


def quad_crops(image: np.ndarray, quad: np.ndarray, zoom: float = 1.0) -> np.ndarray:
    """``corner_crops(warp_card(image, quad))`` without warping the whole card: each index corner
    is warped straight from the frame (the same sampling, a tenth of the pixels). ``zoom`` as in
    ``anchored_crops``."""
    w, h = WARP_SIZE
    half_turn = np.array([[-1, 0, w - 1], [0, -1, h - 1], [0, 0, 1]], np.float64)
    return np.stack([index_region(image, quad, corner, zoom) for corner in (np.eye(3), half_turn)])


def inscribed_quads(box: np.ndarray | tuple[float, ...]) -> list[np.ndarray]:
    """The two card quads (as ``orient_quad``) a tight box can hold when the card lies turned in it:
    the card-shaped rectangle whose corners touch all four sides, turned one way or the other.
    Empty when the box's proportions fit no turned card (an overlapped strip) or the turn is under
    8 degrees from upright or sideways (the box is then the card, as ``anchored_crops`` reads it)."""
    x1, y1, x2, y2 = (float(v) for v in box)
    bw, bh = x2 - x1, y2 - y1
    a, b = CARD_CM
    theta = np.radians(np.arange(0.0, 90.5, 0.5))
    c, s = np.cos(theta), np.sin(theta)
    ratio = (a * c + b * s) / (a * s + b * c)  # width / height of the box round a card turned by theta
    k = int(np.argmin(np.abs(ratio - bw / max(bh, 1e-6))))
    if abs(ratio[k] - bw / max(bh, 1e-6)) > 0.04 or not 8 <= np.degrees(theta[k]) <= 82:
        return []
    scale = bh / (a * s[k] + b * c[k])  # px per cm
    centre = ((x1 + x2) / 2, (y1 + y2) / 2)
    size = (a * scale, b * scale)
    deg = float(np.degrees(theta[k]))
    return [orient_quad(cv2.boxPoints((centre, size, sign * deg))) for sign in (1.0, -1.0)]


def index_crops(
    image: np.ndarray, box: np.ndarray | tuple[float, ...], second_look: bool = False
) -> tuple[np.ndarray, bool] | None:
    """Index corner crops of the card in ``box`` ((k, 48, 32, 3) uint8, pairs as ``corner_crops``) and
    whether they come from the card's fitted outline (k = 2). Without an outline: ``anchored_crops``
    of the box with the card along it and across it, then the pairs of both ``inscribed_quads`` when
    the box fits a turned card (k = 4 or 8); the reader keeps the surest. ``second_look``: every
    candidate at once (the outline's pair, its other two corners, and all the box-based ones), for a
    card the first look could not read. None when the box is too small or outside the image."""
    h, w = image.shape[:2]
    x1, y1, x2, y2 = (float(v) for v in box)
    x1, y1, x2, y2 = max(x1, 0.0), max(y1, 0.0), min(x2, float(w)), min(y2, float(h))
    if x2 - x1 < MIN_BOX_PX or y2 - y1 < MIN_BOX_PX:
        return None
    quad = find_card_quad(image, (x1, y1, x2, y2))
    if quad is not None and not second_look:
        return quad_crops(image, quad), True
    zooms = SECOND_LOOK_ZOOMS if second_look else (1.0,)
    crops = []
    if quad is not None:  # the outline may be right but taken the wrong way round (a cut-off card)
        crops += [quad_crops(image, q, z) for q in (quad, np.roll(quad, 1, axis=0)) for z in zooms]
    crops += [
        anchored_crops(image, (x1, y1, x2, y2), sideways, z)
        for sideways in (x2 - x1 > y2 - y1, y2 - y1 >= x2 - x1)
        for z in zooms
    ]
    crops += [quad_crops(image, q, z) for q in inscribed_quads((x1, y1, x2, y2)) for z in zooms]
    return np.concatenate(crops), False

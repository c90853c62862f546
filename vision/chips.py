"""Chip value from colour: which denomination of the house chip set a chip crop shows.

A crop (BGR uint8, the chip roughly centred, 15-300 px) is read in four steps:

1. **Disc.** The crop is shrunk so its longer side is ``WORK_PX``; a Hough circle is sought on the
   crop's colour distance from its own border (a red chip on green felt is as bright as the felt, so
   grey-level edges miss it), near the centre, with a radius of 0.44-0.53 of the shorter side (a
   chip fills its box; smaller circles are inlays). Without one, the crop's inscribed circle.
   Pixels within 0.9 of the radius are the face: rim inserts and inlay included, since step 3
   explains them instead of cutting them out by geometry that varies by design. In the inscribed
   circle, ``BOX_SLACK_PX`` less: at 16 px through H.264 no circle is found for most chips, and a
   detector's box is a pixel or three looser than the chip, so felt shows at the face's edge.
2. **Light.** Every chip carries white (inserts, inlay, print) and most carry black print, so each
   crop is its own colour chart: per-channel gains bring the brightest near-neutral pixels to white
   (235; von Kries in camera RGB, which also normalises exposure), then a two-point correction makes
   the darkest near-neutral pixels neutral when there are enough of them (some lights tint shadows
   differently from highlights: the PokeVisor test photos). Gains are bounded so a chip with no
   white cannot be bleached.
3. **Palette mixture.** Each denomination is a palette: body (``ChipSpec.base``, the colour that
   calibration learns), edge inserts, inlay, and generic white and black print. Each pixel costs its
   distance (CIE Lab split into lightness, chroma and hue; lightness and chroma half-weighted, except
   between neutrals; see ``colour_distance``) to the nearest colour of the palette, truncated at
   ``TAU``, accents at ``ACCENT_COST`` extra; a denomination also pays when its body explains less
   than ``MIN_BODY_SHARE`` of the face. This is what tells a white chip with red inserts from a grey
   one with red inserts or a pink one: every palette explains the spots and the inlay, one explains
   the body. A chroma gate keeps coloured pixels from being explained by neutral colours and the
   reverse (light moves hue and lightness a lot, rarely turns a coloured chip grey).
4. **Decision.** The cheapest denomination wins; ``confidence = 1 - best / second`` (0: a tie, 1: no
   contest). Below ``min_confidence`` or above ``max_cost`` the reading is value 0, ``"unknown"``:
   never a guess.

Calibration (``calibrate_chips``) measures the body colour of labelled sample crops: pixels the
spec's inserts, inlay or print explain are dropped, the dominant hue (or for neutral chips the
lightness) of the rest is taken, its more saturated half averaged (blur and JPEG bleed neighbours into
the body), and the median over samples replaces ``base``.

Measured by ``python -m datasets.eval_chips`` (docs/chip_value_eval.md). PokeVisor photos, calibrated
on one photo per colour taken under other light: every whole-chip crop's best guess is right and 21 of
22 are answered (one refused); with the spec colours 16 of 22. Renders, calibrated per camera:
tournament 0.93, casino 0.67 (white / grey / pink with red inserts at 20-40 px: JPEG bleeds the red
into the body), pokevisor 0.93 (0.91, 0.67, 0.93 before the box's slack was left out). On 16 px video
chips in the detector's boxes, at the pipeline's bars (``python -m datasets.eval_video_chips RENDERS
--detector``, seed + 41000, every third render): 0.990 read, 0.998 of them right (0.961 and 0.989
with the slack in). Dropped after measuring on the same data: a per-channel median of an
annulus (mixes body and inserts: bimodal), one body estimate matched to the nearest spec colour
(confuses white/grey chips having coloured inserts, and pale chips with grey ones), forcing neutral
calibrated colours for nominally neutral chips. About 0.4-0.8 ms CPU a chip.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from vision.chipset import BGR, ChipSet, ChipSpec
from vision.detections import Detections

UNKNOWN = "unknown"
WORK_PX = 32  # crops are shrunk so the longer side is this (colour needs few pixels; keeps it < 1 ms)
DISC_MIN_R = 0.44  # a Hough circle smaller than this share of the shorter side is an inlay, not the chip
DISC_MAX_R = 0.53  # a chip fits in its box: no larger than this share of the shorter side
CONTRAST_GAIN = 3.0  # Lab distance -> 0-255 grey for the circle search
FACE_R = 0.9  # pixels within this share of the radius are the face (the bevel and the felt stay out)
# px of a crop left out round the face when no circle is found: a detector's box is 1-3 px looser than
# the chip, and on blue felt that sliver was read as a blue chip's body (seed + 41000; 16 px chips)
BOX_SLACK_PX = 1.3
WHITE_LEVEL = 235.0  # BGR level the white reference is brought to (the simulator's white print)
W_LIGHTNESS = 0.5  # weight of lightness differences (light and exposure move lightness most)
W_CHROMA = 0.5  # weight of chroma differences (blur and JPEG wash chroma out of small chips)
NEUTRAL_C = 7.0  # Lab chroma below this is a neutral colour (white, grey, black)
COLOURED_C = 12.0  # chroma above this is a coloured one; between the two, partly each
GATE_COST = 30.0  # extra distance between a neutral and a coloured colour
TAU = 30.0  # a pixel costs at most this (glare, felt at the edge, a neighbour's edge)
MIN_BODY_SHARE = 0.3  # a denomination's body colour should explain at least this share of the face
SHARE_COST = 40.0  # cost per missing share of body
ACCENT_COST = 2.0  # an insert/inlay/print colour explains a pixel at this extra cost (bodies are likelier)
SAME_AS_BODY = 12.0  # an insert, inlay or print colour this close to the body is the body's own colour
WHITE_PRINT: BGR = (235, 235, 235)
BLACK_PRINT: BGR = (28, 28, 28)


@dataclass(frozen=True, slots=True)
class Disc:
    """The chip in a crop: centre and radius in crop pixels; ``found`` false when it is the crop's
    inscribed circle because no circle was found."""

    cx: float
    cy: float
    r: float
    found: bool


@dataclass(frozen=True, slots=True)
class ChipReading:
    """What one crop shows. ``value`` 0 and ``name`` "unknown" when below the confidence threshold.

    ``cost``: the winning denomination's mean pixel cost (Lab-like units, 0 = perfect);
    ``confidence``: 1 - best cost / second best, 0..1; ``guess``: the best denomination even when
    refused (for reports; never use it as the value).
    """

    value: int
    name: str
    confidence: float
    cost: float
    guess: int

    @property
    def known(self) -> bool:
        return self.value > 0


# ---------------------------------------------------------------------------------------------- colour


def bgr_to_lab(bgr: np.ndarray) -> np.ndarray:
    """(..., 3) BGR 0-255 (any dtype) -> (..., 3) float32 CIE Lab (L 0-100, a and b about -128..127)."""
    arr = np.asarray(bgr, np.float32)
    flat = np.clip(arr.reshape(-1, 1, 3), 0, 255) / 255.0
    return cv2.cvtColor(flat, cv2.COLOR_BGR2Lab).reshape(arr.shape)


def lab_to_bgr(lab: np.ndarray) -> BGR:
    """One Lab colour -> the nearest BGR 0-255 triple (out-of-gamut colours are clipped)."""
    px = cv2.cvtColor(np.asarray(lab, np.float32).reshape(1, 1, 3), cv2.COLOR_Lab2BGR)[0, 0]
    b, g, r = (round(float(v) * 255) for v in np.clip(px, 0, 1))
    return b, g, r


def _lch_terms(lab: np.ndarray) -> tuple[np.ndarray, ...]:
    """(n, 3) Lab -> L, a, b, chroma and neutral/coloured gate (0 neutral .. 1 coloured), each (n,)."""
    lab = np.asarray(lab, np.float32)
    c = np.hypot(lab[:, 1], lab[:, 2])
    gate = np.clip((c - NEUTRAL_C) / (COLOURED_C - NEUTRAL_C), 0, 1)
    return lab[:, 0], lab[:, 1], lab[:, 2], c, gate


def colour_distance(px: np.ndarray, colours: np.ndarray) -> np.ndarray:
    """(n, 3) Lab pixels x (m, 3) Lab colours -> (n, m) float32 distance.

    Lab split into lightness, chroma and hue (as CIE94 does) with lightness and chroma at
    ``W_LIGHTNESS`` / ``W_CHROMA`` (lightness at full weight between two neutral colours, where it is
    the only cue), plus ``GATE_COST`` between a neutral and a coloured colour.
    The hue term uses dH^2 = da^2 + db^2 - dC^2 = 2 (C1 C2 - a1 a2 - b1 b2).
    """
    l1, a1, b1, c1, g1 = _lch_terms(px)
    l2, a2, b2, c2, g2 = _lch_terms(colours)
    dh2 = np.outer(c1, c2)
    dh2 -= np.outer(a1, a2)
    dh2 -= np.outer(b1, b2)
    np.maximum(dh2, 0, out=dh2)
    dh2 *= 2
    coloured = np.maximum(g1[:, None], g2[None, :])
    dl = (l1[:, None] - l2[None, :]) * (1 - (1 - W_LIGHTNESS) * coloured)  # neutrals: lightness is all
    dc = c1[:, None] - c2[None, :]
    dh2 += dl * dl
    dh2 += (W_CHROMA * dc) ** 2
    d = np.sqrt(dh2)
    d += GATE_COST * np.abs(g1[:, None] - g2[None, :])
    return d.astype(np.float32, copy=False)


# ---------------------------------------------------------------------------------------------- pixels


def _work_image(crop: np.ndarray) -> np.ndarray:
    h, w = crop.shape[:2]
    s = WORK_PX / max(h, w)
    if s >= 1:
        return crop
    size = (max(1, round(w * s)), max(1, round(h * s)))
    return cv2.resize(crop, size, interpolation=cv2.INTER_AREA)


def _disc(im: np.ndarray, lab: np.ndarray) -> Disc:
    """The chip in a work image (see ``find_disc``); ``lab`` is the image in float Lab."""
    h, w = im.shape[:2]
    m = min(h, w)
    cx0, cy0 = (w - 1) / 2, (h - 1) / 2
    if m >= 12:
        circles = cv2.HoughCircles(
            _contrast(lab),
            cv2.HOUGH_GRADIENT,
            dp=1,
            minDist=2,
            param1=100,
            param2=12,
            minRadius=int(m * DISC_MIN_R),
            maxRadius=int(np.ceil(m * DISC_MAX_R)),
        )
        if circles is not None:
            best: tuple[float, float, float] | None = None
            for x, y, r in circles[0][:6]:
                if np.hypot(x - cx0, y - cy0) < 0.25 * m and (best is None or r > best[2]):
                    best = (float(x), float(y), float(r))
            if best is not None:
                return Disc(*best, found=True)
    return Disc(cx0, cy0, m / 2, found=False)


def _contrast(lab: np.ndarray) -> np.ndarray:
    """uint8 image of each pixel's Lab distance from the crop's border colour, blurred: a chip stands
    out from the felt around it even where both are equally bright (red on green)."""
    border = np.sort(np.concatenate([lab[0], lab[-1], lab[1:-1, 0], lab[1:-1, -1]]), axis=0)
    dist = np.linalg.norm(lab - border[len(border) // 2], axis=2)  # from the per-channel median
    return cv2.GaussianBlur(np.clip(dist * CONTRAST_GAIN, 0, 255).astype(np.uint8), (5, 5), 1.0)


def _lab_image(im: np.ndarray) -> np.ndarray:
    """(h, w, 3) BGR uint8 -> float32 Lab."""
    return cv2.cvtColor(im.astype(np.float32) * np.float32(1 / 255), cv2.COLOR_BGR2Lab)


def find_disc(crop: np.ndarray) -> Disc:
    """The chip in a crop, in crop pixels: a Hough circle near the centre, else the inscribed circle."""
    im = _work_image(crop)
    d = _disc(im, _lab_image(im))
    s = crop.shape[1] / im.shape[1]
    return Disc(d.cx * s, d.cy * s, d.r * s, d.found)


def _normalise_light(px: np.ndarray, lab: np.ndarray) -> np.ndarray:
    """(n, 3) float32 BGR of one chip face and its Lab -> the face's Lab with white print at
    ``WHITE_LEVEL`` and dark print neutral (see the module docstring, step 2)."""
    chroma = np.hypot(lab[:, 1], lab[:, 2])
    cand = (chroma < 25) & (lab[:, 0] >= 50)
    if cand.sum() < max(3, 0.03 * len(px)):
        return lab
    light = lab[cand, 0]
    k = int(0.8 * (len(light) - 1))
    ref = px[cand][light >= np.partition(light, k)[k]].mean(0)
    gains = WHITE_LEVEL / np.maximum(ref, 1.0)
    mean = float(np.prod(gains)) ** (1 / 3)
    gains = np.clip(mean, 0.7, 2.5) * np.clip(gains / mean, 0.75, 1.33)
    px = np.minimum(px * gains.astype(np.float32), 255)
    lab = bgr_to_lab(px)
    dark = (np.hypot(lab[:, 1], lab[:, 2]) < 15) & (lab[:, 0] < 35)
    if dark.sum() < 0.05 * len(px):
        return lab
    d = px[dark].mean(0)
    scale = np.clip((WHITE_LEVEL - d.mean()) / np.maximum(WHITE_LEVEL - d, 1.0), 0.85, 1.18)
    return bgr_to_lab(WHITE_LEVEL + (px - WHITE_LEVEL) * scale.astype(np.float32))


def face_pixels(crop: np.ndarray) -> np.ndarray:
    """(n, 3) float32 Lab of the chip face in ``crop`` (BGR uint8), light-normalised (steps 1-2)."""
    if crop.ndim != 3 or crop.shape[2] != 3 or min(crop.shape[:2]) < 2:
        raise ValueError(f"a chip crop must be (h, w, 3) BGR with h, w >= 2, got {crop.shape}")
    im = _work_image(crop)
    lab = _lab_image(im)
    d = _disc(im, lab)
    h, w = im.shape[:2]
    yy, xx = np.ogrid[0:h, 0:w]
    face_r = FACE_R * d.r
    if not d.found:  # the box's inscribed circle: leave out the box's slack, in the crop's pixels
        face_r -= BOX_SLACK_PX * w / crop.shape[1]
    inside = (xx - d.cx) ** 2 + (yy - d.cy) ** 2 <= face_r**2
    if inside.sum() < 4:
        inside[:] = True
    return _normalise_light(im[inside].astype(np.float32), lab[inside])


# ---------------------------------------------------------------------------------------------- reading


def _palette(spec: ChipSpec, base_lab: np.ndarray | None = None) -> np.ndarray:
    """(5, 3) Lab: body, edge inserts, inlay, white print, black print."""
    body = bgr_to_lab(np.array(spec.base)) if base_lab is None else base_lab
    rest = bgr_to_lab(np.array([spec.edge, spec.inlay, WHITE_PRINT, BLACK_PRINT]))
    return np.vstack([body[None], rest]).astype(np.float32)


@dataclass(frozen=True, slots=True)
class Palettes:
    """Denominations as palettes, with their distinct colours listed once (most share white and black).

    ``colours``: (u, 3) float32 Lab; ``body``: (k,) index of each denomination's body colour;
    ``accents``: (k, 4) indices of each one's edge, inlay, white and black print colours (an accent
    that is the body's own colour is replaced by one of the others, or by ``u``: none).
    """

    colours: np.ndarray
    body: np.ndarray
    accents: np.ndarray

    @classmethod
    def build(cls, palettes: np.ndarray) -> Palettes:
        """From (k, 5, 3) Lab palettes (body first). An accent within ``SAME_AS_BODY`` of its body is
        the body's own colour (a white chip's white inlay) and is left out, so it cannot take the
        body's pixels."""
        flat = np.round(palettes.reshape(-1, 3), 3).astype(np.float32)
        colours, inverse = np.unique(flat, axis=0, return_inverse=True)
        idx = inverse.reshape(len(palettes), 5)
        near = colour_distance(colours, colours) < SAME_AS_BODY
        accents = np.full((len(idx), 4), len(colours), np.int64)
        for j, row in enumerate(idx):
            own = [a for a in row[1:] if not near[row[0], a]]
            accents[j] = own + [own[0] if own else len(colours)] * (4 - len(own))
        return cls(colours, idx[:, 0].copy(), accents)


def palette_costs(px: np.ndarray, palettes: Palettes) -> tuple[np.ndarray, np.ndarray]:
    """Face pixels (n, 3) Lab against k palettes -> (k,) total cost and (k,) body share."""
    d = np.empty((len(px), len(palettes.colours) + 1), np.float32)
    d[:, :-1] = colour_distance(px, palettes.colours)
    d[:, -1] = TAU  # "no accent"
    np.minimum(d, TAU, out=d)
    body = d[:, palettes.body]
    accent = np.minimum(d[:, palettes.accents].min(2) + ACCENT_COST, TAU)
    nearest = np.minimum(body, accent)
    share = np.count_nonzero((body <= accent) & (body < TAU), axis=0) / max(len(px), 1)
    cost = nearest.mean(0) + SHARE_COST * np.maximum(0.0, MIN_BODY_SHARE - share)
    return cost, share


class ChipClassifier:
    """Reads chip crops against one chip set.

    ``min_confidence`` and ``max_cost`` set where a reading becomes "unknown" (the defaults are
    chosen on the measurements in docs/chip_value_eval.md).
    """

    def __init__(self, chipset: ChipSet, min_confidence: float = 0.05, max_cost: float = 24.0):
        if not 0 <= min_confidence < 1:
            raise ValueError(f"min_confidence must be in 0..1, got {min_confidence}")
        self.chipset = chipset
        self.min_confidence = float(min_confidence)
        self.max_cost = float(max_cost)
        self._specs = tuple(chipset.chips)
        self._palettes = Palettes.build(np.stack([_palette(s) for s in self._specs]))

    def costs(self, crop: np.ndarray) -> np.ndarray:
        """(k,) cost of each denomination, in ``chipset.chips`` order."""
        return palette_costs(face_pixels(crop), self._palettes)[0]

    def ranked(self, crop: np.ndarray) -> tuple[int, float, float]:
        """The cheapest denomination's index in ``chipset.chips``, its cost, and the confidence: how
        much cheaper it is than the runner-up (1 - best / second), before any bar is applied."""
        cost = self.costs(crop)
        order = np.argsort(cost)
        best = float(cost[order[0]])
        second = float(cost[order[1]]) if len(order) > 1 else float("inf")
        confidence = 1.0 if second == float("inf") else (1.0 - best / second if second > 0 else 0.0)
        return int(order[0]), best, confidence

    def read(self, crop: np.ndarray) -> ChipReading:
        """The denomination ``crop`` shows, or value 0 / "unknown"."""
        index, best, confidence = self.ranked(crop)
        spec = self._specs[index]
        if confidence < self.min_confidence or best > self.max_cost:
            return ChipReading(0, UNKNOWN, round(confidence, 4), round(best, 3), spec.value)
        return ChipReading(spec.value, spec.name, round(confidence, 4), round(best, 3), spec.value)

    def assign(
        self,
        frame: np.ndarray,
        detections: Detections,
        chip_class: str = "chip",
        oblique: bool = False,
        only: np.ndarray | None = None,
    ) -> Detections:
        """A new ``Detections`` with ``value`` and ``label`` set for every ``chip_class`` row (others
        keep theirs). ``oblique``: boxes hold whole stacks seen from the side; the top face is read.
        ``only``: an (n,) bool mask; rows outside it are not read (they keep their value and label)."""
        mask = detections.of_class(chip_class)
        if only is not None:
            mask &= only
        if not mask.any():
            return detections
        values = detections.value.copy()
        labels = detections.label.copy()
        for i in np.flatnonzero(mask):
            crop = top_face_crop(frame, detections.xyxy[i], oblique)
            if crop is None:
                values[i], labels[i] = 0, UNKNOWN
                continue
            reading = self.read(crop)
            values[i], labels[i] = reading.value, reading.name
        return dataclasses.replace(detections, value=values, label=labels)


def top_face_crop(
    frame: np.ndarray, xyxy: Sequence[float] | np.ndarray, oblique: bool = False
) -> np.ndarray | None:
    """The part of ``frame`` showing a chip's top face: the box, or for an oblique view (the stack's
    side below its top) the top square of the box. None when under 2 px after clipping."""
    h, w = frame.shape[:2]
    x0, y0, x1, y1 = (float(v) for v in xyxy)
    x0, x1 = max(0, int(np.floor(x0))), min(w, int(np.ceil(x1)))
    y0, y1 = max(0, int(np.floor(y0))), min(h, int(np.ceil(y1)))
    if oblique:
        y1 = min(y1, y0 + (x1 - x0))
    if x1 - x0 < 2 or y1 - y0 < 2:
        return None
    return frame[y0:y1, x0:x1]


# ---------------------------------------------------------------------------------------------- calibration


def _dominant(px: np.ndarray) -> np.ndarray:
    """The dominant colour of (n, 3) Lab pixels: the main hue if at least 30% are coloured (the more
    saturated half of it, by median: blur and JPEG bleed neighbours into the body), else the main
    non-white neutral (grey and black chips carry white inserts), else white.

    Measured as the camera sees it: a white chip whose red inserts bleed pink into it at 30 px
    calibrates pinkish, which is what it looks like at that size (forcing neutral bodies for chips
    that are nominally white or grey read the CASINO renders worse: 0.65 against 0.80)."""
    n = len(px)
    chroma = np.hypot(px[:, 1], px[:, 2])
    coloured = chroma >= 10
    if coloured.sum() >= max(3, 0.3 * n):
        bins = 18
        hue = (np.arctan2(px[coloured, 2], px[coloured, 1]) + np.pi) / (2 * np.pi) * bins
        b = np.minimum(hue.astype(int), bins - 1)
        hist = np.bincount(b, minlength=bins).astype(float)
        k = int(np.argmax(hist + np.roll(hist, 1) + np.roll(hist, -1)))
        sel = np.isin(b, [(k - 1) % bins, k, (k + 1) % bins])
        if sel.sum() >= 0.3 * n:
            mode = px[coloured][sel]
            c = chroma[coloured][sel]
            return np.median(mode[c >= np.median(c)], 0)
    neutral = px[~coloured]
    not_white = neutral[neutral[:, 0] < 85]
    if len(not_white) >= max(3, 0.3 * n):
        return np.median(not_white, 0)
    if len(neutral) >= 3:
        return np.median(neutral, 0)
    return np.median(px, 0)


def body_colour(crop: np.ndarray, spec: ChipSpec) -> np.ndarray:
    """(3,) float32 Lab body colour of a crop known to show ``spec``: the pixels its inserts, inlay
    and print explain are dropped (unless that colour is the body's own), the dominant rest taken."""
    px = face_pixels(crop)
    pal = _palette(spec)
    keep = np.ones(len(px), bool)
    for accent in pal[1:]:
        if colour_distance(pal[:1], accent[None])[0, 0] < SAME_AS_BODY:
            continue  # a black chip's black print is its body
        keep &= colour_distance(px, accent[None])[:, 0] >= 12
    rest = px[keep] if keep.sum() >= max(5, 0.1 * len(px)) else px
    return _dominant(rest).astype(np.float32)


def calibrate_chips(samples: Sequence[tuple[np.ndarray, int]], chipset: ChipSet) -> ChipSet:
    """A copy of ``chipset`` whose ``base`` colours are measured from labelled crops.

    ``samples``: (crop BGR uint8, value) pairs, one or more per denomination; a denomination without
    samples keeps its colour. Raises ``ValueError`` naming a value the set does not have.
    """
    by_value: dict[int, list[np.ndarray]] = {}
    for k, (crop, value) in enumerate(samples):
        try:
            spec = chipset.spec(int(value))
        except KeyError as exc:
            raise ValueError(f"sample {k}: {exc.args[0]}") from None
        by_value.setdefault(spec.value, []).append(body_colour(crop, spec))
    chips = []
    for spec in chipset.chips:
        measured = by_value.get(spec.value)
        if measured:
            base = lab_to_bgr(np.median(np.stack(measured), 0))
            spec = ChipSpec.model_validate({**spec.model_dump(), "base": base})
        chips.append(spec)
    return ChipSet.model_validate({**chipset.model_dump(), "chips": tuple(chips)})

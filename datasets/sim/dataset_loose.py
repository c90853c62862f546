"""Loose cards: one to six cards (sometimes chips) large on a surface that is not a poker table.

The real photos a detector is measured on (``shared/real-samples/edje_cards``) are phone shots of a
few cards on carpet, desks, wood, cloth and paper. Here a tilted camera (0-35 degrees, any turn)
looks at cards 5-34 px/cm across (a card 45-300 px high in 640), drawn with the renderer's own
card and chip sprites (perspective, bend shading, glare, peeks, soft shadows) over a procedural
surface, under a smooth light field with a colour cast, then blur, sensor noise and JPEG. The
surface is drawn straight in the image (no perspective): its job is to be varied, not exact.

Annotations follow the renderer's rules: one box per card (CARD_UP / CARD_DOWN) or stack (CHIP),
the whole object's box clipped to the frame, kept while at least 15% of it is visible.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from vision.chipset import CHIP_SETS, ChipSet

from .assets.card_sprite import card_sprite
from .assets.cards import CARD_H, N_BACK_DESIGNS, N_FACE_DESIGNS
from .assets.common import Sprite
from .assets.compose import blit, object_box, visible_count
from .assets.lighting import add_noise, noise_bank, noise_lut
from .assets.sample_scenes import DECK
from .assets.stacks import stack_sprites
from .assets.view import View
from .camera import Camera, look_at
from .objects import Annotation, Card, ChipStack, DetClass, Pose
from .render import MIN_VISIBLE
from .style import FELT_COLOURS, Style

BACKGROUNDS = ("felt", "carpet", "wood", "cloth", "paper", "plain", "clutter")
_BACKGROUND_SHARE = (0.18, 0.18, 0.18, 0.14, 0.1, 0.1, 0.12)


@dataclass(frozen=True, slots=True)
class LooseShot:
    image: np.ndarray  # (size, size, 3) uint8 BGR, before JPEG
    anns: list[Annotation]
    camera: Camera
    cards: dict[str, Card]
    face_design: int
    back_design: int
    chipset: ChipSet
    background: str


def loose_shot(rng: np.random.Generator, size: int) -> LooseShot:
    """Cards (and 30% of the time chips) on a random surface, seen by a random near camera."""
    scale = float(rng.uniform(5.0, 34.0))  # px per cm at the aim point
    hfov = float(rng.uniform(45, 70))
    dist = size / 2 / math.tan(math.radians(hfov) / 2) / scale
    tilt, az = math.radians(float(rng.uniform(0, 35))), float(rng.uniform(0, 2 * math.pi))
    eye = (dist * math.sin(tilt) * math.cos(az), dist * math.sin(tilt) * math.sin(az), dist * math.cos(tilt))
    k1 = float(rng.uniform(-0.04, 0))
    kind = "oblique" if tilt > math.radians(15) else "overhead"
    cam = look_at(
        eye, (0.0, 0.0, 0.0), size, size, hfov, (k1, 0, 0, 0, 0), kind, float(rng.uniform(-180, 180))
    )
    light_dir = rng.uniform(-0.25, 0.25, 2)
    view = View(cam, (float(light_dir[0]), float(light_dir[1])))
    half = size / 2 / scale  # cm from the aim point to the frame's edge, about
    face, back = int(rng.integers(N_FACE_DESIGNS)), int(rng.integers(N_BACK_DESIGNS))
    seed = int(rng.integers(1 << 30))
    cards = _cards(rng, half)
    chipset = list(CHIP_SETS.values())[int(rng.integers(len(CHIP_SETS)))]
    stacks = _chips(rng, half, chipset) if rng.random() < 0.3 else []
    frame, surface = background(rng, size, scale)
    light = _light_field(rng, size)
    frame = cv2.multiply(frame, light, scale=1 / 128)
    glare, shadow = float(rng.uniform(0, 0.5)), float(rng.uniform(0.2, 0.55))
    sprites = [card_sprite(c, view, face, back, glare, seed) for c in cards]
    if stacks:
        sprites += stack_sprites(stacks, view, chipset, int(rng.integers(3)), seed)
    labels = np.zeros((size, size), np.uint16)
    drawn: list[tuple[Card | ChipStack, Sprite, np.ndarray, int]] = []
    objects: list[Card | ChipStack] = [*cards, *stacks]
    for label, (obj, sprite) in enumerate(zip(objects, sprites, strict=True), start=1):
        mask = sprite.object_mask()
        blit(frame, labels, sprite, mask, label, shadow, light)
        drawn.append((obj, sprite, mask, label))
    anns = []
    for obj, sprite, mask, label in drawn:
        box = object_box(sprite, mask, size, size)
        total = int(np.count_nonzero(mask))
        if box is None or total == 0:
            continue
        visible = round(min(visible_count(labels, box, label) / total, 1.0), 4)
        if visible < MIN_VISIBLE:
            continue
        if isinstance(obj, Card):
            cls = DetClass.CARD_UP if obj.face_up else DetClass.CARD_DOWN
            anns.append(Annotation(obj.id, cls, box, visible, None, obj.card if obj.face_up else None))
        else:
            anns.append(
                Annotation(obj.id, DetClass.CHIP, box, visible, None, chips=obj.chips, value=obj.value)
            )
    frame = _sensor(rng, frame)
    return LooseShot(frame, anns, cam, {c.id: c for c in cards}, face, back, chipset, surface)


def _cards(rng: np.random.Generator, half: float) -> list[Card]:
    deck = list(DECK)
    rng.shuffle(deck)
    n = int(rng.choice([1, 1, 2, 2, 3, 4, 5, 6]))
    if n > 1 and rng.random() < 0.35:  # a fanned hand, face up
        x, y = rng.normal(0, half * 0.2, 2)
        ang = float(rng.uniform(0, 360))
        dx, dy = rng.normal(0, 1.8, 2)
        bends = rng.uniform(0, 0.3, n)
        poses = [Pose(x + dx * k, y + dy * k, ang + 7 * k, 0.02 * k) for k in range(n)]
        return [Card(f"loose{k}", poses[k], deck[k], True, bend=float(bends[k])) for k in range(n)]
    spread = max(half * 0.75 - CARD_H / 2, 1.0)
    cards = []
    for k in range(n):
        x, y = rng.uniform(-spread, spread, 2)
        pose = Pose(float(x), float(y), float(rng.uniform(0, 360)), 0.02 * k)
        up, peek = bool(rng.random() < 0.8), float(rng.choice([0, 0, 0, 0, 0, 0.6]))
        cards.append(Card(f"loose{k}", pose, deck[k], up, peek, float(rng.uniform(0, 0.4))))
    return cards


def _chips(rng: np.random.Generator, half: float, chipset: ChipSet) -> list[ChipStack]:
    out = []
    for k in range(int(rng.integers(1, 6))):
        x, y = rng.uniform(-half * 0.8, half * 0.8, 2)
        n = int(rng.choice([1, 1, 3, 6, 12]))
        pose = Pose(float(x), float(y), float(rng.uniform(0, 360)))
        out.append(
            ChipStack(f"chips{k}", pose, (int(rng.choice(chipset.values)),) * n, float(rng.choice([0, 0.4])))
        )
    return out


def background(rng: np.random.Generator, size: int, px_per_cm: float) -> tuple[np.ndarray, str]:
    """A non-table surface (size, size, 3) uint8 BGR, its texture at ``px_per_cm``, and its kind:
    felt, carpet, wood, cloth, paper (printed or not), a plain laminate, a desk with things on it."""
    kind = BACKGROUNDS[int(rng.choice(len(BACKGROUNDS), p=_BACKGROUND_SHARE))]
    color = _muted(rng)
    grain = _noise(rng, size, max(0.06 * px_per_cm, 0.7))
    low = _noise(rng, size, size / 5)
    if kind == "felt":
        color = np.asarray(list(FELT_COLOURS.values())[int(rng.integers(len(FELT_COLOURS)))], np.float64)
        mult = 1 + 0.05 * grain + 0.06 * low
    elif kind == "carpet":  # loops a few mm across in two tones of one hue
        loops = _noise(rng, size, max(0.12 * px_per_cm, 0.8))
        other = color * rng.uniform(0.55, 1.3) + rng.normal(0, 8, 3)
        t = np.clip(0.5 + 0.8 * loops + 0.3 * _noise(rng, size, max(0.5 * px_per_cm, 2)), 0, 1)[..., None]
        img = (color * (1 - t) + other * t) * (1 + 0.12 * grain + 0.08 * low)[..., None]
        return np.clip(img, 0, 255).astype(np.uint8), kind
    elif kind == "wood":  # wavy grain along one direction, in planks of slightly different tone
        red = rng.uniform(70, 200)
        green = red * rng.uniform(0.5, 0.75)
        color = np.array([green * rng.uniform(0.45, 0.8), green, red])
        small = rng.standard_normal((max(size // 24, 2), max(size // 160, 2))).astype(np.float32)
        wave = cv2.resize(small, (size, size), interpolation=cv2.INTER_CUBIC)
        yy = np.arange(size, dtype=np.float32)[:, None]
        period = max(float(rng.uniform(0.3, 1.0)) * px_per_cm, 3.0)
        mult = 1 + 0.1 * np.sin(2 * np.pi * yy / period + 1.5 * wave) + 0.04 * grain + 0.06 * low
        plank = max(float(rng.uniform(8, 20)) * px_per_cm, 40.0)
        tone = rng.uniform(0.85, 1.15, int(size / plank) + 2)[(yy[:, 0] / plank).astype(int)]
        mult = _rotate(mult * tone[:, None].astype(np.float32), float(rng.uniform(0, 180)))
    elif kind == "cloth":  # soft folds
        mult = 1 + 0.2 * np.tanh(1.5 * _noise(rng, size, size / 10)) + 0.04 * grain
    elif kind in ("paper", "plain"):
        if rng.random() < 0.7:
            color = rng.uniform(175, 245) * rng.uniform(0.93, 1.0, 3)
        mult = 1 + 0.025 * grain + 0.05 * low
    else:
        mult = 1 + 0.04 * grain + 0.06 * low
    img = np.clip(color * np.asarray(mult, np.float32)[..., None], 0, 255).astype(np.uint8)
    if kind == "paper" and rng.random() < 0.6:
        _newsprint(rng, img, px_per_cm)
    elif kind == "clutter":
        _clutter(rng, img)
    return img, kind


def _muted(rng: np.random.Generator) -> np.ndarray:
    """(3,) float64 BGR of a household surface: any hue, mostly low saturation."""
    hsv = np.array([[[rng.uniform(0, 180), 255 * rng.beta(1.2, 4.0), rng.uniform(35, 225)]]], np.float32)
    return cv2.cvtColor(hsv.astype(np.uint8), cv2.COLOR_HSV2BGR)[0, 0].astype(np.float64)


def _noise(rng: np.random.Generator, size: int, sigma: float) -> np.ndarray:
    """Smooth noise (size, size) float32, zero mean, unit std, correlated over about ``sigma`` px."""
    step = max(int(sigma / 2), 1)
    n = max(size // step + 2, 2)
    small = rng.standard_normal((n, n)).astype(np.float32)
    if step > 1:
        small = np.asarray(cv2.GaussianBlur(small, (0, 0), 1.0), np.float32)
        out = np.asarray(cv2.resize(small, (n * step, n * step), interpolation=cv2.INTER_CUBIC))[:size, :size]
    else:
        out = np.asarray(cv2.GaussianBlur(small, (0, 0), max(sigma, 0.5)))[:size, :size]
    out = out - out.mean()
    return out / max(float(out.std()), 1e-6)


def _rotate(img: np.ndarray, degrees: float) -> np.ndarray:
    h, w = img.shape[:2]
    M = cv2.getRotationMatrix2D((w / 2, h / 2), degrees, 1.5)
    return cv2.warpAffine(img, M, (w, h), borderMode=cv2.BORDER_REFLECT)


def _newsprint(rng: np.random.Generator, img: np.ndarray, px_per_cm: float) -> None:
    """Rows of grey text, as a newspaper or a printed sheet (in place)."""
    line = max(0.45 * px_per_cm, 4.0)
    ink = tuple(int(v) for v in rng.uniform(20, 90, 3))
    letters = "abcdefghijklmnopqrstuvwxyz      "
    y = float(rng.uniform(0, line))
    while y < img.shape[0]:
        text = "".join(letters[int(i)] for i in rng.integers(0, len(letters), 60))
        org = (int(rng.uniform(-20, 5)), int(y))
        cv2.putText(
            img, text, org, cv2.FONT_HERSHEY_SIMPLEX, line / 30, ink, max(int(line / 12), 1), cv2.LINE_AA
        )
        y += line * float(rng.uniform(1.2, 1.6))


def _clutter(rng: np.random.Generator, img: np.ndarray) -> None:
    """Boxes and discs in other muted colours, a little textured: a desk with things on it (in place)."""
    w = img.shape[1]
    for _ in range(int(rng.integers(3, 10))):
        color = tuple(int(v) for v in _muted(rng))
        c = rng.uniform(0, w, 2)
        if rng.random() < 0.6:
            sides = rng.uniform(w * 0.1, w * 0.7, 2)
            rect = (
                (float(c[0]), float(c[1])),
                (float(sides[0]), float(sides[1])),
                float(rng.uniform(0, 180)),
            )
            cv2.fillPoly(img, [cv2.boxPoints(rect).astype(np.int32)], color, cv2.LINE_AA)
        else:
            cv2.circle(
                img, (int(c[0]), int(c[1])), int(rng.uniform(w * 0.05, w * 0.3)), color, -1, cv2.LINE_AA
            )
    tex = 1 + 0.06 * _noise(rng, w, w / 40)
    img[:] = np.clip(cv2.GaussianBlur(img, (0, 0), 0.8) * tex[..., None], 0, 255).astype(np.uint8)


def _light_field(rng: np.random.Generator, size: int) -> np.ndarray:
    """(size, size, 3) uint8 gain (128 = 1): a gradient, a soft pool of light and a colour cast
    (worked out on a coarse grid: it is smooth)."""
    n = 64
    yy, xx = (np.mgrid[0:n, 0:n].astype(np.float32) + 0.5) / n - 0.5
    a = rng.uniform(0, 2 * np.pi)
    g = 1 + float(rng.uniform(0, 0.5)) * (np.cos(a) * xx + np.sin(a) * yy)
    c = rng.uniform(-0.4, 0.4, 2)
    pool = np.exp(-((xx - c[0]) ** 2 + (yy - c[1]) ** 2) / float(rng.uniform(0.02, 0.2)))
    g = (g + float(rng.uniform(0, 0.35)) * pool) * float(rng.uniform(0.7, 1.2))
    cast = np.array([1 + rng.normal(0, 0.06), 1 + rng.normal(0, 0.03), 1 + rng.normal(0, 0.06)], np.float32)
    coarse = np.clip(128 * g[..., None] * cast, 0, 255).astype(np.float32)
    return np.clip(cv2.resize(coarse, (size, size), interpolation=cv2.INTER_LINEAR), 0, 255).astype(np.uint8)


def _sensor(rng: np.random.Generator, frame: np.ndarray) -> np.ndarray:
    """Optical softness, a hand-held smear now and then, sensor noise."""
    if rng.random() < 0.6:
        frame = cv2.GaussianBlur(frame, (0, 0), float(rng.uniform(0.3, 1.4)))
    if rng.random() < 0.1:
        k = int(rng.integers(3, 8))
        kernel = np.zeros((k, k), np.float32)
        kernel[k // 2, :] = 1 / k
        turn = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), float(rng.uniform(0, 180)), 1)
        smear = np.asarray(cv2.warpAffine(kernel, turn, (k, k)), np.float32)
        frame = cv2.filter2D(frame, -1, smear / max(float(smear.sum()), 1e-6))
    h, w = frame.shape[:2]
    sensor = Style(noise_sigma=float(rng.uniform(0.5, 4)), shot_noise=float(rng.uniform(0.5, 6)))
    return add_noise(frame, noise_bank(h, w), cv2.LUT(frame, noise_lut(sensor)), rng)

"""One group of dataset images: rendered, labelled in YOLO form, card-index crops cut, JPEG-encoded.

A group is the images that share a table, a camera and a look (one ``Renderer``); its kind is a
``Mode`` (see ``datasets/sim/dataset.py`` for why these four). Randomness comes from
``default_rng([seed, group, 1])`` only, so a group renders the same in any process, in any order.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass, field, replace
from enum import StrEnum

import cv2
import numpy as np

from . import camera as cameras
from .camera import Camera
from .dataset_crops import CardCrop, card_crops, crop_sites
from .dataset_loose import loose_shot
from .dataset_scenes import (
    close_camera,
    cluster,
    in_view,
    pick_focus,
    random_layout,
    seated_players,
    table_scene,
)
from .objects import DET_CLASSES, Annotation, Card, Scene
from .render import MIN_VISIBLE, Renderer
from .style import Style, random_style

MIN_BOX_PX = 2.0  # label boxes thinner than this (output pixels) are left out
ZOOM_SOURCE = (1280, 720)  # the frame a zoom window is cut from
ZOOM_SIDE = (180, 720)  # window side range, source pixels


class Mode(StrEnum):
    TABLE = "table"  # the whole table, as the product's camera sees it
    ZOOM = "zoom"  # a window of a 1280x720 table render, resized
    CLOSE = "close"  # a near camera at a seat's cards, a bet, the board or the pot
    LOOSE = "loose"  # cards large on a surface that is not a table


MODE_SHARE: dict[Mode, float] = {Mode.TABLE: 0.3, Mode.ZOOM: 0.25, Mode.CLOSE: 0.27, Mode.LOOSE: 0.18}
GROUP_SIZE: dict[Mode, int] = {Mode.TABLE: 4, Mode.ZOOM: 3, Mode.CLOSE: 3, Mode.LOOSE: 1}


class Split(StrEnum):
    TRAIN = "train"
    VAL = "val"


@dataclass(frozen=True, slots=True)
class Group:
    """Images ``first`` .. ``first + count - 1``, rendered with one table, camera and look."""

    index: int
    mode: Mode
    first: int
    count: int
    split: Split = Split.TRAIN


@dataclass(frozen=True, slots=True)
class CameraRecord:
    view: str
    width: int
    height: int
    hfov: float  # degrees
    height_cm: float  # above the felt
    tilt: float  # degrees off straight down
    k1: float  # radial distortion


@dataclass(frozen=True, slots=True)
class LookRecord:
    felt: tuple[int, int, int] | None  # BGR; None off the table
    surface: str  # felt texture, or the loose-card background
    chipset: str
    card_face: int
    card_back: int
    exposure: float | None


@dataclass(frozen=True, slots=True)
class ImageRecord:
    """The manifest's line for one image."""

    image: str  # "000042"
    split: Split
    group: int
    mode: Mode
    camera: CameraRecord
    look: LookRecord
    seats: int | None  # occupied seats at the table; None for loose cards
    detail: str  # zoom window "x0,y0,side" (source px), close-up focus, or ""
    jpeg_quality: int
    labels: int
    crops: int

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Sample:
    """One finished image, encoded and ready to write."""

    index: int
    split: Split
    jpeg: bytes
    labels: str  # YOLO lines, "class cx cy w h\n" each
    classes: tuple[int, ...]  # class index of each line
    crops: tuple[CardCrop, ...]
    record: ImageRecord


@dataclass(frozen=True, slots=True)
class _Shot:
    image: np.ndarray  # (size, size, 3) uint8 BGR, before JPEG
    anns: list[Annotation]
    quality: int  # JPEG quality of the file
    camera: Camera  # the camera that drew ``image`` (a zoom's: the source frame's)
    look: LookRecord
    seats: int | None
    detail: str = ""
    cards: dict[str, Card] = field(default_factory=dict)  # by id, whose corners ``image`` can show


def render_group(seed: int, size: int, group: Group) -> list[Sample]:
    """Every image of ``group`` at ``size`` x ``size``: rendered, labelled, cropped, encoded."""
    rng = np.random.default_rng([seed, group.index, 1])
    if group.mode is Mode.LOOSE:
        shots = [_loose(rng, size) for _ in range(group.count)]
    else:
        shots = _table_shots(rng, size, group.count, group.mode)
    samples = []
    for k, shot in enumerate(shots):
        i = group.first + k
        lines, classes = yolo_lines(shot.anns, size, size)
        ok, buf = cv2.imencode(".jpg", shot.image, [cv2.IMWRITE_JPEG_QUALITY, shot.quality])
        if not ok:
            raise RuntimeError(f"image {i:06d}: JPEG encoding failed")
        crops: tuple[CardCrop, ...] = ()
        cam, face = shot.camera, shot.look.card_face
        sites = crop_sites(cam, cam.width, cam.height, shot.cards, shot.anns, face) if shot.cards else []
        if sites:  # cut from the pixels as written, JPEG and all
            crops = card_crops(np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8), sites, face)
        record = ImageRecord(
            image=f"{i:06d}",
            split=group.split,
            group=group.index,
            mode=group.mode,
            camera=camera_record(shot.camera),
            look=shot.look,
            seats=shot.seats,
            detail=shot.detail,
            jpeg_quality=shot.quality,
            labels=len(lines),
            crops=len(crops),
        )
        samples.append(Sample(i, group.split, buf.tobytes(), "".join(lines), classes, crops, record))
    return samples


def _table_shots(rng: np.random.Generator, size: int, count: int, mode: Mode) -> list[_Shot]:
    """``count`` random moments at one random table through one camera, in one random look."""
    layout = random_layout(rng)
    style = random_style(rng)
    quality = int(style.jpeg_quality or 90)  # the file's quality; no round trip inside the renderer
    style = replace(style, jpeg_quality=None, players=style.players and mode is not Mode.CLOSE)
    focus = pick_focus(layout, rng) if mode is Mode.CLOSE else None
    if focus is not None:
        cam = close_camera(focus, rng, size)
    else:
        make = cameras.overhead if rng.random() < 0.55 else cameras.oblique
        cam = make(*(ZOOM_SOURCE if mode is Mode.ZOOM else (size, size)), layout.length, rng=rng)
    renderer = Renderer(layout, cam, style, int(rng.integers(1 << 30)))
    look = _look(style)
    players = seated_players(layout, rng) if style.players else ()
    shots = []
    for k in range(count):
        scene = table_scene(layout, rng, style.chipset, frame=4 * k)  # frames apart: no motion blur
        scene = replace(scene, objects=players + scene.objects)
        if focus is not None:
            near = cluster(focus, layout, rng, style.chipset, scene.objects)
            scene = replace(scene, objects=in_view(cam, layout, scene.objects + near))
        img, anns = renderer.render(scene)
        if mode is Mode.ZOOM:  # no card crops: the window is resized, and too coarse to read anyway
            window = zoom_window(rng, anns, *ZOOM_SOURCE)
            img, anns = crop_window(img, anns, window, size)
            detail, cards = ",".join(str(v) for v in window), {}
        else:
            detail, cards = ("" if focus is None else focus[2]), _cards(scene)
        shots.append(_Shot(img, anns, quality, cam, look, len(layout.seats), detail, cards))
    return shots


def _loose(rng: np.random.Generator, size: int) -> _Shot:
    shot = loose_shot(rng, size)
    look = LookRecord(None, shot.background, shot.chipset.name, shot.face_design, shot.back_design, None)
    return _Shot(shot.image, shot.anns, int(rng.integers(60, 96)), shot.camera, look, None, "", shot.cards)


def _cards(scene: Scene) -> dict[str, Card]:
    return {o.id: o for o in scene.objects if isinstance(o, Card)}


def camera_record(cam: Camera) -> CameraRecord:
    R, _ = cv2.Rodrigues(cam.rvec)
    eye = -R.T @ cam.tvec
    tilt = math.degrees(math.acos(float(np.clip(-R[2, 2], -1, 1))))  # optical axis vs straight down
    hfov = math.degrees(2 * math.atan(cam.width / 2 / cam.K[0, 0]))
    return CameraRecord(
        view=cam.view,
        width=cam.width,
        height=cam.height,
        hfov=round(hfov, 2),
        height_cm=round(float(eye[2]), 1),
        tilt=round(tilt, 1),
        k1=round(float(cam.dist[0]), 4),
    )


def _look(style: Style) -> LookRecord:
    felt = tuple(int(v) for v in style.felt_color)
    return LookRecord(
        felt=felt,  # type: ignore[arg-type]
        surface=str(style.felt_texture),
        chipset=style.chipset.name,
        card_face=style.card_face,
        card_back=style.card_back,
        exposure=round(style.exposure, 3),
    )


# ---------------------------------------------------------------------------------------- labels


def yolo_lines(anns: list[Annotation], width: int, height: int) -> tuple[list[str], tuple[int, ...]]:
    """``class cx cy w h`` lines (normalised to 0..1, 6 decimals) and their class indices (position in
    ``DET_CLASSES``); boxes are clipped to the frame and those under ``MIN_BOX_PX`` a side left out."""
    lines, classes = [], []
    for a in anns:
        x0, y0 = max(float(a.box[0]), 0.0), max(float(a.box[1]), 0.0)
        x1, y1 = min(float(a.box[2]), float(width)), min(float(a.box[3]), float(height))
        if x1 - x0 < MIN_BOX_PX or y1 - y0 < MIN_BOX_PX:
            continue
        cls = DET_CLASSES.index(a.cls)
        cx, cy = (x0 + x1) / 2 / width, (y0 + y1) / 2 / height
        lines.append(f"{cls} {cx:.6f} {cy:.6f} {(x1 - x0) / width:.6f} {(y1 - y0) / height:.6f}\n")
        classes.append(cls)
    return lines, tuple(classes)


def zoom_window(
    rng: np.random.Generator, anns: list[Annotation], width: int, height: int
) -> tuple[int, int, int]:
    """A square window (x0, y0, side) in source pixels, ``ZOOM_SIDE`` across, centred near a random
    annotated object 85% of the time (a window of bare felt teaches little), anywhere otherwise."""
    side = int(min(rng.uniform(*ZOOM_SIDE), width, height))
    if anns and rng.random() < 0.85:
        a = anns[int(rng.integers(len(anns)))]
        cx = (a.box[0] + a.box[2]) / 2 + rng.normal(0, side / 5)
        cy = (a.box[1] + a.box[3]) / 2 + rng.normal(0, side / 5)
    else:
        cx, cy = rng.uniform(0, width), rng.uniform(0, height)
    x0 = int(np.clip(round(cx - side / 2), 0, width - side))
    y0 = int(np.clip(round(cy - side / 2), 0, height - side))
    return x0, y0, side


def crop_window(
    img: np.ndarray, anns: list[Annotation], window: tuple[int, int, int], size: int
) -> tuple[np.ndarray, list[Annotation]]:
    """The window of ``img`` resized to ``size`` x ``size``, and the annotations moved into it. An
    object the window cuts keeps its clipped box while at least ``MIN_VISIBLE`` of it stays in view
    (its visible share times the share of its box inside the window)."""
    x0, y0, side = window
    k = size / side
    interp = cv2.INTER_AREA if k < 1 else cv2.INTER_LINEAR
    out = cv2.resize(img[y0 : y0 + side, x0 : x0 + side], (size, size), interpolation=interp)
    moved = []
    for a in anns:
        bx0, by0, bx1, by1 = (
            (a.box[0] - x0) * k,
            (a.box[1] - y0) * k,
            (a.box[2] - x0) * k,
            (a.box[3] - y0) * k,
        )
        area = (bx1 - bx0) * (by1 - by0)
        cx0, cy0, cx1, cy1 = max(bx0, 0.0), max(by0, 0.0), min(bx1, float(size)), min(by1, float(size))
        if cx1 <= cx0 or cy1 <= cy0 or area <= 0:
            continue
        visible = a.visible * (cx1 - cx0) * (cy1 - cy0) / area
        if visible >= MIN_VISIBLE:
            moved.append(replace(a, box=(cx0, cy0, cx1, cy1), visible=round(visible, 4)))
    return out, moved

"""Contact sheet: rendered frames and close-ups beside real photos, to judge realism by eye.

Writes ``docs/contact_sheet.png``. Real photos come from ``shared/real-samples`` (edje_cards,
EdjeElectronics, Apache-2.0; pokevisor_chips, PUT-I/PokeVisor, MIT; hands_rf_v2, Roboflow Universe
"hands" v2, CC BY 4.0; blackjack_v13_train, Roboflow Universe "Black Jack" v13, CC BY 4.0) and are
only shown, never copied into the project. Run: ``.venv/bin/python -m datasets.sim.contact_sheet``.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
from pathlib import Path

import cv2
import numpy as np

from vision.chipset import CASINO, POKEVISOR, TOURNAMENT

from . import camera as cameras
from .assets.sample_scenes import random_scene
from .objects import Card, ChipStack, DetClass, Hand, HandPose, Item, ItemKind, Pose, Scene, SceneObject
from .render import Renderer
from .style import LogoPlacement, random_style
from .world import make_layout

TILE_W, TILE_H, LABEL_H = 344, 215, 18
REAL = Path("/work/shared/real-samples")
TABLE_PHOTOS = (1380, 1440, 1980)  # blackjack_v13 photos of cards on tables without heavy augmentation
OUT = Path(__file__).resolve().parents[2] / "docs" / "contact_sheet.png"


def _fit(img: np.ndarray, w: int = TILE_W, h: int = TILE_H) -> np.ndarray:
    """Scale to cover the tile and crop the middle."""
    s = max(w / img.shape[1], h / img.shape[0])
    big = cv2.resize(
        img,
        (max(round(img.shape[1] * s), w), max(round(img.shape[0] * s), h)),
        interpolation=cv2.INTER_AREA if s < 1 else cv2.INTER_CUBIC,
    )
    y0, x0 = (big.shape[0] - h) // 2, (big.shape[1] - w) // 2
    return big[y0 : y0 + h, x0 : x0 + w]


def _tile(img: np.ndarray, label: str, real: bool) -> np.ndarray:
    out = np.zeros((TILE_H + LABEL_H, TILE_W, 3), np.uint8)
    out[:TILE_H] = _fit(img)
    out[TILE_H:] = (40, 90, 40) if not real else (110, 60, 30)
    cv2.putText(out, label, (5, TILE_H + 13), cv2.FONT_HERSHEY_SIMPLEX, 0.38, (245, 245, 245), 1, cv2.LINE_AA)
    return out


def _real(folder: str, pattern: str, pick: tuple[int, ...]) -> list[np.ndarray]:
    """The photos at positions ``pick`` of the sorted matches (missing ones skipped)."""
    paths = sorted((REAL / folder).glob(pattern))
    return [img for k in pick if k < len(paths) and (img := cv2.imread(str(paths[k]))) is not None]


def _read(path: Path) -> np.ndarray:
    """One photo that the sheet cannot do without."""
    img = cv2.imread(str(path))
    if img is None:
        raise FileNotFoundError(f"cannot read {path}")
    return img


def _montage(images: list[np.ndarray]) -> np.ndarray:
    """Up to four photos in a 2 x 2 grid (the PokeVisor photos are one chip each)."""
    cells = [cv2.resize(i, (TILE_W // 2, TILE_H // 2), interpolation=cv2.INTER_AREA) for i in images[:4]]
    cells += [np.zeros_like(cells[0])] * (4 - len(cells))
    return np.vstack([np.hstack(cells[:2]), np.hstack(cells[2:])])


def _crop(
    img: np.ndarray,
    box: tuple[float, float, float, float],
    aspect: float = TILE_W / TILE_H,
    grow: float = 1.6,
) -> np.ndarray:
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    h = max((y1 - y0) * grow, (x1 - x0) * grow / aspect, 40)
    w = h * aspect
    xa, ya = int(max(cx - w / 2, 0)), int(max(cy - h / 2, 0))
    return img[ya : int(min(ya + h, img.shape[0])), xa : int(min(xa + w, img.shape[1]))]


def _full_frames(layout) -> list[np.ndarray]:
    tiles = []
    for k, (view, chips) in enumerate(
        [("overhead", TOURNAMENT), ("oblique", CASINO), ("overhead", POKEVISOR), ("oblique", TOURNAMENT)]
    ):
        rng = np.random.default_rng(100 + k)
        style = random_style(rng, chips)
        cam = cameras.overhead(rng=rng) if view == "overhead" else cameras.oblique(rng=rng)
        img, _ = Renderer(layout, cam, style, k).render(random_scene(layout, rng, chips, hands=3))
        tiles.append(_tile(img, f"rendered: {view} 1280x720, random style", False))
    return tiles


def _close_cards(layout) -> list[np.ndarray]:
    tiles = []
    style = dataclasses.replace(random_style(np.random.default_rng(7), TOURNAMENT), logo=LogoPlacement.NONE)
    board = tuple(
        Card(f"b{k}", Pose(x, y, float(np.random.default_rng(k).uniform(-3, 3))), c, face_up=True)
        for k, ((x, y), c) in enumerate(zip(layout.board, ["Ah", "Kc", "Qd", "Js", "Th"], strict=True))
    )
    cam = cameras.look_at((0.0, -20.0, 62.0), (0.0, 4.0, 0.0), 1280, 720, 52)
    img, _ = Renderer(layout, cam, style, 3).render(Scene(0, 0, board))
    tiles.append(_tile(img, "rendered: board close-up (AKQJT)", False))
    g = layout.seat(5)
    hole = (
        Card("h1", Pose(g.cards[0] - 2, g.cards[1], 10), "9s", face_up=True),
        Card("h2", Pose(g.cards[0] + 3, g.cards[1] + 1, -8), "7d", face_up=True),
        Card("h3", Pose(g.cards[0] + 11, g.cards[1], 4), "2c", peek=0.9),
        ChipStack("p", Pose(g.cards[0] - 12, g.cards[1] + 2), (25, 25, 100)),
    )
    style2 = dataclasses.replace(
        random_style(np.random.default_rng(21), TOURNAMENT), card_face=1, card_back=1
    )
    cam = cameras.look_at(
        (g.cards[0] + 2, g.cards[1] - 24, 34), (g.cards[0] + 2, g.cards[1], 0), 1280, 720, 44
    )
    img, _ = Renderer(layout, cam, style2, 4).render(Scene(0, 0, hole))
    tiles.append(_tile(img, "rendered: jumbo index, a peeked card", False))
    return tiles


def _close_chips(layout) -> list[np.ndarray]:
    tiles = []
    # single chips straight down, framed like the PokeVisor crops
    style = dataclasses.replace(
        random_style(np.random.default_rng(30), POKEVISOR),
        chip_design=1,
        logo=LogoPlacement.NONE,
        betting_line=False,
        seat_numbers=False,
    )
    vals = POKEVISOR.values
    objs = [
        ChipStack(f"s{i}", Pose(-2.6 + 5.2 * (i % 2), 2.3 - 4.6 * (i // 2), 40.0 * i), (vals[v],) * (1 + i))
        for i, v in enumerate((2, 3, 1, 5))
    ]
    cam = cameras.look_at((0.0, -12.0, 30.0), (0.0, 0.0, 0.0), 1280, 720, 36, view="overhead")
    img, _ = Renderer(layout, cam, style, 5).render(Scene(0, 0, tuple(objs)))
    tiles.append(_tile(img, "rendered: pokevisor-style chips, close", False))
    # stacks from the side, as an oblique camera sees them
    style = dataclasses.replace(
        random_style(np.random.default_rng(31), TOURNAMENT), chip_design=0, logo=LogoPlacement.NONE
    )
    objs = []
    for i, v in enumerate(TOURNAMENT.values):
        chips = (
            (v,) * (3 + 3 * i) if i % 2 == 0 else tuple(TOURNAMENT.values[(i + j) % 6] for j in range(6 + i))
        )
        objs.append(
            ChipStack(
                f"t{i}",
                Pose(-10 + (i % 3) * 8.5, -4 + (i // 3) * 8, 25.0 * i),
                chips,
                messy=0.4 if i == 4 else 0.0,
            )
        )
    cam = cameras.look_at((0.0, -40.0, 40.0), (0.0, 0.0, 2.0), 1280, 720, 40, view="oblique")
    img, _ = Renderer(layout, cam, style, 6).render(Scene(0, 0, tuple(objs)))
    tiles.append(_tile(img, "rendered: tournament stacks, oblique close", False))
    return tiles


def _hands(layout) -> list[np.ndarray]:
    tiles = []
    rng = np.random.default_rng(44)
    style = random_style(rng, TOURNAMENT)
    for k, (seat, shape) in enumerate([(4, HandPose.OPEN), (8, HandPose.GRASP), (1, HandPose.CUPPED)]):
        g = layout.seat(seat)
        x, y = g.bet if shape is not HandPose.CUPPED else g.cards
        objs: list[SceneObject] = [
            Hand("h", Pose(x, y, 0.0, 0.5), seat, shape, skin=k * 2, sleeve=k, watch=k == 0)
        ]
        if shape is HandPose.GRASP:
            objs.insert(
                0,
                ChipStack(
                    "held", Pose(x + 2 * math.cos(g.facing), y + 2 * math.sin(g.facing), 0, 3.0), (100,) * 5
                ),
            )
        if shape is HandPose.CUPPED:
            objs.insert(0, Card("c", Pose(x, y, math.degrees(g.facing) - 90), "5h", peek=0.6))
        back = (x - 6 * math.cos(g.facing), y - 6 * math.sin(g.facing))
        cam = cameras.look_at((back[0], back[1] - 20, 68), (back[0], back[1], 0), 1280, 720, 44)
        img, anns = Renderer(layout, cam, style, 9 + k).render(Scene(0, 0, tuple(objs)))
        tiles.append(_tile(img, f"rendered: hand, {shape.value}", False))
    # what the detector sees: hands in a full overhead frame, 3x
    full = Renderer(layout, cameras.overhead(), random_style(np.random.default_rng(3), CASINO), 2)
    img, anns = full.render(random_scene(layout, np.random.default_rng(12), CASINO, hands=3))
    for a in [a for a in anns if a.cls is DetClass.HAND][:1]:
        tiles.append(_tile(_crop(img, a.box), "rendered: hand crop of a 720p overhead frame", False))
    return tiles


def _items(layout) -> np.ndarray:
    style = random_style(np.random.default_rng(50), CASINO)
    objs = [
        Item("btn", Pose(-24, -4, 20), ItemKind.DEALER_BUTTON),
        Item("allin", Pose(-24, 8), ItemKind.ALL_IN_BUTTON),
        Item("prot", Pose(-12, 10, 0), ItemKind.CARD_PROTECTOR),
        Item("ph", Pose(4, 0, 70), ItemKind.PHONE, 2),
        Item("cup", Pose(20, 8), ItemKind.DRINK_OPEN, 2),
        Item("bot", Pose(22, -8), ItemKind.DRINK_CAPPED, 0),
        Item("mug", Pose(-8, -10), ItemKind.DRINK_OPEN, 3),
    ]
    cam = cameras.look_at((0.0, -45.0, 85.0), (0.0, 0.0, 0.0), 1280, 720, 48, view="oblique")
    img, _ = Renderer(layout, cam, style, 8).render(Scene(0, 0, tuple(objs)))
    return _tile(img, "rendered: button, all-in, protector, phone, drinks", False)


def _dataset_images(layout) -> list[np.ndarray]:
    tiles = []
    for k in range(2):
        rng = np.random.default_rng(60 + k)
        style = random_style(rng)
        cam = (cameras.overhead if k == 0 else cameras.oblique)(640, 640, rng=rng)
        img, _ = Renderer(layout, cam, style, k).render(random_scene(layout, rng, style.chipset))
        tiles.append(_tile(img, f"rendered: dataset 640x640, JPEG q{style.jpeg_quality}", False))
    return tiles


def build() -> np.ndarray:
    layout = make_layout()
    real_cards = _real("edje_cards/images/test", "*.JPG", (5, 41, 43))
    chips_dir = "pokevisor_chips/chip_detector/sample_images"
    real_chips = [
        _montage(
            [
                img
                for c in ("blue", "green", "red", "black")
                for img in _real(chips_dir, f"{c}/{c}-2.jpg", (0,))
            ]
        ),
        _montage(
            [
                img
                for c in ("purple", "gray", "yellow", "blue")
                for img in _real(chips_dir, f"{c}/{c}-3.jpg", (0,))
            ]
        ),
        _read(REAL / chips_dir / "../chips_input.jpg"),
        _montage(
            [
                img
                for c in ("green", "red", "purple", "black")
                for img in _real(chips_dir, f"{c}/{c}-4.jpg", (0,))
            ]
        ),
    ]
    real_hands = _real("hands_rf_v2/HandDetect/hands.v2i.yolov8-obb/test/images", "*.jpg", (0, 3, 6))
    real_tables = _real("blackjack_v13_train/train/images", "*.jpg", TABLE_PHOTOS)
    hands = _hands(layout)
    data = _dataset_images(layout)
    edje = "real: edje_cards (EdjeElectronics, Apache-2.0)"
    bj = "real: blackjack_v13_train (Roboflow, CC BY 4.0)"
    pv = "real: pokevisor_chips (PUT-I/PokeVisor, MIT)"
    hr = "real: hands_rf_v2 (Roboflow, CC BY 4.0)"
    rows = [
        _full_frames(layout),
        [*_close_cards(layout), _tile(real_cards[0], edje, True), _tile(real_cards[1], edje, True)],
        [
            data[0],
            _tile(real_tables[0], bj, True),
            _tile(real_tables[1], bj, True),
            _tile(real_cards[2], edje, True),
        ],
        [*_close_chips(layout), _tile(real_chips[0], pv, True), _tile(real_chips[1], pv, True)],
        [_items(layout), _tile(real_chips[2], pv, True), data[1], _tile(real_tables[2], bj, True)],
        [*hands[:2], *(_tile(i, hr, True) for i in real_hands[:2])],
        [*hands[2:4], _tile(real_hands[2], hr, True), _tile(real_chips[3], pv, True)],
    ]
    width = 4
    grid = []
    for row in rows:
        row = row[:width] + [np.zeros_like(row[0])] * (width - len(row))
        grid.append(np.hstack(row))
    sheet = np.vstack(grid)
    head = np.full((34, sheet.shape[1], 3), 25, np.uint8)
    cv2.putText(
        head,
        "railbird renderer contact sheet: green labels = rendered, blue labels = real photos "
        "(shared/real-samples, credited)",
        (8, 22),
        cv2.FONT_HERSHEY_SIMPLEX,
        0.5,
        (235, 235, 235),
        1,
        cv2.LINE_AA,
    )
    return np.vstack([head, sheet])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    sheet = build()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(args.out), sheet, [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"{args.out}: {sheet.shape[1]}x{sheet.shape[0]}, {args.out.stat().st_size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()

"""What the dataset's table images show: random tables, random moments of a hand, and close-ups.

``table_scene`` is ``assets.sample_scenes.random_scene`` plus what it rarely shows (hole cards
turned up at showdown, a splashed pot of single chips, a mucked pile at odd angles). A close-up
aims a near camera at a seat's cards, a bet, a stack, the board or the pot (``close_camera``) and
heaps objects there (``cluster``); ``in_view`` then drops what that camera cannot see.
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np

from vision.chipset import ChipSet

from .assets.sample_scenes import DECK, random_scene
from .camera import Camera, look_at
from .objects import Card, ChipStack, Hand, HandPose, Item, ItemKind, Person, Pose, Scene, SceneObject
from .world import TableLayout, make_layout

FOCUS_SHARE = {"cards": 0.35, "bet": 0.15, "stack": 0.15, "board": 0.2, "pot": 0.15}


def random_layout(rng: np.random.Generator) -> TableLayout:
    """A table of 2-10 occupied seats, 225-265 cm long, 46-54% as wide, rail 10-14 cm."""
    n = int(rng.integers(2, 11))
    seats = tuple(sorted(int(s) for s in rng.choice(np.arange(1, 11), n, replace=False)))
    length = float(rng.uniform(225, 265))
    return make_layout(seats, length, length * float(rng.uniform(0.46, 0.54)), float(rng.uniform(10, 14)))


def table_scene(layout: TableLayout, rng: np.random.Generator, chipset: ChipSet, frame: int) -> Scene:
    """A random moment of a hand (``random_scene``), some hole cards turned up, sometimes a splashed
    pot of single chips and a mucked pile of face-down cards."""
    scene = random_scene(layout, rng, chipset, frame=frame)
    flip = 0.0 if rng.random() < 0.55 else float(rng.uniform(0.3, 1.0))
    objs: list[SceneObject] = [
        replace(o, face_up=True) if isinstance(o, Card) and not o.face_up and rng.random() < flip else o
        for o in scene.objects
    ]
    values = chipset.values
    if rng.random() < 0.35:
        for k in range(int(rng.integers(3, 14))):
            r, a = 15 * math.sqrt(rng.random()), rng.uniform(0, 2 * math.pi)
            x, y = layout.pot[0] + 1.6 * r * math.cos(a), layout.pot[1] + r * math.sin(a)
            objs.append(ChipStack(f"splash{k}", Pose(x, y, rng.uniform(0, 360)), (int(rng.choice(values)),)))
    if rng.random() < 0.3:
        free = _free_cards(objs)
        for k in range(int(rng.integers(2, 8))):
            x, y = layout.muck[0] + rng.normal(0, 3), layout.muck[1] + rng.normal(0, 2)
            objs.append(Card(f"muck{k}", Pose(x, y, rng.uniform(0, 360), 0.02 * k), free[k]))
    return replace(scene, objects=tuple(objs))


def seated_players(layout: TableLayout, rng: np.random.Generator) -> tuple[Person, ...]:
    """The players in the chairs of the table's seats; about one chair in eight is empty (a player
    away from the table), so the detector also learns what an empty place looks like."""
    seated = [g for g in layout.seats if rng.random() < 0.88]
    looks = rng.integers(1 << 30, size=len(seated))
    return tuple(
        Person(f"player{g.seat}", Pose(*g.position, math.degrees(g.facing)), g.seat, int(look))
        for g, look in zip(seated, looks, strict=True)
    )


def _free_cards(objs: list[SceneObject] | tuple[SceneObject, ...]) -> list[str]:
    used = {o.card for o in objs if isinstance(o, Card)}
    return [c for c in DECK if c not in used]


def pick_focus(layout: TableLayout, rng: np.random.Generator) -> tuple[float, float, str]:
    """Where a close camera aims (x, y cm and the spot's name): a seat's cards, bet or stack, the
    board or the pot, give or take 4 cm."""
    seat = layout.seats[int(rng.integers(len(layout.seats)))]
    spots = {
        "cards": seat.cards,
        "bet": seat.bet,
        "stack": seat.stack,
        "board": layout.board[2],
        "pot": layout.pot,
    }
    names = list(FOCUS_SHARE)
    name = names[int(rng.choice(len(names), p=list(FOCUS_SHARE.values())))]
    x, y = spots[name]
    return float(x + rng.normal(0, 4)), float(y + rng.normal(0, 4)), name


def close_camera(focus: tuple[float, float, str], rng: np.random.Generator, size: int) -> Camera:
    """A ``size`` x ``size`` camera 25-110 cm across the frame at the focus (log-uniform: as many
    tight shots as wide ones), tilted 0-45 degrees off vertical, from any side, turned any way."""
    span = float(np.exp(rng.uniform(np.log(25), np.log(110))))
    hfov = float(rng.uniform(45, 65))
    dist = span / 2 / math.tan(math.radians(hfov) / 2)
    tilt, az = math.radians(float(rng.uniform(0, 45))), float(rng.uniform(0, 2 * math.pi))
    fx, fy = focus[0], focus[1]
    eye = (
        fx + dist * math.sin(tilt) * math.cos(az),
        fy + dist * math.sin(tilt) * math.sin(az),
        dist * math.cos(tilt),
    )
    view = "oblique" if tilt > math.radians(15) else "overhead"
    # no lens distortion: its polynomial folds points far outside the picture (an arm reaching in
    # from its seat) back into it, and the renderer draws them as streaks across the frame
    return look_at(eye, (fx, fy, 0.0), size, size, hfov, (0, 0, 0, 0, 0), view, float(rng.uniform(-180, 180)))


def cluster(
    focus: tuple[float, float, str],
    layout: TableLayout,
    rng: np.random.Generator,
    chipset: ChipSet,
    taken: tuple[SceneObject, ...],
) -> tuple[SceneObject, ...]:
    """Objects heaped around a close camera's aim: 1-6 cards (mostly face up, sometimes fanned or
    peeked), chip stacks and single chips, now and then a button, phone, protector, drink or a hand
    reaching in. Cards already in ``taken`` are not dealt again."""
    fx, fy, _ = focus
    free = _free_cards(taken)
    rng.shuffle(free)
    objs: list[SceneObject] = []
    fan = rng.random() < 0.4
    base_angle = float(rng.uniform(0, 360))
    step = rng.normal(0, 1.6, 2)
    for k in range(int(rng.integers(1, 7))):
        if fan:
            x, y, ang = fx + step[0] * k, fy + step[1] * k, base_angle + rng.normal(0, 6) + 8 * k
        else:
            x, y, ang = fx + rng.normal(0, 9), fy + rng.normal(0, 7), float(rng.uniform(0, 360))
        up, peek = bool(rng.random() < 0.7), float(rng.choice([0, 0, 0, 0, 0.5]))
        objs.append(
            Card(f"near{k}", Pose(x, y, ang, 0.02 * k), free[k], up, peek, float(rng.uniform(0, 0.4)))
        )
    values = chipset.values
    for k in range(int(rng.integers(0, 6))):
        n = int(rng.choice([1, 1, 2, 5, 10, 18]))
        mixed = rng.random() < 0.4
        chips = tuple(int(rng.choice(values)) for _ in range(n)) if mixed else (int(rng.choice(values)),) * n
        pose = Pose(fx + rng.normal(0, 12), fy + rng.normal(0, 9), float(rng.uniform(0, 360)))
        objs.append(ChipStack(f"nearchips{k}", pose, chips, float(rng.choice([0, 0, 0.3, 0.7]))))
    for kind, share in _NEAR_ITEMS:
        if rng.random() < share:
            pose = Pose(fx + rng.normal(0, 12), fy + rng.normal(0, 9), float(rng.uniform(0, 360)), 0.1)
            objs.append(Item(f"near_{kind}", pose, kind, int(rng.integers(3))))
    if rng.random() < 0.35:
        seat = layout.seats[int(rng.integers(len(layout.seats)))].seat
        shape = HandPose(str(rng.choice([s.value for s in HandPose])))
        pose = Pose(fx + rng.normal(0, 6), fy + rng.normal(0, 6), rng.uniform(-20, 20), rng.uniform(0, 3))
        skin, sleeve = int(rng.integers(0, 6)), int(rng.integers(0, 5))
        objs.append(Hand("nearhand", pose, seat, shape, skin, sleeve, watch=bool(rng.random() < 0.3)))
    return tuple(objs)


_NEAR_ITEMS = (
    (ItemKind.DEALER_BUTTON, 0.15),
    (ItemKind.CARD_PROTECTOR, 0.15),
    (ItemKind.PHONE, 0.12),
    (ItemKind.DRINK_OPEN, 0.06),
    (ItemKind.DRINK_CAPPED, 0.06),
)


def in_view(cam: Camera, layout: TableLayout, objects: tuple[SceneObject, ...]) -> tuple[SceneObject, ...]:
    """The objects a near camera can see: the pose, a point 20 cm above it and, for a hand, its
    arm's root at the seat all in front of the camera, and the pose within half a frame of the
    picture. A hand drops what it held that was dropped. (Objects behind a near camera project
    into giant sprites; far ones only cost time.)"""
    R, _ = cv2.Rodrigues(cam.rvec)
    seated = {s.seat for s in layout.seats}
    dealer = (0.0, -layout.width / 2 - layout.rail - 18.0)
    pts, roots = [], []
    for o in objects:
        pts.append((o.pose.x, o.pose.y, o.pose.z))
        if isinstance(o, Hand):
            roots.append((*(layout.seat(o.seat).position if o.seat in seated else dealer), 30.0))
        else:
            roots.append((o.pose.x, o.pose.y, o.pose.z + 20.0))
    n = len(objects)
    depth = (np.array(pts + roots, np.float64) @ R.T + cam.tvec)[:, 2]
    px = cam.project(np.array(pts, np.float64))
    m = 0.5 * max(cam.width, cam.height)
    keep = (depth[:n] > 5) & (depth[n:] > 5)
    keep &= (px[:, 0] > -m) & (px[:, 0] < cam.width + m) & (px[:, 1] > -m) & (px[:, 1] < cam.height + m)
    kept = {o.id for o, k in zip(objects, keep, strict=True) if k}
    out = []
    for o in objects:
        if o.id not in kept:
            continue
        if isinstance(o, Hand) and o.holding:
            o = replace(o, holding=tuple(h for h in o.holding if h in kept))
        out.append(o)
    return tuple(out)

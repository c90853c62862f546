"""Scenes for the renderer's benchmark, tests and contact sheet (the scenario library lives in
``datasets/sim/scenario*.py``; these only need to look like a busy table)."""

from __future__ import annotations

import math

import numpy as np

from vision.chipset import ChipSet

from ..objects import Card, ChipStack, Hand, HandPose, Item, ItemKind, Pose, Scene, SceneObject
from ..world import TableLayout

DECK = tuple(r + s for r in "23456789TJQKA" for s in "shdc")


def _facing_deg(layout: TableLayout, seat: int) -> float:
    return math.degrees(layout.seat(seat).facing) - 90.0


def _toward(layout: TableLayout, seat: int, depth: float, side: float = 0.0) -> tuple[float, float]:
    """A point ``depth`` cm further toward the centre than the seat's stack, ``side`` cm to its left."""
    g = layout.seat(seat)
    f = (math.cos(g.facing), math.sin(g.facing))
    return g.stack[0] + f[0] * depth - f[1] * side, g.stack[1] + f[1] * depth + f[0] * side


def random_scene(
    layout: TableLayout, rng: np.random.Generator, chipset: ChipSet, frame: int = 0, hands: int | None = None
) -> Scene:
    """A random moment of a hand: stacks, hole cards, bets, board, pot, items and reaching hands."""
    deck = list(DECK)
    rng.shuffle(deck)
    objs: list[SceneObject] = []
    values = chipset.values
    seats = [s.seat for s in layout.seats]
    for n in seats:
        g = layout.seat(n)
        face = _facing_deg(layout, n)
        for k in range(int(rng.integers(1, 4))):
            v = values[int(rng.integers(len(values)))]
            chips = tuple(int(v) for _ in range(int(rng.integers(3, 22))))
            x, y = _toward(layout, n, rng.uniform(-3, 3), (k - 1) * 4.3 + rng.uniform(-0.5, 0.5))
            objs.append(
                ChipStack(f"s{n}_{k}", Pose(x, y, rng.uniform(0, 360)), chips, float(rng.choice([0, 0, 0.4])))
            )
        if rng.random() < 0.85:
            for k in range(2):
                x, y = _toward(layout, n, 10 + rng.uniform(-1, 1), (k - 0.5) * 3.5)
                objs.append(
                    Card(
                        f"c{n}_{k}",
                        Pose(x, y, face + rng.uniform(-12, 12), 0.02 * k),
                        deck.pop(),
                        face_up=rng.random() < 0.08,
                        peek=float(rng.choice([0, 0, 0, 0.5, 0.9])) * (k == 1),
                        bend=float(rng.uniform(0, 0.5)),
                    )
                )
        if rng.random() < 0.5:
            x, y = g.bet
            chips = tuple(int(values[int(rng.integers(len(values)))]) for _ in range(int(rng.integers(1, 8))))
            objs.append(
                ChipStack(
                    f"b{n}",
                    Pose(x + rng.uniform(-3, 3), y + rng.uniform(-3, 3), rng.uniform(0, 360)),
                    tuple(sorted(chips, reverse=True)),
                    float(rng.uniform(0, 0.8)),
                )
            )
    for k in range(int(rng.choice([0, 3, 4, 5]))):
        x, y = layout.board[k]
        objs.append(
            Card(
                f"board{k}",
                Pose(x + rng.uniform(-0.5, 0.5), y + rng.uniform(-0.5, 0.5), rng.uniform(-4, 4)),
                deck.pop(),
                face_up=True,
            )
        )
    for k in range(int(rng.integers(0, 4))):
        chips = tuple(int(values[int(rng.integers(len(values)))]) for _ in range(int(rng.integers(2, 15))))
        objs.append(
            ChipStack(
                f"pot{k}",
                Pose(
                    layout.pot[0] + (k - 1.5) * 4.5, layout.pot[1] + rng.uniform(-3, 3), rng.uniform(0, 360)
                ),
                chips,
                float(rng.choice([0, 0.5])),
            )
        )
    dn = seats[int(rng.integers(len(seats)))]
    x, y = _toward(layout, dn, 12, 9)
    objs.append(Item("button", Pose(x, y, rng.uniform(0, 360)), ItemKind.DEALER_BUTTON, int(rng.integers(3))))
    if rng.random() < 0.5:
        n = seats[int(rng.integers(len(seats)))]
        x, y = _toward(layout, n, 10, 0)
        objs.append(
            Item(
                "protector",
                Pose(x, y, rng.uniform(0, 360), 0.1),
                ItemKind.CARD_PROTECTOR,
                int(rng.integers(4)),
            )
        )
    if rng.random() < 0.4:
        n = seats[int(rng.integers(len(seats)))]
        x, y = _toward(layout, n, 2, -12)
        objs.append(Item("phone", Pose(x, y, rng.uniform(0, 360)), ItemKind.PHONE, int(rng.integers(5))))
    for k in range(int(rng.integers(0, 3))):
        n = seats[int(rng.integers(len(seats)))]
        x, y = _toward(layout, n, -2, 14)
        kind = ItemKind.DRINK_OPEN if rng.random() < 0.5 else ItemKind.DRINK_CAPPED
        objs.append(Item(f"drink{k}", Pose(x, y, rng.uniform(0, 360)), kind, int(rng.integers(5))))
    if rng.random() < 0.1:
        n = seats[int(rng.integers(len(seats)))]
        x, y = _toward(layout, n, 22, 8)
        objs.append(Item("allin", Pose(x, y, 0), ItemKind.ALL_IN_BUTTON, int(rng.integers(2))))
    n_hands = int(rng.integers(0, 4)) if hands is None else hands
    for k in range(n_hands):
        seat = int(rng.choice([0, *seats]))
        if seat == 0:
            x, y = layout.pot[0] + rng.uniform(-30, 30), layout.pot[1] + rng.uniform(-15, 8)
        else:
            x, y = _toward(layout, seat, rng.uniform(0, 28), rng.uniform(-6, 6))
        shape = HandPose(str(rng.choice([s.value for s in HandPose])))
        objs.append(
            Hand(
                f"hand{k}",
                Pose(x, y, rng.uniform(-20, 20), rng.uniform(0, 3)),
                seat,
                shape,
                skin=int(rng.integers(0, 6)),
                sleeve=int(rng.integers(0, 5)),
                watch=bool(rng.random() < 0.3),
            )
        )
    return Scene(t=frame / 30.0, frame=frame, objects=tuple(objs))


def busy_scene(layout: TableLayout, chipset: ChipSet, frame: int, fps: float = 30.0) -> Scene:
    """Nine seats mid-hand with three hands moving (a bet pushed out, the dealer at the pot, a peek)."""
    base = random_scene(layout, np.random.default_rng(7), chipset, frame=0, hands=0)
    objs = [o for o in base.objects]
    t = frame / fps
    seats = [s.seat for s in layout.seats]
    # seat A pushes a stack from its stack to its bet area and back
    a = seats[1]
    k = 0.5 - 0.5 * math.cos(2 * math.pi * t / 2.5)
    x0, y0 = _toward(layout, a, 6, -8)
    x1, y1 = layout.seat(a).bet
    hx, hy = x0 + (x1 - x0) * k, y0 + (y1 - y0) * k
    objs.append(ChipStack("moving", Pose(hx, hy + 0.5, 10.0), tuple([chipset.values[1]] * 6)))
    objs.append(Hand("handA", Pose(hx, hy, 0, 0.5), a, HandPose.GRASP, skin=1, sleeve=1, holding=("moving",)))
    # the dealer sweeps over the pot
    u = math.sin(2 * math.pi * t / 3.0)
    objs.append(
        Hand(
            "dealer",
            Pose(layout.pot[0] + 25 * u, layout.pot[1] + 4 + 3 * math.cos(2 * math.pi * t / 3), 0, 0.3),
            0,
            HandPose.OPEN,
            skin=3,
            sleeve=1,
            watch=True,
        )
    )
    # seat B peeks at its cards
    b = seats[6]
    px, py = _toward(layout, b, 6 + 1.5 * math.sin(2 * math.pi * t / 1.7), 2)
    objs.append(Hand("handB", Pose(px, py, 10 * math.sin(t)), b, HandPose.CUPPED, skin=4, sleeve=2))
    return Scene(t=t, frame=frame, objects=tuple(objs))

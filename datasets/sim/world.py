"""The table in world units: an oval poker table, its seats and its named zones.

World coordinates are centimetres on the felt plane, seen from above: origin at the table centre,
+y away from the dealer (toward the far rail), +x to the dealer's right as the dealer faces the
table (so the dealer's left is -x), +z up from the felt. The dealer sits at the middle of the near
long side (y negative). Seats are numbered clockwise, seen from above, starting at the dealer's
left, and sit at fixed printed places: a table with fewer players leaves places empty.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

import numpy as np


class ZoneKind(StrEnum):
    STACK = "stack"  # a seat's chips behind the betting line
    BET = "bet"  # a seat's bet in front of the betting line
    CARDS = "cards"  # where a seat keeps its hole cards
    POT = "pot"
    BOARD = "board"
    MUCK = "muck"
    DEALER = "dealer"  # the dealer's chip tray and working area
    RAIL = "rail"  # the padded rail (off the felt)


@dataclass(frozen=True, slots=True)
class Zone:
    name: str  # "seat3_stack", "pot", "board", ...
    kind: ZoneKind
    seat: int | None
    polygon: np.ndarray  # (n, 2) float64, cm on the felt plane, counter-clockwise

    def contains(self, x: float, y: float) -> bool:
        import cv2

        return cv2.pointPolygonTest(self.polygon.astype(np.float32), (float(x), float(y)), False) >= 0


@dataclass(frozen=True, slots=True)
class SeatGeometry:
    seat: int
    position: tuple[float, float]  # where the player sits, just outside the rail (cm)
    facing: float  # direction from the seat toward the table centre, radians
    stack: tuple[float, float]  # centre of the stack area on the felt
    bet: tuple[float, float]  # centre of the bet area, just past the betting line
    cards: tuple[float, float]  # centre of the hole-card area


@dataclass(frozen=True, slots=True)
class TableLayout:
    """An oval (stadium) table: ``length`` x ``width`` cm of felt inside a rail ``rail`` cm wide."""

    length: float
    width: float
    rail: float
    seats: tuple[SeatGeometry, ...]
    zones: tuple[Zone, ...]
    dealer: tuple[float, float]
    board: tuple[tuple[float, float], ...]  # five card slots, flop first
    pot: tuple[float, float]
    muck: tuple[float, float]
    betting_line_inset: float  # cm from the rail's inner edge to the betting line

    def seat(self, number: int) -> SeatGeometry:
        for s in self.seats:
            if s.seat == number:
                return s
        raise KeyError(f"no seat {number} at this table (seats {[s.seat for s in self.seats]})")

    def zone_at(self, x: float, y: float) -> Zone | None:
        """The most specific zone holding the point (bet and stack before pot; rail last)."""
        for zone in self.zones:
            if zone.kind is not ZoneKind.RAIL and zone.contains(x, y):
                return zone
        return next((z for z in self.zones if z.kind is ZoneKind.RAIL and z.contains(x, y)), None)

    def outline(self, inset: float = 0.0, points: int = 96) -> np.ndarray:
        """The felt's edge (inset > 0 moves inward; negative is the rail's outer edge), (n, 2) cm."""
        return stadium(self.length - 2 * inset, self.width - 2 * inset, points)


def stadium(length: float, width: float, points: int = 96) -> np.ndarray:
    """A stadium (rectangle with semicircular ends) outline, counter-clockwise, (n, 2) float64."""
    r = width / 2
    half = max(length / 2 - r, 0.0)
    per_end = points // 2
    right = [
        (half + r * math.cos(a), r * math.sin(a)) for a in np.linspace(-math.pi / 2, math.pi / 2, per_end)
    ]
    left = [
        (-half + r * math.cos(a), r * math.sin(a)) for a in np.linspace(math.pi / 2, 3 * math.pi / 2, per_end)
    ]
    return np.array(right + left, dtype=np.float64)


def _perimeter_point(length: float, width: float, s: float) -> tuple[float, float, float]:
    """Point at fraction ``s`` (0..1) along the stadium perimeter, starting at the near side's
    middle (the dealer) and running clockwise as seen from above; returns x, y, outward angle."""
    r = width / 2
    half = max(length / 2 - r, 0.0)
    straight = 2 * half
    arc = math.pi * r
    total = 2 * straight + 2 * arc
    d = (s % 1.0) * total
    # segment 1: near side from the middle to the left end (dealer's left is -x)
    if d < half:
        return -d, -r, -math.pi / 2
    d -= half
    if d < arc:  # left end, from bottom to top
        a = -math.pi / 2 - d / r
        return -half + r * math.cos(a), r * math.sin(a), a
    d -= arc
    if d < straight:  # far side, left to right
        return -half + d, r, math.pi / 2
    d -= straight
    if d < arc:  # right end, top to bottom
        a = math.pi / 2 - d / r
        return half + r * math.cos(a), r * math.sin(a), a
    d -= arc
    return half - d, -r, -math.pi / 2


def make_layout(
    seat_numbers: tuple[int, ...] = tuple(range(1, 10)),
    length: float = 250.0,
    width: float = 125.0,
    rail: float = 12.0,
) -> TableLayout:
    """A standard table for up to 10 seats; ``seat_numbers`` are the occupied printed seats.

    Seats 1..10 sit at fixed places around the rail (as printed on the felt), leaving the dealer's
    place free; tables with fewer players just leave places empty.
    """
    if not seat_numbers or not all(1 <= s <= 10 for s in seat_numbers):
        raise ValueError(f"seat numbers must be within 1..10, got {seat_numbers}")
    inner_len, inner_wid = length, width
    seats = []
    zones = []
    gap = 0.06  # fraction of the perimeter kept free on each side of the dealer
    for number in range(1, 11):
        s = gap + (1 - 2 * gap) * (number - 0.5) / 10
        x, y, out = _perimeter_point(inner_len, inner_wid, s)
        inward = out + math.pi

        def at(depth: float, x: float = x, y: float = y, inward: float = inward) -> tuple[float, float]:
            return x + depth * math.cos(inward), y + depth * math.sin(inward)

        seat_pos = at(-rail - 20)
        geom = SeatGeometry(number, seat_pos, inward, stack=at(10), bet=at(32), cards=at(20))
        if number in seat_numbers:
            seats.append(geom)
        zones.append(_box(f"seat{number}_stack", ZoneKind.STACK, number, at(9), inward, 22, 16))
        zones.append(_box(f"seat{number}_cards", ZoneKind.CARDS, number, at(21), inward, 22, 10))
        zones.append(_box(f"seat{number}_bet", ZoneKind.BET, number, at(33), inward, 24, 14))
    dealer = (0.0, -inner_wid / 2 + 6)
    board = tuple((-2 * 8.0 + i * 8.0, 4.0) for i in range(5))
    pot = (0.0, -12.0)
    muck = (-22.0, -inner_wid / 2 + 18)
    zones.append(_box("board", ZoneKind.BOARD, None, (0.0, 4.0), math.pi / 2, 44, 12))
    zones.append(_box("pot", ZoneKind.POT, None, pot, math.pi / 2, 36, 14))
    zones.append(_box("muck", ZoneKind.MUCK, None, muck, math.pi / 2, 18, 12))
    zones.append(_box("dealer", ZoneKind.DEALER, None, dealer, math.pi / 2, 46, 12))
    rail_poly = np.vstack([stadium(length + 2 * rail, width + 2 * rail), stadium(length, width)[::-1]])
    zones.append(Zone("rail", ZoneKind.RAIL, None, rail_poly))
    return TableLayout(
        length=length,
        width=width,
        rail=rail,
        seats=tuple(seats),
        zones=tuple(zones),
        dealer=dealer,
        board=board,
        pot=pot,
        muck=muck,
        betting_line_inset=26.0,
    )


def _box(
    name: str,
    kind: ZoneKind,
    seat: int | None,
    centre: tuple[float, float],
    facing: float,
    w: float,
    d: float,
) -> Zone:
    """A ``w`` (across) x ``d`` (along ``facing``) rectangle around ``centre``, as a polygon."""
    fx, fy = math.cos(facing), math.sin(facing)
    sx, sy = -fy, fx
    cx, cy = centre
    corners = [
        (cx + sx * w / 2 - fx * d / 2, cy + sy * w / 2 - fy * d / 2),
        (cx - sx * w / 2 - fx * d / 2, cy - sy * w / 2 - fy * d / 2),
        (cx - sx * w / 2 + fx * d / 2, cy - sy * w / 2 + fy * d / 2),
        (cx + sx * w / 2 + fx * d / 2, cy + sy * w / 2 + fy * d / 2),
    ]
    return Zone(name, kind, seat, np.array(corners, dtype=np.float64))

"""Where things stand on the felt: seat places, chip stacks split into columns, making change.

All positions are centimetres on the felt (``world.py``). A seat's ``Place`` measures ``depth``
inward from the felt's edge in front of the seat and ``lateral`` across it, so "the stack area" is
depth ~9, the cards ~20, the bet ~32 for every seat, whatever its angle on the oval.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

from datasets.sim.motion import Timeline
from datasets.sim.objects import ChipStack, Pose
from datasets.sim.world import TableLayout

CHIP_PITCH = 4.3  # cm between neighbouring columns (a chip is ~3.9 cm across)
LAYER_ITEM, LAYER_CARD, LAYER_CHIPS, LAYER_ON_CARDS, LAYER_HELD = 0, 1, 2, 3, 4

# depths inward from the felt edge in front of a seat
RAIL_DEPTH = -7.0  # over the padded rail: where a player's hand rests or leaves view
STACK_ROWS = (5.5, 12.5)
CARDS_DEPTH = 20.5
BUTTON_DEPTH, BUTTON_LATERAL = 25.0, 13.0
BET_ROWS = (31.0, 35.5)


@dataclass(frozen=True, slots=True)
class Place:
    """The felt edge in front of a seat (seat 0 is the dealer) and the direction to the centre."""

    seat: int
    edge: tuple[float, float]
    inward: float  # radians

    def at(self, depth: float, lateral: float = 0.0) -> tuple[float, float]:
        c, s = math.cos(self.inward), math.sin(self.inward)
        return self.edge[0] + depth * c - lateral * s, self.edge[1] + depth * s + lateral * c

    def pose(self, depth: float, lateral: float = 0.0, z: float = 0.0, turn: float = 0.0) -> Pose:
        x, y = self.at(depth, lateral)
        return Pose(x, y, self.angle + turn, z)

    @property
    def angle(self) -> float:
        """Degrees: a card lying here points its long side at the table centre."""
        return math.degrees(self.inward) - 90.0


def places(layout: TableLayout) -> dict[int, Place]:
    """Every printed seat's place (occupied or not), and the dealer's as seat 0."""
    from datasets.sim.world import make_layout

    full = make_layout(tuple(range(1, 11)), layout.length, layout.width, layout.rail)
    out = {0: Place(0, (0.0, -layout.width / 2), math.pi / 2)}
    for g in full.seats:
        c, s = math.cos(g.facing), math.sin(g.facing)
        out[g.seat] = Place(g.seat, (g.stack[0] - 10.0 * c, g.stack[1] - 10.0 * s), g.facing)
    return out


# ----- chips ----------------------------------------------------------------------------------


def compose(amount: int, values: Iterable[int]) -> Counter[int]:
    """A plausible stack worth ``amount``: a few small chips for change, the bulk in the two largest
    denominations worth having (a chip is worth having when four of them fit in the stack)."""
    vals = sorted(values)
    if amount % vals[0]:
        raise ValueError(f"{amount:,} cannot be made from chips of {vals}")
    usable = [v for v in vals if v * 4 <= amount] or [vals[0]]
    counts: Counter[int] = Counter()
    rest = amount
    for v in usable[:-2]:
        n = min(6, int(rest * 0.15) // v)
        counts[v] += n
        rest -= n * v
    for v in reversed(usable):
        n, rest = divmod(rest, v)
        counts[v] += n
    if rest:
        counts[vals[0]] += rest // vals[0]
    return +counts


def greedy(amount: int, values: Iterable[int]) -> list[int]:
    """Fewest chips for ``amount`` from the denominations (largest first); [] if impossible."""
    out: list[int] = []
    for v in sorted(values, reverse=True):
        n, amount = divmod(amount, v)
        out += [v] * n
    return out if amount == 0 else []


class Bank:
    """One seat's chips behind the line, with the chips it started with.

    Scripts name chips ("pushes [500, 25]"); if the stack has no such chip, one larger chip the
    player started with is broken into smaller ones, as if the stack had held those all along. The
    compiler runs twice so the first frame already shows the chips the hand will need.
    """

    def __init__(self, seat: int, start: Counter[int], values: tuple[int, ...]) -> None:
        self.seat = seat
        self.values = tuple(sorted(values))
        self.start = Counter(start)  # the composition at the first frame (grows more precise on breaks)
        self.original = Counter(start)  # chips it started with, still there
        self.extra: Counter[int] = Counter()  # chips that came back (pulled back, won)

    @property
    def chips(self) -> Counter[int]:
        return self.original + self.extra

    @property
    def amount(self) -> int:
        return sum(v * n for v, n in self.chips.items())

    def take(self, chips: Iterable[int]) -> None:
        chips = list(chips)
        if sum(chips) > self.amount:
            raise ValueError(f"seat {self.seat} has {self.amount:,} behind, not {sum(chips):,}")
        for chip in chips:
            if self.extra[chip]:
                self.extra[chip] -= 1
            elif self.original[chip]:
                self.original[chip] -= 1
            else:
                self._break_for(chip)
                self.original[chip] -= 1
        self.extra, self.original = +self.extra, +self.original

    def pick(self, amount: int, largest: int | None = None) -> list[int]:
        """Chips worth ``amount`` from what the stack holds, largest first and none over ``largest``
        (``take`` breaks a larger chip when the stack cannot make it exactly). Nothing is taken yet."""
        if amount > self.amount:
            raise ValueError(f"seat {self.seat} has {self.amount:,} behind, not {amount:,}")
        out: list[int] = []
        rest = amount
        have = self.chips
        top = largest or amount
        for v in sorted((v for v in have if v <= top), reverse=True):
            n = min(have[v], rest // v)
            out += [v] * n
            rest -= n * v
        if rest:
            small = greedy(rest, [v for v in self.values if v <= top])
            if not small:
                raise ValueError(f"seat {self.seat}: {rest:,} cannot be made from chips of {self.values}")
            out += small
        return out

    def give(self, chips: Iterable[int]) -> None:
        self.extra.update(chips)

    def _break_for(self, chip: int) -> None:
        larger = sorted(v for v, n in self.original.items() if n and v > chip)
        if not larger:
            have = ", ".join(f"{n}x{v}" for v, n in sorted(self.chips.items()) if n) or "nothing"
            raise ValueError(
                f"seat {self.seat} has no {chip:,} chip and no larger chip to break (has {have})"
            )
        big = larger[0]
        parts = [chip, *greedy(big - chip, [v for v in self.values if v < big])]
        for counter in (self.original, self.start):
            counter[big] -= 1
            counter.update(parts)


# ----- columns on the felt ----------------------------------------------------------------------


class Pile:
    """Chips resting in columns at fixed slots (a seat's stack, the pot): one ChipStack per column.

    ``show(frame, chips)`` lays the chips out again and keys every column that changed.
    """

    def __init__(
        self,
        timeline: Timeline,
        name: str,
        slots: list[Pose],
        rng: np.random.Generator,
        messy: float,
        per_column: int = 20,
    ) -> None:
        self.timeline = timeline
        self.name = name
        self.slots = slots
        self.per_column = per_column
        self.messy = [float(min(1.0, max(0.0, messy + rng.normal(0, 0.05)))) for _ in slots]
        self.turn = [float(rng.uniform(-40, 40)) for _ in slots]
        self.columns: list[tuple[int, ...]] = []

    def layout(self, chips: Counter[int]) -> list[tuple[int, ...]]:
        per = self.per_column
        while sum(math.ceil(n / per) for n in chips.values() if n > 0) > len(self.slots):
            per += 10
        columns: list[tuple[int, ...]] = []
        for v in sorted(chips, reverse=True):
            n = chips[v]
            while n > 0:
                k = min(per, n)
                columns.append((v,) * k)
                n -= k
        return columns

    def show(self, frame: int, chips: Counter[int]) -> None:
        new = self.layout(+chips)
        for i in range(max(len(new), len(self.columns))):
            old_col = self.columns[i] if i < len(self.columns) else ()
            new_col = new[i] if i < len(new) else ()
            if old_col == new_col:
                continue
            track = self.timeline.track(f"{self.name}{i}", LAYER_CHIPS)
            if not new_col:
                track.remove(frame)
            else:
                slot = self.slots[i]
                pose = Pose(slot.x, slot.y, slot.angle + self.turn[i], 0.0)
                track.set(frame, ChipStack(track.id, pose, new_col, self.messy[i]))
        self.columns = new

    def top_of(self, value: int, thickness: float) -> Pose:
        """Where a chip of ``value`` is taken from: the top of its last column (or the pile's middle)."""
        for i in range(len(self.columns) - 1, -1, -1):
            if self.columns[i] and self.columns[i][0] == value:
                slot = self.slots[i]
                return Pose(slot.x, slot.y, slot.angle, thickness * len(self.columns[i]))
        mid = self.slots[len(self.slots) // 2]
        return Pose(mid.x, mid.y, mid.angle, 0.0)


def stack_slots(place: Place) -> list[Pose]:
    """Ten column places in the stack area: two rows of five across the seat."""
    lats = [(k - 2) * CHIP_PITCH for k in range(5)]
    return [place.pose(depth, lat) for depth in STACK_ROWS for lat in lats]


def bet_slots(place: Place) -> list[Pose]:
    """Landing places past the betting line, nearest the middle first."""
    order = [0.0, 1.0, -1.0, 2.0, -2.0, 3.0, -3.0]
    return [place.pose(depth, k * CHIP_PITCH) for depth in BET_ROWS for k in order]


def pot_slots(centre: tuple[float, float]) -> list[Pose]:
    """Column places in the pot, spiralling out from its centre."""
    cells = [(i, j) for i in range(-4, 5) for j in range(-1, 2)]
    cells.sort(key=lambda c: (c[0] ** 2 + (1.6 * c[1]) ** 2, c))
    return [Pose(centre[0] + i * CHIP_PITCH, centre[1] + j * CHIP_PITCH, 0.0) for i, j in cells]

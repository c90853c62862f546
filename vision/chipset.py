"""A house chip set: what each denomination looks like. Camera configs carry one; the simulator
renders them; chip valuation matches against them.

Colours are BGR 0-255 (OpenCV order). ``edge_spots`` is how many edge inserts (the coloured
rectangles around the rim); ``label`` is what is printed on the inlay.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, model_validator

BGR = tuple[int, int, int]


class ChipSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    value: int = Field(gt=0, description="denomination in house units")
    name: str = Field(min_length=1, description="colour name a floor person uses, e.g. 'black'")
    base: BGR = Field(description="body colour, BGR")
    edge: BGR = Field(description="edge-spot colour, BGR")
    edge_spots: int = Field(default=6, ge=0, le=12, description="number of edge inserts")
    inlay: BGR = Field(default=(235, 235, 235), description="centre inlay colour, BGR")
    label: str = Field(default="", max_length=8, description="text printed on the inlay")


class ChipSet(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1)
    diameter_cm: float = Field(default=3.9, gt=2.0, lt=6.0)
    thickness_cm: float = Field(default=0.33, gt=0.1, lt=1.0)
    chips: tuple[ChipSpec, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _distinct(self) -> ChipSet:
        values = [c.value for c in self.chips]
        if len(set(values)) != len(values):
            raise ValueError(f"chip set '{self.name}' repeats a denomination: {values}")
        return self

    def spec(self, value: int) -> ChipSpec:
        for chip in self.chips:
            if chip.value == value:
                return chip
        raise KeyError(f"chip set '{self.name}' has no {value} chip (has {[c.value for c in self.chips]})")

    @property
    def values(self) -> tuple[int, ...]:
        return tuple(sorted(c.value for c in self.chips))


def denominations(value: int, top: int, chips: ChipSet) -> tuple[int, ...]:
    """The chips of a stack worth ``value`` whose top chip is worth ``top``: as many ``top`` chips as
    fit, the rest from the largest denominations down."""
    if value <= 0:
        return ()
    out: list[int] = []
    if top > 0:
        out += [top] * (value // top)
        value -= top * (value // top)
    for d in sorted(chips.values, reverse=True):
        while value >= d:
            out.append(d)
            value -= d
    return tuple(sorted(out, reverse=True))


def _chip(value: int, name: str, base: BGR, edge: BGR, spots: int = 6, label: str | None = None) -> ChipSpec:
    return ChipSpec(
        value=value, name=name, base=base, edge=edge, edge_spots=spots, label=label or f"{value:,}"
    )


# Tournament sets as card rooms use them; the last mirrors the PokeVisor photos in shared/real-samples.
TOURNAMENT = ChipSet(
    name="tournament",
    chips=(
        _chip(25, "green", (60, 140, 40), (235, 235, 235), 4, "25"),
        _chip(100, "black", (35, 35, 35), (235, 235, 235), 6, "100"),
        _chip(500, "purple", (130, 40, 110), (80, 220, 240), 6, "500"),
        _chip(1000, "yellow", (40, 200, 235), (40, 40, 40), 8, "1K"),
        _chip(5000, "red", (40, 40, 190), (235, 235, 235), 6, "5K"),
        _chip(25000, "blue", (170, 90, 30), (80, 220, 240), 8, "25K"),
    ),
)
CASINO = ChipSet(
    name="casino",
    chips=(
        _chip(25, "white", (225, 225, 225), (50, 50, 190), 4, "25"),
        _chip(100, "pink", (180, 150, 235), (235, 235, 235), 6, "100"),
        _chip(500, "grey", (140, 140, 140), (40, 40, 190), 6, "500"),
        _chip(1000, "orange", (40, 130, 240), (235, 235, 235), 6, "1000"),
        _chip(5000, "brown", (40, 70, 110), (120, 200, 220), 8, "5000"),
        _chip(25000, "teal", (140, 140, 30), (235, 235, 235), 8, "25000"),
    ),
)
POKEVISOR = ChipSet(
    name="pokevisor",
    diameter_cm=4.0,
    chips=(
        _chip(1, "grey", (150, 150, 150), (235, 235, 235), 6, "1"),
        _chip(5, "red", (40, 40, 180), (235, 235, 235), 6, "5"),
        _chip(10, "blue", (160, 80, 30), (235, 235, 235), 6, "10"),
        _chip(25, "green", (50, 130, 40), (235, 235, 235), 6, "25"),
        _chip(100, "black", (30, 30, 30), (235, 235, 235), 6, "100"),
        _chip(500, "purple", (120, 40, 100), (235, 235, 235), 6, "500"),
        _chip(1000, "yellow", (40, 200, 230), (235, 235, 235), 6, "1000"),
    ),
)
CHIP_SETS: dict[str, ChipSet] = {s.name: s for s in (TOURNAMENT, CASINO, POKEVISOR)}

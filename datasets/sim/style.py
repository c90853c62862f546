"""How one rendered table looks: felt, prints, rail, cards, chips, people, lights and sensor.

``random_style`` draws a plausible card room; ``Style`` is a frozen value so a dataset manifest can
store it and a renderer can be rebuilt from it. Colours are BGR 0-255. For video, set
``jpeg_quality=None`` (``style.for_video()``): H.264 brings its own compression artefacts.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

import numpy as np

from vision.chipset import CHIP_SETS, TOURNAMENT, ChipSet

BGR = tuple[int, int, int]


class FeltTexture(StrEnum):
    WOVEN = "woven"  # classic wool felt: fine grain
    SPEED = "speed"  # polyester "speed cloth": smooth with a faint sheen
    SUEDE = "suede"  # suited cloth: blotchy nap


class LogoPlacement(StrEnum):
    NONE = "none"
    CENTRE = "centre"
    ENDS = "ends"


class SleeveKind(StrEnum):
    BARE = "bare"
    SHIRT = "shirt"
    SUIT = "suit"


SKIN_TONES: tuple[BGR, ...] = (  # light to dark
    (150, 176, 228),
    (132, 163, 220),
    (116, 150, 206),
    (98, 134, 190),
    (80, 114, 166),
    (62, 90, 136),
    (48, 68, 106),
    (36, 50, 80),
)
FELT_COLOURS: dict[str, BGR] = {
    "green": (48, 130, 34),
    "dark green": (40, 92, 28),
    "blue": (140, 84, 26),
    "navy": (96, 50, 20),
    "red": (36, 36, 150),
    "burgundy": (42, 30, 104),
    "grey": (106, 104, 100),
    "black": (40, 38, 38),
    "purple": (104, 42, 82),
    "teal": (110, 116, 26),
}


@dataclass(frozen=True)
class Style:
    # table
    felt_color: BGR = FELT_COLOURS["green"]
    felt_texture: FeltTexture = FeltTexture.WOVEN
    felt_wear: float = 0.3  # 0..1 low-frequency blotches and worn patches
    logo: LogoPlacement = LogoPlacement.CENTRE
    logo_text: str = "RAILBIRD"
    betting_line: bool = True
    seat_numbers: bool = True
    print_color: BGR = (170, 205, 220)  # betting line, seat numbers, logo ink
    racetrack: bool = False  # a wooden strip between felt and rail
    racetrack_color: BGR = (40, 75, 120)
    rail_color: BGR = (32, 30, 30)
    rail_gloss: float = 0.5  # 0 matte suede .. 1 glossy vinyl
    floor_color: BGR = (40, 38, 50)
    floor_pattern: int = 0  # 0 plain carpet, 1 patterned casino carpet, 2 wood
    players: bool = True  # the dealer behind the tray; dataset scenes also seat players round the rail
    dealer_tray: bool = True
    # cards and chips
    card_back: int = 0  # 0..cards.N_BACK_DESIGNS-1
    card_face: int = 0  # 0 regular index, 1 jumbo index
    chipset: ChipSet = TOURNAMENT
    chip_design: int = 0  # 0 casino, 1 "ultimate" print, 2 clay
    # people
    skin_tones: tuple[BGR, ...] = SKIN_TONES  # Hand.skin indexes this (mod its length)
    sleeves: tuple[tuple[SleeveKind, BGR], ...] = (
        (SleeveKind.SHIRT, (160, 90, 40)),
        (SleeveKind.SUIT, (40, 36, 36)),
        (SleeveKind.SHIRT, (215, 215, 215)),
    )  # Hand.sleeve k > 0 uses sleeves[(k - 1) % len]; 0 is a bare forearm
    dealer_sleeve: tuple[SleeveKind, BGR] = (SleeveKind.SHIRT, (236, 236, 236))
    # light
    spotlights: int = 3
    spot_strength: float = 0.35  # extra light in the pools, relative
    spot_radius: float = 90.0  # cm
    ambient: float = 0.75
    gradient: float = 0.1  # linear fall-off across the frame
    vignette: float = 0.3
    exposure: float = 1.0
    white_balance: tuple[float, float, float] = (0.92, 1.0, 1.08)  # B, G, R gains (warm)
    light_dir: tuple[float, float] = (0.12, -0.08)  # shadow offset on the felt per cm of height
    shadow_strength: float = 0.45
    glare: float = 0.25  # specular sheen on cards
    # sensor
    noise_sigma: float = 2.0  # read noise, 0-255 units
    shot_noise: float = 3.0  # signal-dependent noise at full white, 0-255 units
    blur_sigma: float = 0.0  # optical softness, pixels
    motion_blur: bool = True
    jpeg_quality: int | None = None  # round trip through JPEG at this quality (datasets)
    extras: tuple[tuple[str, float], ...] = field(
        default=()
    )  # reserved for new knobs, keeps manifests stable

    def __post_init__(self) -> None:
        """Accept what a YAML override gives (strings for kinds, lists for colours, a chip set's name)
        and store canonical, hashable values."""
        fix = object.__setattr__
        for name in ("felt_color", "print_color", "racetrack_color", "rail_color", "floor_color"):
            fix(self, name, _bgr(getattr(self, name), name))
        fix(self, "felt_texture", FeltTexture(self.felt_texture))
        fix(self, "logo", LogoPlacement(self.logo))
        if isinstance(self.chipset, str):
            if self.chipset not in CHIP_SETS:
                raise ValueError(f"Style.chipset: no chip set {self.chipset!r} (have {', '.join(CHIP_SETS)})")
            fix(self, "chipset", CHIP_SETS[self.chipset])
        if not self.skin_tones:
            raise ValueError("Style.skin_tones: give at least one BGR tone")
        fix(self, "skin_tones", tuple(_bgr(c, "skin_tones") for c in self.skin_tones))
        if not self.sleeves:
            raise ValueError("Style.sleeves: give at least one (kind, BGR) sleeve")
        fix(self, "sleeves", tuple((SleeveKind(k), _bgr(c, "sleeves")) for k, c in self.sleeves))
        fix(
            self,
            "dealer_sleeve",
            (SleeveKind(self.dealer_sleeve[0]), _bgr(self.dealer_sleeve[1], "dealer_sleeve")),
        )
        fix(self, "white_balance", tuple(float(v) for v in self.white_balance))
        fix(self, "light_dir", tuple(float(v) for v in self.light_dir))
        fix(self, "extras", tuple((str(k), float(v)) for k, v in self.extras))
        if self.jpeg_quality is not None and not 1 <= int(self.jpeg_quality) <= 100:
            raise ValueError(
                f"Style.jpeg_quality: {self.jpeg_quality} is not within 1..100 (or None for video)"
            )

    def for_video(self) -> Style:
        """This style without the JPEG round trip (the H.264 encoder compresses video)."""
        return replace(self, jpeg_quality=None)


def _bgr(value: object, name: str) -> BGR:
    try:
        b, g, r = (int(v) for v in value)  # type: ignore[attr-defined]
    except (TypeError, ValueError) as exc:
        raise ValueError(f"Style.{name}: {value!r} is not a BGR triple of 0-255 integers") from exc
    if not all(0 <= v <= 255 for v in (b, g, r)):
        raise ValueError(f"Style.{name}: {value!r} has a channel outside 0-255")
    return b, g, r


def _jitter(rng: np.random.Generator, color: BGR, amount: float) -> BGR:
    c = np.asarray(color, np.float64) * rng.uniform(1 - amount, 1 + amount) + rng.normal(0, amount * 40, 3)
    return tuple(int(v) for v in np.clip(c, 0, 255))  # type: ignore[return-value]


def random_style(rng: np.random.Generator, chipset: ChipSet | None = None) -> Style:
    """A plausible card room: colours, prints, lighting and sensor drawn from ``rng``."""
    names = list(FELT_COLOURS)
    weights = np.array([6, 3, 4, 2, 2, 2, 2, 2, 1.5, 1], dtype=np.float64)
    felt = FELT_COLOURS[names[int(rng.choice(len(names), p=weights / weights.sum()))]]
    warm = float(rng.uniform(-0.12, 0.16))  # + warm tungsten, - cool LED
    wb = (1.0 - warm * 0.8 + rng.normal(0, 0.02), 1.0 + rng.normal(0, 0.02), 1.0 + warm + rng.normal(0, 0.02))
    tones = np.asarray(SKIN_TONES, np.float64)
    pick = np.sort(rng.choice(len(SKIN_TONES), size=6, replace=True))
    skins = tuple(_jitter(rng, tuple(int(v) for v in tones[i]), 0.06) for i in pick)  # type: ignore[arg-type]
    shirt_colours = [
        (160, 90, 40),
        (215, 215, 215),
        (40, 36, 36),
        (60, 60, 150),
        (110, 140, 80),
        (70, 70, 70),
        (30, 50, 90),
        (180, 170, 150),
        (140, 60, 100),
        (40, 100, 180),
    ]
    sleeves = tuple(
        (
            SleeveKind.SUIT if rng.random() < 0.25 else SleeveKind.SHIRT,
            _jitter(rng, shirt_colours[int(rng.integers(len(shirt_colours)))], 0.1),
        )
        for _ in range(5)
    )
    print_choices = [(170, 205, 220), (230, 230, 230), (60, 170, 210), (30, 30, 30), (150, 160, 170)]
    chips = chipset if chipset is not None else list(CHIP_SETS.values())[int(rng.integers(len(CHIP_SETS)))]
    from .assets.cards import N_BACK_DESIGNS
    from .assets.chips import N_CHIP_DESIGNS

    ang = rng.uniform(0, 2 * np.pi)
    light_len = rng.uniform(0.03, 0.25)
    return Style(
        felt_color=_jitter(rng, felt, 0.12),
        felt_texture=FeltTexture(rng.choice([t.value for t in FeltTexture], p=[0.5, 0.3, 0.2])),
        felt_wear=float(rng.uniform(0.0, 0.7)),
        logo=LogoPlacement(rng.choice([p.value for p in LogoPlacement], p=[0.25, 0.5, 0.25])),
        logo_text=str(rng.choice(["RAILBIRD", "CASINO", "POKER ROOM", "ROYAL", "GRAND"])),
        betting_line=bool(rng.random() < 0.75),
        seat_numbers=bool(rng.random() < 0.6),
        print_color=_jitter(rng, print_choices[int(rng.integers(len(print_choices)))], 0.08),
        racetrack=bool(rng.random() < 0.35),
        racetrack_color=_jitter(rng, (40, 75, 120), 0.2),
        rail_color=_jitter(
            rng,
            [(32, 30, 30), (25, 35, 70), (50, 45, 45), (20, 20, 60), (60, 60, 60)][int(rng.integers(5))],
            0.15,
        ),
        rail_gloss=float(rng.uniform(0.1, 0.9)),
        floor_color=_jitter(
            rng, [(40, 38, 50), (30, 40, 60), (55, 50, 45), (25, 25, 30)][int(rng.integers(4))], 0.2
        ),
        floor_pattern=int(rng.integers(0, 3)),
        players=bool(rng.random() < 0.8),
        dealer_tray=bool(rng.random() < 0.85),
        card_back=int(rng.integers(N_BACK_DESIGNS)),
        card_face=int(rng.random() < 0.35),
        chipset=chips,
        chip_design=int(rng.integers(N_CHIP_DESIGNS)),
        skin_tones=skins,
        sleeves=sleeves,
        dealer_sleeve=(
            SleeveKind.SHIRT,
            _jitter(rng, [(236, 236, 236), (30, 30, 30), (90, 30, 30)][int(rng.integers(3))], 0.05),
        ),
        spotlights=int(rng.integers(0, 6)),
        spot_strength=float(rng.uniform(0.1, 0.6)),
        spot_radius=float(rng.uniform(50, 130)),
        ambient=float(rng.uniform(0.55, 0.95)),
        gradient=float(rng.uniform(0.0, 0.25)),
        vignette=float(rng.uniform(0.05, 0.5)),
        exposure=float(rng.uniform(0.8, 1.25)),
        white_balance=tuple(float(v) for v in wb),  # type: ignore[arg-type]
        light_dir=(float(light_len * np.cos(ang)), float(light_len * np.sin(ang))),
        shadow_strength=float(rng.uniform(0.25, 0.6)),
        glare=float(rng.uniform(0.0, 0.5)),
        noise_sigma=float(rng.uniform(0.5, 4.0)),
        shot_noise=float(rng.uniform(0.5, 6.0)),
        blur_sigma=float(rng.choice([0.0, rng.uniform(0.3, 1.1)], p=[0.4, 0.6])),
        motion_blur=True,
        jpeg_quality=int(rng.integers(45, 96)),
    )

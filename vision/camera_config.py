"""Camera configs: one strict, versioned YAML per camera (source, frame, view, table zones, chips, game).

Geometry is in relative 0-1 image coordinates (x right, y down), so a config survives a change of
stream resolution. ``load_camera_config`` validates a file once and fails with the file, the field
and the reason; nothing downstream re-checks it.
"""

from __future__ import annotations

import re
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Literal

import numpy as np
import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from vision.chipset import CHIP_SETS, ChipSet

MODELS = Path(__file__).resolve().parent.parent / "models"
MAX_SEAT_OVERLAP = 0.25  # share of the smaller zone two different seats' zones may share

RelPoint = tuple[Annotated[float, Field(ge=0.0, le=1.0)], Annotated[float, Field(ge=0.0, le=1.0)]]


class CameraConfigError(ValueError):
    """A camera config that cannot be used; the message names the file, the field and the reason."""


class ZoneKind(StrEnum):
    STACK = "stack"  # a seat's chips behind the betting line
    BET = "bet"  # a seat's bet, past the betting line
    CARDS = "cards"  # where a seat keeps its hole cards
    POT = "pot"
    BOARD = "board"
    MUCK = "muck"
    DEALER = "dealer"  # the dealer's tray and working area


SEAT_KINDS = (ZoneKind.STACK, ZoneKind.BET, ZoneKind.CARDS)


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SourceConfig(Strict):
    url: str = Field(
        min_length=1,
        description="a video file path (relative to the config's folder), rtsp://..., or device:N",
    )
    reconnect_seconds: float = Field(
        2.0, gt=0, le=60, description="wait before reconnecting a dropped stream"
    )
    max_reconnects: int = Field(
        100, ge=0, le=100_000, description="reconnects before the worker gives up on a stream"
    )


class TableZone(Strict):
    name: str = Field(pattern=r"^[a-z0-9_]+$", description="seat3_stack, seat3_bet, pot, board, ...")
    kind: ZoneKind
    seat: int | None = Field(None, ge=1, le=10, description="the seat a stack/bet/cards zone belongs to")
    polygon: list[RelPoint] = Field(min_length=3, description="relative 0-1 image coordinates")

    @model_validator(mode="after")
    def _seat_matches_kind(self) -> TableZone:
        if self.kind in SEAT_KINDS and self.seat is None:
            raise ValueError(f"zone '{self.name}' is a {self.kind} zone and needs a seat")
        if self.kind not in SEAT_KINDS and self.seat is not None:
            raise ValueError(f"zone '{self.name}' ({self.kind}) belongs to no seat; drop 'seat'")
        if polygon_area(self.polygon) < 1e-6:
            raise ValueError(f"zone '{self.name}' has no area (its points are in a line)")
        return self


class TableConfig(Strict):
    rail: list[RelPoint] = Field(
        min_length=3, description="outer edge of the rail: what lies outside is off the table"
    )
    felt: list[RelPoint] = Field(min_length=3, description="inner edge of the rail: the felt")
    zones: list[TableZone] = Field(min_length=1)

    @model_validator(mode="after")
    def _zones_fit(self) -> TableConfig:
        names = [z.name for z in self.zones]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise ValueError(f"zones: zone names repeat: {', '.join(dup)}")
        for zone in self.zones:
            if not all(point_in(p, self.rail) for p in zone.polygon):
                raise ValueError(f"zones: zone '{zone.name}' reaches outside the table's rail outline")
        seat_zones = [z for z in self.zones if z.seat is not None]
        for i, a in enumerate(seat_zones):
            for b in seat_zones[i + 1 :]:
                if a.seat != b.seat and a.kind == b.kind:
                    shared = overlap_area(a.polygon, b.polygon)
                    smaller = min(polygon_area(a.polygon), polygon_area(b.polygon))
                    if shared > MAX_SEAT_OVERLAP * smaller:
                        raise ValueError(
                            f"zones: zones '{a.name}' and '{b.name}' overlap by {shared / smaller:.0%} "
                            "of the smaller; two seats cannot share that much of the felt"
                        )
        return self

    def zone(self, name: str) -> TableZone:
        for z in self.zones:
            if z.name == name:
                return z
        raise KeyError(name)


class GameConfig(Strict):
    profile: str = Field("tda", description="house profile id (rules/profiles)")
    game: Literal["nlhe", "plhe", "flhe", "plo"] = "nlhe"
    blinds: tuple[Annotated[int, Field(ge=1)], Annotated[int, Field(ge=1)]] = (100, 200)
    bb_ante: int = Field(0, ge=0)
    seats: list[Annotated[int, Field(ge=1, le=10)]] = Field(min_length=2, max_length=10)
    stacks: dict[int, Annotated[int, Field(ge=0)]] = Field(
        default_factory=dict, description="starting stack per seat when known (else counted from the video)"
    )
    default_stack: int = Field(20_000, ge=0)
    button: int | None = Field(None, ge=1, le=10, description="button seat when the camera cannot see it")


class DetectorConfig(Strict):
    model: str = Field(str(MODELS / "detector.onnx"), description="ONNX detector (relative to the config)")
    cards_model: str = Field(str(MODELS / "card_classifier.onnx"))
    drinks_model: str = Field(str(MODELS / "drink_classifier.onnx"), description="drink reader")
    rate: float = Field(10.0, gt=0, le=120, description="detector calls per second at most")
    idle_rate: float = Field(1.0, ge=0, le=120, description="calls per second while nothing moves")
    conf: float = Field(0.3, gt=0, lt=1)
    seated_conf: float = Field(
        0.05,
        gt=0,
        lt=1,
        description="a player box from this score keeps a seated player in the chair; seating one "
        "needs conf (vision/presence.py)",
    )
    hand_conf: float = Field(
        0.2,
        gt=0,
        lt=1,
        description="hands are kept from this score: a far table's hands score low, and a hand missed "
        "is a tap or fold missed (docs/pipeline_eval.md)",
    )
    face_conf: float = Field(
        0.2,
        gt=0,
        lt=1,
        description="face-up cards are kept from this score if their middle is white paper: a board card "
        "under dim light scores low (docs/pipeline_eval.md)",
    )
    imgsz: int | None = Field(
        None,
        ge=128,
        le=1920,
        multiple_of=32,
        description="long side frames are scaled to for the detector (default: the size it was trained at)",
    )
    region_share: float = Field(
        0.0,
        ge=0,
        le=1,
        description="between whole-frame calls the detector looks only at the moving part of the frame "
        "when that covers at most this share of it (0, the default: always the whole frame; the shipped "
        "detector finds fewer objects in a part of the frame, `python -m datasets.eval_regions`)",
    )
    full_every: float = Field(
        1.0, gt=0, le=60, description="seconds between whole-frame detector calls at most"
    )
    bet_zoom: float = Field(
        2.0,
        ge=0,
        le=4,
        description="each bet and stack zone is looked at again this many times closer than the whole "
        "frame, where chips are small (0: never; vision/close_look.py, `python -m datasets.eval_close_look`)",
    )


class MotionConfig(Strict):
    scale: float = Field(0.25, gt=0, le=1, description="frames are compared at this fraction of their size")
    threshold: int = Field(18, ge=1, le=255, description="grey-level change that counts as motion")
    min_area: float = Field(0.0004, ge=0, le=1, description="share of the frame that must change")


class CameraConfig(Strict):
    version: Literal[1] = Field(description="config format version")
    name: str = Field(pattern=r"^[A-Za-z0-9_.-]+$", description="camera / table id, used in alerts")
    source: SourceConfig
    fps: float = Field(30.0, gt=0, le=240)
    width: int = Field(1280, ge=64, le=8192)
    height: int = Field(720, ge=64, le=8192)
    view: Literal["overhead", "oblique"] = "overhead"
    table: TableConfig
    chipset: str | ChipSet = Field("tournament", description="a built-in chip set name or a full chip set")
    game: GameConfig
    detector: DetectorConfig = DetectorConfig()
    motion: MotionConfig = MotionConfig()

    @model_validator(mode="after")
    def _game_fits_table(self) -> CameraConfig:
        if isinstance(self.chipset, str) and self.chipset not in CHIP_SETS:
            raise ValueError(f"chipset: unknown chip set '{self.chipset}' (built in: {', '.join(CHIP_SETS)})")
        have = {(z.seat, z.kind) for z in self.table.zones}
        for seat in self.game.seats:
            for kind in (ZoneKind.STACK, ZoneKind.BET):
                if (seat, kind) not in have:
                    raise ValueError(
                        f"table.zones: seat {seat} plays but the table has no {kind} zone for it"
                    )
        for kind in (ZoneKind.POT, ZoneKind.BOARD, ZoneKind.MUCK):
            if not any(z.kind is kind for z in self.table.zones):
                raise ValueError(f"table.zones: the table needs a {kind} zone")
        if self.game.button is not None and self.game.button not in self.game.seats:
            raise ValueError(
                f"game.button: button seat {self.game.button} is not among the seats {self.game.seats}"
            )
        return self

    @property
    def chips(self) -> ChipSet:
        return CHIP_SETS[self.chipset] if isinstance(self.chipset, str) else self.chipset


def polygon_area(points: list[RelPoint] | np.ndarray) -> float:
    p = np.asarray(points, dtype=np.float64)
    x, y = p[:, 0], p[:, 1]
    return float(abs(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) / 2)


def point_in(point: tuple[float, float], polygon: list[RelPoint] | np.ndarray, tol: float = 1e-3) -> bool:
    import cv2

    poly = np.asarray(polygon, dtype=np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(poly, (float(point[0]), float(point[1])), True) >= -tol


def overlap_area(a: list[RelPoint], b: list[RelPoint]) -> float:
    import cv2

    pa, pb = (np.asarray(p, dtype=np.float32) for p in (a, b))
    hull_a, hull_b = cv2.convexHull(pa), cv2.convexHull(pb)
    area, _ = cv2.intersectConvexConvex(hull_a, hull_b)
    return float(area)


def load_camera_config(path: str | Path) -> CameraConfig:
    """Read and validate a camera config; relative model and video paths are taken from its folder."""
    path = Path(path)
    try:
        raw = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CameraConfigError(f"{path}: no such camera config (see camera_configs/ for examples)") from None
    except UnicodeDecodeError:
        raise CameraConfigError(f"{path}: not a text file (expected YAML)") from None
    except OSError as exc:
        raise CameraConfigError(f"{path}: cannot read the camera config ({exc.strerror or exc})") from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{path}:{mark.line + 1}" if mark else str(path)
        raise CameraConfigError(f"{where}: not valid YAML ({getattr(exc, 'problem', exc)})") from None
    if not isinstance(raw, dict):
        raise CameraConfigError(f"{path}: a camera config must be a YAML mapping")
    try:
        config = CameraConfig.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        loc = [str(p) for p in first["loc"]]
        msg = str(first["msg"])
        named = re.match(r"Value error, ([a-z_][a-z0-9_.]*): ", msg)  # a cross-field check names its field
        if named:
            loc.append(named[1])
            msg = msg[len(named[0]) :]
        field = ".".join(loc) or "(top level)"
        msg = msg.removeprefix("Value error, ")
        raise CameraConfigError(f"{path}: field '{field}': {msg} (fix the config and retry)") from None
    from rules.profile import ProfileError, load_profile

    try:
        load_profile(config.game.profile)
    except ProfileError as exc:
        raise CameraConfigError(f"{path}: field 'game.profile': {exc}") from None
    return with_paths_from(config, path.parent)


def with_paths_from(config: CameraConfig, folder: Path) -> CameraConfig:
    """The config with relative file paths (video, models) made absolute from ``folder``."""

    def fix(p: str) -> str:
        if "://" in p or p.startswith("device:") or Path(p).is_absolute():
            return p
        return str((folder / p).resolve())

    source = config.source.model_copy(update={"url": fix(config.source.url)})
    detector = config.detector.model_copy(
        update={
            "model": fix(config.detector.model),
            "cards_model": fix(config.detector.cards_model),
            "drinks_model": fix(config.detector.drinks_model),
        }
    )
    return config.model_copy(update={"source": source, "detector": detector})

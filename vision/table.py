"""The table in the image: named zones in pixels, and the per-frame ``TableScene``.

``TableGeometry`` turns a camera config's relative 0-1 zones into pixel polygons for one frame size
and says where a detection lies: the zone holding its footprint (the box centre straight overhead,
the bottom centre under an oblique camera, where an object meets the felt), on the felt outside
every zone, on the rail, or off the table. ``build_scene`` makes one frame's ``TableScene``: every
tracked object with its zone and seat, ready for the temporal analyzers. Logic only; nothing draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.camera_config import CameraConfig, ZoneKind
from vision.detections import Detections
from vision.drinks import PROTECTOR

FELT = "felt"  # on the felt, outside every named zone
RAIL = "rail"  # on the padded rail
OFF = "off"  # outside the table's rail outline (a lap, below the rail, the floor)
CHAIR_PROBE = 1.4  # stack-to-bet distances behind the stack zone: where a seated player meets the rail
CHAIR_MARGIN = 0.02  # of the frame's short side: a chair point nearer the edge than this is out of view
# of a player box's shorter side: the box may stop this short of its chair point. Where the frame's edge
# cuts a player off, the box's inner edge lies at the rail, on the point, and jitters a pixel either
# way (seed + 42000 clean_protector_and_peek: seat 1's 42 px sliver, boxed at 0.85 in every call, was
# nobody's in one call of three: a false absent_at_deal)
CHAIR_SLACK = 0.2
# stack-to-bet distances a chair point must lie inside the frame for the camera to tell an empty chair
# from a player it cuts off: nearer the edge a seated player shows as a sliver of shoulder the detector
# scores low or not at all (docs/pipeline_eval.md, section 7). Was 0.3 (seed + 6000: a player 23 px from
# the edge got no box); seed + 15000's top seats sat 0.32-0.33 in (31 px) and a dark-clothed player
# there got no box in any render: 25 false absent_at_deal. Then 0.4, which kept absent seats found at
# 0.41-0.47 (seed + 13000, 14000, 24000 and 26000) judged; but seed + 26000's top seat, 0.43 in (40 px),
# showed its player as a 44 px sliver the detector boxed in no call in 5 of its renders: 5 false
# absent_at_deal, each a live hand called dead. Seed + 24000's top seat, 0.44 in, had its player boxed
# in every render. Absent seats nearer the edge than this go unjudged.
CHAIR_CLEAR = 0.44

# the more specific zone wins where zones overlap: a seat's own areas before the shared ones
_PRIORITY = {
    ZoneKind.BET: 0,
    ZoneKind.STACK: 1,
    ZoneKind.CARDS: 2,
    ZoneKind.BOARD: 3,
    ZoneKind.MUCK: 4,
    ZoneKind.POT: 5,
    ZoneKind.DEALER: 6,
}


@dataclass(frozen=True, slots=True)
class PixelZone:
    name: str
    kind: ZoneKind
    seat: int | None
    polygon: np.ndarray  # (k, 1, 2) float32, pixels

    def contains(self, x: float, y: float) -> bool:
        return cv2.pointPolygonTest(self.polygon, (x, y), False) >= 0

    @property
    def centre(self) -> tuple[float, float]:
        c = self.polygon.reshape(-1, 2).mean(axis=0)
        return float(c[0]), float(c[1])


class TableGeometry:
    """Zones of one camera config at one frame size."""

    def __init__(self, config: CameraConfig, width: int, height: int) -> None:
        scale = np.array([width, height], dtype=np.float32)

        def px(points: list[tuple[float, float]]) -> np.ndarray:
            return (np.asarray(points, dtype=np.float32) * scale).reshape(-1, 1, 2)

        self.width, self.height = width, height
        self.oblique = config.view == "oblique"
        self.rail = px(config.table.rail)
        self.felt = px(config.table.felt)
        zones = [PixelZone(z.name, z.kind, z.seat, px(z.polygon)) for z in config.table.zones]
        self.zones = tuple(sorted(zones, key=lambda z: _PRIORITY[z.kind]))
        self.by_name = {z.name: z for z in self.zones}
        self.seats = tuple(sorted({z.seat for z in zones if z.seat is not None}))
        self.chairs = {s: xy for s in self.seats if (xy := self._chair(s)) is not None}
        # a chair whose rail point is inside the frame, clear of its edge: a seated player shows there
        m = CHAIR_MARGIN * min(width, height)
        self.chairs_in_view = frozenset(
            s for s, (x, y) in self.chairs.items() if m <= x < width - m and m <= y < height - m
        )
        # chairs far enough inside the frame that seeing nobody there means nobody sits there
        self.chairs_clear = frozenset(s for s in self.chairs_in_view if self._inside(s) >= CHAIR_CLEAR)

    def footprint(self, xyxy: np.ndarray, tall: np.ndarray | None = None) -> np.ndarray:
        """(n, 2) float32 pixels where each box's object meets the table. A ``tall`` object (a bottle,
        a glass: (n,) bool) leans away from the image centre in a wide overhead lens, so its base is
        the point of its box nearest the centre."""
        x = (xyxy[:, 0] + xyxy[:, 2]) / 2
        y = xyxy[:, 3] - (xyxy[:, 3] - xyxy[:, 1]) * 0.25 if self.oblique else (xyxy[:, 1] + xyxy[:, 3]) / 2
        if tall is not None and tall.any():
            cx, cy = self.width / 2, self.height / 2
            x = np.where(tall, np.clip(cx, xyxy[:, 0], xyxy[:, 2]), x)
            y = np.where(tall, np.clip(cy, xyxy[:, 1], xyxy[:, 3]), y)
        return np.stack([x, y], axis=1).astype(np.float32)

    def place_of(self, x: float, y: float) -> str:
        """The zone name at a pixel, else FELT, RAIL or OFF."""
        for zone in self.zones:
            if zone.contains(x, y):
                return zone.name
        if cv2.pointPolygonTest(self.felt, (x, y), False) >= 0:
            return FELT
        if cv2.pointPolygonTest(self.rail, (x, y), False) >= 0:
            return RAIL
        return OFF

    def nearest_seat(self, x: float, y: float) -> int | None:
        """The seat whose own zones lie nearest the pixel (a hand reaching in, an object put down)."""
        best, seat = float("inf"), None
        for zone in self.zones:
            if zone.seat is None:
                continue
            d = -cv2.pointPolygonTest(zone.polygon, (x, y), True)
            if d < best:
                best, seat = d, zone.seat
        return seat

    def seat_axis(self, seat: int) -> tuple[tuple[float, float], tuple[float, float]] | None:
        """The middles of the seat's stack and bet zones (the line a push follows), or None."""
        stack, bet = self.by_name.get(f"seat{seat}_stack"), self.by_name.get(f"seat{seat}_bet")
        return None if stack is None or bet is None else (stack.centre, bet.centre)

    def reach(self, seat: int, point: tuple[float, float]) -> float:
        """How far forward a point lies along the seat's axis (its stack zone's middle 0, its bet zone's 1);
        0 without those zones."""
        axis = self.seat_axis(seat)
        if axis is None:
            return 0.0
        (sx, sy), (bx, by) = axis
        length2 = (bx - sx) ** 2 + (by - sy) ** 2 or 1.0
        return ((point[0] - sx) * (bx - sx) + (point[1] - sy) * (by - sy)) / length2

    def _chair(self, seat: int) -> tuple[float, float] | None:
        """Where a seated player's body meets the rail behind the seat: ``CHAIR_PROBE`` stack-to-bet
        distances behind the stack zone's middle (about 33 cm), or None without those zones."""
        axis = self.seat_axis(seat)
        if axis is None:
            return None
        (sx, sy), (bx, by) = axis
        return sx + CHAIR_PROBE * (sx - bx), sy + CHAIR_PROBE * (sy - by)

    def _inside(self, seat: int) -> float:
        """How far the seat's chair point lies inside the frame, in its stack-to-bet distances."""
        (sx, sy), (bx, by) = self.seat_axis(seat)  # type: ignore[misc]
        x, y = self.chairs[seat]
        return min(x, y, self.width - x, self.height - y) / max(float(np.hypot(sx - bx, sy - by)), 1.0)

    def chair_of(self, box: tuple[float, float, float, float]) -> int | None:
        """The seat whose chair a player's box covers (the box holds the point where that seat's
        player meets the rail, give or take ``CHAIR_SLACK`` of its shorter side; nearest the box's
        middle if it holds several), or None: a player who got up and walked off, or someone passing
        behind the chairs."""
        x0, y0, x1, y1 = box
        slack = CHAIR_SLACK * min(x1 - x0, y1 - y0)
        held = [
            (abs(x - (x0 + x1) / 2) + abs(y - (y0 + y1) / 2), seat)
            for seat, (x, y) in self.chairs.items()
            if x0 - slack <= x <= x1 + slack and y0 - slack <= y <= y1 + slack
        ]
        return min(held)[1] if held else None

    def nearest_zone(self, x: float, y: float) -> str:
        """The name of the zone nearest the pixel (inside one: that one)."""
        return max(self.zones, key=lambda z: cv2.pointPolygonTest(z.polygon, (x, y), True)).name

    def spilled_into(self, x: float, y: float, reach: float) -> str | None:
        """The bet or pot zone within ``reach`` pixels of a point on the felt, if any: chips pushed
        in spill past the lines an operator drew, and belong to the bet they were pushed into."""
        best, name = reach, None
        for zone in self.zones:
            if zone.kind not in (ZoneKind.BET, ZoneKind.POT):
                continue
            d = -cv2.pointPolygonTest(zone.polygon, (x, y), True)
            if d <= best:
                best, name = d, zone.name
        return name

    def nearest_place(self, x: float, y: float) -> str:
        """Like ``place_of`` but a point on the felt outside every zone takes the nearest zone."""
        place = self.place_of(x, y)
        if place != FELT:
            return place
        return min(self.zones, key=lambda z: -cv2.pointPolygonTest(z.polygon, (x, y), True)).name


@dataclass(frozen=True, slots=True)
class SeenObject:
    """One tracked object in one frame."""

    track: int  # tracker id (-1 untracked)
    cls: str  # detector class name
    box: tuple[float, float, float, float]  # xyxy pixels
    place: str  # zone name, FELT, RAIL or OFF
    seat: int | None  # the seat of that zone, or the nearest seat for hands and foreign objects
    label: str = ""  # card identity ("As", "unreadable"), chip colour
    value: int = 0  # chip value in house units (the stack's value where the view allows it)
    score: float = 1.0  # the detector's confidence

    @property
    def centre(self) -> tuple[float, float]:
        """The middle of the box, pixels."""
        return (self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2


@dataclass(frozen=True, slots=True)
class TableScene:
    """What is on the table in one frame."""

    frame: int
    t: float  # seconds, monotonic
    objects: tuple[SeenObject, ...]
    classes: tuple[str, ...] = ()  # what the perception can see (a class missing here says nothing)
    # the motion gate's changed regions in this very frame (xyxy pixels; ``vision.motion``): where
    # things moved since the last frame, detector call or not; empty where not known
    moving: tuple[tuple[float, float, float, float], ...] = ()
    detected: bool = True  # the objects come from a detector call on this very frame (else an earlier one's)

    def in_place(self, place: str, cls: str | None = None) -> list[SeenObject]:
        return [o for o in self.objects if o.place == place and (cls is None or o.cls == cls)]

    def of_class(self, *classes: str) -> list[SeenObject]:
        return [o for o in self.objects if o.cls in classes]

    def chip_value(self, place: str) -> int:
        return sum(o.value for o in self.objects if o.place == place and o.cls == "chip")


def build_scene(
    frame: int,
    t: float,
    dets: Detections,
    geometry: TableGeometry,
    moving: tuple[tuple[float, float, float, float], ...] = (),
) -> TableScene:
    """One frame's scene from tracked, labelled detections (and the frame's motion regions)."""
    feet = geometry.footprint(dets.xyxy, tall=dets.of_class("drink"))
    names = dets.class_names()
    objects = []
    for i, cls in enumerate(names):
        if cls in ("chip", "card_up", "card_down") and dets.label[i] == PROTECTOR:  # read as a protector
            # (a chip box by the reader, a card box round a protector just lost: ``ProtectorTracks``)
            cls = PROTECTOR
        box = tuple(float(v) for v in dets.xyxy[i])
        x, y = float(feet[i, 0]), float(feet[i, 1])
        if cls == "player":  # in the chair behind the rail (or walking past: no seat)
            place, seat = OFF, geometry.chair_of(box)  # type: ignore[arg-type]
        else:
            place = geometry.place_of(x, y)
            if place == FELT and cls == "chip":
                place = geometry.spilled_into(x, y, reach=max(box[2] - box[0], box[3] - box[1])) or FELT
            zone = geometry.by_name.get(place)
            seat = zone.seat if zone is not None else None
            if seat is None and cls not in ("chip", "card_up", "card_down") and place in (FELT, RAIL):
                seat = geometry.nearest_seat(x, y)
        objects.append(
            SeenObject(
                track=int(dets.tracker_id[i]),
                cls=cls,
                box=box,  # type: ignore[arg-type]
                place=place,
                seat=seat,
                label=str(dets.label[i] or ""),
                value=int(dets.value[i]),
                score=float(dets.confidence[i]),
            )
        )
    return TableScene(frame, t, tuple(objects), dets.names, moving)

"""Hand-made scene sequences over the demo table's zones, for the temporal analyzers' tests: objects
sitting at a zone's centre, a hand back on the rail, the two hole cards of each seat, and ``Table``,
which plays scenes at 10 a second (the detector rate) and keeps the events that come out."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vision.actions import ActionAnalyzer
from vision.camera_config import load_camera_config
from vision.chipset import TOURNAMENT
from vision.events import CardsDealt, Event
from vision.table import RAIL, SeenObject, TableGeometry, TableScene

CONFIG = Path(__file__).resolve().parents[2] / "camera_configs" / "demo_overhead.yaml"
STEP = 0.1  # seconds between scenes
Box = tuple[float, float, float, float]


def demo_geometry() -> TableGeometry:
    """The demo overhead camera's table zones."""
    config = load_camera_config(CONFIG)
    return TableGeometry(config, config.width, config.height)


def thing(geo: TableGeometry, track: int, cls: str, place: str, **kw: object) -> SeenObject:
    """An object of ``cls`` sitting at the centre of zone ``place`` (a 20 px box)."""
    x, y = geo.by_name[place].centre
    zone = geo.by_name[place]
    return SeenObject(track, cls, (x - 10, y - 10, x + 10, y + 10), place, zone.seat, **kw)  # type: ignore[arg-type]


def blur(g: TableGeometry, zone: str, share: float) -> Box:
    """The motion gate's patch of a card in flight ``share`` of the way from the deck to ``zone``."""
    (xa, ya), (xb, yb) = g.by_name["dealer"].centre, g.by_name[zone].centre
    x, y = xa + (xb - xa) * share, ya + (yb - ya) * share
    return x - 15, y - 15, x + 15, y + 15


def long_card(g: TableGeometry, track: int, zone: str) -> SeenObject:
    """A face-down card 40 px long in ``zone``, as on the renders (the pitch watch measures card
    lengths from the cards at the seats)."""
    x, y = g.by_name[zone].centre
    return replace(thing(g, track, "card_down", zone), box=(x - 14, y - 20, x + 14, y + 20))


def between(
    geo: TableGeometry, track: int, cls: str, a: str, b: str, share: float, label: str = ""
) -> SeenObject:
    """A card on the felt ``share`` of the way from zone ``a``'s centre to zone ``b``'s (in flight)."""
    (xa, ya), (xb, yb) = geo.by_name[a].centre, geo.by_name[b].centre
    x, y = xa + (xb - xa) * share, ya + (yb - ya) * share
    return SeenObject(track, cls, (x - 10, y - 10, x + 10, y + 10), geo.place_of(x, y), None, label=label)


def rail_hand(geo: TableGeometry, track: int, seat: int) -> SeenObject:
    x, y = geo.by_name[f"seat{seat}_stack"].centre
    return SeenObject(track, "hand", (x - 25, y - 25, x + 25, y + 25), RAIL, seat)


def hand_at_reach(geo: TableGeometry, seat: int, reach: float, place: str, track: int = 7) -> SeenObject:
    """A hand whose centre lies ``reach`` of the way from the seat's stack zone to its bet zone."""
    axis = geo.seat_axis(seat)
    assert axis is not None
    (sx, sy), (bx, by) = axis
    x, y = sx + reach * (bx - sx), sy + reach * (by - sy)
    return SeenObject(track, "hand", (x - 25, y - 25, x + 25, y + 25), place, seat)


class Table:
    """Plays scenes: each ``show`` holds the listed objects for ``seconds``."""

    def __init__(self, geo: TableGeometry, turn: int | None = None, stacks_counted: bool = True) -> None:
        self.geo = geo
        self.turn = turn
        self.analyzer = ActionAnalyzer(geo, TOURNAMENT, turn=lambda: self.turn, stacks_counted=stacks_counted)
        self.t = 0.0
        self.frame = 0
        self.events: list[Event] = []

    def show(
        self,
        seconds: float,
        *objects: SeenObject,
        moving: tuple[Box, ...] = (),
        detected: bool = True,
        step: float = STEP,
    ) -> None:
        """``moving``: the motion gate's changed regions in each of these scenes; ``detected``: False
        where the detector was not called (the objects are its last call's); ``step``: seconds between
        these scenes (1/30: every frame of a 30 fps video, as the motion gate sees it)."""
        for _ in range(round(seconds / step)):
            scene = TableScene(self.frame, self.t, tuple(objects), moving=moving, detected=detected)
            self.events += self.analyzer.update(scene)
            self.t += step
            self.frame += 1

    def reach(self, seat: int, place: str, *objects: SeenObject, track: int = 7) -> None:
        """A hand of ``seat`` comes in over the rail, rests at zone ``place`` and goes back, over
        ``objects``."""
        self.show(0.2, *objects, rail_hand(self.geo, track, seat))
        self.show(0.3, *objects, thing(self.geo, track, "hand", place))
        self.show(0.2, *objects, rail_hand(self.geo, track, seat))

    def cards_dealt_to(self, *seats: int) -> dict[int, int]:
        """How many cards the deal events gave each of ``seats``."""
        dealt = [e for e in self.events if isinstance(e, CardsDealt)]
        return {s: sum(e.count for e in dealt if e.seat == s) for s in seats}

    def kinds(self) -> list[str]:
        return [type(e).__name__ for e in self.events]


def dealt(geo: TableGeometry, seats: tuple[int, ...] = (1, 2)) -> list[SeenObject]:
    cards = []
    for i, seat in enumerate(seats):
        cards += [thing(geo, 100 + 2 * i, "card_down", f"seat{seat}_cards")]
        cards += [thing(geo, 101 + 2 * i, "card_down", f"seat{seat}_cards")]
    return cards


def pitch(table: Table, shown: list[SeenObject], card: SeenObject, *still: SeenObject) -> None:
    """A card pitched from the deck to its seat, boxed twice in flight, then lying there (added to
    ``shown``); ``still``: objects lying on the table meanwhile (the dealer button)."""
    for share in (0.3, 0.7):
        flying = between(table.geo, card.track + 100, "card_down", "dealer", f"seat{card.seat}_cards", share)
        table.show(0.1, *still, *shown, flying)
    shown.append(card)
    table.show(0.1, *still, *shown)

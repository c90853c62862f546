"""Cards pitched on top of other cards: the one a camera cannot count by looking.

A dealer pitching fast sometimes lands a card squarely on one already at the seat. The camera then
sees the same number of cards as before, and the tracker may even carry the hidden card's track on
to the new one. ``PitchWatch`` follows cards in flight instead: a card seen loose for under
``PITCH_S`` (the tracker confirms a fast card late, so it is seen once or twice) that vanishes
within three card lengths of a seat's cards has landed there. If the seat then settles on no more
cards than it showed before, and no other seat shows a card more either (a card the tracker lost
in flight lands wherever a card appears), the new card came down on top of another, and the hidden
one is counted (``covered``) until the seat's cards are gone.
"""

from __future__ import annotations

from collections.abc import Container

import cv2

from vision.camera_config import ZoneKind
from vision.table import FELT, SeenObject, TableGeometry, TableScene

CARDS = ("card_up", "card_down")
PITCH_S = 0.6  # s: a card loose on the felt no longer than this, then gone, was pitched
RESTING = (ZoneKind.MUCK, ZoneKind.DEALER, ZoneKind.CARDS)  # zones where a card is not in flight


class PitchWatch:
    def __init__(self, geometry: TableGeometry, hold: float) -> None:
        self.geo = geometry
        self.hold = hold  # how long a seat's card count takes to settle
        self.covered: dict[int, int] = {}  # seat -> its cards hidden under a card pitched on top
        self.flying: dict[int, tuple[float, float, float, float]] = {}  # loose card: x, y, since, size
        self.landings: list[tuple[int, float, dict[int, int]]] = []  # (seat, when, cards seen before)

    def reset(self) -> None:
        """A new hand: nothing is covered or on its way."""
        self.covered.clear()
        self.landings.clear()

    def update(self, scene: TableScene, seen: dict[int, int], busy: Container[int]) -> None:
        """One scene. ``seen``: the cards each seat showed in the previous scene; ``busy``: seats whose
        own hand is over their cards (a player squaring them up is not a pitch landing)."""
        t = scene.t
        now = {o.track: o for o in scene.of_class(*CARDS) if o.track >= 0}
        for track, (x, y, since, size) in self.flying.items():
            if track in now or t - since > PITCH_S:
                continue
            seat = self.geo.nearest_seat(x, y)
            zone = self.geo.by_name.get(f"seat{seat}_cards")
            if seat is None or zone is None or seat in busy:
                continue
            if -cv2.pointPolygonTest(zone.polygon, (x, y), True) <= 3 * size:
                self.landings.append((seat, t, dict(seen)))
        self.flying = {
            track: (
                (o.box[0] + o.box[2]) / 2,
                (o.box[1] + o.box[3]) / 2,
                self.flying[track][2] if track in self.flying else t,
                max(o.box[2] - o.box[0], o.box[3] - o.box[1]),
            )
            for track, o in now.items()
            if self._loose(o)
        }
        for landing in [a for a in self.landings if t - a[1] >= self.hold + 0.1]:
            self.landings.remove(landing)
            seat, _, before = landing
            if all(n <= before.get(s, 0) for s, n in seen.items()):
                self.covered[seat] = self.covered.get(seat, 0) + 1

    def cards_gone(self, seat: int) -> None:
        """The seat shows no cards: nothing of it can be covered any more."""
        self.covered.pop(seat, None)

    def _loose(self, o: SeenObject) -> bool:
        """A card away from where cards rest: not in the muck, on the deck or among a seat's cards
        (one on the board lies there for long, so it never counts as a pitch)."""
        zone = self.geo.by_name.get(o.place)
        return o.place == FELT or (zone is not None and zone.kind not in RESTING)

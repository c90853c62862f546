"""Whose hand is it: each hand in view with its owner, a seat or the dealer.

Fast hands defeat box-overlap trackers, so ownership follows positions, not track ids: a hand close
to where a hand was a moment ago (nearest first, within half a second) is that hand. A new hand coming
in over the rail, or into a seat's stack or cards, is that seat's; one appearing anywhere else is the
dealer's. Two exceptions keep neighbours apart in an oblique view, where they sit close together: a
hand over the rail after a gap is one coming in (its seat is where it enters, not the neighbour whose
hand left a moment ago), and one leaving over the rail as another comes in there are two hands, which
the tracker tells apart at that pace. A new box mostly over a hand already followed is that hand boxed
twice, not a second hand.
"""

from __future__ import annotations

from collections.abc import Container
from typing import NamedTuple

import numpy as np

from vision.detections import Detections, box_iou
from vision.table import FELT, OFF, RAIL, SeenObject, TableGeometry, TableScene

DEALER = 0  # owner id of the dealer's hands
MEMORY_S = 0.5  # how long a hand that left is remembered
RAIL_MEMORY_S = 0.15  # ... when the new one is over the rail
TWIN_IOU = 0.5  # a new hand box overlapping a followed hand's this much is the same hand boxed twice
FAINT = 0.5  # a hand box scored under this is one the detector is unsure of
FAINT_STILL_S = 1.0  # s a faint hand box may lie unmoved before it is taken for no hand
STILL_PX = 1.0  # px: a box no side of which moved more than this since it was first seen lies unmoved


class RecentHand(NamedTuple):
    t: float
    x: float
    y: float
    owner: int
    track: int
    outside: bool  # over the rail or off the table


class HandOwners:
    def __init__(self, geometry: TableGeometry) -> None:
        self.geo = geometry
        self.recent: list[RecentHand] = []
        self.new: list[bool] = []  # for each hand the last update returned: seen for the first time
        self.owned: list[tuple[SeenObject, int]] = []  # the last update's hands with their owners

    def update(self, scene: TableScene, visiting: Container[int]) -> list[tuple[SeenObject, int]]:
        """Each hand in the scene with its owner; ``visiting``: seats whose hand is on the table now."""
        reach = 0.15 * self.geo.width
        hands = scene.of_class("hand")
        centres = [h.centre for h in hands]
        outside = [h.place in (RAIL, OFF) for h in hands]
        memory = [RAIL_MEMORY_S if out else MEMORY_S for out in outside]
        pairs = sorted(
            (abs(x - p.x) + abs(y - p.y), i, j)
            for i, (x, y) in enumerate(centres)
            for j, p in enumerate(self.recent)
            if scene.t - p.t <= memory[i]
            and abs(x - p.x) + abs(y - p.y) < reach
            and not (outside[i] and p.outside and hands[i].track != p.track)
        )
        owners: dict[int, int] = {}
        used: set[int] = set()
        for _, i, j in pairs:
            if i not in owners and j not in used:
                owners[i] = self.recent[j].owner
                used.add(j)
        unmatched = [i for i in range(len(hands)) if i not in owners]
        if unmatched and owners:
            # a second box on a hand already followed is that hand (seed + 12000
            # clean_check_raise_showdown: the dealer's hand pulling in seat 1's bet, boxed twice there,
            # was taken for seat 1's coming into its cards)
            boxes = np.asarray([h.box for h in hands])
            overlap = box_iou(boxes, boxes)
            followed = list(owners)
            for i in unmatched:
                twin = next((k for k in followed if overlap[i, k] >= TWIN_IOU), None)
                if twin is not None:
                    owners[i] = owners[twin]
        self.new = [i not in owners for i in range(len(hands))]
        for i, h in enumerate(hands):
            if i not in owners:
                owners[i] = self._owner_of_new(h, visiting)
        kept = [p for j, p in enumerate(self.recent) if j not in used and scene.t - p.t <= MEMORY_S]
        self.recent = kept + [
            RecentHand(scene.t, x, y, owners[i], hands[i].track, outside[i])
            for i, (x, y) in enumerate(centres)
        ]
        self.owned = [(h, owners[i]) for i, h in enumerate(hands)]
        return self.owned

    def _reaches_past_the_rail(self, h: SeenObject) -> bool:
        """Whether the middle of one of the hand box's sides lies over the rail or off the table."""
        x0, y0, x1, y1 = h.box
        xm, ym = (x0 + x1) / 2, (y0 + y1) / 2
        sides = ((xm, y0), (xm, y1), (x0, ym), (x1, ym))
        return any(self.geo.place_of(x, y) in (RAIL, OFF) for x, y in sides)

    def _owner_of_new(self, h: SeenObject, visiting: Container[int]) -> int:
        if h.place in (RAIL, OFF) or (h.place == FELT and self._reaches_past_the_rail(h)):
            # reaching in from outside: whose place is nearest, a seat's or the dealer's, taken at
            # where the hand meets the table (in an oblique view, low in its box), as its zone was found.
            # So is a hand on the felt with its arm back over the rail (seed + 17000 clean_all_in_runout:
            # a top seat's call, first seen on the strip of felt between its rail and its stack, was
            # taken for the dealer's; its chips were no action, the next two seats' folds out of turn)
            x, y = (float(v) for v in self.geo.footprint(np.asarray([h.box], np.float32))[0])
            nearest = self.geo.by_name[self.geo.nearest_zone(x, y)]
            return nearest.seat if nearest.seat is not None else DEALER
        zone = self.geo.by_name.get(h.place)
        entering = zone is not None and zone.kind.value in ("stack", "cards")
        seat = h.seat if zone is None or zone.seat is None else zone.seat
        if seat is not None and (entering or seat in visiting):
            return seat
        return DEALER


class StillFaintHands:
    """Hand boxes the detector is unsure of (scored under ``FAINT``) that lie unmoved, to the pixel, for
    ``FAINT_STILL_S`` are dropped: a hand in view moves, if only a little, and the detector's box with
    it; a box that stays put is something lying still that looks a little like a hand. Seed + 26000
    cards_off_table: seat 2's second card, once its hand had gone, was boxed as a hand (scored 0.2) for
    four seconds, and the visit, open all that time, gave its bet after two seats had folded; in
    all_in_not_tabled, seat 2's card, boxed as a hand at 0.3-0.5 for two seconds once it had called,
    and the call was missed."""

    def __init__(self, faint: float = FAINT) -> None:
        self.faint = faint
        self.still: list[tuple[np.ndarray, float]] = []  # faint hand boxes: where first seen, since when

    def __call__(self, dets: Detections, t: float) -> Detections:
        faint = dets.of_class("hand") & (dets.confidence < self.faint)
        kept: list[tuple[np.ndarray, float]] = []
        drop = np.zeros(len(dets), bool)
        for i in np.flatnonzero(faint):
            box = dets.xyxy[i]
            first, since = next(
                ((b, s) for b, s in self.still if float(np.abs(b - box).max()) <= STILL_PX), (box, t)
            )
            kept.append((first, since))
            drop[i] = t - since >= FAINT_STILL_S - 1e-6
        self.still = kept
        return dets.select(~drop) if drop.any() else dets

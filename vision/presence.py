"""Who is in the chair at each seat: ``SeatVacated`` and ``SeatReturned`` from the players seen.

A seat is judged only where the camera sees its chair (``TableGeometry.chairs_in_view``) and only while
the perception reports players at all: a detector without the class says nothing about seats. A player
not seen at the chair for ``LEAVE_S`` has left, stamped when last seen there; one seen there again for
``BACK_S`` is back, stamped when first seen. A chair where nothing of a player has shown from the start
(no player box at any score, no hand of its own) is never called vacant here: an empty chair and a
player the detector never boxes look alike. Near the frame's edge a seated player shows as a sliver of
shoulder, and a dark-clothed one on a dark floor may get no box at all (seed + 6000, seat 6: none even
at a score of 0.005); a chair clear of the edge (``TableGeometry.chairs_clear``) does no better under
dim light (seed + 30000, seat 1: its dark-clothed player sat mostly beyond the frame and the chair was
called empty from the start in four renders, a false absent_at_deal each, with the rabbit hunts of a
hand wrongly killed). The pipeline finds such a chair empty when the action passes it by
(``never_shown``). Where a player has shown, a chair clear of the edge is judged by what is seen; near
the edge, seeing nobody proves nothing until a player has been seen scoring at least ``sure`` for
``BACK_S`` running: a hand reaching into the seat's zones shows that somebody sits there, not that the
camera can see them, a sliver scored low once does not even show that, and a player seen only while
leaning in is lost again as they sit back. The dwell times ride out a body hidden for a moment (a
neighbour leaning over, the dealer's arm in an oblique view) and a detector missing a few frames.

Two bars, as in a tracker: a player who left comes back only on sightings scoring at least ``sure``;
any player box the perception passes on keeps a seated player there, and seats one at the start. But
where the camera shows the seat's player well (the median of its sure sightings ``WELL_SEEN`` or more),
a box keeps them only from ``KEEP_SHARE`` of that median: absent_left_before_deal-s54000's empty chair,
at the frame's left edge, was boxed as a player at 0.05-0.28 for 2.7 s after its player (0.77-0.97)
got up, and the seat was vacated only after the deal (five false alerts). A
chair called vacant where no player was ever surely seen is taken by any player box held
``BACK_S`` (a hand does not do: the dealer's posts an absent seat's blind). A
hand in one of the seat's own zones (its stack, bet or cards) also keeps the seat taken, for
``REACH_LEAVE_S`` after it was last seen: the detector loses a player's body while the player
reaches in to bet, and the hand over the rail. A player at the frame's edge
shows as a sliver the detector scores low: at seed + 2000, the third detector run scored seat 7's
sliver at the top edge 0.07-0.16 in most frames. Neither is an empty chair. An empty chair gets no
such boxes: the seat left at absent_left_before_deal-s2000 had no player box of 0.05 or more after
its player went. A seat shown only by its own hand (``HandOwners``: come in from its side, not the
dealer's), its player never boxed, is never called empty once the hand has gone: somebody sits there
whom the camera cannot see (seed + 30000, a large table under dim light: seat 1's dark-clothed player,
mostly beyond the frame's edge though its chair lies clear of it, got no box in the renders looked at,
and its blind's hand made it "leave" in most of them). The dealer's hand posting an absent seat's blind
shows nobody (absent_at_deal's oblique and casino variants at seed + 2000), nor does a hand box lying
beside one of the dealer's (``beside``): the detector boxes a long reach in pieces, hand and forearm, and
the piece first seen in the seat's stack was taken for the seat's own (absent_at_deal-s36000: the dealer
took the empty seat's blind from its stack; the chair counted as shown and its absence was missed, a
false out_of_turn instead).

Measured with that detector (the first with a ``player`` class) on the 59 seed + 2000 base
renders, `--perception model`: false seat_vacated events went from 50 to 31, false seat_returned
from 11 to 0. The alerts stayed the same: 4 false absent_at_deal, 9 false out_of_turn. On the
seed + 4000 oracle sets (base and oblique), every scenario gave the same alerts and events as before.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence

import numpy as np

from vision.detections import Box
from vision.events import Event, SeatReturned, SeatVacated
from vision.hands import DEALER
from vision.table import FELT, OFF, RAIL, SeenObject, TableGeometry, TableScene

LOOSE = (FELT, RAIL, OFF)  # places that belong to no seat
LEAVE_S = 1.0
# after a sighting of the seat's hand alone: a player reaching in hides their body behind their arm
# for a while, and the hand itself is lost over the rail (seed + 6000 prior_chips_pulled_back: seat
# 1's body unseen for 2.5 s around a push, its hand seen 1.3 s apart)
REACH_LEAVE_S = 2.0
BACK_S = 0.5
# a seat whose player the camera shows well (its sure sightings' median at least ``WELL_SEEN``) is kept
# by a player box scoring ``KEEP_SHARE`` of that median, not by any box (the module docstring)
WELL_SEEN = 0.6
KEEP_SHARE = 0.35
KEEP_SIGHTINGS = 300  # the sure sightings each seat's median is taken over, the latest


def beside(a: Box, b: Box) -> bool:
    """Whether two boxes overlap or lie closer than the shortest side of either: one arm boxed twice,
    hand and forearm, comes apart by up to about half a hand's width."""
    gap = max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])
    side = min(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1])
    return gap < side


class SeatPresence:
    def __init__(self, geometry: TableGeometry, seats: Iterable[int], sure: float = 0.0) -> None:
        self.sure = sure  # the score a sighting needs to bring a player back (any box keeps one seated)
        self.watched = sorted(set(seats) & geometry.chairs_in_view)
        self.clear = geometry.chairs_clear  # chairs where seeing nobody, once somebody showed, is nobody
        self.by_hand: dict[int, bool] = {}  # seat -> its last sighting was of its hand alone
        self.seen_before: set[int] = set()  # seats where a player was surely seen: the camera shows them
        self.boxed: set[int] = set()  # seats where a player box was seen at all
        self.own_hand: set[int] = set()  # seats whose own hand (``HandOwners``) was seen in their zones
        self.sure_since: dict[int, float] = {}  # seat -> start of the current run of sure sightings
        self.sure_scores: dict[int, deque[float]] = {}  # seat -> the scores of its latest sure sightings
        self.present: dict[int, bool] = {}  # a seat missing here is not known yet
        self.last_seen: dict[int, float] = {}
        self.seen_since: dict[int, float] = {}  # seat -> start of the current run of sightings
        self.start: float | None = None

    def never_shown(self, seat: int) -> bool:
        """Whether the camera has shown nothing of a player at a chair: no player box at any score, and
        no hand of its own in its zones. Such a chair is never called vacant here, wherever it lies. A
        perception without a player class shows nothing of anybody."""
        return self.start is not None and seat not in self.boxed and seat not in self.own_hand

    def _keep_bar(self, seat: int) -> float:
        """The score a player box needs to keep the seat's player seated (``KEEP_SHARE``)."""
        if seat not in self.seen_before:
            return 0.0
        usual = float(np.median(self.sure_scores[seat]))
        return KEEP_SHARE * usual if usual >= WELL_SEEN else 0.0

    def update(self, scene: TableScene, owners: Sequence[tuple[SeenObject, int]] = ()) -> list[Event]:
        """``owners``: the hands in view with their owners, a seat or the dealer (``HandOwners``)."""
        if "player" not in scene.classes:
            return []
        t = scene.t
        if self.start is None:
            self.start = t
        players = [o for o in scene.of_class("player") if o.seat is not None]
        # a hand in one of a seat's own zones (its stack, bet or cards) shows someone sits there
        reaching = {o.seat for o in scene.of_class("hand") if o.seat is not None and o.place not in LOOSE}
        seated = {o.seat for o in players if o.seat is not None}
        self.boxed |= seated
        dealers = [h.box for h, owner in owners if owner == DEALER]
        self.own_hand |= {
            owner
            for h, owner in owners
            if owner == h.seat and h.place not in LOOSE and not any(beside(h.box, d) for d in dealers)
        }
        sure = {o.seat for o in players if o.score >= self.sure}
        for o in players:
            if o.score >= self.sure and o.seat is not None:
                self.sure_scores.setdefault(o.seat, deque(maxlen=KEEP_SIGHTINGS)).append(o.score)
        kept = {o.seat for o in players if o.seat is not None and o.score >= self._keep_bar(o.seat)}
        here = kept | reaching
        out: list[Event] = []
        for seat in self.watched:
            # vacant: a player surely seen before needs a sure sighting to come back; at a chair
            # where nobody was ever surely seen, any steady box does (seed +
            # 7000: a player at the top edge scored 0.05-0.3 for seconds before the deal, five renders)
            vacant = self.present.get(seat) is False
            back = (sure if seat in self.seen_before else seated) if vacant else here
            # seen surely for ``BACK_S`` running: a sliver scored low once proves nothing, nor does a
            # player leaning in at a chair the edge cuts (seed + 15000 clean_capped_bottle: seat 6 boxed
            # in three calls as it put its bottle down, then unseen as it sat back: a false absent seat)
            if seat in sure and t - self.sure_since.setdefault(seat, t) >= BACK_S:
                self.seen_before.add(seat)
            elif seat not in sure:
                self.sure_since.pop(seat, None)
            if seat in back:
                self.last_seen[seat] = t
                self.by_hand[seat] = seat not in seated
                since = self.seen_since.setdefault(seat, t)
                if self.present.get(seat) is None:
                    self.present[seat] = True
                elif not self.present[seat] and t - since >= BACK_S:
                    self.present[seat] = True
                    out.append(SeatReturned(since, frame=scene.frame, seat=seat))
                continue
            self.seen_since.pop(seat, None)
            # unjudged: the frame's edge cuts off where a player would sit, or no player was ever boxed
            # there (its own hand alone shows somebody sits there whom the camera does not show)
            if seat not in self.seen_before and (seat not in self.clear or seat not in self.boxed):
                continue
            last = self.last_seen.get(seat, self.start)
            wait = REACH_LEAVE_S if self.by_hand.get(seat) else LEAVE_S
            if self.present.get(seat) is not False and t - last >= wait:
                self.present[seat] = False
                out.append(SeatVacated(last, frame=scene.frame, seat=seat))
        return out

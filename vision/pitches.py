"""Cards pitched on top of other cards: the one a camera cannot count by looking.

A dealer pitching fast sometimes lands a card squarely on one already at the seat: the camera sees as
many cards as before, and the tracker may carry the hidden card's track on to the new one. ``PitchWatch``
follows cards in flight instead: a card seen loose for under ``PITCH_S`` (a fast card is seen once or
twice) that vanishes within three card lengths of a seat's cards has landed there. If the seat then
settles on no more cards than before, and no other seat shows a card more (a card the tracker lost in
flight lands wherever a card appears), it came down on top of another, and the hidden one is counted
(``covered``) until the seat's cards are gone.

Where it landed is read from the seats' cards rather than from the flight's last place (a pitch is
often seen once, leaving the deck, and passes over a neighbour's cards): a card coming down moves or
grows a seat's boxes (``DISTURB``) or shows as one more; the seat so changed within ``DISTURB_S`` of the
flight's end (or at the detector's next call, where it was idle then: ``_window``), nearest its last
place, is where it landed. Seed + 7000 misdeal_too_late: the late card, seen once by the deck, grew the
box of seat 5's second card by 7 px. With no seat changed, the flight's last place decides.

Once a player has acted, a landing hides a card only if the flight was seen on its way from the deck
and the seat's cards moved as it came down with no hand over them; else a late card must show as one
more (seed + 9000 and seed + 23000: the dealer's arm pulling the bets in, see ``update``), and
``landed`` only notes where flights from the deck came down.

A pitch too blurred for the detector is seen by motion (``vision.flights``): a compact patch crossing
from the deck, frame by frame, ends where it was last seen; where the detector saw the same card for a
moment, the motion's flight stands in for the detector's (``_motion_flight``; seed + 17000 and 18000
misdeal_too_late). A card whose flight nobody saw is read from the deal's order (``vision.deal_order``):
two cards seen landing two seats apart, two pitches' time apart, had one for the seat between, and the
last seat's card may follow the one before it unseen.
"""

from __future__ import annotations

import math
from collections.abc import Container
from typing import NamedTuple

import cv2

from vision.camera_config import ZoneKind
from vision.card_drift import drifted, same_box
from vision.deal_order import unseen_pitches
from vision.detections import Box, enclosing, share_covered
from vision.flights import LAST_SEEN_S, Flight, MotionFlights, ahead
from vision.table import FELT, SeenObject, TableGeometry, TableScene

CARDS = ("card_up", "card_down")
PITCH_S = 0.6  # s: a card loose on the felt no longer than this, then gone, was pitched
RESTING = (ZoneKind.MUCK, ZoneKind.DEALER, ZoneKind.CARDS)  # zones where a card is not in flight
DISTURB_S = 0.3  # s after a flight's end in which the seat it landed on is disturbed
CALL_WAIT_S = 1.2  # s at most to wait for a detector call after a flight's end (one at 1 a second idle)
LANDED_S = 2.0  # s after a card came down at a seat in which a card more in view there is that card
SHOW_LATE_S = 0.5  # s before another landing in which a card that came down may not show yet
SETTLE_S = 0.4  # s a card that came into view takes to come to rest (its moves disturb nothing)...
LAY_S = 0.15  # ...unless its seat's boxes lay unchanged this long before they moved
HAND_ON_CARDS_S = 0.3  # s: a seat's cards changing this close to a hand's box over them were that hand's
REACH = 0.2  # card lengths: a seat's cards reaching this much past where they lay when one was hidden


Sighting = tuple[float, float, float]  # when a loose card was seen, and where (x, y)


class EndedFlight(NamedTuple):
    """A card's flight that ended: where it may have come down, decided ``DISTURB_S`` later."""

    t: float  # when it was first missed
    x: float  # its last place
    y: float
    seat: int | None  # the seat its last place gives, or None
    before: dict[int, int]  # the cards each seat showed before
    from_deck: bool  # first seen nearer the dealer's zone than any seat's cards
    on_its_way: bool  # last seen two card lengths or more from where it was first seen
    # no flight: the deal's order says a card came here in the ``skipped`` s after ``t`` (``_dealt_in_order``)
    skipped: float = 0.0


class PitchWatch:
    def __init__(self, geometry: TableGeometry, hold: float) -> None:
        self.geo = geometry
        self.hold = hold  # how long a seat's card count takes to settle
        self.covered: dict[int, int] = {}  # seat -> its cards hidden under a card pitched on top
        self.covered_by: dict[int, float] = {}  # seat -> when the landing that last hid one came down
        self.in_view: dict[int, int] = {}  # seat -> the cards it showed over them (``card_came_into_view``)
        self.uncovered: dict[int, float] = {}  # seat -> when a card counted hidden there last came into view
        self.reach: dict[int, Box] = {}  # seat -> where its card boxes reached as a card hid one there
        self.boxed_twice: dict[int, int] = {}  # seat -> card boxes it showed over what the deal had given it
        self.over_deal_since: dict[int, float] = {}  # seat -> since when it has shown more than that
        self.flying: dict[int, tuple[float, float, float, float]] = {}  # loose card: x, y, since, size
        # (seat, when, cards seen before, when its cards changed as it came down: counted from then)
        self.landings: list[tuple[int, float, dict[int, int], float]] = []
        self.launch: dict[int, tuple[float, float]] = {}  # untracked flight -> where it was first seen
        self.path: dict[int, list[Sighting]] = {}  # loose card -> where it was seen, when
        self.ended: list[EndedFlight] = []  # waiting ``DISTURB_S`` to see whose cards they disturbed
        self.final_pitch: list[EndedFlight] = []  # the last seat's unseen card, waiting on other flights
        self.seat_boxes: dict[int, list[tuple[float, float, float, float]]] = {}  # last scene's, per seat
        self.boxes_before: dict[int, list[tuple[float, float, float, float]]] = {}  # ... the scene before's
        self.disturbed: dict[int, float] = {}  # seat -> when a card box there last moved or grew
        self.rose: dict[int, float] = {}  # seat -> when it last showed a card more
        self.moved: dict[int, float] = {}  # seat -> when its card boxes last changed (more, moved or grew)
        self.landed: dict[int, float] = {}  # seat -> when a card in flight last came down there
        self.came_down_by: dict[int, float] = {}  # the same, for a flight last seen by that seat's cards
        self.hand_on_cards: dict[int, list[float]] = {}  # seat -> when a hand's box lay over its cards (1 s)
        self.taken: set[tuple[int, float]] = set()  # (seat, when) changes already given to a flight
        self._pseudo = 0  # the last pseudo track given to an untracked flight
        self.order: list[int] = []  # while the initial deal goes round: its seats, in dealing order
        self.deal_log: list[tuple[float, int]] = []  # (when, seat) of each card seen landing this deal
        self.motion = MotionFlights()  # cards flying too fast for the detector, seen by motion
        self.card = 0.032 * geometry.width  # a card's length in pixels (from the cards in view)
        self.calls: list[float] = []  # when the detector was called, the last ``CALL_WAIT_S``
        self.detector_ends: list[tuple[EndedFlight, tuple[Sighting, ...]]] = []  # the detector's, and paths
        self.seen_log: list[tuple[float, dict[int, int]]] = []  # the last second's card counts per seat
        self.box_log: list[tuple[float, dict[int, list[Box]]]] = []  # ... and card boxes per seat
        self._dealer = next((z for z in geometry.zones if z.kind is ZoneKind.DEALER), None)
        self._seat_cards = [z for z in geometry.zones if z.kind is ZoneKind.CARDS]

    def reset(self) -> None:
        """A new hand: nothing is covered or on its way."""
        counts = (self.covered, self.covered_by, self.in_view, self.uncovered, self.boxed_twice, self.reach)
        for seats in (*counts, self.over_deal_since, self.landed, self.came_down_by):
            seats.clear()
        self.landings, self.ended, self.taken, self.deal_log, self.final_pitch = [], [], set(), [], []

    def update(
        self, scene: TableScene, seen: dict[int, int], busy: Container[int], late: bool = False
    ) -> None:
        """One scene. ``seen``: the cards each seat showed in the previous scene; ``busy``: seats whose own
        hand is over their cards (a player squaring them up is not a pitch landing); ``late``: play is
        under way, so a landing hides no card unless the flight was seen on its way from the deck (seed +
        9000: flights seen once by the deck as the dealer pulled the bets in "landed" on seats' cards in 19
        hands). Landings are still noted in ``landed``."""
        t = scene.t
        cards = scene.of_class(*CARDS)
        self._note_disturbed(cards, busy, t)
        self._note_hands(scene.of_class("hand"), t)
        self.seen_log = [e for e in self.seen_log if t - e[0] <= 1.0] + [(t, dict(seen))]
        self.box_log = [e for e in self.box_log if t - e[0] <= 1.0] + [(t, self.seat_boxes)]
        self.detector_ends = [e for e in self.detector_ends if t - e[0].t <= 1.0]
        self._measure_cards(cards)
        now = {o.track: o for o in cards if o.track >= 0}
        now.update(self._follow_untracked([o for o in cards if o.track < 0 and self._loose(o)]))
        for track, (x, y, since, size) in self.flying.items():
            if track in now or t - since > PITCH_S:
                continue
            seat = None
            if track < 0:  # an untracked flight, seen once a detector call, far apart (or just once)
                if not self._from_the_deck(track):
                    continue
                seat = self._untracked_landing(cards, x, y)  # where an unconfirmed card now lies
                if seat is None and not self._flew_out(track, x, y, size):
                    # seen too briefly to say where it went: it landed where it disturbed cards, if
                    # anywhere (cards thrown in by the muck disturb none)
                    self._detector_flight_ended(EndedFlight(t, x, y, None, dict(seen), True, False), track)
                    continue
            on_its_way = math.dist(self.launch.get(track, (x, y)), (x, y)) >= 2 * size
            if seat is None:  # else where it was last seen: next to a seat's cards
                seat = self._seat_by(x, y, size)
                if seat is None:
                    if track < 0 or self._from_the_deck(track):  # last seen mid-flight (seed + 2000
                        # misdeal_too_late) or leaving the deck (seed + 16000 misdeal_wrong_card_count: a
                        # third card, tracked): it landed where it disturbed cards, if anywhere
                        self._detector_flight_ended(
                            EndedFlight(t, x, y, None, dict(seen), True, on_its_way), track
                        )
                    continue
            self._detector_flight_ended(
                EndedFlight(t, x, y, seat, dict(seen), self._from_the_deck(track), on_its_way), track
            )
        for blur in self.motion.update(t, scene.moving, self.card):
            self._motion_flight(blur)
        if scene.detected:
            self.calls = [c for c in self.calls if t - c <= CALL_WAIT_S] + [t]
        due = [f for f in self.final_pitch if t - f.t >= f.skipped + CALL_WAIT_S]  # flights placed by then
        self.ended += due
        self.final_pitch = [f for f in self.final_pitch if f not in due]
        for flight, window in [(f, self._window(f, t, scene.detected)) for f in self.ended]:
            if window is None:
                continue
            self.ended.remove(flight)
            ended_t, x, y, seat, before, from_deck, on_its_way, skipped = flight
            last_by = seat
            # a card comes down as it vanishes from flight or just after, where a card shows more or
            # a card box moves (a seat changed before that had the card before: seed + 7000
            # ambiguous_amount, seat 2's second card; clean_plo_pot_bet: a card that showed at seat
            # 4 was not one more covered at seat 8)
            # each change is one card's: two flights ending together do not both land on one seat
            changed = [
                (s, w)
                for s in self.geo.seats
                for w in (self.disturbed.get(s, -1e9), self.rose.get(s, -1e9))
                if 0 <= w - ended_t <= window
                and (s, w) not in self.taken
                # nor a change at another seat that a later flight was seen coming down on
                and (s == seat or not any(f.seat == s and ended_t < f.t <= w for f in self.ended))
            ]
            if skipped and seat is not None:  # only its own cards changing before the next landed say so
                changed = [
                    (seat, w)
                    for w in (self.disturbed.get(seat, -1e9), self.rose.get(seat, -1e9))
                    if 0 < w - ended_t <= skipped and (seat, w) not in self.taken
                ]
                # or its boxes having drifted from where they lay, a pixel or two a call
                drift = None if changed else drifted(self.box_log, seat, ended_t, ended_t + skipped)
                if drift is not None and (seat, drift) not in self.taken:
                    changed = [(seat, drift)]
                # nor where a flight was seen coming down since: a card landing squarely may change the
                # seat's boxes twice as it settles, and its own flight took one
                if not changed or self.landed.get(seat, -1e9) >= ended_t:
                    continue
            felt = False  # a card came down: the seat's cards changed with no hand over them
            came = ended_t
            if changed:  # the seat whose cards it came down on, nearest its last place; of that seat's
                # changes the first (seed + 16000 misdeal_wrong_card_count: the second card's flight took
                # the third card's landing on it, 0.2 s after the second showed); not one that came after
                # another flight's end, where there is one before
                seat, when = min(
                    changed, key=lambda c: (self._next_ended(ended_t, c[1]), self._away(c[0], x, y), c[1])
                )
                self.taken.add((seat, when))
                came = when
                felt = all(abs(when - h) > HAND_ON_CARDS_S for h in self.hand_on_cards.get(seat, ()))
            if seat is not None and seat not in busy:
                if from_deck and not skipped:  # a card dealt (cards thrown in, or slid about, start at seats)
                    self._dealt_in_order(seat, ended_t)
                    self.landed[seat] = ended_t
                    if seat == last_by:
                        self.came_down_by[seat] = ended_t
                # once play is under way, a card hidden under another is counted only if the flight was
                # seen on its way from the deck (one seen only by the deck may be the dealer pulling the
                # bets in), and only if it was felt: the dealer's arm reaching from the deck for a seat's
                # bet is a card-sized patch flying the same way (seed + 23000: in 9 hands, seat 5's or 6's
                # cards "got" a third card so); a late card nudged the seat's cards in every one seen
                # (seed + 2000, 22000 and 23000 misdeal_too_late)
                if not late or (from_deck and on_its_way and felt):
                    self.landings.append((seat, ended_t, before, came))
        self.flying = {
            track: (
                *o.centre,
                self.flying[track][2] if track in self.flying else t,
                max(o.box[2] - o.box[0], o.box[3] - o.box[1]),
            )
            for track, o in now.items()
            if self._loose(o)
        }
        for track, o in now.items():  # where each flight was first seen, and where since
            if track in self.flying:
                self.launch.setdefault(track, o.centre)
                self.path.setdefault(track, []).append((t, *o.centre))
        self.launch = {k: v for k, v in self.launch.items() if k in self.flying}
        self.path = {k: v for k, v in self.path.items() if k in self.flying}
        # the seat's count is read once it has had time to settle after the cards changed, not after
        # the flight ended (misdeal_too_late-s36000: seat 5's second card, its flight lost by the deck,
        # showed 0.3 s later beside the first for one detector call, which boxed only it from then on;
        # read then, the landing showed a card more, and the seat held one card)
        for landing in [a for a in self.landings if t - a[3] >= self.hold + 0.1]:
            self.landings.remove(landing)
            seat, when, before, came = landing
            # a card more at a seat where a later flight from the deck came down is that flight's
            # (seed + 19000 playlive_45a_multi_chip_call: seat 7's second card came down squarely on its
            # first while seat 9's, seen flying to it, showed there before the count settled), nor a card
            # counted hidden there that came into view since (seed + 30000 clean_plo_pot_bet: seat 4's
            # hidden third showed as the button's fourth came down on its third, and the button held three)
            others = {
                s: n
                for s, n in seen.items()
                if s == seat or not (self._later_flight_to(s, when) or self.uncovered.get(s, -1e9) > when)
            }
            if all(
                n <= (before.get(s, 0) if s == seat else self._shown(s, when, before))
                for s, n in others.items()
            ):
                if self.boxed_twice.get(seat, 0) > 0 and not late:  # came down where a card was boxed twice
                    self.boxed_twice[seat] -= 1  # (in the deal: a late card is one more)
                else:
                    self.covered[seat] = self.covered.get(seat, 0) + 1
                    self.covered_by[seat] = when
                    self.in_view[seat] = seen.get(seat, 0)
                    # where they lay as it came down: the hidden one shows there (clean_capped_bottle-s47000)
                    lay = [b for w, bs in self.box_log if w >= came - self.hold for b in bs.get(seat, [])]
                    if lay:
                        self.reach[seat] = enclosing(lay)

    def _next_ended(self, ended_t: float, w: float) -> bool:
        """Whether another flight from the deck ended after ``ended_t`` and before a change at ``w``: the
        change is more likely that flight's (seed + 55000 oversized_chip_declared_raise: seat 4's second
        card, seen only leaving the deck, took seat 6's, 0.2 s after its own showed, by distance)."""
        return any(f.from_deck and ended_t < f.t < w for f in self.ended)

    def _window(self, flight: EndedFlight, t: float, called: bool) -> float | None:
        """How long after a flight ended its landing is looked for: ``DISTURB_S``, or, with no detector call
        in that time (nothing moved once it came down: the idle rate), up to the next call (``called``: on
        this scene's frame), ``CALL_WAIT_S`` at most. None: not yet (misdeal_too_late-s49000: the late card
        came down at 10.9 s, the next call at 11.6 s saw seat 5's card box widen)."""
        if t - flight.t < DISTURB_S:
            return None
        if any(flight.t < c <= flight.t + DISTURB_S for c in self.calls) or t - flight.t >= CALL_WAIT_S:
            return DISTURB_S
        return t - flight.t if called else None

    def _shown(self, seat: int, when: float, before: dict[int, int]) -> int:
        """The cards another seat showed just before a landing at ``when``: a card shown again is no card
        more (seed + 33000 clean_plo_pot_bet: seat 1's third card, lost under the others for 0.3 s, showed
        again as the button's fourth came down on its third). At the landing's own seat, a card more than
        before is the card that landed. One card more at a seat where a flight from the deck, last seen by
        its cards, came down just before, not yet shown then nor counted hidden, is that flight's, showing
        late (seed + 33000 pot_limit_overbet: seat 1's fourth card showed 0.3 s after it came down). Not a
        flight last seen by another seat that disturbed this one's cards: where it came down is a guess
        (seed + 30000 cards_out_of_view: seat 2's second card, given to seat 3, took seat 3's own)."""
        shown = max([before.get(seat, 0)] + [c.get(seat, 0) for w, c in self.seen_log if w <= when])
        came = self.came_down_by.get(seat, -1e9)
        at_came = [c.get(seat, 0) for w, c in self.seen_log if w <= came]
        hidden = self.covered_by.get(seat) == came
        if 0 <= when - came <= SHOW_LATE_S and at_came and shown <= at_came[-1] and not hidden:
            shown += 1
        return shown

    def _dealt_in_order(self, seat: int, t: float) -> None:
        """A card seen landing at ``seat`` during the initial deal: the cards the order of the deal says
        seats got unseen (``vision.deal_order``), each weighed like a flight that ended there, but only
        that seat's own cards changing in the time given say it came. The last seat's waits until any
        flight seen in that time has been placed (``final_pitch``)."""
        self.deal_log.append((t, seat))
        between, last = unseen_pitches(self.order, self.deal_log, self.landed)
        for pitch, wait in ((between, self.ended), (last, self.final_pitch)):
            zone = None if pitch is None else self.geo.by_name.get(f"seat{pitch.seat}_cards")
            if pitch is None or zone is None:
                continue
            # what each seat showed halfway between the two landings (the card before in view, the one
            # after not); the seat itself as the one before landed: a card more it shows since is its own
            shown = [(w, s) for w, s in self.seen_log if w <= (pitch.after + t) / 2]
            half = shown[-1][1] if shown else {}
            then = next((s.get(pitch.seat, 0) for w, s in shown if w >= pitch.after), half.get(pitch.seat, 0))
            before = {**half, pitch.seat: then}
            wait.append(EndedFlight(pitch.after, *zone.centre, pitch.seat, before, True, True, pitch.within))

    def _detector_flight_ended(self, flight: EndedFlight, track: int) -> None:
        """A flight the detector followed ended where it may have landed. Only such flights are noted
        in ``detector_ends``: a motion flight gives way to none that was dropped (seed + 25000
        clean_full_ring_walk: the button's second card, boxed once only, halfway to its seat, was
        dropped as not seen leaving the deck, and its motion flight with it: a false misdeal)."""
        self.ended.append(flight)
        self.detector_ends.append((flight, tuple(self.path.get(track, ()))))

    def _later_flight_to(self, seat: int, t: float) -> bool:
        """Whether a flight from the deck that ended after ``t`` (or with it: two flights lost by the deck
        together) came down on the seat, or is still being placed and was last seen by its cards or
        lost mid-flight, or by a seat not dealt in, as a card showed there (pot_limit_overbet-s44000: the
        button's fourth card, lost on its way, showed 0.1 s on; seat 3's landing, read first, took it for
        its own card; clean_full_ring_walk-s52000: seat 9's, last seen by empty seat 10)."""
        rose = self.rose.get(seat, -1e9)
        elsewhere = [None, *(s for s in self.geo.seats if self.order and s not in self.order)]
        return self.landed.get(seat, -1e9) >= t or any(
            f.t > t and (f.seat == seat or (f.seat in elsewhere and 0 <= rose - f.t <= DISTURB_S))
            for f in self.ended
        )

    def _away(self, seat: int, x: float, y: float) -> float:
        """Pixels from (x, y) to the seat's cards zone (0 inside it)."""
        zone = self.geo.by_name.get(f"seat{seat}_cards")
        return float("inf") if zone is None else max(0.0, -cv2.pointPolygonTest(zone.polygon, (x, y), True))

    def _note_disturbed(self, cards: list[SeenObject], busy: Container[int], t: float) -> None:
        """Seats whose card boxes moved or grew since the last scene (``DISTURB``). Not a seat that showed
        a card more within ``SETTLE_S`` (that card sliding to rest) while its boxes kept changing, nor one
        whose own hand is over its cards. Boxes that lay still for ``LAY_S`` and then moved were disturbed
        (seed + 16000 misdeal_wrong_card_count: the third card came down on the second 0.2 s after it)."""
        boxes: dict[int, list[tuple[float, float, float, float]]] = {}
        for o in cards:
            zone = self.geo.by_name.get(o.place)
            if zone is not None and zone.kind is ZoneKind.CARDS and zone.seat is not None:
                boxes.setdefault(zone.seat, []).append(o.box)
        for seat, now in boxes.items():
            was = self.seat_boxes.get(seat)
            if was is None or len(now) > len(was):  # a card more in view: a landing the count shows
                self.rose[seat] = self.moved[seat] = t
            elif any(not any(same_box(b, p) for p in was) for b in now):
                at_rest = t - self.rose.get(seat, -1e9) > SETTLE_S or t - self.moved.get(seat, -1e9) >= LAY_S
                if seat not in busy and at_rest:
                    self.disturbed[seat] = t
                self.moved[seat] = t
        self.boxes_before, self.seat_boxes = self.seat_boxes, boxes

    def _note_hands(self, hands: list[SeenObject], t: float) -> None:
        """Seats whose card boxes a hand's box overlaps now (anyone's: the dealer's arm pulling the
        bets in reaches over them)."""
        for seat, boxes in self.seat_boxes.items():
            times = [w for w in self.hand_on_cards.get(seat, ()) if t - w <= 1.0]
            if any(share_covered(b, h.box) > 0 for h in hands for b in boxes):
                times.append(t)
            self.hand_on_cards[seat] = times

    def _follow_untracked(self, loose: list[SeenObject]) -> dict[int, SeenObject]:
        """Loose cards the tracker has not confirmed (a fast pitch often never is), each given the
        pseudo track (a negative number) of the untracked flight it continues: the nearest within a
        quarter of the frame's width that it takes no half card back along its line (seed + 41000
        misdeal_wrong_card_count: seat 2's card "flew" back to the next one leaving; seed + 46000
        foreign_object_drink: seat 1's, by its cards, on to seat 3's passing: seat 1 held three)."""
        reach, back = 0.25 * self.geo.width, self.card / 2
        flights = {k: v for k, v in self.flying.items() if k < 0}
        out: dict[int, SeenObject] = {}
        for o in loose:
            x, y = o.centre
            near = [
                (abs(x - fx) + abs(y - fy), k)
                for k, (fx, fy, _, _) in flights.items()
                if k not in out and ahead(self.launch.get(k, (fx, fy)), (fx, fy), (x, y)) > -back
            ]
            d, k = min(near, default=(reach, 0))
            if d >= reach:
                self._pseudo -= 1
                k = self._pseudo
                self.launch[k] = (x, y)
            out[k] = o
        return out

    def _untracked_landing(self, cards: list[SeenObject], x: float, y: float) -> int | None:
        """The seat holding, among its cards, an unconfirmed card nearest to (x, y) that was not lying
        there in the scene before: a card just landed. A PLO hand's four cards, overlapping, are often
        boxed three times, one box never confirmed; a flop card slid into line on the board "landed" on
        such a seat's cards across the table (seed + 13000 clean_plo_pot_bet: a false misdeal)."""
        landed = []
        for o in cards:
            zone = self.geo.by_name.get(o.place)
            if o.track < 0 and zone is not None and zone.kind is ZoneKind.CARDS and zone.seat is not None:
                if any(same_box(o.box, b) for b in self.boxes_before.get(zone.seat, [])):
                    continue  # lying there already
                cx, cy = o.centre
                landed.append((abs(x - cx) + abs(y - cy), zone.seat))
        return min(landed)[1] if landed else None

    def _motion_flight(self, flight: Flight) -> None:
        """A card seen flying by motion alone (``vision.flights``), if it flew from the deck (or its line
        runs back to a card the detector saw leave it just before: misdeal_too_late-s44000, boxed once by
        the deck) to a seat's cards: it ended where it was last seen, on its way. Where the detector saw
        the same card the motion's flight takes the place of the detector's, which saw less of it, unless
        that one's landing was decided already; while the detector still follows it, it is the detector's."""
        x, y = flight.x1, flight.y1
        seat = flight.headed_for(self.geo.seats, self._away, self.card) or self._seat_by(x, y, self.card)
        dealer = self._dealer
        behind = [
            end for end, path in self.detector_ends if end.from_deck and flight.runs_back_to(path, self.card)
        ]
        x0, y0 = (behind[-1].x, behind[-1].y) if behind else (flight.x0, flight.y0)
        if dealer is None or seat is None or not self.nearer_the_deck((x0, y0)):
            return  # it must leave the deck and end by a seat's cards (seed + 19000 dealer_exposed_card:
            # the dealer's hand, after pushing the pot, "flew" from the deck to the dealer's rail)
        away = -cv2.pointPolygonTest(dealer.polygon, (x, y), True)
        if away + cv2.pointPolygonTest(dealer.polygon, (x0, y0), True) < 2 * self.card:
            return  # nor did it fly away from the deck

        # a card the detector still follows, where the motion last saw its card, is the detector's, if
        # its flight will count: one it did not see leave the deck is dropped when it ends (seed + 25000
        # clean_full_ring_walk: the button's second card, first boxed halfway to its seat). The next
        # card, leaving the deck as this one came down, is another (seed + 32000 ambiguous_amount). One
        # the detector first boxed while the motion followed it is this card flying on: its flight left
        # the deck where the motion's did (seed + 38000 clean_plo_pot_bet: seat 2's fourth card, followed
        # by motion from the deck over seat 1's cards, then boxed flying on; the motion's last place, a
        # jump onto seat 1's cards, gave it to seat 1, and seat 2 held three of four, a false misdeal)
        last = flight.places_between(flight.t1 - LAST_SEEN_S / 2, flight.t1)
        for k, (fx, fy, since, _) in self.flying.items():
            if min(math.dist((fx, fy), p) for p in last) > 3 * self.card:
                continue
            if k < 0 and not self._from_the_deck(k):
                if since < flight.t0:
                    continue  # boxed before the motion's flight began: another card
                self.launch[k] = (flight.x0, flight.y0)  # this card flying on: it left the deck
            return

        same = [
            end
            for end, path in self.detector_ends
            if end in behind or flight.same_card(end.t, end.x, end.y, path, self.card)
        ]
        pending = [f for f in self.ended if f in same]
        if same and not pending:
            return
        for f in pending:
            self.ended.remove(f)
        # it came down when its patch first got within a card length of where it was last seen: it slid
        # there to rest (seed + 25000 misdeal_too_late: the late card nudged seat 5's cards 0.03 s before
        # the motion's patch was last seen, and the detector's flight it stood in for had ended then)
        down = next(
            t for t, p in zip(flight.times, flight.points, strict=True) if math.dist(p, (x, y)) <= self.card
        )
        # what the seats held when it was last seen in the air: a card boxed by the time its patch got
        # there is the one that landed (seed + 40000 absent_left_before_deal: seat 8's, boxed a frame
        # before its patch showed again after a gap, was read as held before and counted again, hidden)
        aloft = max((t for t in flight.times if t < down), default=down)
        # a card showing there in the flight's second half is its card (under_raise-s47000: the motion lags)
        rose = self.rose.get(seat, -1e9)
        if (flight.t0 + down) / 2 < rose < aloft:
            aloft = rose
        before = next((seen for when, seen in reversed(self.seen_log) if when <= aloft), {})
        # ...unless it showed as an earlier flight to the seat landed (misdeal_wrong_card_count-s50000)
        earlier = (seat, rose) in self.taken or any(f.seat == seat and f.t <= rose for f in self.ended)
        if earlier and rose <= aloft:
            before = next((seen for when, seen in self.seen_log if when > rose), before)
        self.ended.append(EndedFlight(down, x, y, seat, before, True, True))

    def _seat_by(self, x: float, y: float, size: float) -> int | None:
        """The seat whose cards lie within three card lengths (``size``) of (x, y), nearest first."""
        seat = self.geo.nearest_seat(x, y)
        zone = self.geo.by_name.get(f"seat{seat}_cards")
        return None if zone is None or -cv2.pointPolygonTest(zone.polygon, (x, y), True) > 3 * size else seat

    def _measure_cards(self, cards: list[SeenObject]) -> None:
        """A card's length here: the median longer side of the card boxes lying at the seats."""
        sides = sorted(
            max(o.box[2] - o.box[0], o.box[3] - o.box[1]) for o in cards if o.place.endswith("_cards")
        )
        if len(sides) >= 2:
            self.card = sides[len(sides) // 2]

    def _from_the_deck(self, track: int) -> bool:
        """Whether a flight was first seen nearer the dealer's zone than any seat's cards (a pitch)."""
        start = self.launch.get(track)
        return start is not None and self.nearer_the_deck(start)

    def nearer_the_deck(self, start: tuple[float, float]) -> bool:
        """Whether a point lies nearer the dealer's zone than any seat's cards."""
        if self._dealer is None:
            return False
        to_seat = min(
            (-cv2.pointPolygonTest(z.polygon, start, True) for z in self._seat_cards), default=float("inf")
        )
        return -cv2.pointPolygonTest(self._dealer.polygon, start, True) < to_seat

    def _flew_out(self, track: int, x: float, y: float, size: float) -> bool:
        """Whether an untracked flight was last seen at least two card lengths further from the
        dealer's zone than where it was first seen."""
        start = self.launch.get(track)
        if start is None or self._dealer is None:
            return False
        far = -cv2.pointPolygonTest(self._dealer.polygon, (x, y), True)
        return far - -cv2.pointPolygonTest(self._dealer.polygon, start, True) >= 2 * size

    def card_came_into_view(self, seat: int, seen: int, t: float) -> None:
        """The seat shows ``seen`` cards. More than it showed when a card was last counted hidden there is
        that card come into view, unless another card landed there since, within ``LANDED_S`` (seed + 10000
        undercall: the dealer's hand pulling the bets in nudged seat 7's cards apart). Measured from the
        covering, not the most it ever showed: a pitch coming down squarely shows as one more for a moment
        (seed + 19000 playlive_45a_multi_chip_call). The landing that hid a card is no other card (seed +
        27000 short_all_in: seat 2's second card, boxed 0.1 s as it came down, showed again 1.1 s later).
        Nor is a card showing while a flight that ended by the seat waits to be placed: it is more likely
        that flight's, which counts the card under it only if the seat then shows no more (seed + 30000
        clean_plo_pot_bet: seat 4's fourth card was taken for the hidden third: three of four)."""
        covered, shown = self.covered.get(seat, 0), self.in_view.get(seat, 0)
        landed = self.landed.get(seat, -1e9)
        another = landed > self.covered_by.get(seat, -1e9) and t - landed <= LANDED_S
        another = another or any(f.seat == seat and 0 <= t - f.t <= LANDED_S for f in self.ended)
        if covered and seen > shown > 0 and not another and self._reaches_out(seat, t):
            self.landed[seat] = t  # a card came down, its flight unseen: no other seat's card shows here
            return
        if covered and seen > shown > 0 and not another:
            self.covered[seat] = covered - min(covered, seen - shown)
            self.in_view[seat] = seen
            self.uncovered[seat] = t

    def _reaches_out(self, seat: int, t: float) -> bool:
        """While the deal goes round, the seat's card boxes reach ``REACH`` of a card past where they lay
        as the card that hid one there came down, no hand over them: a card came down at the end of its
        cards; the hidden one shows among them (pot_limit_overbet-s44000: the button's fourth card, 10 px
        past its fan's end, was taken for its third, counted hidden in the fan: three of four)."""
        was, now = self.reach.get(seat), self.seat_boxes.get(seat)
        if not self.order or was is None or not now:
            return False
        (x0, y0, x1, y1), touched = enclosing(now), self.hand_on_cards.get(seat, ())
        out = max(was[0] - x0, was[1] - y0, x1 - was[2], y1 - was[3])
        return out >= REACH * self.card and all(abs(t - h) > HAND_ON_CARDS_S for h in touched)

    def cards_gone(self, seat: int) -> None:
        """The seat shows no cards: nothing of it can be covered any more."""
        for held in (self.covered, self.covered_by, self.in_view, self.uncovered, self.boxed_twice):
            held.pop(seat, None)
        self.reach.pop(seat, None)

    def over_the_deal(self, seat: int, extra: int, t: float) -> None:
        """The seat shows ``extra`` card boxes more than the deal has given it so far. Held for the
        settling time, one of its cards is boxed twice, and the next card pitched onto it shows as that
        box: the boxes do not rise, and no card is covered (seed + 16000 string_bet_multiple_motions:
        the button's first card boxed twice, its second landing on it counted as covered, and once the
        deal was over the seat held three, a misdeal)."""
        if extra <= 0:
            self.over_deal_since.pop(seat, None)
            return
        since = self.over_deal_since.setdefault(seat, t)
        if t - since >= self.hold:
            self.boxed_twice[seat] = max(self.boxed_twice.get(seat, 0), extra)

    def _loose(self, o: SeenObject) -> bool:
        """A card away from where cards rest: not in the muck, on the deck or among a seat's cards
        (one on the board lies there for long, so it never counts as a pitch)."""
        zone = self.geo.by_name.get(o.place)
        return o.place == FELT or (zone is not None and zone.kind not in RESTING)

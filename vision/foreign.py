"""Things on the felt that are neither cards nor chips: phones, drinks, card protectors.

An object counts as placed once it has lain on the felt (not the rail, not off the table) for the
settling time, and as taken away once it has been gone for ``OBJECT_GONE`` (hands cover things). A box
the tracker has not confirmed, over where a placed object lay, is that object still there: the detector
scored a face-down phone under the bar for 1.5 s and the tracker dropped it (seed + 15000
foreign_object_phone: taken away and put down again, a second alert). Nothing lying still can leave the
felt without a hand taking it: an object no longer boxed, with no hand over where it lay since it was
last seen, is still there (seed + 16000 demo_feature_table: a phone scored under the detector's floor
for 3.6 s was taken away and put down again). The same object seen again under a new track, after a
hand covered it or beside its old track on the same spot, is no new event (seed + 16000
foreign_object_drink: the tracker kept two tracks on one glass and it was put down twice). Of two it
may be, it is the one that lay where it shows, never one boxed in the same scene (seed + 50000
foreign_object_second_protector: the first protector, re-tracked after the seat's hand covered it, was
taken for the second, listed after it in that scene, then seen beside it: a third put down); a track
so taken over is never put down again (seed + 2000 foreign_object_phone: two tracks took a phone over
by turns). A protector in a bet zone is a non-value item pushed as a bet, which the visit analyzer
reports, so it is left out here.
What was put down is what most of its track's sure readings (``vision.drinks``: a capped or open
drink, a phone, a protector, or none of these) up to its placing say, not the detector's class: the
detector boxed a face-down phone as a drink for four seconds (seed + 15000 foreign_object_phone).
Only readings of an object lying still count: a bottle carried in, tilted in the hand, reads as open
(seed + 14000 clean_capped_bottle: read open three times in flight, then capped once it stood on the
felt; the open readings placed an open drink and raised a false alert). A box never read surely, or
read mostly as none of these, waits: the detector now and then boxes a chip stack or a hand over it as
a drink (seed + 2000 prior_chips_combined: two stacks boxed as drinks for a second). Perception that
reads nothing (``reads_drinks`` False: the simulator's own boxes carry the answer, test doubles carry
none) places every object as its class says.
A drink or phone box holding a chip box of the same scene, and no bigger than a few chips, is the stack
boxed as an object (``_a_stack``), for as long as its track lasts: seed + 35000 clean_heads_up_check_down,
seat 2's black and yellow chips, half under the arm of a hand going to tap, boxed as a capped drink 30
px wide around the yellow chip's 20 px box, read capped, and "put down" by the tap's hand: no check,
and two false premature boards. A glass or a bottle seen from above is two chips wide or more.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from vision.detections import box_iou, iou, share_covered
from vision.drinks import READINGS
from vision.events import Event, ForeignObject, ObjectPlaced, ObjectRemoved
from vision.settled import RestClock, Settled
from vision.table import OFF, RAIL, SeenObject, TableGeometry, TableScene

OBJECT_EVENTS = (ObjectPlaced, ObjectRemoved)  # things put on the felt or taken off: no player acting

OBJECT_GONE = 2.0  # seconds an object must be missing before it counts as taken away
SAME_PLACE_IOU = 0.5  # a box over this much of a placed object's last box is that object
TOUCHED = 0.3  # a hand box over this share of a placed object's last box may have taken it
STILL_PARTS = 10  # an object's centre moving more than a tenth of its size has not come to rest
STILL_S = 0.2  # seconds an object must have lain still before its readings count (two detector calls)
HOLDS_CHIP = 0.9  # share of a chip box inside an object box for the object to hold that chip
APART = 0.25  # two object boxes covering each other less than this are two objects side by side
STACK_AREA = 3.0  # an object box holding a chip box, at most this many times its area, is the stack
FOREIGN = {  # the detector's class -> what it is, when nothing read it
    "phone": ForeignObject.PHONE,
    "drink": ForeignObject.DRINK_OPEN,
    "card_protector": ForeignObject.CARD_PROTECTOR,
}
READ_AS = {  # a sure reading -> what it is (a reading of "none" is no object)
    "capped": ForeignObject.DRINK_CAPPED,
    "open": ForeignObject.DRINK_OPEN,
    "phone": ForeignObject.PHONE,
    "card_protector": ForeignObject.CARD_PROTECTOR,
}


class ForeignObjects:
    def __init__(self, geometry: TableGeometry, hold: float, reads_drinks: bool = False) -> None:
        self.geo = geometry
        self.hold = hold
        self.reads_drinks = reads_drinks
        self.settled: dict[int, Settled] = {}  # track -> on the felt or not, settled
        self.placed: dict[int, tuple[ForeignObject, int | None]] = {}  # track -> what, nearest seat
        self.last_box: dict[int, tuple[float, float, float, float]] = {}  # placed track -> where it lay
        # track -> its seat, when, and whether it showed over where a placed object lay (that one, re-tracked)
        self.first_seen: dict[int, tuple[int | None, float, bool]] = {}
        self.touched: set[int] = set()  # placed tracks a hand has been over since they were last seen bare
        self.present: set[int] = set()  # the tracks seen in the latest scene
        self.votes: dict[int, Counter[str]] = {}  # track -> its sure readings so far, lying still
        self.rest = RestClock(STILL_PARTS)  # since when each track has lain still
        self.stacks: set[int] = set()  # tracks of object boxes that were a chip stack (``_a_stack``)
        # placed tracks a new track took over as the same object: never placed again (seed + 2000
        # foreign_object_phone: a phone's two tracks, phone and drink, took it over by turns, and the
        # second turn, the drink track's box drifting to chips beside it, put the phone down twice)
        self.merged: set[int] = set()
        # placed track -> the placed track it took over as that object, and where that one lay then
        self.took_over: dict[int, tuple[int, tuple[float, float, float, float]]] = {}

    def new_hand(self) -> None:
        """Forget every track but the objects still lying on the felt."""
        self.settled = {k: v for k, v in self.settled.items() if k in self.placed}
        self.first_seen = {k: v for k, v in self.first_seen.items() if k in self.placed}
        self.votes = {k: v for k, v in self.votes.items() if k in self.placed}

    def put_down_since(self, seat: int, t: float) -> bool:
        """Whether an object first appeared at ``seat`` at or after ``t`` and is still there (in the latest
        scene, which holds the latest detector call's boxes): an object put down stays, an arm boxed as
        one goes with it (seed + 14000 clean_exact_calls: an arm over the rail boxed as a phone at 0.30
        as it came and went; a street of checks taken for phones put down). A box not read surely as
        an object is no object put down (seed + 12000 clean_limped_pot: a hand going back over its
        stack boxed as a drink for one call, and its check was taken for a protector put down). Nor is a
        track that first showed over where a placed object lay: that object, tracked anew (seed + 47000
        clean_capped_bottle: seat 6's bottle, re-tracked as the hand went to tap beside it)."""
        return any(
            at == seat
            and first >= t
            and track in self.present
            and (not self.reads_drinks or self.read_as(track) is not None)
            for track, (at, first, over_one) in self.first_seen.items()
            if not over_one
        )

    def read_as(self, track: int) -> ForeignObject | None:
        """What most of ``track``'s sure readings say it is; None while unread or read mostly as none
        of these objects. A tie goes to none, then to open (a drink is capped only when most say so)."""
        votes = self.votes.get(track)
        if not votes:
            return None
        best = max(READINGS, key=lambda r: (votes[r], r == "none", r == "open"))
        return READ_AS.get(best)

    def update(self, scene: TableScene, out: list[Event]) -> None:
        seen: set[int] = set()
        lying: set[int] = set()  # placed tracks seen only through an unconfirmed box
        self.rest.update(scene.t, scene.of_class(*FOREIGN))
        chips = [o.box for o in scene.of_class("chip")]
        in_view = {o.track for o in scene.of_class(*FOREIGN) if o.track >= 0}
        for o in scene.of_class(*FOREIGN):
            zone = self.geo.by_name.get(o.place)
            if zone is not None and zone.kind.value == "bet" and o.cls == "card_protector":
                continue
            if self._a_stack(o, chips):
                continue
            if o.track < 0:
                lying |= self._lying_where(o.box)
                continue
            seen.add(o.track)
            if o.track not in self.first_seen:
                there = any(iou(o.box, lay) >= SAME_PLACE_IOU for lay in self.last_box.values())
                self.first_seen[o.track] = (o.seat, scene.t, there)
            if o.label in READINGS and self.rest.still_for(o.track, scene.t) >= STILL_S:
                self.votes.setdefault(o.track, Counter())[o.label] += 1
            settled = self.settled.setdefault(o.track, Settled(self.hold))
            settled.update(scene.t, o.place not in (RAIL, OFF))
            if o.track in self.placed:
                self.last_box[o.track] = o.box
            if settled.value is not True or o.track in self.placed or o.track in self.merged:
                continue
            read = self.read_as(o.track)
            if self.reads_drinks and read is None:
                continue  # not read surely yet, or read as none of these: maybe no object at all
            what = read or FOREIGN[o.cls]
            here = self._lying_where(o.box)
            same = sorted(  # one lying where it shows first
                (
                    k
                    for k, (w, st) in self.placed.items()
                    if (w, st) == (what, o.seat) and (k not in in_view or k in here)
                ),
                key=lambda k: k not in here,
            )
            if same:  # the same object under a new track (after a hand covered it, or a second track on it)
                self.merged.add(same[0])
                self.took_over[o.track] = (same[0], self.last_box[same[0]])
                del self.placed[same[0]]
                self.last_box.pop(same[0], None)
                self.touched.discard(same[0])
            else:
                out.append(ObjectPlaced(settled.since, seat=o.seat, what=what))
            self.placed[o.track] = (what, o.seat)
            self.last_box[o.track] = o.box
        self._two_after_all(scene, out)
        self._note_hands(scene, seen)
        untouched = self.placed.keys() - seen - self.touched  # nothing could have taken them: still there
        for track in ((lying - seen) & self.placed.keys()) | untouched:
            self.settled[track].update(scene.t, True)
        seen |= lying | untouched
        self.present = seen
        for track, (what, seat) in list(self.placed.items()):
            if track in seen:
                continue
            settled = self.settled[track]
            settled.update(scene.t, False)
            if settled.value is False and scene.t - settled.since >= OBJECT_GONE:
                del self.placed[track]
                self.last_box.pop(track, None)
                self.touched.discard(track)
                out.append(ObjectRemoved(settled.since, seat=seat, what=what))

    def _two_after_all(self, scene: TableScene, out: list[Event]) -> None:
        """A track that took over a placed object as the same one, seen beside it (their boxes covering
        each other under ``APART``), the old one where it lay when taken over, both read surely as that
        object over their tracks and in this scene, is a second one, put down when it was first seen
        (foreign_object_second_protector-s45000: the seat's hand, betting, covered both protectors; the
        second showed first and was taken for the first, moved, until the first showed again where it
        lay). Seed + 2000 foreign_object_phone: a phone's second track drifted beside it, read now as
        none of these: one phone."""
        if not self.took_over:
            return
        seen = {o.track: o for o in scene.of_class(*FOREIGN) if o.track >= 0}
        for new, (old, lay) in list(self.took_over.items()):
            if new not in self.placed:
                del self.took_over[new]
                continue
            what, seat = self.placed[new]
            if new not in seen or old not in seen or iou(seen[old].box, lay) < SAME_PLACE_IOU:
                continue  # not both in view, or the old one elsewhere (a box drifting off: a phone's)
            a, b = seen[old], seen[new]
            apart = max(share_covered(a.box, b.box), share_covered(b.box, a.box)) < APART
            read_so = {READ_AS.get(a.label), READ_AS.get(b.label)} == {what}  # in this very scene
            if apart and read_so and self.read_as(new) == self.read_as(old) == what:
                del self.took_over[new]
                self.merged.discard(old)
                self.placed[old], self.last_box[old] = (what, seat), a.box
                out.append(ObjectPlaced(self.first_seen[new][1], seat=seat, what=what))

    def _a_stack(self, o: SeenObject, chips: list[tuple[float, float, float, float]]) -> bool:
        """Whether a drink or phone box is a chip stack: it holds a chip box of this scene and is no more
        than ``STACK_AREA`` times its size, or its track did so once."""
        if o.cls == "card_protector":
            return False
        area = (o.box[2] - o.box[0]) * (o.box[3] - o.box[1])
        held = any(
            share_covered(c, o.box) >= HOLDS_CHIP and area <= STACK_AREA * (c[2] - c[0]) * (c[3] - c[1])
            for c in chips
        )
        if held and o.track >= 0:
            self.stacks.add(o.track)
        return held or o.track in self.stacks

    def _note_hands(self, scene: TableScene, seen: set[int]) -> None:
        """Mark the placed objects a hand is over now; one seen with no hand over it is bare again."""
        hands = [o.box for o in scene.of_class("hand")]
        for track, box in self.last_box.items():  # (every placed track's, and only theirs)
            if any(share_covered(box, hand) >= TOUCHED for hand in hands):
                self.touched.add(track)
            elif track in seen:
                self.touched.discard(track)

    def _lying_where(self, box: tuple[float, float, float, float]) -> set[int]:
        """The placed tracks whose last box ``box`` covers by ``SAME_PLACE_IOU`` or more."""
        if not self.last_box:
            return set()
        tracks = list(self.last_box)
        iou = box_iou(np.asarray([box]), np.asarray([self.last_box[k] for k in tracks]))[0]
        return {k for k, v in zip(tracks, iou, strict=True) if v >= SAME_PLACE_IOU}

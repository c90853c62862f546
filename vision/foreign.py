"""Things on the felt that are neither cards nor chips: phones, drinks, card protectors.

An object counts as placed once it has lain on the felt (not the rail, not off the table) for the
settling time, and as taken away once it has been gone for ``OBJECT_GONE`` (hands cover things). The
same object seen again under a new track after a hand covered it is no new event. A protector in a
bet zone is a non-value item pushed as a bet, which the visit analyzer reports, so it is left out here.
A drink is capped when most of its track's sure readings (``vision.drinks``) up to its placing say so,
and open otherwise. Only readings of a drink lying still count: a bottle carried in, tilted in the hand,
reads as open (seed + 14000 clean_capped_bottle: read open three times in flight, then capped once it
stood on the felt; the open readings placed an open drink and raised a false alert). A drink box never
read surely as either waits: the detector now and then boxes a chip stack as a drink, and the drink
reader is unsure of those (seed + 2000 prior_chips_combined: two stacks boxed as drinks for a second;
every reading "unknown"), while it read 82 of 82 video crops of real drinks surely
(docs/drink_eval.json). Perception that reads no drinks at all (``reads_drinks`` False: the simulator's
own boxes carry the answer, test doubles carry none) places every drink.
"""

from __future__ import annotations

from collections import Counter

from vision.events import Event, ForeignObject, ObjectPlaced, ObjectRemoved
from vision.settled import RestClock, Settled
from vision.table import OFF, RAIL, TableGeometry, TableScene

OBJECT_GONE = 2.0  # seconds an object must be missing before it counts as taken away
STILL_PARTS = 10  # a drink's centre moving more than a tenth of its size has not come to rest
STILL_S = 0.2  # seconds a drink must have lain still before its readings count (two detector calls)
FOREIGN = {
    "phone": ForeignObject.PHONE,
    "drink": ForeignObject.DRINK_OPEN,
    "card_protector": ForeignObject.CARD_PROTECTOR,
}


class ForeignObjects:
    def __init__(self, geometry: TableGeometry, hold: float, reads_drinks: bool = False) -> None:
        self.geo = geometry
        self.hold = hold
        self.reads_drinks = reads_drinks
        self.settled: dict[int, Settled] = {}  # track -> on the felt or not, settled
        self.placed: dict[int, tuple[ForeignObject, int | None]] = {}  # track -> what, nearest seat
        self.first_seen: dict[int, tuple[int | None, float, str]] = {}  # track -> its seat, when, class
        self.present: set[int] = set()  # the tracks seen in the latest scene
        self.votes: dict[int, Counter[str]] = {}  # drink track -> its readings so far, lying still
        self.rest = RestClock(STILL_PARTS)  # since when each drink track has lain still

    def new_hand(self) -> None:
        """Forget every track but the objects still lying on the felt."""
        self.settled = {k: v for k, v in self.settled.items() if k in self.placed}
        self.first_seen = {k: v for k, v in self.first_seen.items() if k in self.placed}
        self.votes = {k: v for k, v in self.votes.items() if k in self.placed}

    def put_down_since(self, seat: int, t: float) -> bool:
        """Whether an object first appeared at ``seat`` at or after ``t`` and is still there (in the latest
        scene, which holds the latest detector call's boxes): an object put down stays, an arm boxed as
        one goes with it (seed + 14000 clean_exact_calls: an arm over the rail boxed as a phone at 0.30
        as it came and went; a street of checks taken for phones put down). A drink box never read
        surely is no object put down (seed + 12000 clean_limped_pot: a hand going back over its stack
        boxed as a drink for one call, and its check was taken for a protector put down)."""
        unread = {k for k, (_, _, cls) in self.first_seen.items() if cls == "drink" and not self.votes.get(k)}
        return any(
            at == seat
            and first >= t
            and track in self.present
            and not (self.reads_drinks and track in unread)
            for track, (at, first, _) in self.first_seen.items()
        )

    def update(self, scene: TableScene, out: list[Event]) -> None:
        seen: set[int] = set()
        self.rest.update(scene.t, scene.of_class("drink"))
        for o in scene.of_class(*FOREIGN):
            zone = self.geo.by_name.get(o.place)
            if o.track < 0 or (zone is not None and zone.kind.value == "bet" and o.cls == "card_protector"):
                continue
            seen.add(o.track)
            self.first_seen.setdefault(o.track, (o.seat, scene.t, o.cls))
            still = o.cls == "drink" and self.rest.still_for(o.track, scene.t) >= STILL_S
            if still and o.label in ("capped", "open"):
                self.votes.setdefault(o.track, Counter())[o.label] += 1
            settled = self.settled.setdefault(o.track, Settled(self.hold))
            settled.update(scene.t, o.place not in (RAIL, OFF))
            votes = self.votes.get(o.track, Counter())
            if settled.value is not True or o.track in self.placed:
                continue
            if o.cls == "drink" and self.reads_drinks and not votes:
                continue  # not read surely yet: maybe no drink at all
            what = FOREIGN[o.cls]
            if o.cls == "drink" and votes["capped"] > votes["open"]:
                what = ForeignObject.DRINK_CAPPED
            hidden = [k for k, (w, st) in self.placed.items() if k not in seen and (w, st) == (what, o.seat)]
            if hidden:  # the same object seen again after a hand covered it: a new track, no new event
                del self.placed[hidden[0]]
            else:
                out.append(ObjectPlaced(settled.since, seat=o.seat, what=what))
            self.placed[o.track] = (what, o.seat)
        self.present = seen
        for track, (what, seat) in list(self.placed.items()):
            if track in seen:
                continue
            settled = self.settled[track]
            settled.update(scene.t, False)
            if settled.value is False and scene.t - settled.since >= OBJECT_GONE:
                del self.placed[track]
                out.append(ObjectRemoved(settled.since, seat=seat, what=what))

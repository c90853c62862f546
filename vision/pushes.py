"""A seat's pushes: which chips one visit of a player's hand moved into the seat's bet zone, and in
how many motions.

A chip stack new in the bet zone during a visit was pushed when first seen there, even before the
tracker confirmed it (``_sightings``). Stacks first seen within ``ONE_MOTION`` of each other were
released in one motion, later ones in another; a trip of the hand back to the stack zone between two
is recorded (``Visit.returned``). A stack uncovered within ``ONE_MOTION`` but beside the last push's
while the hand stays out is another motion (the hand let one go and moved on: ``_moved_on``), and so
is one of two first seen together that the hand slid to from the other (``vision.laid_apart``).
Three things the camera sees are not new motions:

- chips the hand hid as it let go, first seen once it had drawn back to the stack, with no move
  forward since: they belong to the last push;
- a stack the tracker lost under the hand and found again with a new id (``_retracked``);
- and the other way round, a counted stack that moves on with the hand was still held: it leaves
  its push and lands again where it comes to rest (``_carried``), a second motion if that is
  ``ONE_MOTION`` or more after the first.

Chips added on top of the seat's earlier bet count as pushed too; what became of the earlier bet
(left, combined with the new chips, pulled back) is ``prior_chips``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from vision.chipset import ChipSet, denominations
from vision.detections import Box, iou, share_covered
from vision.earlier_bet import (
    RETRACK_IOU,
    TakenBack,
    boxed_apart,
    earlier_bet_retracked,
    grown,
    missing_uncovered,
    note_reached,
    still_lies,
)
from vision.events import PriorChips
from vision.laid_apart import along_the_slide, laid_in_turn
from vision.table import SeenObject, TableScene

ONE_MOTION = 0.25  # s: chips first seen closer together were released in one motion (10 calls a second)
SIGHTING_IOU = 0.5  # a new chip box over this much of an untracked chip box seen before is that chip
CARRIED_SHIFT = 0.3  # a counted chip moving this many box sides while the hand is there was still held
STILL_SHIFT = 0.15  # ... and it lies still again once a detector call moves it less than this
CARRIED_REST_S = 0.2  # it is released when it has lain still this long
ON_A_CARD = 0.5  # a new chip box this much over where one of the seat's cards lay is no chip pushed
WITHIN = 0.8  # a box this much within one seen before (a protector's within a chip's) is of that thing
UNCONFIRMED_HELD_S = 0.1  # an untracked chip box seen this long (two detector calls) is a chip
# the analyzer sees every video frame; those between detector calls carry the last call's boxes, so a
# sighting this much later than another is from a later call (10 calls a second)
NEXT_CALL_S = 0.09
# a stack first seen a call or more after the last push's (``NEXT_CALL_S``), beside it (along the seat's
# axis within ``BESIDE_ALONG`` chip sides, across it ``BESIDE_ACROSS`` or more) while the hand stayed out
# (drew back less than ``HELD_OUT`` of the stack-to-bet distance) is a second motion (``_moved_on``)
BESIDE_ALONG = 0.5
BESIDE_ACROSS = 0.7
HELD_OUT = 0.05
COMING_IN = 0.1  # ...unless the hand came this much further out as the last push showed: still carrying
OUT_AGAIN = 0.08  # ...or, at rest as it let go, the hand came this much further out before the stack showed


Sighting = tuple[Box, float, float]  # an untracked chip's box, when first seen, when last seen
Arrival = tuple[float, list[int], Box | None]  # a landing: first seen, its chips, its box if a new stack


def _overlapping(box: Box, sightings: list[Sighting]) -> Sighting | None:
    """The first of ``sightings`` whose box overlaps ``box`` by ``SIGHTING_IOU`` or more."""
    return next((s for s in sightings if iou(box, s[0]) >= SIGHTING_IOU), None)


def _without(chips: tuple[int, ...], taken: list[int] | tuple[int, ...]) -> list[int] | None:
    """``chips`` less every chip of ``taken`` (a multiset), or None when they do not all hold."""
    rest = list(chips)
    for c in taken:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


def _shift(before: Box, after: Box) -> float:
    """How far a box's centre moved, in box sides (the larger side of the two boxes)."""
    side = max(before[2] - before[0], before[3] - before[1], after[2] - after[0], after[3] - after[1], 1.0)
    dx = (after[0] + after[2] - before[0] - before[2]) / 2
    dy = (after[1] + after[3] - before[1] - before[3]) / 2
    return float(np.hypot(dx, dy)) / side


def _take_out(visit: Visit, chips: tuple[int, ...]) -> None:
    """Remove ``chips`` from the latest push holding them all (a push left empty goes)."""
    for i in range(len(visit.pushes) - 1, -1, -1):
        rest = _without(visit.pushes[i], chips)
        if rest is None:
            continue
        if rest:
            visit.pushes[i] = tuple(rest)
        else:
            del visit.pushes[i]
        return


def _note_cards(scene: TableScene, visit: Visit) -> None:
    """Where the seat's cards lay (``Visit.card_boxes``): a card box seen as the hand came, or in two
    calls at one place; one call's may be something else (seed + 31000 demo_feature_table: seat 4's
    two 100s, boxed as a card once as the hand let go, taken for it: a string bet's first motion lost)."""
    for o in scene.of_class("card_down", "card_up"):
        if o.seat != visit.seat:
            continue
        first = next((t for box, t in visit.card_sightings if iou(o.box, box) >= SIGHTING_IOU), None)
        if first is None:
            visit.card_sightings.append((o.box, scene.t))
        if scene.t == visit.start or (first is not None and scene.t - first >= NEXT_CALL_S):
            visit.card_boxes.add(o.box)


def _mark_unread(visit: Visit, landed: float) -> None:
    """Chips landed that add no value to the pushes: the visit's chip action is not counted."""
    visit.unread = True
    visit.release_t = visit.release_t or landed


def _join_last(visit: Visit, chips: list[int]) -> None:
    visit.pushes[-1] = tuple(sorted((*visit.pushes[-1], *chips), reverse=True))


@dataclass(slots=True)
class Carried:
    """A counted chip stack that moved while the seat's hand was there (``PushCounter._carried``)."""

    seen: SeenObject  # how it was last seen moving (its box, its top chip)
    since: float  # when it last moved
    before: tuple[int, ...]  # its chips as counted before it moved
    # the hand had let it go (gone back to the stack, come forward again): chips put on or against it
    # moved it, and it stays in its push; else the hand still held it, and it left its push
    let_go: bool


@dataclass(slots=True)
class Visit:
    seat: int
    start: float
    last_seen: float
    bet_tracks_at_start: frozenset[int]
    bet_values: dict[int, int]  # value of each earlier-bet stack, raised as chips land on it
    bet_boxes: list[Box] = field(default_factory=list)  # boxes of the earlier-bet stacks at the start
    bet_track_boxes: dict[int, Box] = field(default_factory=dict)  # ... of the tracked ones, by track
    unconfirmed_bet: list[Box] = field(default_factory=list)  # ... those the tracker had not confirmed
    pushes: list[tuple[int, ...]] = field(default_factory=list)
    pushed_tracks: set[int] = field(default_factory=set)
    pushed_boxes: dict[int, tuple[Box, int]] = field(default_factory=dict)  # pushed track -> box, value
    counted: dict[int, tuple[int, ...]] = field(default_factory=dict)  # pushed track -> its chips
    carried: dict[int, Carried] = field(default_factory=dict)  # counted chips moved while the hand was there
    release_t: float = 0.0
    unconfirmed: list[Sighting] = field(default_factory=list)  # untracked chips in the bet zone
    in_stack_after_push: bool = False  # the hand was back at the stack since the last push
    unread: bool = False  # a pushed stack's value could not be read: the pushes are a lower bound
    back_at: float = 0.0  # when it got there
    at_stack_since: float | None = None  # since when the hand is over the stack zone, if it is
    forward_again: bool = False  # ... and then came forward over the cards or the bet again
    returned: bool = False
    had_cards: bool = True  # the seat's cards were in its zones when the visit began
    reach_frames: int = 0  # scenes with the hand over the seat's cards or bet
    # first and last time the hand reached ``TAP_REACH`` or further out (0: stack zone's middle, 1: bet's)
    in_front: tuple[float, float] | None = None
    bet_now: dict[int, int] = field(default_factory=dict)  # chip stacks in the bet zone, latest scene
    bet_boxes_now: list[tuple[int, Box]] = field(default_factory=list)  # ... every chip box there, by track
    items: set[int] = field(default_factory=set)  # non-value objects (protectors) pushed into the bet zone
    card_boxes: set[Box] = field(default_factory=set)  # where the seat's cards lay while the visit lasts
    card_sightings: list[tuple[Box, float]] = field(default_factory=list)  # ... each box, when first seen
    items_at_start: frozenset[int] | None = None  # protector (and chip) tracks in the bet zone as it began
    item_boxes_at_start: dict[int, Box] = field(default_factory=dict)  # ... the protectors', where they lay
    axis: tuple[tuple[float, float], tuple[float, float]] | None = None  # the seat's stack and bet middles
    reach: list[tuple[float, float]] = field(default_factory=list)  # (t, how far out the hand was) per scene
    hand_path: list[tuple[float, float, float]] = field(default_factory=list)  # (t, x, y): the hand's middle
    last_boxes: list[Box] = field(default_factory=list)  # the boxes of the latest push's new stacks
    deepest: str = ""  # the furthest the hand reached: "stack", "cards" or "bet"
    last_place: str = ""  # where the hand was last seen
    deepest_t: float = 0.0
    stack_before: int = 0  # chip stacks tracked in the seat's stack zone just before the visit
    # the seat's card count as the hand came, if it had held that long (``STEADY_COUNT_S``); None if it
    # had only just changed, as when a hand not yet seen covers a card
    cards_at_start: int | None = None
    # a hand the owners gave the dealer, first seen in the bet zone of the seat deciding: that seat's
    # only if chips land (``ActionAnalyzer._visits``)
    provisional: bool = False
    left_behind: set[int] = field(default_factory=set)  # pushed tracks seen in the bet zone after it left
    scenes_after: int = 0  # scenes since the hand was last seen
    # earlier-bet stacks missing where they lay with no hand over that place: since when, and those
    # missing ``GONE_S`` (taken away, not hidden: a stack put back there later is new chips)
    bet_gone_since: dict[int, float] = field(default_factory=dict)
    bet_seen_gone: set[int] = field(default_factory=set)
    bet_reached: dict[int, float] = field(default_factory=dict)  # earlier-bet stack -> most a hand covered it
    tapped: bool = False  # its tap was reported as the hand drew back (``ActionAnalyzer._drew_back``)
    # the most cards the seat showed once the hand, having reached in front of them, drew back
    cards_drawn_back: int = 0

    def lay_at_start(self) -> list[Box]:
        """Where the chips and protectors in the bet zone lay as the hand came."""
        return self.bet_boxes + list(self.item_boxes_at_start.values())


class PushCounter:
    """Counts the pushes of each ``Visit`` it is given, scene by scene, in one house chip set."""

    def __init__(self, chips: ChipSet, stacks_counted: bool = True) -> None:
        self.chips = chips
        # chip values are whole stacks' (the simulator's boxes) or top chips' (a camera's): a top chip
        # read differently while a hand covers it is no chips added, so that waits for the visit's end
        self.stacks_counted = stacks_counted
        # protectors already counted as pushed this hand (track -> box): one lying where a pushed one
        # lies is that one under a new track (seed + 16000 non_value_item: a second bet of it 18 s on)
        self.items_pushed: dict[int, Box] = {}
        self.taken_back = TakenBack()  # earlier bets a visit took away, for the seat's next visit

    def new_hand(self) -> None:
        self.items_pushed.clear()
        self.taken_back.clear()

    def prior_chips(self, visit: Visit) -> tuple[tuple[tuple[int, ...], ...], PriorChips, tuple[int, ...]]:
        """The pushes without the seat's earlier bet, what became of that bet, and the chips taken
        back. Earlier-bet stacks gone from the bet zone came back among the pushed chips (combined
        with the new ones) or went back toward the stack (pulled back)."""
        pushes = [list(p) for p in visit.pushes]
        if not pushes or not visit.bet_values:
            return tuple(tuple(p) for p in pushes), PriorChips.NONE, ()
        gone = [
            v
            for track, v in visit.bet_values.items()
            if track not in visit.bet_now and not still_lies(visit, track)
        ]
        if not gone:
            return tuple(tuple(p) for p in pushes), PriorChips.LEFT, ()
        taken = [c for v in gone for c in denominations(v, 0, self.chips)]
        last = _without(tuple(pushes[-1]), taken)
        if last:  # the earlier bet's chips and more came back in the last push
            return tuple(tuple(p) for p in [*pushes[:-1], last]), PriorChips.COMBINED, ()
        every = len(gone) == len(visit.bet_values)
        kind = PriorChips.PULLED_BACK if every else PriorChips.PARTLY_PULLED_BACK
        return tuple(tuple(p) for p in pushes), kind, () if every else tuple(sorted(taken, reverse=True))

    def update(self, scene: TableScene, visit: Visit) -> None:
        """Count what this scene adds to ``visit``'s pushes (called every scene while the visit lasts)."""
        in_bet = scene.in_place(f"seat{visit.seat}_bet", "chip")
        visit.bet_now = {o.track: o.value for o in in_bet if o.track >= 0}
        visit.bet_boxes_now = [(o.track, o.box) for o in in_bet]
        if scene.t > visit.last_seen:  # the hand has gone: what it pushed lies there
            visit.scenes_after += 1
            visit.left_behind |= visit.pushed_tracks & visit.bet_now.keys()
            visit.left_behind |= {track for track in visit.items if self._item_lies(track, scene, visit.seat)}
        # a chip box mostly over where one of the seat's cards lay while the visit lasted is that card,
        # under the hand tapping beside it (seed + 17000 non_value_item: a card under the hand, no longer
        # boxed as a card, boxed as a 25,000 chip where it lay; a check taken for a bet)
        _note_cards(scene, visit)
        protectors = [o for o in scene.in_place(f"seat{visit.seat}_bet", "card_protector") if o.track >= 0]
        if visit.items_at_start is None:  # lying there when the hand came (seed + 17000 non_value_item:
            # pushed as a chip read as none of these objects, read as a protector eight seconds on)
            visit.items_at_start = frozenset(o.track for o in protectors) | visit.bet_tracks_at_start
            visit.item_boxes_at_start = {o.track: o.box for o in protectors}
        new = [
            o
            for o in scene.in_place(f"seat{visit.seat}_bet", "chip")
            if o.track >= 0
            and o.track not in visit.bet_tracks_at_start
            and o.track not in visit.pushed_tracks
            and not any(share_covered(o.box, card) >= ON_A_CARD for card in visit.card_boxes)
            and not self._protector_read_as_chip(o, visit, scene)
        ]
        sighted = self._sightings(scene, visit)  # and those of the last scene, for ``_first_sighting``
        missing_uncovered(scene, visit)
        note_reached(scene, visit)
        # what landed this scene, stack by stack: (first seen, its chips, its box if a new stack)
        arrivals: list[Arrival] = []
        here = {o.track for o in scene.of_class("chip")}
        for o in new:
            if any(iou(o.box, b) >= SIGHTING_IOU for b in visit.unconfirmed_bet) or boxed_apart(o, visit):
                # an earlier-bet stack confirmed only now (seed + 8000 clean_check_raise_showdown) or apart
                visit.bet_tracks_at_start |= {o.track}
                visit.bet_values[o.track] = o.value
                continue
            old = earlier_bet_retracked(o, visit, here)
            if old is not None:  # the earlier bet under a new track id: neither pulled back nor pushed
                visit.bet_tracks_at_start |= {o.track}
                visit.bet_values[o.track] = visit.bet_values.pop(old)
                visit.bet_track_boxes[o.track] = visit.bet_track_boxes.pop(old)
                continue
            visit.pushed_tracks.add(o.track)
            if self._retracked(o, visit, here):
                continue
            visit.pushed_boxes[o.track] = (o.box, o.value)
            visit.counted[o.track] = self.chips_of(o)
            first = self._first_sighting(o, sighted + visit.unconfirmed, scene.t)
            arrivals.append((first, list(visit.counted[o.track]), o.box))
            if not visit.counted[o.track]:  # landed, value unread: still a motion (an empty push);
                # when it landed is ``_land``'s to note, after the stacks that landed before it
                # (seed + 25000 string_bet_multiple_motions: the second 1,000, unread, confirmed with
                # the first, gave the first push its landing time, and the two were taken for one)
                visit.unread = True
        for released, since in self._carried(scene, visit):  # chips let go, or put on a pushed stack
            arrivals.append((since, released, None))
        if self.stacks_counted:  # whole-stack values: an earlier-bet stack worth more had chips put on
            for o in scene.in_place(f"seat{visit.seat}_bet", "chip"):
                before = visit.bet_values.get(o.track)
                if before is not None and o.value > before:
                    if before > 0:  # (from unread to read is a reading, not chips)
                        added = denominations(o.value - before, self.top_value(o), self.chips)
                        arrivals.append((scene.t, list(added), None))
                    visit.bet_values[o.track] = o.value
        # a protector beside the seat's own cards turned face up in its bet zone came with the hand
        # tabled, or is a corner of it (seed + 26000 oversized_chip_call: one boxed there as seat 8
        # tabled after the river checked round, a non-value item "bet")
        tabled = bool(protectors) and any(scene.in_place(f"seat{visit.seat}_bet", "card_up"))
        for o in protectors:
            if o.track in self.items_pushed or self._lay_there(o, visit) or tabled:
                continue
            same = any(iou(o.box, box) >= RETRACK_IOU for box in self.items_pushed.values())
            self.items_pushed[o.track] = o.box
            if not same:  # a protector pushed out as a bet
                visit.items.add(o.track)
                visit.release_t = scene.t
        # stacks confirmed together may have landed in two motions: one let go, the hand moved on
        groups: list[list[Arrival]] = []
        for a in sorted(arrivals, key=lambda a: (a[0], along_the_slide(visit, a[2]))):
            if groups and not self._moved_on(visit, groups[-1], a):
                groups[-1].append(a)
            else:
                groups.append([a])
        for group in groups:
            self._land(visit, group)

    def _land(self, visit: Visit, group: list[Arrival]) -> None:
        """Add stacks that landed together to the visit's pushes: the last push's, or a new motion."""
        chips = [c for a in group for c in a[1]]
        landed = group[0][0]
        boxes = [a[2] for a in group if a[2] is not None]
        if visit.pushes and visit.in_stack_after_push and not visit.forward_again and landed >= visit.back_at:
            # chips the hand hid as it let go, first seen once it had drawn back to the stack: no second
            # motion brought them (that needs the hand forward again), so they are the last push's
            _join_last(visit, chips)
            visit.last_boxes += boxes
            return
        last: list[Arrival] = [(visit.release_t, [], box) for box in visit.last_boxes]
        moved_on = self._moved_on(visit, last, group[0])
        if visit.pushes and landed - visit.release_t < ONE_MOTION and not moved_on:
            # stacks of one motion land a few frames apart: the same push
            _join_last(visit, chips)
            visit.last_boxes += boxes
        else:
            if visit.pushes and visit.in_stack_after_push:
                visit.returned = True
            visit.pushes.append(tuple(sorted(chips, reverse=True)))
            visit.last_boxes = boxes
        visit.in_stack_after_push = visit.forward_again = False
        visit.release_t = max(visit.release_t, landed)

    @staticmethod
    def _moved_on(visit: Visit, before: list[Arrival], after: Arrival) -> bool:
        """Whether the stack ``after`` was let go in a second motion after the stacks ``before``: first
        seen a call or more later, beside them (as far out along the seat's axis, a chip or so across),
        the hand not drawn back in between; or first seen with them, the hand having slid from one to it
        (``vision.laid_apart``). Chips let go together lie under the hand together; as it draws back
        it uncovers the far ones first, the nearer a call or two later. A stack uncovered while the
        hand stays out was left where the hand moved on from (seed + 21000 and 2000
        string_bet_multiple_motions: two 1,000s laid side by side 0.2 s apart, one push before). A
        stack between two of them, across the axis, lay in their row under the hand (seed + 31000
        clean_exact_calls: three stacks in a row, the middle one seen 0.2 s after the outer two as the
        hand drew back, a false string bet). Nor were the last push's stacks let go if they showed as
        the hand was still coming in (``COMING_IN``): it was carrying the rest (seed + 32000
        all_in_not_tabled: 25s at the edge of the hand pushing, 0.2 s before the 1,000s beside them). A
        hand at rest as it let go that came out again before drawing back made a second motion (seed +
        34000 string_bet_multiple_motions: the second 1,000 showed as the hand drew back after it)."""
        t, _, box = after
        since = max((a[0] for a in before), default=0.0)
        near = [a[2] for a in before if a[2] is not None]
        if box is None or not near or visit.axis is None or t - since < NEXT_CALL_S:
            # nothing to go by, or first seen together: two only if the hand slid from one to the other
            return box is not None and any(laid_in_turn(visit, b, box) for b in near)
        (sx, sy), (bx, by) = visit.axis
        length = float(np.hypot(bx - sx, by - sy)) or 1.0
        ux, uy = (bx - sx) / length, (by - sy) / length
        side = (box[2] - box[0] + box[3] - box[1]) / 2 or 1.0

        def offset(b: Box) -> tuple[float, float]:  # along the seat's axis, and across it (signed)
            dx, dy = (box[0] + box[2] - b[0] - b[2]) / 2, (box[1] + box[3] - b[1] - b[3]) / 2
            return abs(dx * ux + dy * uy) / side, (dy * ux - dx * uy) / side

        offsets = [offset(b) for b in near]
        along, across = min(((a, abs(c)) for a, c in offsets), key=lambda o: float(np.hypot(*o)))
        if along > BESIDE_ALONG or across < BESIDE_ACROSS:
            return False
        if len({c > 0 for a, c in offsets if a <= BESIDE_ALONG}) == 2:
            return False  # between two of them: laid in the same row, under the hand until it drew back
        at = [r for s, r in visit.reach if s <= since]
        came = [r for s, r in visit.reach if s <= since - NEXT_CALL_S]  # a call before
        if at and came and at[-1] - came[-1] >= COMING_IN:
            return False
        later = [r for s, r in visit.reach if since + NEXT_CALL_S <= s < t]
        # uncovered while the hand stayed out, or after the hand, at rest as it let go, came out again
        return bool(at and later) and (min(later) >= at[-1] - HELD_OUT or max(later) >= at[-1] + OUT_AGAIN)

    def _carried(self, scene: TableScene, visit: Visit) -> list[tuple[list[int], float]]:
        """A counted chip stack that moves while the seat's hand is there was either still in the hand
        or had chips put on or against it. Still held (a chip carried on to a second release can show
        beside the hand): it leaves the push it was counted in and is counted again, as landed when it
        stopped, once it has lain still ``CARRIED_REST_S`` (or as last seen, if the visit ends first:
        ``settle``). Let go (the hand went back to the stack and came forward again since; seed + 8000
        string_bet_return_to_stack: 500 put against the first push): it stays in its push, and what was
        added lands as a new motion when it lies still, though it moved with no hand seen (string_bet_
        return_to_stack-s43000: 500 put half over the first push as the hand went, unseen in that call).
        Returns the chips of each such landing, with when it stopped; a landing whose chips cannot be
        read marks the visit unread, and one let go then is a motion of unread chips (no chips)."""
        hand_here = visit.last_seen == scene.t
        released = []
        for o in scene.in_place(f"seat{visit.seat}_bet", "chip"):
            moving = visit.carried.get(o.track)
            if moving is not None:
                if _shift(moving.seen.box, o.box) > STILL_SHIFT:
                    moving.seen, moving.since = o, scene.t
                elif scene.t - moving.since >= CARRIED_REST_S - 1e-6:
                    del visit.carried[o.track]
                    visit.pushed_boxes[o.track] = (o.box, o.value)
                    released.append((self._landing(o, moving, visit), moving.since))
            elif (
                (hand_here or visit.forward_again)
                and o.track in visit.counted
                and _shift(visit.pushed_boxes[o.track][0], o.box) > CARRIED_SHIFT
            ):
                before = visit.counted[o.track]
                if not visit.forward_again:
                    _take_out(visit, visit.counted.pop(o.track))
                visit.carried[o.track] = Carried(o, scene.t, before, visit.forward_again)
        return released

    def _landing(self, o: SeenObject, moving: Carried, visit: Visit) -> list[int]:
        """The chips a moved stack ``o`` adds to the pushes once it lies still (``_carried``)."""
        now = self.chips_of(o)
        if not moving.let_go:
            visit.counted[o.track] = now or moving.before
            if not now:
                _mark_unread(visit, moving.since)
            return list(visit.counted[o.track])
        more = sum(now) - sum(moving.before)
        if self.stacks_counted and more > 0:  # a whole stack's value: what it gained was added
            added = list(denominations(more, self.top_value(o), self.chips))
        else:  # a top chip: a new colour on top is one chip added (a lower bound); else unread
            _mark_unread(visit, moving.since)
            added = [c for c in now if c not in moving.before]
        visit.counted[o.track] = tuple(sorted((*moving.before, *added), reverse=True))
        return added

    @staticmethod
    def _sightings(scene: TableScene, visit: Visit) -> list[Sighting]:
        """Remember when each chip box the tracker has not confirmed yet was first seen in the seat's
        bet zone (a track is confirmed a detector call or two after the chip shows): a push's landing
        time is its chips' first sighting, not the tracker's confirmation. Returns the last scene's."""
        kept: list[Sighting] = []
        zone = scene.in_place(f"seat{visit.seat}_bet", "chip")
        # a box over a tracked stack, or over the earlier bet, is that stack boxed again
        known = [o.box for o in zone if o.track >= 0] + visit.bet_boxes
        for o in zone:
            if o.track < 0 and not any(iou(o.box, b) >= SIGHTING_IOU for b in known):
                # or a tight box within a loose one seen before (seed + 49000 string_bet_multiple_motions)
                within = (u for u in visit.unconfirmed if share_covered(o.box, u[0]) >= WITHIN)
                earlier = _overlapping(o.box, visit.unconfirmed) or next(within, None)
                kept.append((o.box, earlier[1] if earlier else scene.t, scene.t))
        # one not seen this time is kept a moment: the detector misses a chip now and then
        last, recent = visit.unconfirmed, [u for u in visit.unconfirmed if scene.t - u[2] <= ONE_MOTION]
        visit.unconfirmed = kept + [u for u in recent if _overlapping(u[0], kept) is None]
        return last

    @staticmethod
    def nothing_let_go(visit: Visit, scene: TableScene) -> bool:
        """Whether nothing the visit may have let go shows in the bet zone so far: no push or protector
        counted, no box there now (of a chip or an object, tracked or not) that was not there as the
        hand came, no chip box seen there a moment ago that the tracker has yet to confirm."""
        lay = visit.lay_at_start()
        zone = f"seat{visit.seat}_bet"
        new = [
            o
            for o in scene.objects
            if o.place == zone
            and o.cls not in ("hand", "card_up", "card_down")
            and not any(iou(o.box, b) >= SIGHTING_IOU for b in lay)
        ]
        return not (
            new or visit.pushes or visit.items or visit.unread or visit.unconfirmed or visit.pushed_tracks
        )

    def settle(self, visit: Visit) -> None:
        """At the visit's end: pushes of chips none of which stayed once the hand had gone are dropped.
        Then, for a visit that counted nothing, what landed that the scenes did not show as a push.
        Chip boxes seen for ``UNCONFIRMED_HELD_S`` that the tracker had not confirmed yet (it confirms
        a track a detector call or two after a chip shows, and the hand may be back at the rail by
        then); or, top chips only, an earlier-bet stack boxed ``GROWN`` times larger (chips put on or
        against it: seed + 23000 tiny_chip, the small blind's completing 100 put half over its 100, one
        box 9 px taller). Either marks the pushes unread: an uncounted chip action. A top chip read
        higher is not enough (seed + 2000 all_in_not_tabled: the big blind's 100 read as a 25,000 from
        the frame its hand left). A visit that pushed may still have let go of more the tracker had yet
        to confirm (``_moved_on_unconfirmed``). A stack still moving as the visit ends lands where last
        seen (string_bet_return_to_stack-s43000: 500 put half over the first push as the hand left)."""
        if (visit.pushed_tracks or visit.items) and not visit.left_behind and visit.scenes_after >= 2:
            # every chip or protector it "pushed" left with the hand: a hand, sleeve or watch boxed as a
            # chip (seed + 2000 tiny_chip: a check read as an unread bet), or a fingertip boxed as a chip,
            # then a protector (seed + 23000 string_bet_return_to_stack: a check read as a protector
            # bet). Chips and protectors let go stay where they land.
            visit.pushes.clear()
            visit.pushed_tracks.clear()
            for track in visit.items:  # nor is a protector pushed later where it was boxed that one
                self.items_pushed.pop(track, None)
            visit.items.clear()
            visit.unread = False
        for track, moving in visit.carried.items():
            if track in visit.bet_now:  # still moving as the hand left: it lands where last seen
                self._land(visit, [(moving.since, self._landing(moving.seen, moving, visit), None)])
            elif moving.let_go and visit.counted.get(track):  # let go, then taken away again (pulled back)
                _take_out(visit, visit.counted.pop(track))
        visit.carried.clear()
        held = [u for u in visit.unconfirmed if u[2] - u[1] >= UNCONFIRMED_HELD_S - 1e-6]
        if visit.pushes:
            self._moved_on_unconfirmed(visit, held)
        if visit.pushes or visit.items or visit.unread:
            return
        if held:
            _mark_unread(visit, min(u[1] for u in held))
        elif not self.stacks_counted and grown(visit):
            _mark_unread(visit, visit.last_seen)

    def _moved_on_unconfirmed(self, visit: Visit, held: list[Sighting]) -> None:
        """A chip the tracker had yet to confirm when the hand left, lying beside the last push's and
        let go while the hand stayed out (``_moved_on``), was a motion more, of chips not read (seed +
        24000 string_bet_multiple_motions: the second 1,000, scored under the tracker's bar, was
        confirmed only after the visit had ended; the bet read as one motion)."""
        last: list[Arrival] = [(visit.release_t, [], box) for box in visit.last_boxes]
        for box, first, _ in sorted(held, key=lambda u: u[1]):
            if self._moved_on(visit, last, (first, [], box)):
                visit.pushes.append(())
                _mark_unread(visit, first)
                visit.release_t = max(visit.release_t, first)
                last = [(first, [], box)]

    def _item_lies(self, track: int, scene: TableScene, seat: int) -> bool:
        """Whether a protector pushed this visit lies where it was let go (under any track or class)."""
        box = self.items_pushed.get(track)
        there = scene.in_place(f"seat{seat}_bet")
        return box is not None and any(iou(o.box, box) >= RETRACK_IOU for o in there)

    @staticmethod
    def _first_sighting(o: SeenObject, sightings: list[Sighting], t: float) -> float:
        """When the chip of a newly confirmed track was first seen untracked at its place (else ``t``),
        from the last scene's ``sightings`` as well as this one's, which may have moved one onto a looser
        box of the chip (seed + 44000 string_bet_multiple_motions: two motions taken for one)."""
        earlier = [s[1] for s in sightings if iou(o.box, s[0]) >= SIGHTING_IOU]
        return min([*earlier, t])

    @staticmethod
    def _lay_there(o: SeenObject, visit: Visit) -> bool:
        """Whether a protector is an object that lay in the bet zone as the hand came: its track was there
        then and, if a chip's, its box is where that chip lay (seed + 18000 non_value_item: the tracker
        handed the big-blind chip's track to the protector pushed out beside it). A box within where the
        chip lay is that chip, boxed smaller under the hand (seed + 29000 premature_river: the small
        blind's chip read as a protector for three frames as the call was pushed beside it)."""
        start = visit.bet_track_boxes.get(o.track)
        where = start is None or iou(o.box, start) >= RETRACK_IOU or share_covered(o.box, start) >= WITHIN
        return o.track in (visit.items_at_start or ()) and where

    @staticmethod
    def _protector_read_as_chip(o: SeenObject, visit: Visit, scene: TableScene) -> bool:
        """Whether a chip box is a protector that lay in the bet zone as the hand came, where it lay,
        read as a chip once the hand had been over it: under the same track (seed + 19000
        non_value_item: the protector bet on the pre-flop, read as a 1,000 after the flop check), or
        under a new one, the protector's gone from the scene (seed + 21000 non_value_item: after the
        turn's check, a new track read as an unknown chip; the check was taken for a bet)."""
        here = {p.track for p in scene.objects}
        return any(
            (track == o.track or track not in here) and iou(o.box, start) >= RETRACK_IOU
            for track, start in visit.item_boxes_at_start.items()
        )

    @staticmethod
    def _retracked(o: SeenObject, visit: Visit, here: set[int]) -> bool:
        """Whether a new chip track is a stack this visit already pushed, under a new track id: the
        tracker drops a young track that a hand hides for a moment and starts another when it shows
        again. Same value, mostly the same box, and the old track gone from the scene."""
        return any(
            track not in here and value == o.value and iou(box, o.box) >= RETRACK_IOU
            for track, (box, value) in visit.pushed_boxes.items()
        )

    def chips_of(self, o: SeenObject) -> tuple[int, ...]:
        """The chips of a stack seen as ``o`` (its value, its top chip's colour)."""
        return denominations(o.value, self.top_value(o), self.chips)

    def top_value(self, o: SeenObject) -> int:
        for spec in self.chips.chips:
            if spec.name == o.label:
                return spec.value
        return 0

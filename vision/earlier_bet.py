"""The seat's earlier bet while its hand visits: the stacks in the bet zone as the hand came
(``Visit.bet_track_boxes``) and what the camera shows of them since. A stack missing from its uncovered
place was taken away (``missing_uncovered``); one back under a new id is the same stack
(``earlier_bet_retracked``), and so is one boxed apart from its neighbour for the first time before the
hand came forward (``boxed_apart``); a chip box where a stack lay is that stack, whatever its id
(``still_lies``); a stack a hand reached over (``note_reached``) that is boxed larger (``grown``) had
chips put on or against it. (One that shows a higher top chip need not have: from overhead a 16 px
chip's colour flickers from frame to frame, and the counted path compares values.) ``PushCounter`` reads
these to say what became of the earlier bet (``prior_chips``) and whether the visit put chips on it
(``settle``, ``nothing_let_go``). A visit that took the earlier bet away and pushed nothing hands it
on to the seat's next visit (``TakenBack``): taking the bet back to the stack for more chips is two
trips, and the second is the one that pushes. So does a stack gone from a bet zone while no visit of
its seat was open.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from vision.detections import Box, iou, share_covered
from vision.table import SeenObject, TableScene

if TYPE_CHECKING:
    from vision.pushes import Visit

RETRACK_IOU = 0.5  # a new chip track over this much of a pushed stack that vanished is that stack
# an earlier-bet stack's box this many times the area it had as the hand came, once the hand has gone, had
# chips put on or against it (top chips only: how many is unknown)
GROWN = 1.4
# a hand covers this much of an earlier-bet stack to put chips on or against it (seed + 26000
# clean_protector_and_peek: a protector put on the cards, the hand over a third of the big blind's 200,
# read green 25 as it was posted and black 100 after: "chips put on it", a bet out of turn)
REACHED = 0.5
GONE_S = 0.2  # an earlier-bet stack missing from its uncovered place this long (three detector calls) left
# the seat's next visit this soon after one that took its earlier bet away and pushed nothing goes on with
# that bet (seed + 28000 prior_chips_pulled_back: a 1,000 taken back at 20.3 s, the hand back at the stack
# and lost there, three 1,000s pushed in a visit from 21.1 s; the call read as a fresh bet)
TAKEN_BACK_S = 3.0
APART_REACH = 0.5  # how far forward (its stack zone's middle 0, its bet zone's 1) a hand comes to push
APART_COVERED = 0.5  # the share of a new chip box within the earlier bet's boxes that makes it that bet's


def missing_uncovered(scene: TableScene, visit: Visit) -> None:
    """Note earlier-bet stacks missing from where they lay while no hand is over that place and no
    chip box lies there: ``GONE_S`` of that and the stack was taken away, not hidden."""
    hands = [o.box for o in scene.of_class("hand")]
    chips = [o.box for o in scene.of_class("chip")]
    for track, box in visit.bet_track_boxes.items():
        missing = (
            track not in visit.bet_now
            and not any(share_covered(box, h) > 0 for h in hands)
            and not any(iou(box, c) >= RETRACK_IOU for c in chips)
        )
        if not missing:
            visit.bet_gone_since.pop(track, None)
        elif scene.t - visit.bet_gone_since.setdefault(track, scene.t) >= GONE_S - 1e-6:
            visit.bet_seen_gone.add(track)


def taken_away(visit: Visit) -> bool:
    """Whether an earlier-bet stack that lay there as this visit's hand came was seen gone from its
    uncovered place: the hand took it, so the visit was no tap over its own chips, whatever is put
    there after (seed + 2000 prior_chips_pulled_back: seat 1's 1,000 drawn back to the stack, then
    three 1,000s put where it lay in the same visit, read as a check and a second action)."""
    return any(track in visit.bet_seen_gone for track in visit.bet_track_boxes)


def all_shown(visit: Visit) -> bool:
    """Whether every earlier-bet stack is boxed where it lay, under its own id or another."""
    return all(
        track in visit.bet_now or any(iou(box, b) >= RETRACK_IOU for _, b in visit.bet_boxes_now)
        for track, box in visit.bet_track_boxes.items()
    )


def earlier_bet_retracked(o: SeenObject, visit: Visit, here: set[int]) -> int | None:
    """The earlier-bet stack a new chip track is, under a new id, if any: same value, mostly the
    same box, the old track gone from the scene but never seen gone from its uncovered place. A
    hand tapping over its bet hides the stack, and the tracker may give it back another chip's lost
    id (seed + 13000 premature_turn: seat 3's big blind took the id of a chip of its stack; the tap
    read as the blind pulled back and a bet). A stack put where one was taken away from is new
    (seed + 18000 prior_chips_pulled_back: a 1,000 taken back, three 1,000s put in its place)."""
    return next(
        (
            track
            for track, box in visit.bet_track_boxes.items()
            if track not in here
            and track not in visit.bet_seen_gone
            and visit.bet_values.get(track) == o.value
            and iou(box, o.box) >= RETRACK_IOU
        ),
        None,
    )


def boxed_apart(o: SeenObject, visit: Visit) -> bool:
    """Whether a new chip track in the bet zone is a stack of the earlier bet boxed apart for the first
    time: mostly (``APART_COVERED``) within the earlier bet's boxes, first seen before the hand came
    forward from the stack (``APART_REACH``). clean_exact_calls-s55000: seat 5's big blind lay as three
    stacks boxed as two, a 1,000 half under a 100 in one box; boxed alone as the hand took chips from
    its stack, it was a push before the call's, and the call a string bet."""
    if not visit.reach or max(r for _, r in visit.reach) >= APART_REACH:
        return False
    return sum(share_covered(o.box, box) for box in visit.bet_track_boxes.values()) >= APART_COVERED


def still_lies(visit: Visit, track: int) -> bool:
    """Whether a chip box that is none of the visit's pushed stacks lies where an earlier-bet stack lay:
    that stack under another id, or unconfirmed. A hand over two stacks of its bet may give one the
    other's id as they show again (seed + 23000 clean_exact_calls: seat 7's 500 lay where it had, under
    its neighbour's id, and the neighbour unconfirmed beside it; the call read as the 500 pulled back)."""
    box = visit.bet_track_boxes.get(track)
    return box is not None and any(
        iou(box, b) >= RETRACK_IOU for t, b in visit.bet_boxes_now if t not in visit.pushed_tracks
    )


def note_reached(scene: TableScene, visit: Visit) -> None:
    """Note how much of each earlier-bet stack a hand box has covered while the visit lasts."""
    hands = [o.box for o in scene.of_class("hand")]
    for track, box in visit.bet_track_boxes.items():
        share = max((share_covered(box, h) for h in hands), default=0.0)
        visit.bet_reached[track] = max(visit.bet_reached.get(track, 0.0), share)


def grown(visit: Visit) -> bool:
    """Whether an earlier-bet stack, under its own track, is boxed ``GROWN`` times the area it had as
    the hand came."""
    now = dict(visit.bet_boxes_now)
    return any(
        track in now and _area(now[track]) >= GROWN * _area(b) and _reached(visit, track)
        for track, b in visit.bet_track_boxes.items()
    )


def _reached(visit: Visit, track: int) -> bool:
    """Whether a hand box covered ``REACHED`` of the earlier-bet stack ``track`` while the visit lasted:
    chips put on or against a stack come in a hand over it."""
    return visit.bet_reached.get(track, 0.0) >= REACHED - 1e-6


def _area(box: Box) -> float:
    return max(box[2] - box[0], 0.0) * max(box[3] - box[1], 0.0)


class TakenBack:
    """Earlier bets a seat took away (seen gone from their uncovered place) without pushing anything:
    the seat's next visit, if it begins within ``TAKEN_BACK_S``, starts with them as its earlier bet,
    already seen gone, so what it pushes is read against them (``PushCounter.prior_chips``: combined
    with the new chips, or pulled back). Taken in a visit of the seat's, or while none was open
    (``watch``: its hand missed on the way in, owned by the dealer). ``PushCounter`` holds it; the
    bets pulled into the pot and each new hand clear it."""

    def __init__(self) -> None:
        self.by_seat: dict[int, tuple[float, dict[int, int]]] = {}  # seat -> (taken, track -> value)
        # seat -> track -> the stack as last seen in its bet zone, no visit of the seat's open since,
        self.unwatched: dict[int, dict[int, tuple[SeenObject, float | None]]] = {}  # and uncovered since
        self.pulled_in = -math.inf  # when the bets last went into the pot

    def clear(self, t: float = -math.inf) -> None:
        """Forget what was taken; ``t``: when the bets went into the pot (stacks last seen before then
        went there, and are not watched for: the sweep's chips leave ``recent`` only after it)."""
        self.by_seat.clear()
        self.unwatched.clear()
        self.pulled_in = t

    def visit_ended(self, visit: Visit, t: float) -> None:
        taken = {track: v for track, v in visit.bet_values.items() if track in visit.bet_seen_gone}
        if taken and not visit.pushes and not visit.items:
            self.by_seat[visit.seat] = (t, taken)
        else:
            self.by_seat.pop(visit.seat, None)

    def visit_began(self, visit: Visit, t: float) -> None:
        self.unwatched.pop(visit.seat, None)
        ended = self.by_seat.pop(visit.seat, None)
        if ended is None or t - ended[0] > TAKEN_BACK_S:
            return
        for track, value in ended[1].items():
            visit.bet_values.setdefault(track, value)
            visit.bet_seen_gone.add(track)

    def watch(
        self, scene: TableScene, recent: dict[int, dict[int, tuple[float, SeenObject]]], memory: float
    ) -> None:
        """Bet-zone stacks of seats with no visit open (``recent``: seat -> track -> (last seen, stack))
        that have not shown for ``memory`` s: once their place has been uncovered ``GONE_S`` with no chip
        box there, they were taken away, by a hand the owners gave the dealer (seed + 52000
        prior_chips_pulled_back: seat 1's 1,000 drawn back by a hand first seen over it, while the
        betting looked closed; the three 1,000s pushed 1.3 s later read as a fresh bet)."""
        for seat, seen in recent.items():
            gone = {k: (o, None) for k, (last, o) in seen.items() if self.pulled_in < last < scene.t - memory}
            if gone:
                self.unwatched.setdefault(seat, {}).update(gone)
        if not any(self.unwatched.values()):
            return  # nothing to look for (nearly every scene): no boxes gathered
        hands = [o.box for o in scene.of_class("hand")]
        chips = [o.box for o in scene.of_class("chip")]
        for seat, stacks in self.unwatched.items():
            for track, (o, since) in list(stacks.items()):
                if any(iou(o.box, c) >= RETRACK_IOU for c in chips):
                    del stacks[track]  # it lies there, under another id
                elif any(share_covered(o.box, h) > 0 for h in hands):
                    stacks[track] = (o, None)
                elif since is None:
                    stacks[track] = (o, scene.t)
                elif scene.t - since >= GONE_S - 1e-6:
                    del stacks[track]
                    taken = self.by_seat.get(seat, (scene.t, {}))[1]
                    self.by_seat[seat] = (scene.t, taken | {track: o.value})

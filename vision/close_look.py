"""A closer look at the bet and stack zones, where chips lie small: a bet's alone on the felt, a
seat's stack on the rail at the far edge of the picture; and at the seats' card zones, where a hole
card lies alone before its second comes.

Fed a 1280x720 frame at 640, the detector sees a chip about 8 px across. In a stack on the rail it
is found among its neighbours; alone in a bet zone, on a felt or a printed line of its own colours,
it is often not. On the blind renders of seed + 10000 (blue felt with a white betting line, black
100 chips) the whole-frame call found 82% of the chips lying in bet zones; a look at each bet zone at
twice that scale found 99% (`python -m datasets.eval_close_look`). A missed chip is a missed call or
bet: the seat reads as checking, the rules engine waits on it, and every seat after it is out of turn.
The same look finds hands over the bet zones and the cards behind them that the whole frame scored
low (seed + 10000 non_value_item: a dark hand in a blue sleeve on blue felt, 0.1 to the whole frame,
0.9 close up): 94% of such hands to the whole frame, 99% with the close look.

The stack zones are looked at the same way. On seed + 11000 (a far camera under a dim warm lamp)
stacks on the rail scored 0.2-0.4 to the whole frame and 0.4-0.7 close up; one seen empty for a moment
as its seat's hand came back from a call made the call an all-in, after which the seat was skipped
for the rest of the hand (27 false all_in_not_tabled alerts over 59 renders). The stack zones' looks
add hands only from ``STACK_HAND_CONF``: from ``hand_conf`` (0.2) they were mostly the arm coming in
over the rail scored 0.22 on the felt beside the stack, where a new hand is the dealer's (seed + 2000
clean_exact_calls: seat 1's bet then went unseen), or things that are no hand at all. A hand over a
stack at the far edge of the picture is often not found by the whole frame at all, and close up it
is (seed + 2000 out_of_turn: seat 5's hand, at the top edge, boxed over its stack at 0.49-0.85 by the
look and never by the whole frame, which first saw it over the bet zone, where a new hand is the
dealer's: the out-of-turn call went unseen; seed + 54000 chips_out_of_view: 0.47-0.89, none).

The card zones are looked at the same way for cards. On seed + 13000 (green felt, blue backs) the
first card pitched to a seat, alone in its zone, scored 0.17 to the whole frame and 0.90 close up: it
was counted only when the second card came, so 59 of 578 cards dealt were missed. A close-look card
is added unless a card was found there already (IoU >= ``CARD_IOU``: a second hole card spread over
the first overlaps it less); ``vision.card_boxes`` then drops the duplicates left. Nor is one that
touches a hand (the whole frame's or the look's own): close up, a player's palm over its cards, posting
a blind, was boxed as a face-up card, a card dealt face up and a false misdeal (seed + 13000
clean_full_ring_showdown). Face-up cards are added as well: seat 3's card turned up with action
pending, half under its other card, scored 0.09 to the whole frame and 0.90 close up, and the
exposure was seen 10 s late (seed + 20000 card_exposed_action_pending). One look may box a card twice
a few pixels apart, so only its best box of each face stands where two overlap by ``CARD_IOU`` (seed +
2000 premature_river: a tabled card boxed at 0.81 and 0.62 made three tabled cards of two, a false
misdeal_too_late; that is why face-up cards were once left out). The pipeline checks every face-up
box, the look's too, for white paper (``vision.card_faces.verify_faces``). A card zone's look adds no
chips or hands.

``CloseLook`` crops each zone's box, grown by ``PAD`` of the frame's long side (chips pushed in
spill past the lines), and detects in all of them in one batch at ``zoom`` times the whole-frame
scale. A chip it finds is added unless a round thing was found there already (IoU >= ``SAME_IOU``,
by the whole-frame call or an overlapping box's look). Only chips wholly inside the box less
``EDGE`` pixels at its sides count: one reaching into that strip may have been cut by the crop. The
whole-frame call's chips all stay: one look can miss a chip the other finds, and which one depends
on where the crop falls. Hands from ``hand_conf`` are added the same way, if their box's middle lies
inside the box less its edge strip and inside no hand found already.

Close up, the detector often boxes the dealer button (or a card protector) twice, as itself and as
a chip, either scoring higher (seed + 2000 clock_countdown: button 0.76, chip 0.56;
clean_protector_and_peek: chip 0.86, button 0.57). A close-look chip boxed as another round thing
too, by the same look from ``TWIN_SCORE`` or by the whole frame, is that thing and no chip: a chip
is never put down on the button.

A box whose pixels have not changed since its last look (the largest change in a grey thumbnail at
most ``MAX_CHANGE``) keeps that look's chips without running the detector again: most of the time
nothing moves in a bet zone, and the close look costs one thumbnail per zone. After a change it is
looked at ``SETTLE_LOOKS`` more times on still pixels: the look made as a hand leaves may see the
chips it left through the blur of its going, or not at all (seed + 10000 string_bet_return_to_stack).
A kept look keeps its chips but not its hands: a hand is a thing that moves, and a box that shows
nothing moving for ``SETTLE_LOOKS`` looks has no hand in it that the whole frame does not see. Close
up, plain felt at the lower edge of a bet zone's box scored 0.20 as a hand on still pixels; kept, it
held the seat's visit open for the rest of the street (seed + 13000 cards_off_table: the flop's three
checks and the turn's bet were lost, and a premature turn and two out-of-turn folds were raised).
"""

from __future__ import annotations

from typing import Protocol

import cv2
import numpy as np

from vision.camera_config import ZoneKind
from vision.card_boxes import CARDS, DISCS, one_box_per_object
from vision.detections import Detections, box_iou, share_covered
from vision.table import TableGeometry

PAD = 0.02  # of the frame's long side, round each zone's box
EDGE = 4.0  # pixels: a chip this near a side of the box (not the frame's) may be cut; the whole frame has it
THUMB = 24  # the grey thumbnail's long side
MAX_CHANGE = 14.0  # grey levels: a thumbnail pixel changed by more means the box must be looked at again
SETTLE_LOOKS = 2  # looks again at a box whose pixels have just stopped changing
SAME_IOU = 0.4  # a close-look chip overlapping a round thing already found this much is that thing
TWIN_SCORE = 0.1  # the close look's own button or protector boxes count from this score
STACK_HAND_CONF = 0.45  # a stack zone's look adds hands from this score (the module docstring)
OTHER_DISCS = tuple(d for d in DISCS if d != "chip")
LOOKED_AT = (ZoneKind.BET, ZoneKind.STACK, ZoneKind.CARDS)  # the zones looked at closer
CARD_IOU = 0.3  # a close-look card overlapping a card already found this much is that card
HALF_INSIDE = 0.75  # two whole-frame card boxes this much inside one close-look card, and
HALVES_IOU = 0.5  # overlapping each other this much, are that one card


class PartDetector(Protocol):
    def detect_parts(self, frame: np.ndarray, boxes: np.ndarray, zoom: float) -> list[Detections]: ...


class CloseLook:
    """The bet, stack and card zones of ``geometry`` looked at ``zoom`` times closer (the module
    docstring)."""

    def __init__(
        self, detector: PartDetector, geometry: TableGeometry, zoom: float, conf: float, hand_conf: float
    ) -> None:
        self.detector = detector
        self.zoom = zoom
        self.conf = conf
        self.hand_conf = hand_conf
        h, w = geometry.height, geometry.width
        pad = PAD * max(h, w)
        boxes, cards = [], []
        hands: list[float | None] = []
        for zone in geometry.zones:
            if zone.kind not in LOOKED_AT:
                continue
            p = zone.polygon.reshape(-1, 2)
            x0, y0 = max(0.0, float(p[:, 0].min()) - pad), max(0.0, float(p[:, 1].min()) - pad)
            x1, y1 = min(float(w), float(p[:, 0].max()) + pad), min(float(h), float(p[:, 1].max()) + pad)
            if x1 - x0 >= 2 and y1 - y0 >= 2:
                boxes.append((round(x0), round(y0), round(x1), round(y1)))
                hands.append(
                    {ZoneKind.BET: hand_conf, ZoneKind.STACK: max(hand_conf, STACK_HAND_CONF)}.get(zone.kind)
                )
                cards.append(zone.kind is ZoneKind.CARDS)
        self.boxes = np.array(boxes, np.float32).reshape(-1, 4)
        self.finds_hands = hands  # each box's look adds hands from this score; None: none (cards' zones)
        self.finds_cards = cards  # ... and which add cards, not chips: the seats' card zones'
        self.frame_hw = (h, w)
        self._thumbs: list[np.ndarray | None] = [None] * len(self.boxes)
        self._found: list[Detections | None] = [None] * len(self.boxes)  # each box's last look
        self._settle = [0] * len(self.boxes)  # looks still owed to a box that just stopped changing
        self.looks = 0  # boxes looked at again (detector runs on a part)
        self.kept = 0  # boxes whose last look stood because nothing there changed

    def __call__(self, image: np.ndarray, dets: Detections) -> Detections:
        """``dets`` (the whole-frame call's, or merged) and the chips and hands the close look found
        that it lacks."""
        if len(self.boxes) == 0:
            return dets
        thumbs = [self._thumb(image, box) for box in self.boxes]
        stale = []
        for i, thumb in enumerate(thumbs):
            if self._changed(i, thumb):
                self._settle[i] = SETTLE_LOOKS
                stale.append(i)
            elif self._settle[i] > 0:
                self._settle[i] -= 1
                stale.append(i)
        if stale:
            looks = self.detector.detect_parts(image, self.boxes[stale], self.zoom)
            for i, d in zip(stale, looks, strict=True):
                self._thumbs[i] = thumbs[i]
                self._found[i] = self._inside(d, self.boxes[i], self.finds_hands[i], self.finds_cards[i])
        self.looks += len(stale)
        self.kept += len(self.boxes) - len(stale)
        out = dets
        for i, last in enumerate(self._found):
            if last is None or not len(last):
                continue
            chips = last.select(last.of_class("chip"))
            out = Detections.joined(out, _not_twins(chips, out.select(_of(out, DISCS))))
            cards = _clear_of(last.select(_of(last, CARDS)), out.select(out.of_class("hand")))
            out = _halves_as_one(out, cards)
            out = Detections.joined(out, _not_twins(cards, out.select(_of(out, CARDS)), CARD_IOU))
            if i in stale:  # a kept look's hands are not (the module docstring)
                hands = last.select(last.of_class("hand"))
                out = Detections.joined(out, _new_hands(hands, out.select(out.of_class("hand"))))
        return out

    def _changed(self, i: int, thumb: np.ndarray) -> bool:
        last = self._thumbs[i]
        return last is None or last.shape != thumb.shape or float(np.abs(thumb - last).max()) > MAX_CHANGE

    def _inside(
        self, found: Detections, box: np.ndarray, hand_conf: float | None, with_cards: bool
    ) -> Detections:
        """The chips (wholly inside), or ``with_cards`` the cards (wholly inside), and the hands from
        ``hand_conf`` (their middles inside; None: no hands) of one look at ``box``."""
        whole = _within(found.xyxy, box, self.frame_hw) & (found.confidence >= self.conf)
        if with_cards:
            hands = found.select(found.of_class("hand") & (found.confidence >= self.hand_conf))
            cards = _clear_of(found.select(whole & _of(found, CARDS)), hands)
            # one look may box a card twice a few pixels apart (seed + 2000 premature_river: a tabled
            # card at 0.81 and 0.62, IoU 0.57, counted a third card): its best box of each face stands
            for face in CARDS:
                cards = one_box_per_object(cards, (face,), same=CARD_IOU)
            return cards
        others = found.select(_of(found, OTHER_DISCS) & (found.confidence >= TWIN_SCORE))
        chips = _not_twins(found.select(whole & found.of_class("chip")), others)
        keep = found.of_class("hand") & (found.confidence >= hand_conf if hand_conf is not None else False)
        hands = found.select(keep & _middle_within(found.xyxy, box, self.frame_hw))
        return Detections.joined(chips, hands)

    @staticmethod
    def _thumb(image: np.ndarray, box: np.ndarray) -> np.ndarray:
        x0, y0, x1, y1 = box.astype(int)
        crop = image[y0:y1, x0:x1]
        s = THUMB / max(crop.shape[:2])
        size = (max(1, round(crop.shape[1] * s)), max(1, round(crop.shape[0] * s)))
        small = cv2.resize(crop, size, interpolation=cv2.INTER_AREA)
        return (cv2.cvtColor(small, cv2.COLOR_BGR2GRAY) if small.ndim == 3 else small).astype(np.float32)


def _of(dets: Detections, names: tuple[str, ...]) -> np.ndarray:
    mask = np.zeros(len(dets), bool)
    for name in names:
        mask |= dets.of_class(name)
    return mask


def _middle_within(xyxy: np.ndarray, box: np.ndarray, frame_hw: tuple[int, int]) -> np.ndarray:
    """(n,) bool: boxes whose middles lie inside the box's inner part."""
    x0, y0, x1, y1 = _inner(box, frame_hw)
    cx, cy = (xyxy[:, 0] + xyxy[:, 2]) / 2, (xyxy[:, 1] + xyxy[:, 3]) / 2
    return (cx >= x0) & (cx <= x1) & (cy >= y0) & (cy <= y1)


def _new_hands(hands: Detections, known: Detections) -> Detections:
    """``hands`` less those whose middles lie inside a hand box of ``known`` (the same hand, boxed
    with more or less of its arm)."""
    if not len(hands) or not len(known):
        return hands
    cx, cy = (hands.xyxy[:, 0] + hands.xyxy[:, 2]) / 2, (hands.xyxy[:, 1] + hands.xyxy[:, 3]) / 2
    k = known.xyxy
    inside = (
        (cx[:, None] >= k[None, :, 0])
        & (cx[:, None] <= k[None, :, 2])
        & (cy[:, None] >= k[None, :, 1])
        & (cy[:, None] <= k[None, :, 3])
    )
    return hands.select(~inside.any(axis=1))


def _not_twins(found: Detections, others: Detections, same: float = SAME_IOU) -> Detections:
    """``found`` less those ``others`` boxed already (IoU >= ``same``)."""
    if not len(found) or not len(others):
        return found
    return found.select(box_iou(found.xyxy, others.xyxy).max(axis=1) < same)


def _halves_as_one(dets: Detections, look: Detections) -> Detections:
    """``dets`` less the lesser of two card boxes (of one face) that overlap each other by
    ``HALVES_IOU`` or more and both lie ``HALF_INSIDE`` or more inside one card box of ``look``: the
    whole frame boxed one card as two, a few pixels apart, where the look at twice the scale saw one
    (seed + 21000 clean_full_ring_showdown: seat 1's lone card at 0.86 and 0.82, IoU 0.61, one card at
    0.92 close up; the seat held two cards from its first, then three, a misdeal in a clean hand). Two
    cards of a seat spread apart overlap less (seed + 21000 misdeal_wrong_card_count: IoU 0.36, both
    inside one box of a look that saw the pair as one, were two cards)."""
    drop = np.zeros(len(dets), bool)
    for j in range(len(look)):
        inside = [
            i
            for i in np.flatnonzero((dets.class_id == look.class_id[j]) & ~drop)
            if share_covered(tuple(dets.xyxy[i]), tuple(look.xyxy[j])) >= HALF_INSIDE
        ]
        inside.sort(key=lambda i: -dets.confidence[i])
        for k, best in enumerate(inside):
            if drop[best]:
                continue
            rest = [i for i in inside[k + 1 :] if not drop[i]]
            if rest:
                twins = box_iou(dets.xyxy[[best]], dets.xyxy[rest])[0] >= HALVES_IOU
                drop[np.array(rest)[twins]] = True
    return dets.select(~drop) if drop.any() else dets


def _clear_of(cards: Detections, hands: Detections) -> Detections:
    """``cards`` less those whose boxes touch a hand's: close up, a palm over a seat's cards may be
    boxed as a face-up card."""
    if not len(cards) or not len(hands):
        return cards
    return cards.select(box_iou(cards.xyxy, hands.xyxy).max(axis=1) == 0)


def _inner(box: np.ndarray, frame_hw: tuple[int, int]) -> tuple[float, float, float, float]:
    """The box less ``EDGE`` at each side that is not the frame's edge."""
    h, w = frame_hw
    x0, y0, x1, y1 = (float(v) for v in box)
    return (
        x0 + EDGE if x0 > 0 else x0,
        y0 + EDGE if y0 > 0 else y0,
        x1 - EDGE if x1 < w else x1,
        y1 - EDGE if y1 < h else y1,
    )


def _within(xyxy: np.ndarray, box: np.ndarray, frame_hw: tuple[int, int]) -> np.ndarray:
    """(n,) bool: boxes wholly inside the box's inner part."""
    x0, y0, x1, y1 = _inner(box, frame_hw)
    return (xyxy[:, 0] >= x0) & (xyxy[:, 1] >= y0) & (xyxy[:, 2] <= x1) & (xyxy[:, 3] <= y1)

"""What a drink, phone or protector box holds: a capped drink, an open one, a phone, a card protector,
or none of these.

House rules differ on drinks (Bluff Street allows one capped bottle, no open drink; the TDA sets no
limit), and from above the two look alike to the detector, which has one ``drink`` class. A capped
bottle shows its cap over a narrower neck (or a can its lid and tab); an open cup or glass shows a rim
round a disc of liquid. The detector also mistakes these objects for one another, and hands and chip
stacks for them, at low scores: a face-down phone boxed as a drink at 0.30-0.39 for four seconds (seed
+ 15000 foreign_object_phone), a hand over its stack boxed as a capped drink (seed + 2000
prior_chips_combined). ``DrinkReader`` runs a small ONNX classifier (``models/drink_classifier.onnx``,
trained by ``datasets.train.drinks``) on a square crop round each box of the classes in ``OBJECTS``;
below its confidence threshold the answer is ``"unknown"``, never a guess. The reading goes in the
box's ``label``; ``vision.foreign`` takes a track's majority of sure readings while it lies still, and
that, not the detector's class, says what was put down. Every chip box is read too, and one read
surely as a protector is marked so (its label ``"card_protector"``, its value none): the detector boxes
a protector pushed out as a bet as a chip (seed + 16000 non_value_item: read 0.92-0.97 as a protector
in every call; the bet of a non-value item was missed), and the chip reader may give it a value (seed +
21000 non_value_item: a gold protector read as a yellow 1,000 chip, a call that kept the betting open
for the rest of the hand). Over 8,584 boxes of real chips in six renders, sampled every 15th frame,
this reader read none as a protector, and 53 of the 88 boxes of protectors as one (most of the rest
unknown). ``vision.table.build_scene`` makes such a box a protector in the table scene.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cards import crops_to_tensor
from vision.detections import Box, Detections, share_covered, share_covered_by_any
from vision.detector import ModelError, open_classifier

DEFAULT_MODEL = Path(__file__).resolve().parent.parent / "models" / "drink_classifier.onnx"
CROP_PX = 32  # the classifier's square input side
MARGIN = 1.3  # the crop's side over the box's longer side: the rim and cap with a little felt round them
UNKNOWN = "unknown"
OBJECTS = ("drink", "phone", "card_protector")  # the detector's classes whose boxes are read
READINGS = ("capped", "open", "phone", "card_protector", "none")  # what a box may hold
PROTECTOR = "card_protector"  # the reading that makes a chip box a protector
SURE = ("capped", "open", "phone", "card_protector")  # readings that say the box holds one of these objects
READ_FLOOR = 0.1  # the detector's boxes of these objects are read down to this score (``sure_below``)
SAME_OBJECT = 0.5  # a box under the bar this much inside a better one (or it inside this) is that thing


def drink_crops(image: np.ndarray, xyxy: np.ndarray, size: int = CROP_PX) -> np.ndarray:
    """(n, size, size, 3) uint8 BGR: a square of ``MARGIN`` times each box's longer side round its
    centre, the frame's edge repeated where the square leaves the frame."""
    out = np.zeros((len(xyxy), size, size, 3), np.uint8)
    for i, (x0, y0, x1, y1) in enumerate(np.asarray(xyxy, np.float64)):
        side = max(x1 - x0, y1 - y0, 2.0) * MARGIN
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        scale = size / side
        warp = np.array([[scale, 0, size / 2 - cx * scale], [0, scale, size / 2 - cy * scale]], np.float64)
        out[i] = cv2.warpAffine(
            image, warp, (size, size), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
        )
    return out


class DrinkReader:
    """Reads drinks with the drink classifier: input (n, 3, S, S) float32 RGB 0..1, output ``probs``
    (n, len(classes)); the classes, the input side and the default threshold come from its metadata."""

    def __init__(
        self,
        path: Path | str = DEFAULT_MODEL,
        threshold: float | None = None,
        providers: tuple[str, ...] | None = None,
        threads: int = 2,
    ) -> None:
        path = Path(path)
        self.session, meta = open_classifier(
            path, "drink classifier", "railbird train drinks", providers, threads
        )
        try:
            self.classes: tuple[str, ...] = tuple(ast.literal_eval(meta["classes"]))
            self.size = int(meta["imgsz"])
            self.threshold = float(meta["threshold"]) if threshold is None else threshold
        except (KeyError, ValueError, SyntaxError):
            raise ModelError(
                f"{path}: not a drink classifier (metadata needs classes, imgsz and threshold; "
                "train one with `railbird train drinks`)"
            ) from None
        if set(self.classes) != set(READINGS):
            raise ModelError(
                f"{path}: drink classifier classes {self.classes}, expected {', '.join(READINGS)} "
                "(an older capped-or-open model: train a new one with `railbird train drinks`)"
            )
        self.input = self.session.get_inputs()[0].name
        self.probs(np.zeros((1, self.size, self.size, 3), np.uint8))  # warm-up

    def probs(self, crops: np.ndarray) -> np.ndarray:
        """(n, len(classes)) probabilities for (n, S, S, 3) uint8 BGR crops."""
        if not len(crops):
            return np.zeros((0, len(self.classes)), np.float32)
        out: np.ndarray = self.session.run(None, {self.input: crops_to_tensor(crops)})[0]
        return out

    def read(self, image: np.ndarray, xyxy: np.ndarray) -> list[tuple[str, float]]:
        """(class or ``"unknown"``, confidence) for each box."""
        p = self.probs(drink_crops(image, xyxy, self.size))
        best = p.argmax(axis=1) if len(p) else np.zeros(0, np.int64)
        return [
            (self.classes[k] if p[i, k] >= self.threshold else UNKNOWN, float(p[i, k]))
            for i, k in enumerate(best)
        ]

    def label(self, image: np.ndarray, dets: Detections, only: np.ndarray | None = None) -> Detections:
        """``dets`` with each drink, phone and protector box's reading in ``label``, and
        ``"card_protector"`` in that of each chip box read surely as one, its value gone (only the rows
        ``only`` marks, if given)."""
        rows = np.zeros(len(dets), bool)
        for name in OBJECTS:
            rows |= dets.of_class(name)
        chips = dets.of_class("chip")
        rows |= chips
        if only is not None:
            rows &= only
        if not rows.any():
            return dets
        labels, values = dets.label.copy(), dets.value.copy()
        idx = np.flatnonzero(rows)
        for i, (name, _) in zip(idx, self.read(image, dets.xyxy[idx]), strict=True):
            if chips[i] and name != PROTECTOR:
                continue  # a chip keeps its colour and value
            labels[i] = name
            if chips[i]:
                values[i] = 0
        return replace(dets, label=labels, value=values)


PROTECTOR_READS = 2  # detector calls that must read a chip track as a protector before it is one
LOST_S = 0.5  # s: a card box that shows round a protector boxed this recently, and not now, is that protector
ROUND = 0.8  # share of the protector's last box that such a card box covers


class ProtectorTracks:
    """A chip track read surely as a protector in ``PROTECTOR_READS`` detector calls stays one. The
    reader is unsure of some views of a protector (35 of the 88 protector boxes measured in the module
    docstring): seed + 21000 non_value_item's gold protector, pushed out as a call, read as a protector,
    then, after a hand passed over it, as a 1,000 chip again, and a bet that never left its zone kept
    the street's betting open for the rest of the hand. One reading is not enough: seed + 26000
    clean_capped_bottle's chip in a stack, read once as a protector, became one for good (a protector
    put down, then a non-value item pushed with the next bet, in a clean hand).

    And a card box that shows round a protector just lost (boxed within ``LOST_S``, not now, lying on
    no card boxed round it) is that protector: seed + 25000 non_value_item's protector, by the cards
    tabled beside it, was boxed from then on as a face-up card round it and a corner of the card, and
    the hand tabled three cards (a misdeal_too_late). Such a card track stays a protector, and the
    protector stays lost as long as a card box round it shows. A protector lying on a seat's cards
    (covered by their boxes together: clean_protector_and_peek-s56000's lay across both, 71% and 79%
    under each) is no such protector: the seat's hand, lifting a corner to bet, hid it and the cards, and
    the cards showing again were taken for two protectors put down and the cards for gone below the rail,
    a false cards_out_of_view."""

    def __init__(self) -> None:
        self.tracks: set[int] = set()  # chip or card tracks that are a protector
        self.reads: dict[int, int] = {}  # chip track -> the detector calls that read it as a protector
        self.last: dict[int, tuple[float, Box, bool]] = {}  # protector track -> when, box, on a card

    def __call__(self, dets: Detections, t: float = 0.0) -> Detections:
        """``dets`` (tracked, at time ``t``) with every box of a protector's chip or card track, and
        every card box round a protector just lost, read as a protector."""
        tracked = dets.tracker_id >= 0
        chips = dets.of_class("chip") & tracked
        cards = dets.of_class("card_up") | dets.of_class("card_down")
        read = chips & (dets.label == PROTECTOR)
        for track in dets.tracker_id[read]:
            self.reads[int(track)] = self.reads.get(int(track), 0) + 1
            if self.reads[int(track)] >= PROTECTOR_READS:
                self.tracks.add(int(track))
        again = (chips | cards) & ~read & np.isin(dets.tracker_id, list(self.tracks)) & tracked
        boxed = (dets.of_class(PROTECTOR) | read | again) & tracked & ~cards
        boxes: list[Box] = [(float(a), float(b), float(c), float(d)) for a, b, c, d in dets.xyxy]
        for i in np.flatnonzero(boxed):
            on_card = share_covered_by_any(boxes[i], [boxes[j] for j in np.flatnonzero(cards)]) >= ROUND
            self.last[int(dets.tracker_id[i])] = (t, boxes[i], on_card)
        self.last = {k: v for k, v in self.last.items() if t - v[0] <= LOST_S}
        for k, (when, box, on_card) in list(self.last.items()):
            if when >= t or on_card:
                continue  # boxed now, or lying on a card (which is no protector for losing it)
            round_it = cards & np.array([share_covered(box, b) >= ROUND for b in boxes], dtype=bool)
            if round_it.any():
                again |= round_it
                self.tracks.update(int(track) for track in dets.tracker_id[round_it & tracked])
                self.last[k] = (t, box, False)
        if not again.any():
            return dets
        labels, values = dets.label.copy(), dets.value.copy()
        labels[again], values[again] = PROTECTOR, 0
        return replace(dets, label=labels, value=values)


def sure_below(dets: Detections, bar: float) -> Detections:
    """``dets`` less the drink, phone and protector boxes scored under the detector's ``bar`` that the
    reader did not read surely as one of these objects. The detector scores some objects low in every
    call: seed + 21000 foreign_object_phone's phone, face down by the rail, scored 0.07-0.35 for five
    seconds and read 0.97-0.99 as a phone, was never put down. Boxes of these classes scored 0.1-0.3
    on six renders, every 10th frame: 63 of 64 boxes of real objects read as what they were, and 3 of
    106 boxes of chips, hands or plain felt read surely as a phone (``vision.foreign`` then wants the
    object still and most of its readings sure before it is put down). Nor does one stay that lies
    mostly over, or under, a higher-scoring box of a thing on the table (not a hand or a player): a
    second, looser box of the same glass (seed + 2000 foreign_object_drink: 0.12-0.29 round the glass
    boxed at 0.47-0.71, tracked apart, a second open drink put down), or two chips on the rail boxed as
    a drink at 0.15 and read as a phone (seed + 21000 foreign_object_drink: a phone put down)."""
    objects = np.zeros(len(dets), bool)
    for name in OBJECTS:
        objects |= dets.of_class(name)
    things = ~(dets.of_class("hand") | dets.of_class("player"))
    low = objects & (dets.confidence < bar)
    drop = low & ~np.isin(dets.label, SURE)
    for i in np.flatnonzero(low & ~drop):
        over = things & ~drop & (dets.confidence > dets.confidence[i])
        a = tuple(dets.xyxy[i])
        drop[i] = any(
            max(share_covered(a, b), share_covered(b, a)) >= SAME_OBJECT for b in map(tuple, dets.xyxy[over])
        )
    return dets.select(~drop) if drop.any() else dets


ON_CARDS_SIDE = 0.6  # a protector's side over the shorter side of the smallest card box under it
HAND_OVER = 0.3  # a hand box over this share of the place read makes the reading worthless
BOXED = 0.5  # a chip or protector box over this share of that place (or in it) is the thing there, boxed


def protectors_on_cards(
    reader: DrinkReader, image: np.ndarray, dets: Detections, at_a_seat: Callable[[float, float], bool]
) -> Detections:
    """``dets`` and a protector box, read surely, at the middle of each group of face-down cards
    (boxes that touch) lying where ``at_a_seat`` says a player's cards lie, where no chip or protector
    is boxed already and no hand is over it. The detector boxes a protector lying on a player's cards
    as neither: seed + 39000 foreign_object_second_protector's gold coin on seat 4's cards was boxed
    only once the cards were folded from under it, 16 s later, and the second protector beside them
    (boxed as a chip, read as a protector) was the seat's first, so two protectors at one seat were
    never seen. A player puts a protector on the middle of the cards, and the drink reader reads a
    square there as one (``ON_CARDS_SIDE`` of a card's side): on every 10th frame of the 118 renders of
    seed + 38000 and 39000, with the renderer's card and hand boxes, 240 of 296 groups at a seat under
    a protector read as one, and 1 of 30,895 without one. The deck and the muck are no player's cards
    (seed + 2000 clean_heads_up_check_down: the muck read 0.80-0.82 as a protector, put down there). A
    disc boxed beside the middle does not stop the reading: seed + 38000's second protector, boxed as
    a chip, overlapped the first's place by a fraction of a pixel, and the first was taken away."""
    if PROTECTOR not in dets.names or not dets.of_class("card_down").any():
        return dets
    cards, hands, discs = (
        [(float(a), float(b), float(c), float(d)) for a, b, c, d in dets.xyxy[mask]]
        for mask in (
            dets.of_class("card_down"),
            dets.of_class("hand"),
            dets.of_class("chip") | dets.of_class(PROTECTOR),
        )
    )
    places: list[Box] = []
    for group in _touching(cards):
        cx = sum(b[0] + b[2] for b in group) / (2 * len(group))
        cy = sum(b[1] + b[3] for b in group) / (2 * len(group))
        half = ON_CARDS_SIDE * min(min(b[2] - b[0], b[3] - b[1]) for b in group) / 2
        place = (cx - half, cy - half, cx + half, cy + half)
        if (
            at_a_seat(cx, cy)
            and not any(share_covered(place, h) >= HAND_OVER for h in hands)
            and not any(max(share_covered(place, d), share_covered(d, place)) >= BOXED for d in discs)
        ):
            places.append(place)
    if not places:
        return dets
    sure = reader.probs(drink_crops(image, np.asarray(places)))[:, reader.classes.index(PROTECTOR)]
    found = sure >= reader.threshold
    if not found.any():
        return dets
    n = int(found.sum())
    added = Detections(
        xyxy=np.asarray(places, np.float32)[found],
        confidence=sure[found].astype(np.float32),
        class_id=np.full(n, dets.names.index(PROTECTOR), np.int32),
        names=dets.names,
        label=np.full(n, PROTECTOR, dtype=object),
    )
    return Detections.joined(dets, added)


def _touching(boxes: list[Box]) -> list[list[Box]]:
    """``boxes`` in groups, each box in the group of every box it overlaps."""
    groups: list[list[Box]] = []
    for box in boxes:
        near = [g for g in groups if any(share_covered(box, b) > 0 for b in g)]
        merged = [box] + [b for g in near for b in g]
        groups = [g for g in groups if g not in near] + [merged]
    return groups

"""Track ids across frames with ByteTrack (roboflow ``trackers``), one tracker per class.

Cards, chips and hands move differently and must never swap ids with each other, so each class has
its own ``ByteTrackTracker``. ``Tracker.update`` takes one frame's ``Detections`` and returns a new
one with ``tracker_id`` filled (-1 for a detection not yet confirmed as a track); labels and chip
values ride along with their boxes.

ByteTrack starts a track only from a detection over its high-score bar (0.5 here); lower ones only
keep a track going. Phones, drinks and protectors (``STILL_THINGS``) start one from a lower bar:
a phone the detector scored 0.38-0.40 in every call for three seconds stayed untracked, so it was
reported only when one call scored it 0.50 (seed + 13000 foreign_object_phone, four seconds late), and
a second protector scored under 0.5 was put down 15 s late (seed + 2000
foreign_object_second_protector). Drinks and protectors were tried from the low bar once and dropped:
a hand over its stack, boxed as a capped drink at 0.3-0.5 for a second, became a drink put down and
taken away 15 times (seed + 2000 premature_river). Since then the drink reader reads every such box
(``vision.drinks``), and only a box read surely as one of these objects is put down
(``vision.foreign``), so the low bar is safe for all three. Since then, too, boxes of these objects
scored under the detector's bar reach the tracker only when the reader read them surely as one
(``vision.drinks.sure_below``), and their tracks start from that floor (``READ_FLOOR``).

A box of another class scored from ``STEADY_FLOOR`` to the high bar starts a track once it has lain
still (``STEADY_IOU``) in every detector call for ``STEADY_S``: what stays put that long is there.
Seed + 24000 string_bet_multiple_motions: the second 1,000 of a bet put out in two motions scored
0.38-0.43 for seconds and never got a track, so the bet read as one chip; seed + 23000 short_all_in:
a tabled card scored under 0.5 for 3 s was never seen tabled. Face-up cards start from the camera's
``face_conf`` (seed + 26000 short_all_in: a tabled card scored 0.25, kept as white paper, stayed
untracked, and the hand read as one card exposed).
"""

from __future__ import annotations

import dataclasses
from typing import NamedTuple

import numpy as np
import supervision as sv
from trackers import ByteTrackTracker

from vision.detections import Detections, iou
from vision.drinks import READ_FLOOR

ID_STRIDE = 1_000_000  # track ids of class k are k * ID_STRIDE + the class tracker's id
STILL_THINGS = ("phone", "drink", "card_protector")  # their tracks start from the activation bar
HIGH_SCORE = 0.5  # the other classes' tracks start from this score...
STEADY_FLOOR = 0.35  # ...or from this one, for a box lying still in every call...
STEADY_S = 0.5  # ...for this long
STEADY_IOU = 0.6  # a box overlapping the last call's this much lies still


class _Steady(NamedTuple):
    box: tuple[float, float, float, float]
    since: float  # s: first seen there


class Tracker:
    def __init__(
        self,
        fps: float,
        lost_seconds: float = 1.0,
        activation: float = 0.25,
        steady_floors: dict[str, float] | None = None,
    ) -> None:
        """``steady_floors``: per class, a lower ``STEADY_FLOOR`` (the pipeline keeps face-up cards from
        the camera's ``face_conf`` when their middle is white paper, so a still one of those is a card)."""
        self.fps = fps
        self.steady_floors = steady_floors or {}
        self.lost_frames = max(round(lost_seconds * fps), 1)
        self.activation = activation
        self._trackers: dict[int, ByteTrackTracker] = {}
        self._steady: dict[int, list[_Steady]] = {}  # class -> low boxes lying still in every call

    def _tracker(self, class_id: int, name: str) -> ByteTrackTracker:
        if class_id not in self._trackers:
            still = name in STILL_THINGS
            high = READ_FLOOR if still else max(self.activation, HIGH_SCORE)
            self._trackers[class_id] = ByteTrackTracker(
                lost_track_buffer=self.lost_frames,
                frame_rate=self.fps,
                track_activation_threshold=READ_FLOOR if still else self.activation,
                minimum_consecutive_frames=1,
                minimum_iou_threshold=0.05,
                high_conf_det_threshold=high,
            )
        return self._trackers[class_id]

    def update(self, dets: Detections, t: float) -> Detections:
        """``dets`` with track ids; ``t`` is the frame's time in seconds (frames may be skipped)."""
        ids = np.full(len(dets), -1, dtype=np.int64)
        present = {int(c) for c in np.unique(dets.class_id)}
        self._steady = {c: boxes for c, boxes in self._steady.items() if c in present}  # a call missed them
        for class_id in np.unique(dets.class_id):
            rows = np.flatnonzero(dets.class_id == class_id)
            name = dets.names[int(class_id)]
            confidence = dets.confidence[rows]
            if name not in STILL_THINGS:
                floor = self.steady_floors.get(name, STEADY_FLOOR)
                confidence = self._lift_steady(int(class_id), dets.xyxy[rows], confidence, t, floor)
            found = sv.Detections(
                xyxy=dets.xyxy[rows].astype(np.float32),
                confidence=confidence,
                class_id=dets.class_id[rows],
                data={"row": rows},
            )
            tracked = self._tracker(int(class_id), name).update(found, timestamp=t)
            if tracked.tracker_id is None:
                continue
            for row, tid in zip(tracked.data["row"], tracked.tracker_id, strict=True):
                if tid >= 0:
                    ids[int(row)] = int(class_id) * ID_STRIDE + int(tid)
        return dataclasses.replace(dets, tracker_id=ids)

    def _lift_steady(
        self, class_id: int, xyxy: np.ndarray, confidence: np.ndarray, t: float, floor: float = STEADY_FLOOR
    ) -> np.ndarray:
        """``confidence`` with the boxes scored from ``floor`` to the high bar that lay still in every
        call for ``STEADY_S`` lifted to the high bar (only what the tracker sees)."""
        was = self._steady.get(class_id, [])
        now: list[_Steady] = []
        lifted = confidence.copy()
        for i, (box, score) in enumerate(zip(xyxy, confidence, strict=True)):
            if not floor <= score < HIGH_SCORE:
                continue
            b = (float(box[0]), float(box[1]), float(box[2]), float(box[3]))
            since = next((s.since for s in was if iou(s.box, b) >= STEADY_IOU), t)
            now.append(_Steady(b, since))
            if t - since >= STEADY_S:
                lifted[i] = HIGH_SCORE
        self._steady[class_id] = now
        return lifted

"""Track ids (`vision.tracking`): one ByteTrack per class; things left on the felt start a track from
the activation bar, moving things only from a high score."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.drinks import READ_FLOOR
from vision.tracking import HIGH_SCORE, Tracker

NAMES = ("chip", "phone", "drink", "card_protector")


def one(cls: int, score: float) -> Detections:
    return Detections(
        np.array([[100, 100, 140, 160]], np.float32),
        np.array([score], np.float32),
        np.array([cls], np.int32),
        NAMES,
    )


def test_objects_scored_under_the_high_bar_in_every_call_are_tracked_a_chip_is_not() -> None:
    """Seed + 13000 foreign_object_phone: a phone scored 0.38-0.40 for three seconds stayed untracked
    and was reported four seconds late; seed + 15000's, boxed as a drink at 0.30-0.39, likewise. Such
    boxes under the detector's bar reach the tracker only once read surely as an object."""
    score = 0.15  # seed + 21000 foreign_object_phone: 0.07-0.35, read surely as a phone (vision.drinks)
    assert READ_FLOOR <= score < HIGH_SCORE
    for cls, tracked in ((1, True), (2, True), (3, True), (0, False)):
        tracker = Tracker(fps=10)
        ids = [int(tracker.update(one(cls, score), t=i / 10).tracker_id[0]) for i in range(5)]
        assert (ids[-1] >= 0) is tracked, NAMES[cls]
        if tracked:
            assert len(set(ids[1:])) == 1, "one track, kept"


def test_a_chip_over_the_high_bar_is_tracked() -> None:
    tracker = Tracker(fps=10)
    ids = [int(tracker.update(one(0, 0.8), t=i / 10).tracker_id[0]) for i in range(3)]
    assert ids[-1] >= 0

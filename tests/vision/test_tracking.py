"""Track ids (`vision.tracking`): one ByteTrack per class; things left on the felt start a track from
the activation bar, moving things only from a high score, or from a lower one once they have lain
still in every call for a while."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.drinks import READ_FLOOR
from vision.tracking import HIGH_SCORE, STEADY_FLOOR, STEADY_S, Tracker

NAMES = ("chip", "phone", "drink", "card_protector")


def one(cls: int, score: float, dx: float = 0.0) -> Detections:
    return Detections(
        np.array([[100 + dx, 100, 140 + dx, 160]], np.float32),
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


def test_a_chip_scored_low_that_lies_still_in_every_call_is_tracked_after_a_while() -> None:
    """Seed + 24000 string_bet_multiple_motions: the second 1,000 of a bet in two motions scored
    0.38-0.43 in every call for seconds and never got a track; the bet read as one chip. Lying still
    for ``STEADY_S`` it is tracked. Not before, nor when it moves each call (a hand's edge sliding
    along), nor when scored under ``STEADY_FLOOR``, nor when it misses a call in between."""
    calls = round(STEADY_S * 10) + 3

    def ids(score: float, step: float = 0.0, every: int = 1) -> list[int]:
        tracker = Tracker(fps=10)
        out = []
        for i in range(calls):
            dets = one(0, score, dx=step * i) if i % every == 0 else one(0, 0.01)  # 0.01: missed
            out.append(int(tracker.update(dets, t=i / 10).tracker_id[0]))
        return out

    still = ids(0.40)
    assert still[-1] >= 0 and all(i < 0 for i in still[: round(STEADY_S * 10)])
    assert all(i < 0 for i in ids(0.40, step=15.0))
    assert all(i < 0 for i in ids(STEADY_FLOOR - 0.05))
    assert all(i < 0 for i in ids(0.40, every=2))


def test_a_faint_face_up_card_lying_still_is_tracked_from_the_cameras_face_floor() -> None:
    """Seed + 26000 short_all_in: a tabled card scored 0.25 in every call, kept because its middle was
    white paper (``face_conf``), stayed untracked, and the tabled hand read as one card exposed. With
    the face floor as its steady floor a still face-up card is tracked; a chip so faint is not."""
    names = ("chip", "card_up")
    calls = round(STEADY_S * 10) + 3

    def last_id(cls: int) -> int:
        tracker = Tracker(fps=10, steady_floors={"card_up": 0.2})
        box = np.array([[100, 100, 130, 140]], np.float32)
        dets = Detections(box, np.array([0.25], np.float32), np.array([cls], np.int32), names)
        return [int(tracker.update(dets, t=i / 10).tracker_id[0]) for i in range(calls)][-1]

    assert 0.2 < 0.25 < STEADY_FLOOR
    assert last_id(1) >= 0
    assert last_id(0) < 0

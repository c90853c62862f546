"""Region detection: which part of the frame a detector call looks at, and how its detections join the
last call's (`vision.regions`)."""

import numpy as np
import pytest

from vision.detections import Detections
from vision.regions import PAD_SHARE, merge_region, moving_region

NAMES = ("card_up", "chip", "hand")
HW = (720, 1280)


def dets(*rows: tuple[float, float, float, float, int], label: str = "") -> Detections:
    boxes = np.array([r[:4] for r in rows], np.float32).reshape(-1, 4)
    return Detections(
        boxes,
        np.full(len(rows), 0.9, np.float32),
        np.array([r[4] for r in rows], np.int32),
        NAMES,
        label=np.array([label] * len(rows), dtype=object),
    )


def test_no_motion_or_too_much_motion_looks_at_the_whole_frame():
    assert moving_region(np.zeros((0, 4), np.float32), HW, 0.5) is None
    assert moving_region(np.array([[0, 0, 1200, 700]], np.float32), HW, 0.5) is None
    assert moving_region(np.array([[600, 300, 640, 340]], np.float32), HW, 0.0) is None


def test_the_region_holds_every_moving_box_padded_and_stays_inside_the_frame():
    pad = PAD_SHARE * 1280
    region = moving_region(np.array([[600, 300, 640, 340], [700, 320, 760, 400]], np.float32), HW, 0.5)
    assert region is not None
    assert region.tolist() == pytest.approx([600 - pad, 300 - pad, 760 + pad, 400 + pad])
    corner = moving_region(np.array([[0, 0, 30, 30]], np.float32), HW, 0.5)
    assert corner is not None and corner[0] == 0 and corner[1] == 0


def test_merging_keeps_the_last_call_outside_the_region_and_the_new_call_inside():
    looked = np.array([400, 200, 800, 500], np.float32)
    previous = dets(
        (100, 100, 120, 120, 1),  # a chip far away: kept
        (500, 300, 520, 320, 1),  # a chip inside, since taken: gone
        (790, 300, 830, 340, 0),  # a card whose centre is outside, cut by the edge: kept
        label="old",
    )
    fresh = dets(
        (600, 350, 660, 420, 2),  # the hand that moved: new
        (790, 300, 800, 340, 0),  # the same card cut at the box's right edge: dropped
        label="new",
    )
    merged = merge_region(previous, fresh, looked, HW)
    assert sorted(merged.xyxy[:, 0].tolist()) == [100, 600, 790]
    assert merged.label.tolist() == ["old", "old", "new"]
    card = merged.xyxy[merged.class_id == 0]
    assert card.tolist() == [[790, 300, 830, 340]]


def test_a_new_detection_at_the_frame_edge_is_not_cut():
    looked = np.array([0, 0, 300, 200], np.float32)
    merged = merge_region(dets(), dets((0, 10, 40, 50, 1)), looked, HW)
    assert len(merged) == 1


def test_joining_detections_of_different_models_is_refused():
    other = Detections.empty(("card_up",))
    with pytest.raises(ValueError, match="different class names"):
        Detections.joined(dets(), other)

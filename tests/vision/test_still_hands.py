"""Hand boxes the detector is unsure of that lie unmoved (``vision.hands.StillFaintHands``)."""

from __future__ import annotations

import numpy as np
import pytest

from vision.detections import Detections
from vision.hands import FAINT_STILL_S, StillFaintHands

CALL = 0.1  # s between detector calls


def hand(box: tuple[float, float, float, float], score: float) -> Detections:
    return Detections(
        xyxy=np.array([box], np.float32),
        confidence=np.array([score], np.float32),
        class_id=np.array([0], np.int32),
        names=("hand", "card_down"),
        tracker_id=np.array([17], np.int64),
    )


def hands_kept(boxes: list[tuple[float, float, float, float]], score: float) -> list[int]:
    """Feed one hand box a detector call; how many hand rows each call keeps."""
    still = StillFaintHands()
    return [len(still(hand(box, score), i * CALL)) for i, box in enumerate(boxes)]


CALLS = round(FAINT_STILL_S / CALL) + 5


def test_a_faint_hand_box_lying_unmoved_is_dropped_once_it_has_lain_still_long_enough() -> None:
    """Seed + 26000 cards_off_table: a card boxed as a hand (0.2), to the pixel, for four seconds."""
    box = (227.0, 452.0, 273.0, 497.0)
    kept = hands_kept([box] * CALLS, score=0.21)
    still_for = round(FAINT_STILL_S / CALL)
    assert kept[:still_for] == [1] * still_for and kept[still_for:] == [0] * (CALLS - still_for)


@pytest.mark.parametrize(
    ("score", "step"), [(0.21, 1.5), (0.7, 0.0)], ids=["faint-but-moving", "sure-and-still"]
)
def test_a_hand_box_that_moves_or_that_the_detector_is_sure_of_stays(score: float, step: float) -> None:
    boxes = [(227.0 + step * i, 452.0, 273.0 + step * i, 497.0) for i in range(CALLS)]
    assert hands_kept(boxes, score) == [1] * CALLS

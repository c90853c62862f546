"""Readings of objects at rest are reused, and anything that changed is read again (vision.readings)."""

from __future__ import annotations

import numpy as np

from vision.detections import Detections
from vision.readings import StillReadings

NAMES = ("card_up", "card_down", "chip", "hand")


def frame_with(*boxes: tuple[tuple[int, int, int, int], tuple[int, int, int]]) -> np.ndarray:
    image = np.full((240, 320, 3), (40, 110, 30), np.uint8)
    for (x0, y0, x1, y1), colour in boxes:
        image[y0:y1, x0:x1] = colour
        image[y0 + 4 : y0 + 12, x0 + 3 : x0 + 9] = (10, 10, 10)  # an index mark, so content matters
    return image


def dets(*rows: tuple[tuple[float, float, float, float], str]) -> Detections:
    return Detections(
        np.array([box for box, _ in rows], np.float32).reshape(-1, 4),
        np.full(len(rows), 0.9, np.float32),
        np.array([NAMES.index(name) for _, name in rows], np.int32),
        NAMES,
    )


def read_all(d: Detections, todo: np.ndarray, label: str, value: int = 0) -> Detections:
    """Stand-in for the card reader and chip classifier: every row in ``todo`` gets ``label``."""
    labels, values = d.label.copy(), d.value.copy()
    labels[todo], values[todo] = label, value
    return Detections(d.xyxy, d.confidence, d.class_id, d.names, d.tracker_id, labels, values)


CARD = (100, 60, 140, 116)
CHIP = (200, 150, 220, 170)


def test_a_card_and_a_chip_at_rest_are_read_once() -> None:
    memory = StillReadings(("card_up", "chip"))
    image = frame_with((CARD, (236, 242, 244)), (CHIP, (30, 30, 200)))
    first, todo = memory.recall(image, dets((CARD, "card_up"), (CHIP, "chip")))
    assert todo.tolist() == [True, True]
    memory.remember(read_all(first, todo, "As", 25))

    again, todo = memory.recall(image, dets((CARD, "card_up"), (CHIP, "chip")))
    assert todo.tolist() == [False, False]
    assert again.label.tolist() == ["As", "As"] and again.value.tolist() == [25, 25]
    assert (memory.read, memory.reused) == (2, 2)


def test_a_moved_changed_or_other_class_object_is_read_again() -> None:
    memory = StillReadings(("card_up", "chip"))
    image = frame_with((CARD, (236, 242, 244)))
    d, todo = memory.recall(image, dets((CARD, "card_up")))
    memory.remember(read_all(d, todo, "As"))

    moved = (130, 60, 170, 116)  # IoU with the old box under 0.85
    _, todo = memory.recall(frame_with((moved, (236, 242, 244))), dets((moved, "card_up")))
    assert todo.tolist() == [True]

    memory = StillReadings(("card_up", "chip"))
    d, todo = memory.recall(image, dets((CARD, "card_up")))
    memory.remember(read_all(d, todo, "As"))
    repainted = frame_with((CARD, (40, 40, 220)))  # same box, another face
    _, todo = memory.recall(repainted, dets((CARD, "card_up")))
    assert todo.tolist() == [True]

    _, todo = memory.recall(image, dets((CARD, "card_down"), (CARD, "hand")))
    assert todo.tolist() == [False, False]  # neither is a class it reads

    memory = StillReadings(("card_up", "chip"))
    stack = (200, 120, 220, 170)  # a stack seen from the side
    d, todo = memory.recall(frame_with((stack, (30, 30, 200))), dets((stack, "chip")))
    memory.remember(read_all(d, todo, "red", 25))
    taller = (200, 115, 220, 170)  # one chip more on top: IoU 0.91, but its top edge moved 5 px
    _, todo = memory.recall(frame_with((taller, (30, 30, 200))), dets((taller, "chip")))
    assert todo.tolist() == [True]


def test_an_unreadable_card_is_tried_again_after_a_few_frames() -> None:
    memory = StillReadings(("card_up",), retry_after=2)
    image = frame_with((CARD, (236, 242, 244)))
    tries = []
    for _ in range(6):
        d, todo = memory.recall(image, dets((CARD, "card_up")))
        tries.append(bool(todo[0]))
        memory.remember(read_all(d, todo, "unreadable"))
    assert tries == [True, False, False, True, False, False]

"""One box per card (vision.card_boxes): a card boxed twice counts once, real neighbours both count."""

from __future__ import annotations

import numpy as np

from vision.card_boxes import one_box_per_card
from vision.detections import Detections

NAMES = ("card_up", "card_down", "chip", "hand")
W, H = 24.0, 34.0


def boxes(*rows: tuple[str, float, float, float]) -> Detections:
    """Detections from (class, left x, top y, score) rows, each a card-sized box."""
    return Detections(
        np.array([[x, y, x + W, y + H] for _, x, y, _ in rows], np.float32),
        np.array([s for *_, s in rows], np.float32),
        np.array([NAMES.index(c) for c, *_ in rows], np.int32),
        NAMES,
    )


def test_a_card_boxed_twice_keeps_its_best_box_of_either_face() -> None:
    dets = boxes(("card_down", 100, 100, 0.31), ("card_up", 101, 101, 0.6), ("card_down", 102, 100, 0.34))
    kept = one_box_per_card(dets)
    assert kept.class_names() == ["card_up"] and kept.confidence.tolist() == [np.float32(0.6)]


def test_fanned_hole_cards_and_other_classes_all_stay() -> None:
    fanned = (("card_down", 100, 100, 0.5), ("card_down", 110, 100, 0.4))  # IoU about 0.4: two cards
    chips = (("chip", 100, 100, 0.9), ("chip", 101, 100, 0.8))  # stacks are not cards
    dets = boxes(*fanned, *chips, ("hand", 100, 100, 0.7))
    assert one_box_per_card(dets) is dets

"""One box per card (vision.card_boxes): a card boxed twice counts once, real neighbours both count."""

from __future__ import annotations

import numpy as np

from vision.card_boxes import one_box_per_card, one_box_per_disc, one_box_per_tabled_card
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


def test_a_second_box_a_little_off_and_smaller_is_the_same_card_but_a_card_half_on_another_is_not() -> None:
    """Seed + 6000: the third flop card boxed at (604, 326, 629, 360) and (607, 324, 632, 357), IoU
    0.69 with 83% of the smaller inside the other; counted twice it made a fourth board card."""
    names = ("card_up", "card_down")
    flop_card = Detections(
        np.array([[604, 326, 629, 360], [607, 324, 632, 357]], np.float32),
        np.array([0.93, 0.62], np.float32),
        np.array([0, 0], np.int32),
        names,
    )
    assert one_box_per_card(flop_card).confidence.tolist() == [np.float32(0.93)]
    overlapping = boxes(("card_down", 100, 100, 0.5), ("card_down", 104, 100, 0.4))  # IoU 0.71: one card
    assert len(one_box_per_card(overlapping)) == 1
    squared_half = boxes(("card_down", 100, 100, 0.5), ("card_down", 100, 108, 0.4))  # IoU 0.62, 76% inside
    assert len(one_box_per_card(squared_half)) == 2


def test_the_dealer_button_boxed_also_as_a_chip_is_one_button() -> None:
    """Seed + 7000 prior_chips_combined: the button beside seat 6's bet zone was boxed as a button
    (0.48) and as a chip (0.35) at the same place; the chip counted as a bet. Chips beside it stay."""
    names = ("chip", "dealer_button", "hand")
    dets = Detections(
        np.array([[771, 220, 797, 246], [771, 220, 797, 247], [740, 222, 758, 240]], np.float32),
        np.array([0.48, 0.35, 0.6], np.float32),
        np.array([1, 0, 0], np.int32),
        names,
    )
    kept = one_box_per_disc(dets)
    assert kept.class_names() == ["dealer_button", "chip"] and kept.confidence.tolist()[0] == np.float32(0.48)


def test_a_box_lying_between_two_tabled_cards_is_no_third_card_but_a_fanned_hands_middle_card_is() -> None:
    """Seed + 30000 tiny_chip: seat 9 tabled two overlapping cards, boxed at 0.92 and 0.83, with a third
    box at 0.36 lying between them, 90% under the two: three cards tabled in hold'em, a false
    misdeal_too_late. The game deals two, so the box under the others goes. A PLO hand fanned so that
    its middle cards lie under their neighbours keeps all four; a fifth box under them goes."""
    tabled = [(962, 421, 1002, 458), (978, 400, 1015, 437), (974, 406, 1014, 446)]
    assert one_box_per_tabled_card(tabled, [0.92, 0.83, 0.36], hole_cards=2) == [0, 1]
    apart = [(900, 400, 940, 437), (960, 400, 1000, 437), (930, 400, 970, 437)]  # the third half in the open
    assert one_box_per_tabled_card(apart, [0.92, 0.83, 0.36], hole_cards=2) == [0, 1, 2]
    fanned = [(100 + 12 * i, 100, 124 + 12 * i, 134) for i in range(4)]  # each middle card fully under
    assert one_box_per_tabled_card(fanned, [0.9, 0.5, 0.6, 0.9], hole_cards=4) == [0, 1, 2, 3]
    assert one_box_per_tabled_card([*fanned, (110, 100, 134, 134)], [0.9, 0.5, 0.6, 0.9, 0.3], 4) == [
        0,
        1,
        2,
        3,
    ]

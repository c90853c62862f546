"""The close look at the bet and stack zones (`vision.close_look`): which chips stand, and when the
detector runs."""

from __future__ import annotations

import numpy as np

from tests.vision.scenes import demo_geometry
from vision.close_look import EDGE, SETTLE_LOOKS, STACK_HAND_CONF, CloseLook
from vision.detections import Detections

NAMES = ("card_down", "chip", "hand", "dealer_button", "card_up")
CHIP, CARD, HAND, BUTTON, UP = 1, 0, 2, 3, 4


def dets(*rows: tuple[float, float, float, float, int, float]) -> Detections:
    return Detections(
        np.array([r[:4] for r in rows], np.float32).reshape(-1, 4),
        np.array([r[5] for r in rows], np.float32),
        np.array([r[4] for r in rows], np.int32),
        NAMES,
    )


def around(x: float, y: float, cls: int = CHIP, score: float = 0.8, half: float = 8.0) -> tuple:
    return (x - half, y - half, x + half, y + half, cls, score)


class FakeDetector:
    """Answers a close look at a box with the chips placed in it; counts the boxes it is asked about."""

    def __init__(self, chips: list[tuple]) -> None:
        self.chips = chips
        self.asked: list[np.ndarray] = []

    def detect_parts(self, frame: np.ndarray, boxes: np.ndarray, zoom: float) -> list[Detections]:
        assert zoom == 2.0
        self.asked += list(boxes)
        out = []
        for x0, y0, x1, y1 in boxes:
            rows = [c for c in self.chips if x0 <= (c[0] + c[2]) / 2 < x1 and y0 <= (c[1] + c[3]) / 2 < y1]
            out.append(dets(*rows))
        return out


def felt() -> np.ndarray:
    return np.full((720, 1280, 3), 60, np.uint8)


def setup(chips: list[tuple]) -> tuple[CloseLook, FakeDetector, tuple[float, float]]:
    geo = demo_geometry()
    fake = FakeDetector(chips)
    return CloseLook(fake, geo, zoom=2.0, conf=0.3, hand_conf=0.2), fake, geo.by_name["seat3_bet"].centre


def test_a_lone_chip_the_whole_frame_missed_in_a_bet_zone_is_found_on_the_close_look():
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    close, fake, _ = setup([around(x, y)])
    whole = dets(around(x + 40, y - 60, CARD, half=20))  # a card nearby, no chip
    seen = close(felt(), whole)
    assert sorted(seen.class_names()) == ["card_down", "chip"]
    assert len(fake.asked) == len(close.boxes)  # every bet zone was looked at once
    assert seen.xyxy[seen.of_class("chip")][0].tolist() == list(around(x, y)[:4])


def test_the_close_look_adds_chips_above_the_bar_that_were_not_found_already():
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    close, _, _ = setup([around(x + 20, y, score=0.9), around(x - 20, y, score=0.1), around(x + 2, y + 1)])
    # a chip both looks found (boxed 2 px apart), and a hand
    whole = dets(around(x, y, score=0.5), around(x, y + 30, HAND, half=25))
    seen = close(felt(), whole)
    chips = sorted(c.tolist() for c in seen.xyxy[seen.of_class("chip")])
    # the whole frame's chip, and the close look's new one; 0.1 is below the bar (0.3)
    assert chips == sorted([list(around(x, y)[:4]), list(around(x + 20, y)[:4])])
    assert seen.of_class("hand").sum() == 1


def test_a_chip_the_close_look_missed_stays():
    # one look can miss what the other finds, depending on where the crop falls
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    close, _, _ = setup([])
    assert close(felt(), dets(around(x, y))).of_class("chip").sum() == 1


def test_a_button_the_close_look_also_boxed_as_a_chip_is_no_chip():
    geo = demo_geometry()
    x, y = geo.by_name["seat5_bet"].centre
    as_button, as_chip = around(x, y, BUTTON, score=0.57, half=13), around(x, y, CHIP, score=0.86, half=13)
    # seed + 2000 clean_protector_and_peek: the close look's chip scored over its button
    close, _, _ = setup([as_button, as_chip])
    assert close(felt(), dets()).of_class("chip").sum() == 0
    # the close look saw only a chip there, where the whole frame saw the button
    close, _, _ = setup([as_chip])
    seen = close(felt(), dets(around(x, y, BUTTON, score=0.64, half=13)))
    assert seen.class_names() == ["dealer_button"]
    # a chip beside the button is a chip
    close, _, _ = setup([as_button, around(x + 30, y, CHIP)])
    assert close(felt(), dets()).of_class("chip").sum() == 1


def test_a_stack_the_whole_frame_scored_under_the_bar_is_found_on_the_close_look():
    """Seed + 11000 (a far camera under a dim warm lamp): seat 1's stack scored 0.17 to the whole frame
    and 0.46 close up. Seen empty for a moment as the seat's hand left its bet, it made a call an
    all-in, and the seat was skipped for the rest of the hand."""
    geo = demo_geometry()
    x, y = geo.by_name["seat1_stack"].centre
    close, _, _ = setup([around(x, y, score=0.46)])
    seen = close(felt(), dets())
    assert seen.xyxy[seen.of_class("chip")].tolist() == [list(around(x, y)[:4])]


def test_chips_outside_the_zones_looked_at_and_chips_the_crop_may_have_cut_are_the_whole_frames():
    geo = demo_geometry()
    x, y = geo.by_name["pot"].centre  # the pot, outside every bet and stack zone's box
    close, _, _ = setup([])
    stack_chip = around(x, y)
    box = close.boxes[0]
    edge_chip = around(float((box[0] + box[2]) / 2), float(box[3]) - EDGE)  # reaches into the bottom strip
    seen = close(felt(), dets(stack_chip, edge_chip))
    assert sorted(c.tolist() for c in seen.xyxy) == sorted([list(stack_chip[:4]), list(edge_chip[:4])])


def test_a_zone_whose_pixels_hold_still_keeps_its_last_look_without_running_the_detector():
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    close, fake, _ = setup([around(x, y)])
    image = felt()
    for _ in range(1 + SETTLE_LOOKS):  # the first look, then the settling looks on still pixels
        close(image, dets())
    first = len(fake.asked)
    assert first == (1 + SETTLE_LOOKS) * len(close.boxes)
    again = close(image.copy(), dets())  # nothing moved: no detector run, the chip still there
    assert len(fake.asked) == first and close.kept == len(close.boxes)
    assert again.of_class("chip").sum() == 1
    moved = image.copy()
    x0, y0 = int(x) - 8, int(y) - 8
    moved[y0 : y0 + 16, x0 : x0 + 16] = 200  # a hand over seat 3's bet zone
    fake.chips = []  # the hand took the chip back
    gone = close(moved, dets())
    touched = sum(1 for b in close.boxes if b[0] < x0 + 16 and x0 < b[2] and b[1] < y0 + 16 and y0 < b[3])
    assert 1 <= touched < len(close.boxes)
    assert len(fake.asked) == first + touched  # only the zones that changed were looked at again
    assert gone.of_class("chip").sum() == 0


def test_a_look_made_as_the_hand_left_is_made_again_once_the_pixels_hold_still():
    # seed + 10000 string_bet_return_to_stack: the look made as the hand left saw no chip; the
    # pixels then held still, and that empty look stood while the bet lay there
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    close, fake, _ = setup([])
    leaving = felt()
    leaving[int(y) - 8 : int(y) + 8, int(x) - 8 : int(x) + 8] = 200
    close(felt(), dets())
    assert close(leaving, dets()).of_class("chip").sum() == 0  # changed: looked at, nothing found
    fake.chips = [around(x, y)]  # the same pixels, a look that finds the chip
    assert close(leaving.copy(), dets()).of_class("chip").sum() == 1


def test_a_camera_without_bet_zones_changes_nothing():
    geo = demo_geometry()
    close = CloseLook(FakeDetector([]), geo, zoom=2.0, conf=0.3, hand_conf=0.2)
    close.boxes = np.zeros((0, 4), np.float32)
    whole = dets(around(100, 100))
    assert close(felt(), whole) is whole


def test_a_hand_over_the_bet_zone_the_whole_frame_missed_is_added_once():
    # seed + 10000 non_value_item: a dark hand in a blue sleeve on blue felt, 0.1 to the whole frame
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    hand = around(x, y, HAND, score=0.9, half=25)
    close, _, _ = setup([hand, around(x - 40, y, HAND, score=0.1, half=25)])
    seen = close(felt(), dets())
    assert [b.tolist() for b in seen.xyxy[seen.of_class("hand")]] == [list(hand[:4])]  # 0.1: under 0.2
    # the whole frame had it, boxed with more of the arm: one hand
    close, _, _ = setup([hand])
    with_arm = (x - 25, y - 25, x + 60, y + 25, HAND, 0.5)
    assert close(felt(), dets(with_arm)).of_class("hand").sum() == 1


def test_a_stack_zones_look_adds_a_hand_scored_surely_not_an_arm_scored_low():
    """Seed + 2000 clean_exact_calls: the look at seat 1's stack zone found its arm coming in over the
    rail at 0.22 on the felt beside the stack. A new hand there is the dealer's, and seat 1's hand
    that followed was taken for the dealer's: its bet went unseen. Seed + 2000 out_of_turn: seat 5's
    hand over its stack, at the top edge, was never boxed by the whole frame and at 0.49-0.85 close up;
    first seen over its bet zone, it was the dealer's and the out-of-turn call went unseen."""
    geo = demo_geometry()
    x, y = geo.by_name["seat1_stack"].centre
    arm = around(x, y, HAND, score=0.22, half=25)
    close, _, _ = setup([arm, around(x, y, CHIP, score=0.6)])
    assert close(felt(), dets()).class_names() == ["chip"]
    hand = around(x, y, HAND, score=STACK_HAND_CONF, half=25)
    close, _, _ = setup([hand, around(x, y, CHIP, score=0.6)])
    seen = close(felt(), dets())
    assert sorted(seen.class_names()) == ["chip", "hand"]
    assert seen.xyxy[seen.of_class("hand")][0].tolist() == list(hand[:4])


def test_a_hand_a_kept_look_found_is_dropped_once_the_pixels_hold_still_its_chips_stay():
    """Seed + 13000 cards_off_table: close up, plain felt at the lower edge of seat 2's bet zone box
    scored 0.20 as a hand on still pixels. Kept with the look, it held seat 2's visit open for the
    rest of the street: three checks and a bet lost. A hand is a thing that moves."""
    geo = demo_geometry()
    x, y = geo.by_name["seat3_bet"].centre
    ghost = around(x, y - 20, HAND, score=0.2, half=12)
    close, _, _ = setup([ghost, around(x, y)])
    image = felt()
    for _ in range(1 + SETTLE_LOOKS):  # the looks that run: the hand stands on each
        seen = close(image, dets())
        assert seen.of_class("hand").sum() == 1
    kept = close(image.copy(), dets())  # nothing moved: the last look is kept, less its hand
    assert close.kept == len(close.boxes)
    assert kept.of_class("hand").sum() == 0 and kept.of_class("chip").sum() == 1


def test_a_lone_hole_card_the_whole_frame_missed_is_found_close_up_and_not_twice():
    """Seed + 13000 (green felt, blue backs): the first card pitched to a seat, alone in its zone,
    scored 0.17 to the whole frame and 0.90 close up; it was counted only when the second card came,
    so the seat's first card was never dealt. A card the whole frame has already is not added again."""
    geo = demo_geometry()
    x, y = geo.by_name["seat3_cards"].centre
    card = around(x, y, CARD, score=0.9, half=14)
    close, _, _ = setup([card])
    seen = close(felt(), dets())
    assert [b.tolist() for b in seen.xyxy[seen.of_class("card_down")]] == [list(card[:4])]
    close, _, _ = setup([card])
    whole = dets((x - 13, y - 15, x + 15, y + 13, CARD, 0.5))  # the same card, boxed a little apart
    assert close(felt(), whole).of_class("card_down").sum() == 1


def test_a_card_the_close_look_finds_under_a_hand_is_not_added():
    """Seed + 13000 clean_full_ring_showdown: close up, seat 2's palm over its cards as it posted the
    blind was boxed as a face-up card: a card dealt face up before the deal, and a false misdeal."""
    geo = demo_geometry()
    x, y = geo.by_name["seat3_cards"].centre
    palm = around(x, y, 0, score=0.5, half=12)
    hand = around(x + 10, y, HAND, score=0.8, half=25)
    close, _, _ = setup([palm])
    assert close(felt(), dets(hand)).of_class("card_down").sum() == 0  # the whole frame's hand
    close, _, _ = setup([palm, hand])
    assert close(felt(), dets()).of_class("card_down").sum() == 0  # the look's own hand


def test_a_card_turned_up_in_its_zone_that_the_whole_frame_scored_low_is_found_close_up_once():
    """Seed + 20000 card_exposed_action_pending: seat 3's exposed card, half under its other card,
    scored 0.09 to the whole frame and 0.90 close up; the exposure was seen 10 s late. One look may
    box a card twice a few pixels apart (seed + 2000 premature_river: a tabled card at 0.81 and 0.62,
    IoU 0.57, made three tabled cards of two): the look's best box of the two stands."""
    geo = demo_geometry()
    x, y = geo.by_name["seat3_cards"].centre
    back = (x - 14, y - 20, x + 14, y + 6, CARD, 0.86)
    face = (x - 15, y - 4, x + 13, y + 18, UP, 0.9)  # over the back's lower part (IoU 0.25)
    twin = (x - 7, y - 5, x + 16, y + 16, UP, 0.62)  # the face boxed again, IoU 0.57
    close, _, _ = setup([back, face, twin])
    seen = close(felt(), dets(back))
    assert [b.tolist() for b in seen.xyxy[seen.of_class("card_up")]] == [list(face[:4])]
    assert seen.of_class("card_down").sum() == 1


def test_a_lone_card_the_whole_frame_boxed_as_two_halves_is_one_card_where_the_look_saw_one():
    """Seed + 21000 clean_full_ring_showdown: seat 1's lone card, 29 px wide, had two whole-frame boxes
    5 px apart (0.86 and 0.82, IoU 0.61, too far apart to be dropped as a duplicate); close up it was
    one card at 0.92. The seat held two cards from its first, then three: a misdeal in a clean hand.
    Two cards the look also saw as two stay two."""
    geo = demo_geometry()
    x, y = geo.by_name["seat3_cards"].centre
    left = (x - 14, y - 17, x + 9, y + 16, CARD, 0.86)
    right = (x - 8, y - 17, x + 14, y + 16, CARD, 0.82)
    close, _, _ = setup([(x - 14, y - 18, x + 11, y + 20, CARD, 0.92)])
    seen = close(felt(), dets(left, right))
    assert [b.tolist() for b in seen.xyxy[seen.of_class("card_down")]] == [list(left[:4])]
    first, second = (x - 24, y - 18, x + 4, y + 18), (x - 6, y - 18, x + 22, y + 18)
    close, _, _ = setup([(*first, CARD, 0.9), (*second, CARD, 0.9)])
    spread = dets((*first, CARD, 0.8), (*second, CARD, 0.7))
    assert close(felt(), spread).of_class("card_down").sum() == 2
    # seed + 21000 misdeal_wrong_card_count: two cards overlapping by 0.36, a look that saw them as one
    upper, lower = (x - 18, y - 22, x + 20, y + 10), (x - 20, y - 8, x + 16, y + 23)
    close, _, _ = setup([(x - 21, y - 24, x + 20, y + 18, CARD, 0.38)])
    assert close(felt(), dets((*upper, CARD, 0.88), (*lower, CARD, 0.7))).of_class("card_down").sum() == 2

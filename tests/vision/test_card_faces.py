"""The face check: a card box called face up whose middle is not white paper is a back."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.card_faces import (
    BOARD_MIN_WHITE,
    MAX_GAIN,
    MIN_WHITE,
    LightMeter,
    light_gains,
    verify_faces,
    white_share,
)
from vision.detections import Detections

NAMES = ("card_up", "card_down", "chip")
DATA = Path(__file__).parent / "data"


def _table() -> tuple[np.ndarray, np.ndarray]:
    """Green felt with a face-up card (white, a red pip), a red-backed card with a white border, and
    a chip; their boxes."""
    img = np.full((200, 320, 3), (40, 110, 30), np.uint8)
    cv2.rectangle(img, (20, 40), (83, 128), (235, 240, 242), -1)  # face up: white paper
    cv2.circle(img, (51, 84), 9, (30, 30, 200), -1)  # a heart-coloured pip
    cv2.rectangle(img, (120, 40), (183, 128), (235, 240, 242), -1)  # a back: white border ...
    cv2.rectangle(img, (124, 44), (179, 124), (40, 40, 170), -1)  # ... round a red pattern
    for k in range(0, 56, 8):
        cv2.line(img, (124 + k, 44), (124, 44 + k), (200, 200, 230), 1)  # light hatching
    cv2.circle(img, (250, 84), 15, (20, 20, 20), -1)
    boxes = np.array([[20, 40, 84, 129], [120, 40, 184, 129], [235, 69, 266, 100]], np.float32)
    return img, boxes


def test_a_back_called_face_up_is_turned_face_down_and_a_face_up_card_stays() -> None:
    img, boxes = _table()
    assert white_share(img, boxes[0]) > 0.5
    assert white_share(img, boxes[1]) < MIN_WHITE
    dets = Detections(boxes, np.array([0.9, 0.8, 0.7], np.float32), np.array([0, 0, 2], np.int32), NAMES)
    checked = verify_faces(img, dets)
    assert checked.class_names() == ["card_up", "card_down", "chip"]
    assert np.array_equal(checked.xyxy, dets.xyxy) and np.array_equal(checked.confidence, dets.confidence)
    assert dets.class_names()[1] == "card_up"  # the input is not changed


def test_a_detector_without_card_faces_is_left_alone() -> None:
    img, boxes = _table()
    dets = Detections(boxes[2:], np.array([0.7], np.float32), np.array([0], np.int32), ("chip",))
    assert verify_faces(img, dets) is dets


def test_a_box_with_no_middle_inside_the_image_is_not_judged() -> None:
    img, _ = _table()
    assert white_share(img, (318, 10, 400, 90)) is None
    dets = Detections(
        np.array([[318, 10, 400, 90]], np.float32),
        np.array([0.9], np.float32),
        np.array([0], np.int32),
        NAMES,
    )
    assert verify_faces(img, dets).class_names() == ["card_up"]


def test_a_back_with_a_white_logo_in_its_middle_is_still_a_back() -> None:
    """Seed + 10000: green backs printed with a white ring and logo mid-card, called face up. The white
    is in the middle; the ring between it and the border is the back's ink, so the card is a back."""
    img = np.full((200, 320, 3), (120, 40, 20), np.uint8)  # blue felt
    cv2.rectangle(img, (120, 40), (183, 128), (235, 240, 242), -1)  # a thin white border ...
    cv2.rectangle(img, (123, 43), (180, 125), (40, 110, 30), -1)  # ... round green ink
    cv2.circle(img, (151, 84), 13, (235, 240, 242), -1)  # the logo, white, mid-card
    box = np.array([[120, 40, 184, 129]], np.float32)
    middle = img[58:111, 139:164]
    assert (middle.min(axis=2) > 200).mean() > 0.15  # as white in the middle as the seed + 10000 backs
    dets = Detections(box, np.array([0.9], np.float32), np.array([0], np.int32), NAMES)
    assert verify_faces(img, dets).class_names() == ["card_down"]


def _face_and_back_told_apart(image: np.ndarray, boxes: np.ndarray, gains: np.ndarray) -> None:
    """With the light's colour taken out, ``_table``'s face is white paper and its back still ink, and
    the face check keeps the one face up and turns the other face down."""
    assert white_share(image, boxes[0], gains) > 0.5
    assert white_share(image, boxes[1], gains) < MIN_WHITE
    dets = Detections(boxes[:2], np.array([0.9, 0.8], np.float32), np.array([0, 0], np.int32), NAMES)
    assert verify_faces(image, dets).class_names() == ["card_up", "card_down"]


def test_white_paper_under_a_warm_light_is_white_once_the_lights_colour_is_taken_out() -> None:
    """Seed + 11000: a warm lamp over red felt tints face-up cards pink (B 150, G 163, R 222), too
    saturated to count as white, and 37% of face-up card boxes were taken for backs. The frame's
    brightest pixels (the cards) give the light's colour; with it taken out the face is white paper
    and the back is still its ink."""
    img, boxes = _table()
    warm = np.clip(img.astype(np.float32) * (0.66, 0.72, 1.0), 0, 255).astype(np.uint8)
    assert white_share(warm, boxes[0]) < MIN_WHITE  # as the face check read it before
    gains = light_gains(warm)
    assert gains[2] == 1.0 and 1.3 < gains[0] <= MAX_GAIN
    _face_and_back_told_apart(warm, boxes, gains)


def test_a_warm_light_is_read_from_paper_the_sensor_did_not_cut_off() -> None:
    """Seed + 56000: under a warm lamp the board's cards, in the middle of the light's pool, read
    (255, 255, 255), clipped, and the light read white; a tabled hand at the edge of the table, out of
    the pool, read B 178, G 207, R 246 and was taken for two backs (a false all_in_not_tabled)."""
    img, boxes = _table()
    warm = np.clip(img.astype(np.float32) * (0.74, 0.86, 1.03), 0, 255).astype(np.uint8)
    cv2.rectangle(warm, (200, 130), (300, 190), (255, 255, 255), -1)  # board cards, saturated
    assert white_share(warm, boxes[0], light_gains(img)) < MIN_WHITE  # the light read off clipped paper
    gains = light_gains(warm)
    assert gains[2] == 1.0 and 1.25 < gains[0] <= MAX_GAIN
    _face_and_back_told_apart(warm, boxes, gains)


def test_a_frame_in_white_light_is_read_as_it_is() -> None:
    img, boxes = _table()
    gains = light_gains(img)  # the paper itself is the whitest thing: (235, 240, 242)
    assert np.allclose(gains, 1.0, atol=0.05)
    assert white_share(img, boxes[0], gains) > 0.5
    assert white_share(img, boxes[1], gains) < MIN_WHITE


def test_a_cameras_light_is_its_least_tinted_frame_of_late_not_each_frames_brightest_thing() -> None:
    """Seed + 2000: before the board is out, the brightest thing on the table is a red back's white
    border, tinted pink; read as the light's colour it made backs pass for faces. The camera's light
    is its frames' reading that needs the least correction, over a window of frames."""
    img, _ = _table()
    backs_only = img.copy()
    backs_only[40:129, 20:84] = backs_only[40:129, 120:184]  # no face-up card: two red backs
    backs_only[:, :] = np.where(backs_only.min(axis=2, keepdims=True) > 200, (200, 200, 235), backs_only)
    assert light_gains(backs_only).max() > 1.1  # the pink border taken for white
    meter = LightMeter(window=3)
    assert meter(backs_only).max() > 1.1  # nothing better seen yet
    white = meter(img)
    assert white.max() < 1.05
    assert np.array_equal(meter(backs_only), white)  # the white paper seen a frame ago still counts
    assert np.array_equal(meter(backs_only), white)
    assert meter(backs_only).max() > 1.1  # three frames on, it has left the window


def test_a_box_called_face_down_over_white_paper_is_labelled_white_ring_and_stays_face_down() -> None:
    """A face-up card flying off the deck, blurred, is often boxed face down; the check does not turn
    it over (backs at the seats reached 0.40 white), but labels it for the deal to weigh; a back is
    left unlabelled."""
    from vision.card_faces import WHITE_RING

    img, boxes = _table()
    dets = Detections(boxes, np.array([0.9, 0.8, 0.7], np.float32), np.array([1, 1, 2], np.int32), NAMES)
    checked = verify_faces(img, dets)
    assert checked.class_names() == ["card_down", "card_down", "chip"]
    assert [str(v) for v in checked.label] == [WHITE_RING, "", ""]


def test_a_white_ring_hint_is_not_drawn_on_a_clip_as_a_cards_name() -> None:
    """The hint is for the deal only: a clip's overlay names a face-down card by its class."""
    from vision.card_faces import WHITE_RING
    from vision.overlay import label_of

    assert label_of("card_down", WHITE_RING, 0) == "card_down"
    assert label_of("card_up", "As", 0) == "As"


def test_a_neighbours_white_border_over_a_back_does_not_make_it_a_face() -> None:
    """Seed + 41000 out_of_turn (a crop of frame 210): seat 5's first card lay with its right side
    under the second's white border; called face up, its ring read 0.36 white with that border in it:
    an exposed card during the deal, and another as the hand acted. Where another card's box lies over
    it, the ring is read without it; a card boxed twice is not another card."""
    img = cv2.imread(str(DATA / "two_backs_s41000.png"))
    gains = np.array([1.10, 1.04, 1.0])  # the frame's light
    first, second = np.array([[27, 20, 55, 57], [43, 22, 70, 58]], np.float32)
    assert white_share(img, first, gains) > MIN_WHITE  # the neighbour's border in the ring
    assert white_share(img, first, gains, others=[second]) < MIN_WHITE
    dets = Detections(
        np.array([first, second]), np.array([0.9, 0.9], np.float32), np.array([0, 1], np.int32), NAMES
    )
    assert verify_faces(img, dets, gains).class_names() == ["card_down", "card_down"]
    assert white_share(img, first, gains, others=[first + 2]) is None  # boxed twice: nothing left to read
    twice = replace(dets, xyxy=np.array([first, first + 2]))
    assert verify_faces(img, twice, gains).class_names()[0] == "card_up"  # read whole, as before


def test_a_ten_or_court_card_on_the_board_is_face_up_though_its_ring_is_mostly_pips() -> None:
    """Seed + 53000 premature_river, frame 500 (`data/flop_th_qh_2d_and_backs.png`): the board's Th, Qh, 2d
    and Jd, and a seat's two green backs. Under the camera's light the Th's ring reads 0.13 white and the
    Qh's 0.24: off the board they would be backs, and the flop was one card. On the board, where the
    only backs are a flop spread face down (no white paper at all), they are faces; a back there, or
    anywhere, called face up is still a back."""
    img = cv2.imread(str(DATA / "flop_th_qh_2d_and_backs.png"))
    gains = np.array([1.086, 1.010, 1.0])  # the camera's light (its ``LightMeter`` at that frame)
    boxes = np.array(
        [[5, 10, 31, 45], [36, 10, 62, 44], [67, 8, 93, 43], [98, 7, 123, 42], [136, 17, 183, 58]], np.float32
    )
    assert white_share(img, boxes[0], gains) < 0.15 and white_share(img, boxes[1], gains) < MIN_WHITE
    assert white_share(img, boxes[4], gains) < BOARD_MIN_WHITE
    dets = Detections(boxes, np.full(5, 0.9, np.float32), np.zeros(5, np.int32), NAMES)
    on_board = verify_faces(img, dets, gains, on_board=lambda x, y: x < 130)
    assert on_board.class_names() == ["card_up"] * 4 + ["card_down"]
    assert verify_faces(img, dets, gains).class_names()[:2] == ["card_down", "card_down"]
    everywhere = verify_faces(img, dets, gains, on_board=lambda x, y: True)
    assert everywhere.class_names()[4] == "card_down"

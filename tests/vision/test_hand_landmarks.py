"""MediaPipe's hand models as railbird's second hand detector (``vision/hand_landmarks.py``): the palm
detector's output decoded, the hand's crop placed, and both shipped models run on a rendered hand."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest

from datasets.eval_sim_hands import key_hands
from datasets.sim import camera as cameras
from datasets.sim.objects import DetClass, Hand, HandPose, Pose, Scene
from datasets.sim.render import Renderer
from datasets.sim.style import random_style
from datasets.sim.world import make_layout
from vision.chipset import TOURNAMENT
from vision.detections import box_iou
from vision.hand_landmarks import PalmHands, decode_palms, hand_crop, palm_anchors


def test_the_anchors_lie_on_the_palm_detectors_two_grids_in_its_output_order() -> None:
    anchors = palm_anchors()
    assert anchors.shape == (2016, 2)
    assert anchors[0] == pytest.approx((0.5 / 24, 0.5 / 24)) and anchors[1] == pytest.approx(anchors[0])
    assert anchors[2] == pytest.approx((1.5 / 24, 0.5 / 24))  # two a cell on the fine grid
    assert anchors[24 * 24 * 2] == pytest.approx((0.5 / 12, 0.5 / 12))  # then six a cell on the coarse
    assert anchors[-1] == pytest.approx((11.5 / 12, 11.5 / 12))


def test_a_palm_is_decoded_about_its_anchor_and_its_twin_boxes_are_one() -> None:
    anchors = palm_anchors()
    raw = np.zeros((2016, 18), np.float32)
    logits = np.full(2016, -8.0, np.float32)
    cell = 24 * 24 * 2 + (5 * 12 + 7) * 6  # a coarse-grid cell, x 7, y 5
    raw[cell, :4] = (9.6, 0.0, 38.4, 48.0)  # 0.05 right of the anchor, 0.2 x 0.25 of the input
    raw[cell, 4:6] = (0.0, 19.2)  # the first keypoint 0.1 below the anchor
    raw[cell + 1, :4] = (9.6, 1.0, 38.4, 48.0)  # the same palm from the cell's next anchor
    logits[cell], logits[cell + 1] = 3.0, 2.0
    palms = decode_palms(raw, logits, anchors)
    assert len(palms) == 1
    score, box, keypoints = palms[0]
    assert score == pytest.approx(1 / (1 + math.exp(-3.0)))
    cx, cy = anchors[cell]
    assert box == pytest.approx((cx + 0.05 - 0.1, cy - 0.125, cx + 0.05 + 0.1, cy + 0.125), abs=1e-6)
    assert keypoints[0] == pytest.approx((cx, cy + 0.1), abs=1e-6)  # 19.2 px of the 192 input


def test_the_hands_crop_is_turned_upright_and_moved_towards_the_fingers() -> None:
    palm = np.array([100.0, 100.0, 140.0, 140.0])  # 40 px across, centre (120, 120)
    upright = np.zeros((7, 2))
    upright[0], upright[2] = (120, 135), (120, 105)  # wrist below, middle finger above
    cx, cy, side, rotation = hand_crop(palm, upright)
    assert (cx, cy, side, rotation) == pytest.approx((120, 100, 104, 0), abs=1e-6)
    pointing_right = np.zeros((7, 2))
    pointing_right[0], pointing_right[2] = (105, 120), (135, 120)
    cx, cy, _, rotation = hand_crop(palm, pointing_right)
    assert (cx, cy) == pytest.approx((140, 120), abs=1e-6)  # half a palm to the right
    assert abs(rotation) == pytest.approx(math.pi / 2)


@pytest.fixture(scope="module")
def rendered_hand() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A close view of a seat's bet zone with an open hand over it and without: (with, without, the
    hand's box)."""
    layout = make_layout()
    style = random_style(np.random.default_rng(44), TOURNAMENT)
    seat = layout.seat(4)
    x, y = seat.bet
    back = (x - 6 * math.cos(seat.facing), y - 6 * math.sin(seat.facing))
    camera = cameras.look_at((back[0], back[1] - 20, 68), (back[0], back[1], 0), 1280, 720, 44)
    renderer = Renderer(layout, camera, style, 9)
    hand = Hand("h", Pose(x, y, 0.0, 0.5), 4, HandPose.OPEN, skin=0, sleeve=0, watch=True)
    with_hand, annotations = renderer.render(Scene(0, 0, (hand,)))
    without, _ = renderer.render(Scene(0, 0, ()))
    box = next(a.box for a in annotations if a.cls is DetClass.HAND)
    return with_hand, without, np.array([box], np.float64)


def test_the_shipped_models_box_a_rendered_hand_and_nothing_on_bare_felt(
    rendered_hand: tuple[np.ndarray, np.ndarray, np.ndarray],
) -> None:
    with_hand, without, key = rendered_hand
    hands = PalmHands()
    found = hands([with_hand, without])
    assert found[0].class_names() == ["hand"]
    assert box_iou(key, found[0].xyxy.astype(np.float64))[0, 0] >= 0.6
    assert len(found[1]) == 0


def test_a_missing_hand_model_is_named(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"nowhere\.tflite"):
        PalmHands(palm_model=tmp_path / "nowhere.tflite")


def test_a_render_whose_answer_key_is_broken_is_named_with_its_line(tmp_path: Path) -> None:
    (tmp_path / "annotations.jsonl").write_text('{"frame": 0, "objects": []}\nnot json\n', encoding="utf-8")
    with pytest.raises(ValueError, match=r"annotations.jsonl, line 2"):
        key_hands(tmp_path)
    with pytest.raises(FileNotFoundError, match="not a render"):
        key_hands(tmp_path / "elsewhere")

"""MotionGate: a static table costs nothing, a moving hand gives a box around it, noise does not."""

from __future__ import annotations

import time

import numpy as np
import pytest

from vision.camera_config import MotionConfig
from vision.motion import MotionGate, merge_boxes

W, H = 640, 360


def felt(seed: int = 0) -> np.ndarray:
    """A green felt with fixed texture, (H, W, 3) uint8 BGR."""
    rng = np.random.default_rng(seed)
    img = np.empty((H, W, 3), np.uint8)
    img[:] = (40, 110, 30)
    texture = rng.integers(-6, 7, (H, W, 1))
    return np.clip(img.astype(np.int16) + texture, 0, 255).astype(np.uint8)


def with_rect(image: np.ndarray, x: int, y: int, w: int = 60, h: int = 40) -> np.ndarray:
    out = image.copy()
    out[y : y + h, x : x + w] = (200, 200, 220)
    return out


def test_first_frame_is_all_motion_then_a_static_table_is_still():
    gate = MotionGate(MotionConfig())
    frame = felt()
    first = gate.update(frame)
    assert first.moving
    assert first.boxes.tolist() == [[0, 0, W, H]]
    assert first.boxes.dtype == np.float32
    for _ in range(5):
        m = gate.update(frame)
        assert not m.moving
        assert m.boxes.shape == (0, 4)
        assert m.changed == 0.0


def test_a_moving_rectangle_gets_a_box_around_it():
    gate = MotionGate(MotionConfig())
    background = felt()
    gate.update(background)
    for _ in range(3):
        gate.update(background)
    for step in range(6):
        x, y = 100 + 30 * step, 150
        m = gate.update(with_rect(background, x, y))
        assert m.moving
        assert m.changed > 0
        assert m.boxes.shape == (1, 4) and m.boxes.dtype == np.float32
        x0, y0, x1, y1 = m.boxes[0]
        assert x0 <= x and y0 <= y and x1 >= x + 60 and y1 >= y + 40  # it holds the rectangle
        assert x - x0 < 40 and y - y0 < 40 and x1 - (x + 60) < 40 and y1 - (y + 40) < 40  # snugly


def test_two_things_far_apart_get_two_boxes():
    gate = MotionGate(MotionConfig())
    background = felt()
    gate.update(background)
    m = gate.update(with_rect(with_rect(background, 40, 40), 500, 280))
    assert m.moving
    boxes = sorted(m.boxes.tolist())
    assert len(boxes) == 2
    assert boxes[0][0] <= 40 and boxes[0][2] >= 100
    assert boxes[1][0] <= 500 and boxes[1][3] >= 320


def test_lighting_noise_below_threshold_does_not_trigger():
    config = MotionConfig()
    gate = MotionGate(config)
    base = felt().astype(np.int16)
    gate.update(base.astype(np.uint8))
    rng = np.random.default_rng(7)
    for i in range(30):
        flicker = 8 if i % 2 else -8  # whole-frame brightness swing, under threshold 18
        noise = rng.integers(-10, 11, base.shape)  # sensor noise
        frame = np.clip(base + flicker + noise, 0, 255).astype(np.uint8)
        m = gate.update(frame)
        assert not m.moving, f"frame {i}: {m.changed:.4f} of the frame changed"


def test_lights_switched_on_restart_the_background():
    gate = MotionGate(MotionConfig())
    frame = felt()
    gate.update(frame)
    brighter = np.clip(frame.astype(np.int16) + 60, 0, 255).astype(np.uint8)
    m = gate.update(brighter)
    assert m.moving and m.boxes.tolist() == [[0, 0, W, H]]
    assert not gate.update(brighter).moving


def test_a_new_frame_size_restarts_and_bad_frames_are_refused():
    gate = MotionGate(MotionConfig())
    gate.update(felt())
    m = gate.update(np.zeros((120, 160, 3), np.uint8))
    assert m.moving and m.boxes.tolist() == [[0, 0, 160, 120]]
    with pytest.raises(ValueError, match=r"\(h, w, 3\) uint8 BGR, got \(120, 160\) uint8"):
        gate.update(np.zeros((120, 160), np.uint8))


def test_merge_boxes_unions_overlaps_transitively():
    boxes = [[0, 0, 10, 10], [30, 0, 40, 10], [8, 0, 32, 5], [100, 100, 110, 110]]
    assert sorted(merge_boxes(boxes)) == [[0, 0, 40, 10], [100, 100, 110, 110]]


def test_a_static_720p_frame_is_cheap():
    frame = np.random.default_rng(0).integers(0, 255, (720, 1280, 3), dtype=np.uint8)
    gate = MotionGate(MotionConfig())
    gate.update(frame)
    best = np.inf
    for _ in range(5):  # best of 5 batches: the machine may be busy
        start = time.perf_counter()
        for _ in range(20):
            gate.update(frame)
        best = min(best, (time.perf_counter() - start) / 20)
    assert best < 3e-3

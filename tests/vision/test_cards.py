"""Card rectification and corner crops (vision.card_crops) and the reader's decisions (vision.cards)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.card_crops import (
    CROP_SIZE,
    WARP_SIZE,
    anchored_crops,
    box_quad,
    corner_crops,
    find_card_quad,
    index_crops,
    inscribed_quads,
    orient_quad,
    rectify,
    rectify_card,
)
from vision.cards import MIN_READ_PX, UNREADABLE, CardReader, CornerReading
from vision.detections import Detections
from vision.detector import ModelError

FELT = (40, 110, 30)
PAPER = (236, 242, 244)


def make_frame(
    centre: tuple[float, float] = (320, 240),
    angle: float = 25.0,
    size: tuple[float, float] = (126, 176),
    background: tuple[int, int, int] = FELT,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A 640x480 frame with one blank card (a dark square in its top-left index corner and a red
    one in its bottom-right); returns the frame, the card's true corners (TL, TR, BR, BL, (4, 2)
    float32) and its box (x1, y1, x2, y2)."""
    frame = np.zeros((480, 640, 3), np.uint8)
    frame[:] = background
    corners = cv2.boxPoints((centre, size, angle)).astype(np.float32)
    quad = orient_quad(corners)
    w, h = WARP_SIZE
    card = np.zeros((h, w, 3), np.uint8)
    card[:] = PAPER
    card[10:60, 8:40] = (20, 20, 20)  # top-left index mark
    card[h - 60 : h - 10, w - 40 : w - 8] = (30, 30, 200)  # bottom-right index mark
    M = cv2.getPerspectiveTransform(np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32) - 0.5, quad)
    warped = cv2.warpPerspective(card, M, (640, 480))
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), M, (640, 480))
    frame[mask > 127] = warped[mask > 127]
    box = np.array([*quad.min(axis=0), *quad.max(axis=0)], np.float32)
    return frame, quad, box


def _same_corners(a: np.ndarray, b: np.ndarray) -> float:
    """Largest corner distance between two quads that may start half a turn apart."""
    return min(float(np.abs(a - np.roll(b, k, axis=0)).max()) for k in (0, 2))


# ---------------------------------------------------------------------------------------- geometry


def test_orient_quad_starts_with_a_short_side_clockwise() -> None:
    landscape = np.array([[0, 0], [0, 63], [88, 63], [88, 0]], np.float32)  # counter-clockwise on screen
    q = orient_quad(landscape)
    sides = np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)
    assert sides[0] == pytest.approx(63) and sides[1] == pytest.approx(88)
    x, y = q[:, 0], q[:, 1]
    assert np.sum(x * np.roll(y, -1) - np.roll(x, -1) * y) > 0  # clockwise with y down


def test_box_quad_turns_a_landscape_box() -> None:
    q = box_quad((10, 20, 98, 83))
    assert np.linalg.norm(q[1] - q[0]) == pytest.approx(63)


@pytest.mark.parametrize("angle", [0.0, 17.0, 40.0, 90.0, 123.0])
def test_find_card_quad_on_felt(angle: float) -> None:
    frame, truth, box = make_frame(angle=angle)
    quad = find_card_quad(frame, box)
    assert quad is not None
    assert _same_corners(quad, truth) < 4.0


def test_rectify_card_gives_an_upright_card_with_the_index_in_its_corners() -> None:
    frame, _, box = make_frame(angle=33.0)
    card = rectify_card(frame, box)
    assert card is not None and card.shape == (WARP_SIZE[1], WARP_SIZE[0], 3)
    crops = corner_crops(card)
    # both index corners hold a mark (dark or red), whichever way round the card was found
    for crop in crops:
        assert crop[8:22, 6:14].mean() < 150


def test_rectify_falls_back_to_the_box_on_a_white_surface() -> None:
    frame, _, box = make_frame(angle=20.0, background=(240, 242, 244))
    r = rectify(frame, box)
    assert r is not None and not r.fitted
    assert np.allclose(np.sort(r.quad[:, 0]), np.sort(np.array([box[0], box[0], box[2], box[2]])))


def test_rectify_card_refuses_tiny_or_outside_boxes() -> None:
    frame, _, _ = make_frame()
    assert rectify_card(frame, (10, 10, 14, 30)) is None
    assert rectify_card(frame, (700, 500, 800, 600)) is None


def test_corner_crops_turn_the_bottom_right_corner_half_round() -> None:
    w, h = WARP_SIZE
    card = np.full((h, w, 3), 255, np.uint8)
    card[h - 8 :, w - 6 :] = 0  # the very corner pixel block of the bottom-right
    crops = corner_crops(card)
    assert crops.shape == (2, CROP_SIZE[1], CROP_SIZE[0], 3)
    assert crops[1][0, 0].max() < 60  # it lands at the crop's top-left
    assert crops[0].min() == 255


def test_anchored_crops_read_the_index_of_a_visible_strip() -> None:
    frame, quad, _ = make_frame(angle=0.0, centre=(320, 240))
    x0, y0 = quad.min(axis=0)
    _, y1 = quad.max(axis=0)
    strip = (x0, y0, x0 + 40, y1)  # only the left 40 px of the card visible (overlapped)
    crops = anchored_crops(frame, strip)
    assert crops.shape == (2, CROP_SIZE[1], CROP_SIZE[0], 3)
    assert crops[0][8:22, 6:14].mean() < 100  # the top-left index mark


@pytest.mark.parametrize("angle", [20.0, 35.0, 60.0, 115.0])
def test_inscribed_quads_recover_a_turned_card_from_its_box(angle: float) -> None:
    _, truth, box = make_frame(angle=angle)
    quads = inscribed_quads(box)
    assert len(quads) == 2
    assert min(_same_corners(q, truth) for q in quads) < 3.0


def test_inscribed_quads_skip_upright_cards_and_strips() -> None:
    assert inscribed_quads((0, 0, 63, 88)) == []
    assert inscribed_quads((0, 0, 30, 88)) == []


def test_unfitted_turned_card_gets_every_hypothesis() -> None:
    frame, _, box = make_frame(angle=30.0, background=(240, 242, 244))
    found = index_crops(frame, box)
    assert found is not None and not found[1]
    assert found[0].shape == (8, CROP_SIZE[1], CROP_SIZE[0], 3)  # along, across, two turned


def test_index_crops_say_whether_the_outline_was_fitted() -> None:
    frame, _, box = make_frame(angle=15.0)
    found = index_crops(frame, box)
    assert found is not None and found[1]
    assert index_crops(frame, (0, 0, 3, 3)) is None


# ---------------------------------------------------------------------------------------- reader


def fake_model(path: Path, *, meta: dict[str, str] | None = None) -> Path:
    """An ONNX stand-in for the classifier: the brighter the crop, the surer it is of "A" and "s";
    a dark crop is "none". Probabilities come from softmax(mean * W + b)."""
    onnx = pytest.importorskip("onnx")
    from onnx import TensorProto, helper

    w_rank = np.zeros((1, 14), np.float32)
    b_rank = np.zeros(14, np.float32)
    w_rank[0, 12], w_rank[0, 13], b_rank[13] = 14.0, -14.0, 7.0  # "A" for bright, "none" for dark
    w_suit = np.zeros((1, 4), np.float32)
    w_suit[0, 0] = 8.0
    inits = [
        helper.make_tensor("axes", TensorProto.INT64, [3], [1, 2, 3]),
        helper.make_tensor("w_rank", TensorProto.FLOAT, [1, 14], w_rank.ravel()),
        helper.make_tensor("b_rank", TensorProto.FLOAT, [14], b_rank),
        helper.make_tensor("w_suit", TensorProto.FLOAT, [1, 4], w_suit.ravel()),
        helper.make_tensor("b_suit", TensorProto.FLOAT, [4], np.zeros(4, np.float32)),
    ]
    nodes = [
        helper.make_node("ReduceMean", ["crops", "axes"], ["m"], keepdims=1),
        helper.make_node("Flatten", ["m"], ["m2"], axis=1),
        helper.make_node("MatMul", ["m2", "w_rank"], ["lr0"]),
        helper.make_node("Add", ["lr0", "b_rank"], ["lr"]),
        helper.make_node("Softmax", ["lr"], ["rank"], axis=1),
        helper.make_node("MatMul", ["m2", "w_suit"], ["ls0"]),
        helper.make_node("Add", ["ls0", "b_suit"], ["ls"]),
        helper.make_node("Softmax", ["ls"], ["suit"], axis=1),
    ]
    graph = helper.make_graph(
        nodes,
        "fake",
        [helper.make_tensor_value_info("crops", TensorProto.FLOAT, ["n", 3, 48, 32])],
        [
            helper.make_tensor_value_info("rank", TensorProto.FLOAT, ["n", 14]),
            helper.make_tensor_value_info("suit", TensorProto.FLOAT, ["n", 4]),
        ],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 18)])
    model.ir_version = 8
    props = (
        meta
        if meta is not None
        else {
            "ranks": repr([*"23456789TJQKA", "none"]),
            "suits": repr(list("shdc")),
            "imgsz": "[48, 32]",
            "threshold": "0.5",
        }
    )
    for k, v in props.items():
        p = model.metadata_props.add()
        p.key, p.value = k, v
    onnx.save(model, str(path))
    return path


class CountingSession:
    def __init__(self, session: object) -> None:
        self.session = session
        self.calls = 0

    def run(self, *args: object, **kwargs: object) -> object:
        self.calls += 1
        return self.session.run(*args, **kwargs)  # type: ignore[attr-defined]


def test_reader_reads_classes_from_metadata(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    assert reader.ranks[-1] == "none" and reader.suits == ("s", "h", "d", "c")
    assert reader.threshold == 0.5


def test_reader_rejects_missing_or_foreign_models(tmp_path: Path) -> None:
    with pytest.raises(ModelError, match="not found"):
        CardReader(tmp_path / "absent.onnx")
    (tmp_path / "junk.onnx").write_bytes(b"not a model")
    with pytest.raises(ModelError, match="not a loadable"):
        CardReader(tmp_path / "junk.onnx")
    with pytest.raises(ModelError, match="metadata"):
        CardReader(fake_model(tmp_path / "bare.onnx", meta={}))


def test_reader_reads_a_bright_card_and_calls_a_dark_one_unreadable(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    frame, _, box = make_frame(angle=10.0)
    card, conf = reader.read(frame, box)
    assert card == "As" and conf > 0.5
    dark = np.zeros_like(frame)
    card, conf = reader.read(dark, box)
    assert card == UNREADABLE and conf < 0.5


def test_reader_batches_all_cards_of_a_frame_in_one_call(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    counting = CountingSession(reader.session)
    reader.session = counting  # type: ignore[assignment]
    frame, _, box = make_frame(angle=10.0)
    boxes = np.stack(
        [box, box + np.array([2, 0, 2, 0], np.float32), box - np.array([0, 3, 0, 3], np.float32)]
    )
    answers = reader.read_many(frame, boxes)
    assert counting.calls == 1 and len(answers) == 3


@pytest.mark.parametrize(
    ("corners", "expected"),
    [
        ([("As", 0.9, 0.0), ("As", 0.8, 0.0)], "As"),
        ([("As", 0.9, 0.0), ("Kd", 0.2, 0.1)], "As"),  # the surer corner wins
        ([("As", 0.4, 0.0), ("Kd", 0.3, 0.6)], UNREADABLE),  # below the threshold
        ([("As", 0.9, 0.0), ("Kd", 0.75, 0.0)], UNREADABLE),  # two sure corners disagree
        ([("As", 0.95, 0.0), ("Kd", 0.6, 0.0)], "As"),  # a much less sure rival does not veto
        ([], UNREADABLE),
    ],
)
def test_reader_decides_or_refuses(
    tmp_path: Path, corners: list[tuple[str, float, float]], expected: str
) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    card, _ = reader.decide([CornerReading(*c) for c in corners])
    assert card == expected


def test_reader_labels_card_rows_of_detections(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    frame, _, box = make_frame(angle=5.0)
    names = ("card_up", "card_down", "chip")
    dets = Detections(
        np.stack([box, box]).astype(np.float32),
        np.array([0.9, 0.8], np.float32),
        np.array([0, 2], np.int32),
        names,
    )
    out = reader.label(frame, dets)
    assert out is not dets
    assert list(out.label) == ["As", ""]
    assert list(dets.label) == ["", ""]


def test_a_card_too_small_to_read_is_unreadable_without_a_model_call(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    counting = CountingSession(reader.session)
    reader.session = counting  # type: ignore[assignment]
    frame, _, box = make_frame(angle=10.0)
    small = cv2.resize(frame, None, fx=0.15, fy=0.15, interpolation=cv2.INTER_AREA)
    tiny = box * 0.15  # the same card at 0.15 the size: its index a few pixels tall
    assert min(tiny[2] - tiny[0], tiny[3] - tiny[1]) < MIN_READ_PX <= min(box[2] - box[0], box[3] - box[1])
    assert reader.read(small, tiny) == (UNREADABLE, 0.0)
    assert counting.calls == 0
    assert reader.read(frame, box)[0] == "As" and counting.calls == 1  # full size is still read


def test_an_unreadable_card_gets_a_second_look_unless_turned_off(tmp_path: Path) -> None:
    reader = CardReader(fake_model(tmp_path / "m.onnx"))
    counting = CountingSession(reader.session)
    reader.session = counting  # type: ignore[assignment]
    frame, _, box = make_frame(angle=10.0)
    dark = np.zeros_like(frame)
    assert reader.read(dark, box)[0] == UNREADABLE and counting.calls == 2  # first look, then every candidate
    reader.second_look = False  # video: the card's next frames look again
    assert reader.read(dark, box)[0] == UNREADABLE and counting.calls == 3
    assert reader.read(frame, box)[0] == "As" and counting.calls == 4  # a readable card is still read

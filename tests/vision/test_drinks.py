"""The drink reader: its crop, its errors, and the shipped model on drinks it never saw in training."""

from pathlib import Path

import numpy as np
import pytest

from vision.detections import Detections
from vision.detector import ModelError
from vision.drinks import (
    DEFAULT_MODEL,
    MARGIN,
    UNKNOWN,
    DrinkReader,
    drink_crops,
    protectors_on_cards,
    sure_below,
)

MODELS = Path(__file__).resolve().parents[2] / "models"


def test_the_crop_is_a_square_round_the_box_with_its_margin():
    image = np.zeros((100, 200, 3), np.uint8)
    image[40:60, 90:110] = 255  # a 20 px white square
    (crop,) = drink_crops(image, np.array([[90.0, 40.0, 110.0, 60.0]]), size=26)
    white = crop[..., 0] > 127
    side = 26 / MARGIN  # the box fills 1 / MARGIN of the crop
    assert abs(int(white.sum()) - side * side) < 3 * side
    assert white[13, 13] and not white[0, 0] and not white[-1, -1]


def test_a_box_at_the_frame_edge_is_cut_without_error():
    image = np.full((50, 50, 3), 90, np.uint8)
    crops = drink_crops(image, np.array([[-5.0, -5.0, 10.0, 10.0], [45.0, 40.0, 55.0, 60.0]]))
    assert crops.shape == (2, 32, 32, 3) and (crops == 90).all()


def test_a_missing_or_foreign_model_file_is_a_clear_error(tmp_path: Path):
    with pytest.raises(ModelError, match="drink classifier not found"):
        DrinkReader(tmp_path / "nothing.onnx")
    with pytest.raises(ModelError, match="not a drink classifier"):
        DrinkReader(MODELS / "card_classifier.onnx")


def test_only_drinks_phones_and_protectors_are_read_and_an_unsure_reading_is_unknown():
    reader = DrinkReader(DEFAULT_MODEL, threshold=1.01)  # nothing can be this sure
    image = np.full((120, 160, 3), 60, np.uint8)
    dets = Detections(
        xyxy=np.array(
            [[10, 10, 40, 40], [60, 60, 90, 90], [100, 10, 130, 50], [10, 80, 30, 100]], np.float32
        ),
        confidence=np.full(4, 0.9, np.float32),
        class_id=np.array([0, 1, 2, 3], np.int32),
        names=("drink", "chip", "phone", "card_protector"),
        label=np.array(["", "red", "", ""], dtype=object),
    )
    out = reader.label(image, dets)
    assert list(out.label) == [UNKNOWN, "red", UNKNOWN, UNKNOWN]


@pytest.mark.slow
def test_the_shipped_model_reads_drinks_phones_and_protectors_from_tables_it_never_saw():
    """Fresh renders (a seed the training never used): nearly every object read, and read right."""
    from datasets.train.drinks import CLASSES, render_crops

    reader = DrinkReader()
    _, val = render_crops(seed=977, groups=range(8), shots=4, all_exact=True)
    assert len(val) >= 40
    p = reader.probs(val.images)
    best = p.argmax(axis=1)
    sure = p.max(axis=1) >= reader.threshold
    assert tuple(reader.classes) == CLASSES
    assert (best == val.labels).mean() >= 0.95
    assert sure.mean() >= 0.85 and (best[sure] == val.labels[sure]).mean() >= 0.97


def test_a_chip_box_read_surely_as_a_protector_is_marked_one_and_loses_its_value(
    monkeypatch: pytest.MonkeyPatch,
):
    """Seed + 16000 non_value_item: a protector pushed out as a bet was boxed as a chip whose value
    could not be read; seed + 21000's gold protector was read as a yellow 1,000 chip. Every chip box is
    read, and only a protector reading is kept: a chip's label stays its colour otherwise."""
    reader = DrinkReader(DEFAULT_MODEL)
    answers = {1: ("none", 0.99), 3: ("card_protector", 0.95), 4: ("none", 0.99), 6: ("card_protector", 0.9)}
    monkeypatch.setattr(reader, "read", lambda image, xyxy: [answers[int(b[0]) // 10] for b in xyxy])
    dets = Detections(
        xyxy=np.array([[10, 10, 25, 25], [30, 10, 45, 25], [40, 30, 55, 45], [60, 30, 75, 45]], np.float32),
        confidence=np.full(4, 0.9, np.float32),
        class_id=np.zeros(4, np.int32),
        names=("chip",),
        label=np.array(["red", UNKNOWN, UNKNOWN, "yellow"], dtype=object),
        value=np.array([5000, 0, 0, 1000], np.int64),
    )
    out = reader.label(np.zeros((80, 80, 3), np.uint8), dets)
    assert list(out.label) == ["red", "card_protector", UNKNOWN, "card_protector"]
    assert list(out.value) == [5000, 0, 0, 0]


def test_a_chip_track_read_as_a_protector_in_two_calls_stays_one():
    """Seed + 21000 non_value_item: the gold protector pushed out as a call was read as a protector,
    then, once a hand had passed over it, as a 1,000 chip again; its bet never left the zone. Read so
    in one call only, a chip stays a chip (seed + 26000 clean_capped_bottle: a chip in a stack)."""
    from vision.drinks import ProtectorTracks

    def seen(track: int, label: str, value: int) -> Detections:
        return Detections(
            xyxy=np.array([[10, 10, 25, 25], [40, 10, 55, 25]], np.float32),
            confidence=np.full(2, 0.8, np.float32),
            class_id=np.zeros(2, np.int32),
            names=("chip",),
            tracker_id=np.array([track, 9], np.int64),
            label=np.array([label, "black"], dtype=object),
            value=np.array([value, 100], np.int64),
        )

    keep = ProtectorTracks()
    assert list(keep(seen(7, "yellow", 1000)).label) == ["yellow", "black"]  # not read as one yet
    assert list(keep(seen(7, "card_protector", 0)).label) == ["card_protector", "black"]
    assert list(keep(seen(7, "yellow", 1000)).label) == ["yellow", "black"]  # read so once: a chip
    assert list(keep(seen(7, "card_protector", 0)).label) == ["card_protector", "black"]
    again = keep(seen(7, "yellow", 1000))
    assert list(again.label) == ["card_protector", "black"] and list(again.value) == [0, 100]
    assert list(keep(seen(8, "yellow", 1000)).label) == ["yellow", "black"]  # another track is its own


def test_object_boxes_under_the_detectors_bar_stay_only_when_read_surely_as_an_object():
    """Seed + 21000 foreign_object_phone: the phone scored 0.07-0.35 in every call, read 0.97-0.99 as a
    phone; it was never put down. Under the bar, a box read as none of these objects, or not surely,
    goes; over it, the detector's box stands whatever the reading (``vision.foreign`` weighs it)."""
    names = ("chip", "phone", "drink")
    rows = [(1, 0.15, "phone"), (2, 0.2, "none"), (1, 0.12, UNKNOWN), (2, 0.6, "none"), (0, 0.1, "red")]
    dets = Detections(
        xyxy=np.array([[10 * i, 0, 10 * i + 8, 8] for i in range(len(rows))], np.float32),
        confidence=np.array([r[1] for r in rows], np.float32),
        class_id=np.array([r[0] for r in rows], np.int32),
        names=names,
        label=np.array([r[2] for r in rows], dtype=object),
    )
    kept = sure_below(dets, 0.3)
    assert [(names[c], round(float(p), 2)) for c, p in zip(kept.class_id, kept.confidence, strict=True)] == [
        ("phone", 0.15),
        ("drink", 0.6),
        ("chip", 0.1),
    ]


def test_an_object_box_under_the_bar_over_a_better_box_of_a_thing_on_the_table_is_that_thing():
    """Seed + 2000 foreign_object_drink: a second, looser box round the glass at 0.12-0.29, read as open,
    was tracked apart and put down as a second drink; seed + 21000's: two chips on the rail boxed as a
    drink at 0.15 and read as a phone. A hand over an object does not make it the hand."""
    names = ("chip", "drink", "hand")
    rows = [
        ((150, 180, 200, 230), 1, 0.6, "open"),  # the glass
        ((160, 185, 215, 245), 1, 0.2, "open"),  # its looser box
        ((300, 260, 340, 300), 0, 0.5, "green"),  # a chip on the rail...
        ((295, 255, 345, 305), 1, 0.15, "phone"),  # ...boxed as a drink round it
        ((500, 100, 540, 150), 1, 0.15, "phone"),  # a phone under a hand
        ((490, 90, 560, 170), 2, 0.8, ""),
    ]
    dets = Detections(
        xyxy=np.array([r[0] for r in rows], np.float32),
        confidence=np.array([r[2] for r in rows], np.float32),
        class_id=np.array([r[1] for r in rows], np.int32),
        names=names,
        label=np.array([r[3] for r in rows], dtype=object),
    )
    kept = sure_below(dets, 0.3)
    assert [tuple(b) for b in kept.xyxy.astype(int).tolist()] == [
        rows[0][0],
        rows[2][0],
        rows[4][0],
        rows[5][0],
    ]


def test_a_card_box_round_a_protector_just_lost_is_that_protector():
    """Seed + 25000 non_value_item: the hand's cards were tabled beside the protector, which from then on
    was boxed as a face-up card round it and a corner of a card; the hand tabled three cards, a
    misdeal_too_late. Such a box is the protector, tracked or not, for as long as it shows; a card the
    protector lay on, and a card that shows there long after the protector went, stay cards."""
    from vision.drinks import ProtectorTracks

    names = ("card_up", "card_down", "card_protector")
    protector, card_round, card_beside = [100, 100, 120, 120], [90, 98, 126, 134], [78, 108, 119, 146]

    def seen(*rows: tuple[int, list[int], int]) -> Detections:
        return Detections(
            xyxy=np.array([r[1] for r in rows], np.float32).reshape(-1, 4),
            confidence=np.full(len(rows), 0.6, np.float32),
            class_id=np.array([r[0] for r in rows], np.int32),
            names=names,
            tracker_id=np.array([r[2] for r in rows], np.int64),
            label=np.array(["" for _ in rows], dtype=object),
        )

    def labels(d: Detections) -> list[str]:
        return [
            names[c] if lab != "card_protector" else "PROTECTOR"
            for c, lab in zip(d.class_id, d.label, strict=True)
        ]

    keep = ProtectorTracks()
    for t in (0.0, 0.1, 0.2):
        assert labels(keep(seen((2, protector, 5)), t)) == ["card_protector"]
    tabled = seen((0, card_round, -1), (0, card_beside, 6))  # the protector is boxed no more
    assert labels(keep(tabled, 0.3)) == ["PROTECTOR", "card_up"]
    for t in (0.5, 0.7, 0.9):  # untracked past LOST_S: still the protector, as long as it shows
        assert labels(keep(tabled, t)) == ["PROTECTOR", "card_up"]
    tracked = seen((0, card_round, 7), (0, card_beside, 6))
    assert labels(keep(tracked, 1.0)) == ["PROTECTOR", "card_up"]
    moved = seen((0, [60, 98, 96, 134], 7), (0, card_beside, 6))  # its track stays a protector
    assert labels(keep(moved, 3.0)) == ["PROTECTOR", "card_up"]

    on_a_card = ProtectorTracks()  # a protector lying on a card boxed round it
    assert labels(on_a_card(seen((2, protector, 5), (1, card_round, 8)), 0.0)) == [
        "card_protector",
        "card_down",
    ]
    assert labels(on_a_card(seen((1, card_round, 8)), 0.1)) == ["card_down"]  # missed once: the card stays

    # clean_protector_and_peek-s56000: a protector across a seat's two cards (71% and 79% under each),
    # it and the cards hidden by the seat's hand, the cards boxed again a little wider: still cards
    left, right = [88, 100, 112, 131], [105, 98, 131, 131]
    across = ProtectorTracks()
    across(seen((2, [102, 108, 116, 122], 5), (1, left, 10), (1, right, 11)), 0.0)
    across(seen(), 0.2)  # the hand over them
    wider = seen((1, [88, 98, 116, 133], 10), (1, [105, 96, 132, 135], 11))
    assert labels(across(wider, 0.3)) == ["card_down", "card_down"]

    gone = ProtectorTracks()  # a protector picked up; a card shows there a second later
    gone(seen((2, protector, 5)), 0.0)
    gone(seen(), 0.1)
    assert labels(gone(seen((0, card_round, 9)), 1.1)) == ["card_up"]


AT_A_SEAT = lambda x, y: True  # noqa: E731 (every place here is a seat's cards zone)
SEAT_CARDS = np.array([[34, 28, 69, 69], [49, 24, 83, 61]], np.float32)  # seat 4's two cards, face down


def _seat_cards(frame: int, extra: list[tuple[str, list[float]]] = ()) -> tuple[np.ndarray, Detections]:
    """A render's seat 4 (seed + 39000 foreign_object_second_protector, frame 100: cards alone; 300: a
    gold protector on them, which the detector did not box) and its card boxes, plus ``extra`` boxes."""
    import cv2

    image = cv2.imread(str(Path(__file__).parent / "data" / f"seat_cards_f{frame}.png"))
    names = ("card_down", "chip", "hand", "card_protector")
    boxes = [*SEAT_CARDS.tolist(), *(box for _, box in extra)]
    dets = Detections(
        xyxy=np.array(boxes, np.float32),
        confidence=np.full(len(boxes), 0.9, np.float32),
        class_id=np.array([0, 0, *(names.index(cls) for cls, _ in extra)], np.int32),
        names=names,
    )
    return image, dets


def test_a_protector_on_a_players_cards_is_found_where_the_detector_boxed_none():
    reader = DrinkReader()
    image, dets = _seat_cards(300)
    out = protectors_on_cards(reader, image, dets, AT_A_SEAT)
    (added,) = np.flatnonzero(out.of_class("card_protector"))
    assert out.label[added] == "card_protector" and out.confidence[added] >= reader.threshold
    x0, y0, x1, y1 = out.xyxy[added]
    assert 50 < (x0 + x1) / 2 < 70 and 36 < (y0 + y1) / 2 < 56  # on the coin (its middle: 60, 46)
    assert len(out) == len(dets) + 1

    _, beside = _seat_cards(300, [("chip", [68.0, 40.0, 90.0, 60.0])])  # a disc boxed beside it, touching
    assert protectors_on_cards(reader, image, beside, AT_A_SEAT).of_class("card_protector").sum() == 1

    bare, dets = _seat_cards(100)  # the same cards before the protector was put on them
    assert len(protectors_on_cards(reader, bare, dets, AT_A_SEAT)) == len(dets)
    # the same picture where no player's cards lie (the deck, the muck: seed + 2000's muck read as one)
    assert len(protectors_on_cards(reader, image, dets, lambda x, y: False)) == len(dets)


@pytest.mark.parametrize(
    "over",
    [
        ("hand", [30.0, 10.0, 90.0, 75.0]),
        ("chip", [50.0, 36.0, 71.0, 56.0]),
        ("card_protector", [50.0, 36.0, 71.0, 56.0]),
    ],
)
def test_no_protector_is_read_under_a_hand_or_where_a_disc_is_boxed_already(over):
    image, dets = _seat_cards(300, [over])
    out = protectors_on_cards(DrinkReader(), image, dets, AT_A_SEAT)
    assert len(out) == len(dets)

"""The card classifier's training path end to end on a handful of crops, so that it cannot rot."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from datasets.train.card_data import (
    RANKS,
    SUITS,
    CropSet,
    font_crops,
    load_crops,
    middle_and_edge_crops,
    parse_label,
    region_crop,
)
from datasets.train.card_real import extract_edje_train, polygon_quad, unmirror
from datasets.train.cards import augment, build_model, train_card_classifier
from vision.card_crops import CROP_SIZE, WARP_SIZE, quad_crops
from vision.cards import CardReader

pytest.importorskip("torch")
pytest.importorskip("onnx")


def make_crop_dataset(root: Path, per_card: int = 3) -> Path:
    """A `railbird synth dataset`-shaped folder: cards/{train,val}/<card>/*.png and one image."""
    drawn = font_crops(4 * per_card * 2, seed=5)
    for i in range(len(drawn)):
        card = RANKS[drawn.rank[i]] + SUITS[drawn.suit[i]]
        split = "val" if i % 4 == 0 else "train"
        folder = root / "cards" / split / card
        folder.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(folder / f"{i:06d}_0.png"), drawn.images[i])
    (root / "images" / "train").mkdir(parents=True)
    felt = np.full((160, 160, 3), (40, 110, 30), np.uint8)
    cv2.imwrite(str(root / "images" / "train" / "000000.jpg"), felt)
    return root


def test_tiny_training_exports_a_model_the_reader_loads(tmp_path: Path) -> None:
    data = make_crop_dataset(tmp_path / "ds")
    out = tmp_path / "models" / "card_classifier.onnx"
    run = train_card_classifier(
        data, out, epochs=1, seed=3, font_crops=16, negatives=8, samples_per_epoch=48, batch=16
    )
    assert out.is_file() and run.card.is_file()
    assert 0 < run.params < 300_000
    assert len(run.history) == 1 and np.isfinite(run.history[0]["loss"])
    card = run.card.read_text(encoding="utf-8")
    assert "synthetic_card_acc" in card and "<!-- real-photos:start -->" in card
    reader = CardReader(out)
    assert reader.ranks == (*RANKS, "none") and reader.suits == tuple(SUITS)
    crops = load_crops(data / "cards", "val").images[:3]
    rank, suit = reader.classify(crops)
    assert rank.shape == (3, 14) and suit.shape == (3, 4)
    assert np.allclose(rank.sum(1), 1, atol=1e-4) and np.allclose(suit.sum(1), 1, atol=1e-4)
    meta = reader.session.get_modelmeta().custom_metadata_map
    assert json.loads(meta["val"])  # the validation numbers travel with the model


def test_augment_is_deterministic_by_seed_and_keeps_the_shape() -> None:
    crop = font_crops(1, seed=1).images[0]
    a = augment(np.random.default_rng(9), crop)
    b = augment(np.random.default_rng(9), crop)
    assert a.shape == crop.shape and a.dtype == np.uint8
    assert np.array_equal(a, b)


def test_model_stays_small() -> None:
    model = build_model()
    assert sum(p.numel() for p in model.parameters()) < 300_000  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "expected"), [("As", (12, 0)), ("T", (8, -1)), ("none", (13, -1)), ("2c", (0, 3))]
)
def test_parse_label(name: str, expected: tuple[int, int]) -> None:
    assert parse_label(name) == expected


def test_parse_label_rejects_unknown_folders() -> None:
    with pytest.raises(ValueError, match="expected a card"):
        parse_label("Xx")


def test_polygon_quad_fits_a_rotated_card_outline() -> None:
    pts = cv2.boxPoints(((200, 150), (63, 88), 30)).astype(np.float32)
    dense = np.concatenate([np.linspace(pts[k], pts[(k + 1) % 4], 10) for k in range(4)])
    quad = polygon_quad(dense)
    assert quad is not None
    sides = np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)
    assert sides[0] == pytest.approx(63, abs=1.5) and sides[1] == pytest.approx(88, abs=1.5)


def test_unmirror_flips_a_card_whose_indices_sit_on_the_wrong_corners() -> None:
    w, h = WARP_SIZE
    card = np.full((h, w, 3), 240, np.uint8)
    card[15:80, w - 50 : w - 15] = 20  # index at top-right: a mirrored photo
    card[h - 80 : h - 15, 15:50] = 20
    fixed = unmirror(card)
    assert fixed is not None and fixed[1]
    assert fixed[0][15:80, 15:50].mean() < 50


def test_edje_test_split_is_never_extracted(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="measurement"):
        extract_edje_train(tmp_path, src=tmp_path / "test")


def test_cropset_concat_and_take() -> None:
    a = CropSet(np.zeros((2, CROP_SIZE[1], CROP_SIZE[0], 3), np.uint8), np.array([1, 2]), np.array([0, -1]))
    both = CropSet.concat([a, CropSet.empty(), a])
    assert len(both) == 4 and list(both.take(np.array([1, 2])).rank) == [2, 1]


def test_region_crop_at_the_corner_is_the_index_crop() -> None:
    rng = np.random.default_rng(0)
    img = rng.integers(0, 255, (300, 300, 3), dtype=np.uint8)
    quad = np.array([[50, 40], [176, 40], [176, 216], [50, 216]], np.float32)
    assert np.array_equal(region_crop(img, quad, 0, 0), quad_crops(img, quad)[0])
    assert len(middle_and_edge_crops(img, quad)) == 3


def test_railbird_train_cards_command_trains_and_refuses_a_missing_folder(tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from service.cli import app

    data = make_crop_dataset(tmp_path / "ds", per_card=2)
    out = tmp_path / "m" / "cards.onnx"
    args = ["train", "cards", "--crops", str(data), "--out", str(out), "--epochs", "1"]
    small = ["--samples-per-epoch", "32", "--font-crops", "8", "--negatives", "4", "--batch", "16"]
    result = CliRunner().invoke(app, args + small)
    assert result.exit_code == 0, result.output
    assert out.is_file() and out.with_suffix(".md").is_file()
    missing = CliRunner().invoke(app, ["train", "cards", "--crops", str(tmp_path / "nope")])
    assert missing.exit_code == 2
    said = " ".join(missing.output.split())
    assert "nope: no such folder" in said


def _edje_photo(folder: Path, stem: str) -> None:
    """An edje-style photo on dark wood: one card alone (its outline fits) and two cards overlapping
    (one white blob: only box hypotheses), with a VOC file labelling all three as kings."""
    img = np.full((400, 600, 3), (30, 45, 70), np.uint8)
    cv2.rectangle(img, (40, 60), (166, 236), (235, 240, 242), -1)
    cv2.rectangle(img, (300, 60), (426, 236), (235, 240, 242), -1)
    cv2.rectangle(img, (360, 100), (486, 276), (235, 240, 242), -1)
    cv2.imwrite(str(folder / f"{stem}.jpg"), img)
    objects = "".join(
        f"<object><name>king</name><bndbox><xmin>{x0}</xmin><ymin>{y0}</ymin><xmax>{x1}</xmax>"
        f"<ymax>{y1}</ymax></bndbox></object>"
        for x0, y0, x1, y1 in ((40, 60, 166, 236), (300, 60, 426, 236), (360, 100, 486, 276))
    )
    (folder / f"{stem}.xml").write_text(f"<annotation>{objects}</annotation>", encoding="utf-8")


def test_extraction_calls_only_a_fitted_outlines_unread_corner_none(tmp_path: Path) -> None:
    """A teacher that reads nothing: the lone card's corners (outline fitted: a corner it cannot read
    is hidden) become "none"; the overlapped cards' box hypotheses are dropped, not taught as "none"
    (one may show the index off-centre, which the model must learn to read)."""
    src = tmp_path / "train"
    src.mkdir()
    _edje_photo(src, "IMG_0001")

    def blind_teacher(crops: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        rank = np.zeros((len(crops), 14), np.float32)
        rank[:, -1] = 0.95
        rank[:, :-1] = 0.05 / 13
        return rank, np.full((len(crops), 4), 0.25, np.float32)

    counts = extract_edje_train(tmp_path / "out", src=src, teacher=blind_teacher)
    assert counts["cards"] == 3 and counts["fitted"] == 1
    assert counts["none"] == 2  # the fitted card's two index corners
    assert counts["corners"] == 2 and counts["dropped"] > 0  # every box hypothesis dropped
    split = next(p.name for p in (tmp_path / "out").iterdir())
    corners = [
        p.stem
        for p in (tmp_path / "out" / split / "none").glob("edje_IMG_0001_*")
        if "_mid" not in p.stem and "_bg" not in p.stem  # background patches are "none" by design
    ]
    assert sorted(corners) == ["edje_IMG_0001_0_0", "edje_IMG_0001_0_1"]


def test_miscut_crops_move_the_index_further() -> None:
    """The badly cut share of ``augment`` shifts and turns the index more than an ordinary cut."""
    crop = np.full((CROP_SIZE[1], CROP_SIZE[0], 3), 240, np.uint8)
    crop[10:22, 8:20] = 0  # the "index": a dark square

    def spread(share: float) -> float:
        rng = np.random.default_rng(4)
        moved = []
        for _ in range(200):
            dark = augment(rng, crop, miscut=share).mean(axis=2) < 100
            ys, xs = np.nonzero(dark)
            if len(xs):
                moved.append(np.hypot(xs.mean() - 13.5, ys.mean() - 15.5))
        return float(np.percentile(moved, 90))

    assert spread(1.0) > 1.8 * spread(0.0)

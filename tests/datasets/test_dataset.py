"""`railbird synth dataset`: the YOLO layout, labels that parse and stay in the frame, card-index
crops named by card, byte-identical output for the same arguments, Ctrl-C keeping finished images,
exit code 2 for bad arguments."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import cv2
import numpy as np
import pytest
import yaml
from typer.testing import CliRunner

from datasets.sim.assets.card_sprite import card_sprite
from datasets.sim.assets.sample_scenes import DECK
from datasets.sim.assets.view import View
from datasets.sim.camera import look_at
from datasets.sim.dataset import DatasetSpec, generate, plan_groups
from datasets.sim.dataset_crops import CROP_SIZE, Corner, card_homography, index_crop, match, reference_crop
from datasets.sim.dataset_images import Mode
from datasets.sim.objects import DET_CLASSES, Card, Pose
from service.cli import app

N = 12
SEED = 38  # its first 12 images hold all four modes, a val group and card crops (checked below)
runner = CliRunner()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("ds") / "one"
    generate(DatasetSpec(images=N, seed=SEED), out, workers=1)
    return out


def files(root: Path, pattern: str) -> list[Path]:
    return sorted(root.glob(pattern))


def read(path: Path) -> np.ndarray:
    img = cv2.imread(str(path))
    assert img is not None, f"{path}: not an image"
    return img


def test_the_seed_covers_every_mode_and_both_splits():
    groups = plan_groups(DatasetSpec(images=N, seed=SEED))
    assert {g.mode for g in groups} == set(Mode)
    assert {g.split for g in groups} == {"train", "val"}
    assert sum(g.count for g in groups) == N


def test_writes_n_images_each_with_its_label_file(dataset: Path):
    images = files(dataset, "images/*/*.jpg")
    labels = files(dataset, "labels/*/*.txt")
    assert len(images) == N
    assert [p.relative_to(dataset / "images").with_suffix("") for p in images] == [
        p.relative_to(dataset / "labels").with_suffix("") for p in labels
    ]
    assert {p.parent.name for p in images} == {"train", "val"}
    assert sorted(p.stem for p in images) == [f"{i:06d}" for i in range(N)]
    for p in images[:3]:
        assert read(p).shape == (640, 640, 3)


def test_labels_parse_with_classes_in_range_and_boxes_inside_the_frame(dataset: Path):
    seen = set()
    for path in files(dataset, "labels/*/*.txt"):
        for n, line in enumerate(path.read_text().splitlines(), start=1):
            parts = line.split()
            assert len(parts) == 5, f"{path}:{n}: {line!r}"
            cls = int(parts[0])
            cx, cy, w, h = (float(v) for v in parts[1:])
            assert 0 <= cls < len(DET_CLASSES), f"{path}:{n}"
            assert w > 0 and h > 0, f"{path}:{n}"
            assert cx - w / 2 >= -1e-6 and cx + w / 2 <= 1 + 1e-6, f"{path}:{n}"
            assert cy - h / 2 >= -1e-6 and cy + h / 2 <= 1 + 1e-6, f"{path}:{n}"
            seen.add(DET_CLASSES[cls])
    assert {"card_up", "card_down", "chip"} <= {str(c) for c in seen}


def test_data_yaml_names_are_the_detector_classes_in_order(dataset: Path):
    data = yaml.safe_load((dataset / "data.yaml").read_text())
    assert data["names"] == [str(c) for c in DET_CLASSES]
    assert Path(data["path"]) == dataset.resolve()
    assert (Path(data["path"]) / data["train"]).is_dir() and (Path(data["path"]) / data["val"]).is_dir()


def test_manifest_counts_match_the_label_files(dataset: Path):
    info = json.loads((dataset / "manifest.json").read_text())
    assert info["count"] == N and info["complete"] is True and info["seed"] == SEED
    counted = {str(c): 0 for c in DET_CLASSES}
    for path in files(dataset, "labels/*/*.txt"):
        for line in path.read_text().splitlines():
            counted[str(DET_CLASSES[int(line.split()[0])])] += 1
    assert info["instances"] == counted
    assert [r["image"] for r in info["images"]] == [f"{i:06d}" for i in range(N)]
    assert {r["mode"] for r in info["images"]} == {str(m) for m in Mode}
    assert all({"camera", "look", "split", "jpeg_quality"} <= set(r) for r in info["images"])


def test_card_crops_are_upright_index_corners_filed_by_a_real_card(dataset: Path):
    crops = files(dataset, "cards/*/*/*.png")
    assert crops, "close-up and loose-card images should give index crops"
    for p in crops:
        assert p.parent.name in DECK, p
        assert p.parents[1].name in ("train", "val"), p
        assert read(p).shape == (CROP_SIZE[1], CROP_SIZE[0], 3), p
    with (dataset / "cards" / "index.csv").open() as fh:
        rows = list(csv.DictReader(fh))
    assert sorted(r["file"] for r in rows) == sorted(str(p.relative_to(dataset / "cards")) for p in crops)
    assert all(r["corner"] in ("top_left", "bottom_right") and float(r["match"]) >= 0.7 for r in rows)
    info = json.loads((dataset / "manifest.json").read_text())
    assert info["card_crops"]["total"] == len(crops)


@pytest.mark.parametrize(
    ("angle", "tilt", "roll", "face"), [(0, 0, 0, 0), (90, 0, 30, 1), (180, 25, -60, 0), (247, 35, 120, 1)]
)
def test_both_index_corners_come_out_upright_however_the_card_lies(angle, tilt, roll, face):
    """A card drawn by the renderer's sprite, any turn, camera tilt and deck: each corner's crop
    matches the clean face's top-left index (so the bottom-right one is turned round right)."""
    t = np.radians(tilt)
    cam = look_at((0, -40 * np.sin(t), 40 * np.cos(t)), (0, 0, 0), 480, 480, 50, roll_deg=roll)
    card = Card("c", Pose(1.0, -0.5, angle), "Qh", face_up=True)
    sprite = card_sprite(card, View(cam), face, 0, 0.0, 1, shadow=False)
    frame = np.full((480, 480, 3), (40, 110, 30), np.uint8)
    a = sprite.alpha[..., None].astype(np.float32) / 255
    roi = frame[sprite.y0 : sprite.y0 + sprite.shape[0], sprite.x0 : sprite.x0 + sprite.shape[1]]
    roi[:] = (sprite.color + roi * (1 - a)).astype(np.uint8)
    H = card_homography(cam, card)
    upright = reference_crop("Qh", face, Corner.TOP_LEFT)
    for corner in Corner:
        assert match(index_crop(frame, H, corner), upright, face) > 0.9, corner
    assert (
        match(index_crop(frame, H, Corner.TOP_LEFT), reference_crop("Kh", face, Corner.TOP_LEFT), face) < 0.9
    )


def test_same_arguments_give_byte_identical_files_whatever_the_workers(dataset: Path, tmp_path: Path):
    again = tmp_path / "two"
    generate(DatasetSpec(images=N, seed=SEED), again, workers=2)
    for pattern in (
        "labels/*/*.txt",
        "images/*/*.jpg",
        "cards/*/*/*.png",
        "cards/index.csv",
        "manifest.json",
    ):
        first, second = files(dataset, pattern), files(again, pattern)
        assert [p.relative_to(dataset) for p in first] == [p.relative_to(again) for p in second], pattern
        for a, b in zip(first, second, strict=True):
            assert a.read_bytes() == b.read_bytes(), a.relative_to(dataset)


def test_another_seed_gives_other_labels(dataset: Path, tmp_path: Path):
    other = tmp_path / "other"
    generate(DatasetSpec(images=2, seed=SEED + 1), other, workers=1)
    mine = [p.read_text() for p in files(dataset, "labels/*/*.txt")[:2]]
    theirs = [p.read_text() for p in files(other, "labels/*/*.txt")]
    assert mine != theirs


def test_interrupt_keeps_finished_images_and_writes_the_manifest(tmp_path: Path):
    out = tmp_path / "cut"
    spec = DatasetSpec(images=N, seed=SEED)
    first_two = sum(g.count for g in plan_groups(spec)[:2])
    calls = []

    def stop_after_two_groups(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 2:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        generate(spec, out, workers=1, progress=stop_after_two_groups)
    info = json.loads((out / "manifest.json").read_text())
    images = files(out, "images/*/*.jpg")
    assert info["complete"] is False
    assert info["count"] == len(images) == first_two < N
    for p in images:
        assert (out / "labels" / p.parent.name / f"{p.stem}.txt").is_file()
    assert not files(out, "**/.*.part")


def test_writing_again_into_a_dataset_replaces_it(tmp_path: Path):
    out = tmp_path / "again"
    generate(DatasetSpec(images=2, seed=SEED), out, workers=1)
    generate(DatasetSpec(images=1, seed=SEED + 1), out, workers=1)
    assert len(files(out, "images/*/*.jpg")) == len(files(out, "labels/*/*.txt")) == 1
    assert json.loads((out / "manifest.json").read_text())["seed"] == SEED + 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--images", "0"], "--images"),
        (["--images", "-3"], "--images"),
        (["--images", "5", "--val-fraction", "1.5"], "--val-fraction"),
        (["--images", "5", "--size", "10"], "--size"),
    ],
)
def test_bad_arguments_exit_2_naming_the_option(tmp_path: Path, args: list[str], message: str):
    result = runner.invoke(app, ["synth", "dataset", *args, "--out", str(tmp_path / "ds")])
    assert result.exit_code == 2, result.output
    assert message in result.output
    assert not (tmp_path / "ds").exists()


def test_an_unwritable_or_foreign_folder_exits_2(tmp_path: Path):
    blocker = tmp_path / "a_file"
    blocker.write_text("not a folder")
    result = runner.invoke(app, ["synth", "dataset", "--images", "2", "--out", str(blocker / "ds")])
    assert result.exit_code == 2, result.output
    assert "cannot write" in result.output
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"\xff\xd8")
    result = runner.invoke(app, ["synth", "dataset", "--images", "2", "--out", str(foreign)])
    assert result.exit_code == 2, result.output
    assert "not a railbird dataset" in result.output
    assert (foreign / "holiday.jpg").read_bytes() == b"\xff\xd8"


def test_cli_writes_a_small_dataset_and_reports_it(tmp_path: Path):
    out = tmp_path / "cli"
    result = runner.invoke(
        app,
        [
            "synth",
            "dataset",
            "--images",
            "2",
            "--out",
            str(out),
            "--seed",
            "4",
            "--size",
            "320",
            "--workers",
            "1",
        ],
    )
    assert result.exit_code == 0, result.output
    assert "2 images" in result.output and "card_up" in result.output
    assert read(files(out, "images/*/*.jpg")[0]).shape == (320, 320, 3)

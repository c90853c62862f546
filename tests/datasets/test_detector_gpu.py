"""The GPU lease's training script: its render budget, its data.yaml, and the polars-free results reader
(the lease machine has no polars; ultralytics reads results.csv with it at every checkpoint)."""

import json
from pathlib import Path
from types import SimpleNamespace

import yaml

from datasets.train.detector_gpu import read_results_without_polars, render, write_data_yaml


def test_render_stops_at_its_time_budget_and_keeps_every_finished_image(tmp_path: Path) -> None:
    out = tmp_path / "renders"
    got = render(out, images=2000, seed=5, size=96, seconds=0.0)  # over budget after the first group
    assert got["complete"] is False and 0 < int(got["images"]) < 2000
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["complete"] is False and manifest["count"] == got["images"]
    written = sorted((out / "images").glob("*/*.jpg"))
    assert len(written) == got["images"]
    assert all((out / "labels" / p.parent.name / f"{p.stem}.txt").is_file() for p in written)


def test_the_data_yaml_trains_on_renders_and_real_photos_and_validates_on_renders(tmp_path: Path) -> None:
    renders = tmp_path / "renders"
    render(renders, images=4, seed=5, size=64, seconds=60.0)
    real = tmp_path / "real"
    data = yaml.safe_load(write_data_yaml(renders, real, tmp_path / "data.yaml").read_text())
    assert data["train"] == [str(renders / "images" / "train"), str(real.resolve() / "images" / "train")]
    assert data["val"] == str(renders / "images" / "val")
    assert data["names"][-1] == "player" and data["nc"] == len(data["names"])
    alone = yaml.safe_load(write_data_yaml(renders, None, tmp_path / "alone.yaml").read_text())
    assert alone["train"] == [str(renders / "images" / "train")]


def test_results_are_read_without_polars(tmp_path: Path) -> None:
    csv_path = tmp_path / "results.csv"
    trainer = SimpleNamespace(csv=csv_path)
    assert read_results_without_polars(trainer) == {}
    csv_path.write_text("  epoch,  metrics/mAP50(B)\n1,0.25\n2,0.5\n")
    assert read_results_without_polars(trainer) == {"epoch": [1.0, 2.0], "metrics/mAP50(B)": [0.25, 0.5]}

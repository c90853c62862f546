"""``python -m datasets.eval_seat_cards``: hole cards counted per seat against a render's own count."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.eval_seat_cards import tally
from datasets.sim.library import Rendered

MODEL = Path(__file__).resolve().parents[2] / "models" / "detector.onnx"


def test_every_rule_scores_the_same_seat_zone_frames(rendered: Rendered) -> None:
    results = tally(rendered.folder.parent, MODEL, every=1, until=8.0)
    assert set(results) >= {"bar 0.3", "bar 0.3, one box", "bar 0.1"}
    frames = {score["zone frames"] for score in results.values()}
    assert len(frames) == 1 and frames.pop() > 0
    for score in results.values():
        assert score["right"] + score["under"] + score["over"] == score["zone frames"]
        assert score["with cards"] > 0  # the deal is in the first 8 s
    # one box per card never counts more than the boxes it started from
    assert results["bar 0.1, one box"]["over"] <= results["bar 0.1"]["over"]


def test_a_missing_folder_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="no such folder"):
        tally(tmp_path / "nope", MODEL)
    with pytest.raises(SystemExit, match="no rendered scenarios"):
        tally(tmp_path, MODEL)

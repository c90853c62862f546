"""``python -m datasets.eval_video_chips``: the chip reader on rendered camera video, at several bars."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.eval_video_chips import main, measure
from datasets.sim.library import Rendered


def test_every_pair_of_bars_is_scored_on_the_same_stacks(rendered: Rendered) -> None:
    report = measure([rendered.folder], step_s=1.0, calibrate=False)
    assert report["stacks"] > 0 and 0.0 <= report["best_is_right"] <= 1.0
    bars = report["bars"]
    assert isinstance(bars, list) and len(bars) == 15
    by_bars = {(row["min_confidence"], row["max_cost"]): row for row in bars}
    # a stricter bar never reads more stacks, and with no bars at all every stack is read
    assert by_bars[(0.05, 24.0)]["read"] <= by_bars[(0.05, 28.0)]["read"] <= by_bars[(0.05, None)]["read"]
    assert by_bars[(0.2, 24.0)]["read"] <= by_bars[(0.05, 24.0)]["read"]
    assert 0.0 <= report["stacks_of_more_than_one_chip"] <= 1.0
    calibrated = measure([rendered.folder], step_s=1.0, calibrate=True)
    assert calibrated["calibrated"] is True and calibrated["stacks"] > 0


def test_the_detectors_boxes_are_read_where_they_match_a_stack(rendered: Rendered) -> None:
    renderer = measure([rendered.folder], step_s=2.0, calibrate=False)
    detector = measure([rendered.folder], step_s=2.0, calibrate=False, detector=True)
    assert (renderer["boxes"], detector["boxes"]) == ("renderer", "detector")
    # the same frames: a stack the detector missed is left out, none is counted twice
    assert 0 < detector["stacks"] <= renderer["stacks"]  # type: ignore[operator]
    assert detector["best_is_right"] > 0.5  # type: ignore[operator]


def test_a_folder_without_renders_is_named(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main([str(tmp_path)])

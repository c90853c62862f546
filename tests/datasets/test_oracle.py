"""The simulator's own boxes as perception: what it reports it can see, and what it leaves out."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from datasets.sim.oracle import OraclePerception
from vision.chipset import TOURNAMENT
from vision.source import Frame


def write(path: Path, frames: list[list[dict]]) -> Path:
    path.write_text("".join(json.dumps({"frame": i, "objects": o}) + "\n" for i, o in enumerate(frames)))
    return path


def obj(cls: str, visible: float, **kw: object) -> dict:
    return {"id": f"{cls}1", "class": cls, "box": [10, 10, 60, 40], "visible": visible, "card": None, **kw}


def test_players_are_seen_down_to_a_sliver_and_only_in_renders_that_draw_them(tmp_path: Path) -> None:
    still = np.zeros((4, 4, 3), np.uint8)
    drawn = OraclePerception(
        write(tmp_path / "a.jsonl", [[obj("player", 0.06), obj("card_down", 0.2)]]), TOURNAMENT
    )
    seen = drawn(Frame(0, 0.0, still))
    assert "player" in seen.names
    assert seen.class_names() == ["player"]  # a hidden card is not seen; a player at the frame's edge is
    older = OraclePerception(write(tmp_path / "b.jsonl", [[obj("card_down", 0.9)]]), TOURNAMENT)
    assert "player" not in older(Frame(0, 0.0, still)).names  # cannot tell an empty chair from no class


def test_a_broken_annotation_line_names_the_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"frame": 0, "objects": []}\nnot json\n')
    with pytest.raises(ValueError, match=r"bad.jsonl:2: not a JSON line"):
        OraclePerception(bad, TOURNAMENT)

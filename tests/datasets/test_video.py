"""H.264 writing and reading back."""

from __future__ import annotations

import numpy as np
import pytest

from datasets.sim.video import VideoWriter, read_frames


def _frames(n: int, w: int = 160, h: int = 96) -> list[np.ndarray]:
    out = []
    for k in range(n):
        img = np.zeros((h, w, 3), np.uint8)
        img[:, : (k + 1) * w // n] = (40, 120, 200)
        out.append(img)
    return out


def test_round_trip_keeps_count_size_and_content(tmp_path):
    path = tmp_path / "clip.mp4"
    frames = _frames(10)
    with VideoWriter(path, fps=30) as writer:
        for f in frames:
            writer.write(f)
    assert writer.frames_written == 10
    back = list(read_frames(path))
    assert len(back) == 10
    assert all(b.shape == (96, 160, 3) and b.dtype == np.uint8 for b in back)
    # lossy, but the coloured share of each frame survives
    for src, dst in zip(frames, back, strict=True):
        assert np.abs(src.astype(int) - dst.astype(int)).mean() < 6


def test_odd_sizes_and_wrong_frames_are_refused(tmp_path):
    with pytest.raises(ValueError, match="even"), VideoWriter(tmp_path / "odd.mp4") as w:
        w.write(np.zeros((95, 160, 3), np.uint8))
    with VideoWriter(tmp_path / "a.mp4") as w:
        w.write(np.zeros((96, 160, 3), np.uint8))
        with pytest.raises(ValueError, match="160x96"):
            w.write(np.zeros((96, 162, 3), np.uint8))
        with pytest.raises(ValueError, match="uint8"):
            w.write(np.zeros((96, 160, 3), np.float32))


def test_closing_an_unused_writer_writes_nothing(tmp_path):
    VideoWriter(tmp_path / "none.mp4").close()
    assert not (tmp_path / "none.mp4").exists()

"""The ring buffer (memory bound, spill to disk, ageing out) and the clips and thumbnails cut from it."""

from __future__ import annotations

import os
import time
from pathlib import Path

import av
import cv2
import numpy as np
import pytest

from datasets.sim.video import read_frames
from service.clips import ClipError, RingBuffer, overlay_path, sweep
from vision.table import SeenObject, TableScene

W, H, FPS = 160, 96, 10.0


def make_frame(i: int) -> np.ndarray:
    """A (H, W, 3) uint8 frame that changes with ``i`` and compresses poorly (noise), so JPEGs are big."""
    rng = np.random.default_rng(i)
    image = rng.integers(0, 256, (H, W, 3), dtype=np.uint8)
    cv2.putText(image, str(i), (10, 60), cv2.FONT_HERSHEY_SIMPLEX, 1.5, (255, 255, 255), 3)
    return image


def make_scene(i: int) -> TableScene:
    box = (20.0, 20.0, 60.0, 50.0)
    chip = SeenObject(track=1, cls="chip", box=box, place="seat3_bet", seat=3, value=1000)
    return TableScene(i, i / FPS, (chip,))


def fill(ring: RingBuffer, n: int) -> None:
    for i in range(n):
        ring.add(i / FPS, make_frame(i), make_scene(i))


def test_memory_stays_under_its_bound_and_older_segments_spill_to_disk(tmp_path: Path) -> None:
    ring = RingBuffer(tmp_path / "ring", FPS, seconds=30, memory_mb=0.2, segment_s=1.0)
    for i in range(120):
        ring.add(i / FPS, make_frame(i), make_scene(i))
        assert ring.memory_bytes <= ring.memory_limit
    spilled = sorted((tmp_path / "ring").glob("*.seg"))
    assert spilled, "nothing spilled although memory was full"
    assert ring.disk_bytes > ring.memory_limit  # most of the 12 s lies on disk
    # every frame comes back, from memory or disk, with its scene
    back = list(ring.frames(0.0, 12.0))
    assert [round(f.t * FPS) for f in back] == list(range(120))
    assert back[0].scene == make_scene(0)
    jpeg = cv2.imencode(".jpg", make_frame(5), [cv2.IMWRITE_JPEG_QUALITY, ring.quality])[1]
    assert np.array_equal(back[5].image(), cv2.imdecode(jpeg, cv2.IMREAD_COLOR))


def test_segments_older_than_the_ring_are_dropped_with_their_files(tmp_path: Path) -> None:
    ring = RingBuffer(tmp_path / "ring", FPS, seconds=3, memory_mb=0.05)
    fill(ring, 100)  # 10 s into a 3 s ring
    kept = list(ring.frames(0.0, 100.0))
    assert kept[0].t >= 9.9 - 3 - 1.0 and len(kept) <= 4 * FPS  # the ring's 3 s and one segment
    files = set((tmp_path / "ring").glob("*.seg"))
    assert files and files == {s.path for s in ring.segments if s.frames is None}  # no orphan files


def test_cut_writes_an_h264_faststart_clip_its_overlay_and_a_thumbnail(tmp_path: Path) -> None:
    from vision.camera_config import load_camera_config
    from vision.table import TableGeometry

    ring = RingBuffer(tmp_path / "ring", FPS, seconds=30, memory_mb=0.1)
    fill(ring, 50)  # 0.0 .. 4.9 s
    assert not ring.ready(t_end=2.0, after_s=3.5)
    assert ring.ready(t_end=2.0, after_s=2.9)
    config = load_camera_config(Path("camera_configs/demo_overhead.yaml"))
    geometry = TableGeometry(config, W, H)
    path = tmp_path / "clips" / "k1.mp4"
    clip = ring.cut(2.0, 2.5, before_s=1.0, after_s=2.0, path=path, geometry=geometry)
    assert clip.path.is_file() and clip.overlay == overlay_path(clip.path) and clip.overlay.is_file()
    assert (clip.t0, clip.t1, clip.frames) == (pytest.approx(1.0), pytest.approx(4.5), 36)
    with av.open(str(clip.path)) as container:
        stream = container.streams.video[0]
        assert stream.codec_context.name == "h264" and stream.format.name == "yuv420p"
        assert sum(1 for _ in container.decode(video=0)) == 36
    data = clip.path.read_bytes()
    assert data.index(b"moov") < data.index(b"mdat"), "moov after mdat: not faststart"
    plain, drawn = (next(read_frames(p)) for p in (clip.path, clip.overlay))
    assert np.abs(plain.astype(int) - drawn.astype(int)).max() > 100  # the overlay drew something
    assert clip.thumb is not None and clip.thumb.suffix == ".jpg"
    thumb = cv2.imread(str(clip.thumb))
    assert thumb is not None and thumb.shape == (H, W, 3)
    at = {round(f.t * FPS): f.image().astype(int) for f in ring.frames(2.4, 2.6)}
    assert np.abs(thumb - at[25]).mean() < np.abs(thumb - at[24]).mean()  # the frame at t_end
    assert not list((tmp_path / "clips").glob(".*"))  # no partial file left behind


def test_cut_of_a_window_no_longer_in_the_ring_says_so(tmp_path: Path) -> None:
    ring = RingBuffer(tmp_path / "ring", FPS, seconds=2, memory_mb=1)
    fill(ring, 100)
    with pytest.raises(ClipError, match="no frames"):
        ring.cut(1.0, 1.5, before_s=0.5, after_s=0.5, path=tmp_path / "old.mp4")
    assert not list(tmp_path.glob("*.mp4")) and not list(tmp_path.glob(".*"))


def test_sweep_deletes_clips_older_than_the_retention(tmp_path: Path) -> None:
    clips = tmp_path / "clips" / "table1"
    clips.mkdir(parents=True)
    old, new = clips / "old.mp4", clips / "new.mp4"
    for path in (old, old.with_suffix(".jpg"), new):
        path.write_bytes(b"x")
    ten_days_ago = time.time() - 10 * 86400
    os.utime(old, (ten_days_ago, ten_days_ago))
    os.utime(old.with_suffix(".jpg"), (ten_days_ago, ten_days_ago))
    assert sweep(tmp_path / "clips", retention_days=7) == 2
    assert new.exists() and not old.exists() and not old.with_suffix(".jpg").exists()
    assert sweep(tmp_path / "missing", retention_days=7) == 0

"""FrameSource: files play once, live streams reconnect, broken input fails with the source named."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from pathlib import Path

import av
import numpy as np
import pytest

from datasets.sim.video import VideoWriter
from vision.camera_config import SourceConfig
from vision.source import Frame, FrameSource, SourceError


def make_image(i: int, w: int = 160, h: int = 120) -> np.ndarray:
    img = np.full((h, w, 3), 40, np.uint8)
    img[20:60, 4 * i : 4 * i + 30] = 220
    return img


def write_video(path: Path, n: int = 12, fps: float = 10.0) -> Path:
    with VideoWriter(path, fps=fps) as writer:
        for i in range(n):
            writer.write(make_image(i))
    return path


def fake_stream(n: int, then: BaseException | None = None, size=(160, 120)):
    """An opener's connection: ``n`` frames without pts, then ``then`` raised (or EOF)."""

    def frames() -> Iterator[tuple[float | None, np.ndarray]]:
        for i in range(n):
            yield None, make_image(i, *size)
        if then is not None:
            raise then

    return frames


def test_a_file_plays_once_with_presentation_times(tmp_path):
    path = write_video(tmp_path / "clip.mp4", n=12, fps=10.0)
    with FrameSource(SourceConfig(url=str(path)), expected_size=(160, 120)) as source:
        frames = list(source)
    assert [f.index for f in frames] == list(range(12))
    ts = np.array([f.t for f in frames])
    assert ts[0] == 0.0
    assert np.all(np.diff(ts) > 0)
    assert ts[-1] == pytest.approx(1.1, abs=1e-6)
    assert {f.image.shape for f in frames} == {(120, 160, 3)}
    assert frames[0].image.dtype == np.uint8
    assert source.dropped == 0 and source.reconnects == 0
    assert abs(int(frames[3].image[40, 20, 0]) - 220) < 20  # BGR pixels, the bright bar


def test_a_missing_file_says_so(tmp_path):
    path = tmp_path / "nope.mp4"
    with pytest.raises(SourceError, match=f"{path}: no such video file"):
        list(FrameSource(SourceConfig(url=str(path))))


def test_garbage_named_mp4_is_not_a_readable_video(tmp_path):
    path = tmp_path / "garbage.mp4"
    path.write_bytes(np.random.default_rng(0).bytes(20_000))
    with pytest.raises(SourceError, match=f"{path}: not a readable video"):
        list(FrameSource(SourceConfig(url=str(path))))


def test_a_corrupt_packet_mid_file_is_skipped_and_counted(tmp_path):
    path = tmp_path / "cam.avi"
    with av.open(str(path), "w") as out:
        stream = out.add_stream("mjpeg", rate=10)
        stream.width, stream.height, stream.pix_fmt = 160, 120, "yuvj420p"
        for i in range(10):
            frame = av.VideoFrame.from_ndarray(make_image(i), format="bgr24").reformat(format="yuvj420p")
            frame.pts = i
            for packet in stream.encode(frame):
                if i == 5:  # a JPEG start marker followed by noise
                    junk = b"\xff\xd8" + np.random.default_rng(1).bytes(2000)
                    bad = av.Packet(junk)
                    bad.pts, bad.dts, bad.time_base, bad.stream = (
                        packet.pts,
                        packet.dts,
                        packet.time_base,
                        stream,
                    )
                    packet = bad
                out.mux(packet)
        for packet in stream.encode():
            out.mux(packet)
    source = FrameSource(SourceConfig(url=str(path)))
    frames = list(source)
    assert len(frames) == 9
    assert source.dropped == 1
    assert [f.index for f in frames] == list(range(9))
    assert all(b.t > a.t for a, b in itertools.pairwise(frames))


def test_first_frame_must_match_the_configured_size(tmp_path):
    path = write_video(tmp_path / "clip.mp4", n=3)
    source = FrameSource(SourceConfig(url=str(path)), expected_size=(1280, 720))
    with pytest.raises(
        SourceError, match=r"clip.mp4: frame 0 is 160x120 but the camera config says 1280x720"
    ):
        list(source)


def test_a_size_change_mid_stream_names_the_frame():
    def opener():
        yield from fake_stream(2)()
        yield from fake_stream(1, size=(320, 240))()

    source = FrameSource(SourceConfig(url="table3.mp4"), expected_size=(160, 120), opener=opener)
    frames = []
    with pytest.raises(
        SourceError,
        match=r"table3.mp4: frame 2 is 320x240 but the stream started at 160x120 \(the camera config",
    ):
        frames.extend(source)
    assert len(frames) == 2


def test_a_refused_rtsp_url_gives_up_after_max_reconnects_quickly():
    url = "rtsp://127.0.0.1:9/x"  # nothing listens on port 9
    sleeps: list[float] = []
    source = FrameSource(SourceConfig(url=url, max_reconnects=1, reconnect_seconds=3.0), sleep=sleeps.append)
    start = time.monotonic()
    with pytest.raises(SourceError, match=r"rtsp://127\.0\.0\.1:9/x: no frames after 1 reconnect"):
        list(source)
    assert time.monotonic() - start < 5.0
    assert sleeps == [3.0]
    assert source.reconnects == 1


def test_a_dropped_live_stream_reconnects_and_keeps_time_monotonic():
    connections = iter(
        [
            fake_stream(3, then=ConnectionResetError("connection reset by peer")),
            fake_stream(3),  # then EOF: live sources reconnect on EOF too
        ]
    )

    def opener():
        try:
            return next(connections)()
        except StopIteration:
            raise ConnectionRefusedError("refused") from None

    sleeps: list[float] = []
    source = FrameSource(
        SourceConfig(url="rtsp://cam7/stream", max_reconnects=1, reconnect_seconds=2.0),
        sleep=sleeps.append,
        opener=opener,
    )
    frames: list[Frame] = list(itertools.islice(source, 6))
    assert [f.index for f in frames] == list(range(6))
    assert all(b.t > a.t for a, b in itertools.pairwise(frames))
    assert frames[0].t == 0.0
    assert source.reconnects == 1
    assert sleeps == [2.0]
    # the second connection ends, one reconnect is refused, and max_reconnects=1 is spent
    with pytest.raises(SourceError, match=r"rtsp://cam7/stream: no frames after 1 reconnect.*refused"):
        next(iter(source))
    assert source.reconnects == 2


def test_a_file_does_not_reconnect_at_eof():
    calls = []

    def opener():
        calls.append(1)
        return fake_stream(2)()

    source = FrameSource(SourceConfig(url="clip.mp4"), opener=opener)
    assert len(list(source)) == 2
    assert calls == [1] and source.reconnects == 0


def test_close_stops_iteration_and_closes_the_stream():
    closed = []

    def opener():
        try:
            yield from fake_stream(100)()
        finally:
            closed.append(True)

    with FrameSource(SourceConfig(url="rtsp://cam1/s"), opener=opener) as source:
        first = next(iter(source))
    assert first.index == 0
    assert closed == [True]
    assert list(source) == []

"""H.264 MP4 writing (PyAV, libx264, yuv420p) and reading back, for scenario videos and clips."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from types import TracebackType

import av
import cv2
import numpy as np

QUEUE_FRAMES = 4  # frames waiting for the encoder before ``write`` blocks


class VideoWriter:
    """Write BGR frames to an H.264 MP4 at ``fps``.

    The frame size is taken from the first frame unless given; both sides must be even (yuv420p).
    ``preset`` and ``crf`` go to libx264; ``faststart`` puts the index first so browsers can stream
    the clip. Encoding runs on a background thread (PyAV releases the GIL while x264 works), so the
    caller can render the next frame meanwhile; ``write`` converts to YUV first, so the caller may
    reuse its array. An encoder error is raised by the next ``write`` or by ``close``.
    Use as a context manager, or call ``close()``.
    """

    def __init__(
        self,
        path: str | Path,
        fps: float = 30.0,
        width: int | None = None,
        height: int | None = None,
        crf: int = 23,
        preset: str = "veryfast",
        threads: int = 0,
    ):
        self.path = Path(path)
        self.fps = fps
        self.width, self.height = width, height
        self.crf, self.preset, self.threads = crf, preset, threads
        self._container: av.container.OutputContainer | None = None
        self._stream: av.video.stream.VideoStream | None = None
        self._count = 0
        self._closed = False
        self._queue: queue.Queue[np.ndarray | None] = queue.Queue(maxsize=QUEUE_FRAMES)
        self._worker: threading.Thread | None = None
        self._error: BaseException | None = None

    def _open(self, width: int, height: int) -> None:
        if width % 2 or height % 2:
            raise ValueError(f"{self.path}: frame size {width}x{height} must be even for yuv420p H.264")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._container = av.open(str(self.path), mode="w", options={"movflags": "+faststart"})
        rate = Fraction(self.fps).limit_denominator(1001)
        stream = self._container.add_stream("libx264", rate=rate)
        stream.width, stream.height = width, height
        stream.pix_fmt = "yuv420p"
        stream.options = {"crf": str(self.crf), "preset": self.preset}
        if self.threads:
            stream.thread_count = self.threads
        stream.codec_context.time_base = Fraction(1, 1) / rate
        self._stream = stream
        self.width, self.height = width, height
        self._worker = threading.Thread(target=self._encode_loop, name=f"x264 {self.path.name}", daemon=True)
        self._worker.start()

    def _encode_loop(self) -> None:
        assert self._stream is not None and self._container is not None
        pts = 0
        while True:
            yuv = self._queue.get()
            if yuv is None:
                return
            if self._error is not None:
                continue  # drain after a failure
            try:
                vf = av.VideoFrame.from_ndarray(yuv, format="yuv420p")
                vf.pts = pts
                pts += 1
                for packet in self._stream.encode(vf):
                    self._container.mux(packet)
            except BaseException as exc:
                self._error = exc

    def _raise_pending(self) -> None:
        if self._error is not None:
            raise RuntimeError(
                f"{self.path}: encoding failed near frame {self._count}: {self._error}"
            ) from self._error

    def write(self, frame_bgr: np.ndarray) -> None:
        """Append one (H, W, 3) uint8 BGR frame."""
        if self._closed:
            raise RuntimeError(f"{self.path}: write after close")
        if frame_bgr.ndim != 3 or frame_bgr.shape[2] != 3 or frame_bgr.dtype != np.uint8:
            raise ValueError(
                f"{self.path}: frame {self._count} must be (H, W, 3) uint8 BGR, got "
                f"{frame_bgr.shape} {frame_bgr.dtype}"
            )
        h, w = frame_bgr.shape[:2]
        if self._container is None:
            self._open(self.width or w, self.height or h)
        if (w, h) != (self.width, self.height):
            raise ValueError(
                f"{self.path}: frame {self._count} is {w}x{h}, the video is {self.width}x{self.height}"
            )
        self._raise_pending()
        self._queue.put(cv2.cvtColor(np.ascontiguousarray(frame_bgr), cv2.COLOR_BGR2YUV_I420))
        self._count += 1

    @property
    def frames_written(self) -> int:
        return self._count

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._container is None:
            return
        assert self._stream is not None and self._worker is not None
        self._queue.put(None)
        self._worker.join()
        try:
            if self._error is None:
                for packet in self._stream.encode():
                    self._container.mux(packet)
        finally:
            self._container.close()
        self._raise_pending()

    def __enter__(self) -> VideoWriter:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def read_frames(path: str | Path) -> Iterator[np.ndarray]:
    """Decode a video file's frames as (H, W, 3) uint8 BGR arrays, in order."""
    with av.open(str(path)) as container:
        for frame in container.decode(video=0):
            yield frame.to_ndarray(format="bgr24")

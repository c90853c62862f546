"""Frames from a camera's source: a video file, an rtsp:// or http:// stream, or a local device:N.

``FrameSource`` decodes with PyAV and yields ``Frame``s. Files play once and end at EOF. Live
sources (URLs and devices) reconnect after ``reconnect_seconds`` when the stream drops or ends,
and give up with a ``SourceError`` after ``max_reconnects`` reconnects in a row that deliver no
frame. A packet the decoder rejects is skipped and counted in ``dropped``; a change of frame size
is an error, since every zone and calibration downstream assumes one size.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

import av
import numpy as np

from vision.camera_config import SourceConfig

OPEN_TIMEOUT_S = 5.0  # a live source that does not answer within this counts as down
READ_TIMEOUT_S = 5.0  # a live source silent for this long counts as dropped
LIVE_ERRORS = (av.error.FFmpegError, OSError, EOFError)  # what a dropped or refused stream raises

# An opener returns the decoded frames of one connection: (presentation time in seconds or None,
# (h, w, 3) uint8 BGR image). It raises (LIVE_ERRORS) when the stream fails and ends at EOF.
Opener = Callable[[], Iterable[tuple[float | None, np.ndarray]]]


@dataclass(frozen=True, slots=True)
class Frame:
    """One delivered frame.

    ``index``: 0-based count of frames delivered by the source (reconnects included).
    ``t``: seconds since the stream started, strictly increasing: a file's presentation time
    (relative to its first frame); for a live source, ``time.monotonic()`` since its first frame.
    ``image``: (h, w, 3) uint8 BGR pixels.
    """

    index: int
    t: float
    image: np.ndarray


class SourceError(RuntimeError):
    """A source that cannot deliver frames; the message names the source and what to do."""


def is_live(url: str) -> bool:
    return "://" in url or url.startswith("device:")


class FrameSource:
    """Iterate the frames of ``config.url``; see the module docstring for reconnects and errors.

    ``expected_size`` is the (width, height) the camera config promises; the first frame must match.
    ``sleep`` waits between reconnects (tests pass a fake); ``opener`` replaces the PyAV decoder
    (tests simulate streams with it). Iterate once; ``close()`` (or ``with``) stops and frees it.
    """

    def __init__(
        self,
        config: SourceConfig,
        expected_size: tuple[int, int] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        opener: Opener | None = None,
    ):
        self.config = config
        self.url = config.url
        self.live = is_live(config.url)
        self.expected_size = expected_size
        self.reconnects = 0  # reconnects so far
        self.dropped = 0  # packets the decoder rejected, skipped
        self._sleep = sleep
        self._opener: Opener = opener or self._decode
        self._size: tuple[int, int] | None = None  # (width, height) of the first frame
        self._frames: Generator[Frame, None, None] | None = None

    def __iter__(self) -> Iterator[Frame]:
        if self._frames is None:
            self._frames = self._run()
        return self._frames

    def close(self) -> None:
        """Stop iterating and close the open stream, if any."""
        if self._frames is not None:
            self._frames.close()

    def __enter__(self) -> FrameSource:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    def _run(self) -> Generator[Frame, None, None]:
        index, last_t = 0, -1.0
        t0: float | None = None  # the first frame's pts (file) or monotonic clock (live)
        failures = 0  # reconnects in a row that delivered no frame
        while True:
            reason = "the stream ended"
            try:
                for pts, image in self._opener():
                    self._check_size(index, image)
                    stamp = time.monotonic() if self.live else pts
                    if stamp is None:  # no pts from the file: keep the order
                        t = max(last_t, 0.0)
                    else:
                        t0 = stamp if t0 is None else t0
                        t = stamp - t0
                    last_t = t if t > last_t else float(np.nextafter(last_t, np.inf))
                    failures = 0
                    yield Frame(index, last_t, image)
                    index += 1
            except LIVE_ERRORS as exc:
                if not self.live:
                    where = f"after frame {index - 1}" if index else "at its start"
                    raise SourceError(
                        f"{self.url}: not a readable video ({_why(exc)}, {where}); re-record or re-export it"
                    ) from exc
                reason = _why(exc)
            if not self.live:
                return
            if failures >= self.config.max_reconnects:
                raise SourceError(
                    f"{self.url}: no frames after {failures} reconnect(s) ({reason}); check that the camera "
                    "is on and reachable from this machine, or raise source.max_reconnects in its config"
                )
            failures += 1
            self._sleep(self.config.reconnect_seconds)
            self.reconnects += 1

    def _check_size(self, index: int, image: np.ndarray) -> None:
        h, w = image.shape[:2]
        promised = f"{self.expected_size[0]}x{self.expected_size[1]}" if self.expected_size else None
        if self._size is None:
            if self.expected_size is not None and (w, h) != self.expected_size:
                raise SourceError(
                    f"{self.url}: frame {index} is {w}x{h} but the camera config says {promised}; "
                    "fix the camera's resolution or the config's width/height"
                )
            self._size = (w, h)
        elif (w, h) != self._size:
            says = f"the camera config says {promised}" if promised else "the camera config gives no size"
            raise SourceError(
                f"{self.url}: frame {index} is {w}x{h} but the stream started at "
                f"{self._size[0]}x{self._size[1]} ({says}); fix the camera's resolution or the config"
            )

    def _open(self) -> av.container.InputContainer:
        url = self.url
        if url.startswith("device:"):
            options = {"video_size": "{}x{}".format(*self.expected_size)} if self.expected_size else {}
            return av.open(f"/dev/video{url.removeprefix('device:')}", format="v4l2", options=options)
        if self.live:
            options = {"timeout": str(int(READ_TIMEOUT_S * 1e6))}
            if url.startswith(("rtsp://", "rtsps://")):
                options["rtsp_transport"] = "tcp"
            return av.open(url, options=options, timeout=(OPEN_TIMEOUT_S, READ_TIMEOUT_S))
        if not Path(url).is_file():
            raise SourceError(f"{url}: no such video file (check source.url in the camera config)")
        return av.open(url)

    def _decode(self) -> Iterator[tuple[float | None, np.ndarray]]:
        """Decode one connection with PyAV: (pts seconds or None, (h, w, 3) uint8 BGR) per frame."""
        container = self._open()
        try:
            if not container.streams.video:
                raise SourceError(f"{self.url}: not a readable video (it has no video stream)")
            stream = container.streams.video[0]
            rate = stream.average_rate or stream.guessed_rate  # for frames without a pts
            delivered, rejected = 0, 0
            for packet in container.demux(stream):
                try:
                    frames = packet.decode()
                except av.error.InvalidDataError:
                    self.dropped += 1
                    rejected += 1
                    continue
                for frame in frames:
                    t = frame.time if frame.time is not None else (float(delivered / rate) if rate else None)
                    delivered += 1
                    yield t, frame.to_ndarray(format="bgr24")
            if not self.live and delivered == 0:
                why = f"{rejected} packet(s) failed to decode" if rejected else "it holds no frames"
                raise SourceError(f"{self.url}: not a readable video ({why}); re-record or re-export it")
        finally:
            container.close()


def _why(exc: BaseException) -> str:
    """An error's reason without errno numbers or the repeated URL."""
    return str(getattr(exc, "strerror", None) or exc or type(exc).__name__)

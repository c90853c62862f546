"""Per-camera ring buffer of recent frames, and the clip (H.264 MP4) and thumbnail cut per alert.

``RingBuffer`` keeps the last ``seconds`` of a camera's frames as JPEGs, in segments of about a
second. Memory holds at most ``memory_mb`` of them: past that the oldest segments are written to
``folder`` (``data_dir/ring/<table>/``) and read back when a clip needs them; a segment older than
``seconds`` is dropped, file and all. Each frame may carry its ``TableScene``, which the overlay clip
draws (``vision.overlay``). ``cut`` writes the window ``[t_start - before_s, t_end + after_s]`` once
the ring holds frames up to its end (``ready``), plain and optionally with the overlay, plus a
thumbnail of the frame at ``t_end``; files are written under a temporary name and renamed, so a
reader never sees half a clip. ``sweep`` deletes clips older than the retention. Thread-safe: the
camera's worker adds frames while a clip thread cuts.
"""

from __future__ import annotations

import json
import os
import shutil
import struct
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from datasets.sim.video import VideoWriter
from vision.overlay import SceneOverlay
from vision.table import SeenObject, TableGeometry, TableScene

MB = 1 << 20
HEADER = struct.Struct("<dII")  # a spilled frame: t (s), JPEG bytes, scene JSON bytes
SCENE_BYTES = 96  # what one scene object is counted as in memory (a rough, fixed estimate)
THUMB_WIDTH = 480


class ClipError(RuntimeError):
    """A clip that cannot be cut (its window is no longer, or not yet, in the ring)."""


@dataclass(frozen=True, slots=True)
class RingFrame:
    t: float  # camera clock, seconds
    jpeg: bytes
    scene: TableScene | None = None

    def image(self) -> np.ndarray:
        """(h, w, 3) uint8 BGR."""
        image = cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)
        if image is None:
            raise ClipError(f"the ring's frame at {self.t:.2f} s is not a readable JPEG")
        return np.asarray(image, dtype=np.uint8)


@dataclass(slots=True)
class Segment:
    """Consecutive frames, in memory (``frames``) or spilled to ``path``; ``t0``..``t1`` seconds."""

    t0: float
    t1: float
    frames: list[RingFrame] | None = field(default_factory=list)
    path: Path | None = None
    nbytes: int = 0
    dropped: bool = False


@dataclass(frozen=True, slots=True)
class Clip:
    path: Path  # plain H.264 MP4
    overlay: Path | None  # the same window with the scene drawn, when asked for
    thumb: Path | None  # JPEG of the frame at t_end
    t0: float
    t1: float
    frames: int


def overlay_path(clip: Path) -> Path:
    """Where the overlay version of ``clip`` lives: ``KEY.mp4`` -> ``KEY.overlay.mp4``."""
    return clip.with_suffix(".overlay.mp4")


class RingBuffer:
    """The last ``seconds`` of one camera (see the module docstring)."""

    def __init__(
        self,
        folder: Path,
        fps: float,
        seconds: float = 60.0,
        memory_mb: float = 64.0,
        quality: int = 80,
        segment_s: float = 1.0,
    ) -> None:
        self.folder, self.fps, self.seconds = Path(folder), fps, seconds
        self.memory_limit = int(memory_mb * MB)
        self.quality, self.segment_s = quality, segment_s
        self.segments: list[Segment] = []
        self.memory_bytes = 0  # JPEGs and scenes held in memory
        self.newest_t = -1.0
        self._seq = 0
        self._lock = threading.Lock()
        shutil.rmtree(self.folder, ignore_errors=True)  # what a killed worker left behind

    @property
    def disk_bytes(self) -> int:
        return sum(s.nbytes for s in self.segments if s.frames is None)

    def add(self, t: float, image: np.ndarray, scene: TableScene | None = None) -> None:
        """Append one (h, w, 3) uint8 BGR frame at camera time ``t`` (seconds, increasing)."""
        ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, self.quality])
        if not ok:
            raise ClipError(f"frame at {t:.2f} s could not be JPEG-encoded")
        frame = RingFrame(t, buf.tobytes(), scene)
        size = len(frame.jpeg) + SCENE_BYTES * (len(scene.objects) if scene else 0)
        with self._lock:
            last = self.segments[-1] if self.segments else None
            if last is None or last.frames is None or t - last.t0 >= self.segment_s:
                last = Segment(t, t)
                self.segments.append(last)
            assert last.frames is not None
            last.frames.append(frame)
            last.t1, last.nbytes = t, last.nbytes + size
            self.memory_bytes += size
            self.newest_t = t
            self._age_out(t - self.seconds)
            for seg in self.segments:  # oldest first, the one being filled too when it must
                if self.memory_bytes <= self.memory_limit:
                    break
                if seg.frames is not None:
                    self._spill(seg)

    def _age_out(self, before: float) -> None:
        while len(self.segments) > 1 and self.segments[0].t1 < before:
            seg = self.segments.pop(0)
            seg.dropped = True
            if seg.frames is not None:
                self.memory_bytes -= seg.nbytes
            elif seg.path is not None:
                seg.path.unlink(missing_ok=True)

    def _spill(self, seg: Segment) -> None:
        assert seg.frames is not None
        self.folder.mkdir(parents=True, exist_ok=True)
        self._seq += 1
        path = self.folder / f"{self._seq:09d}.seg"
        with path.open("wb") as f:
            for fr in seg.frames:
                scene = json.dumps(_scene_record(fr.scene)).encode() if fr.scene else b""
                f.write(HEADER.pack(fr.t, len(fr.jpeg), len(scene)) + fr.jpeg + scene)
        seg.frames, seg.path = None, path
        self.memory_bytes -= seg.nbytes

    def _load(self, seg: Segment) -> list[RingFrame]:
        with self._lock:
            if seg.dropped:
                return []
            if seg.frames is not None:
                return list(seg.frames)
            assert seg.path is not None
            data = seg.path.read_bytes()
        frames, at = [], 0
        while at < len(data):
            t, n_jpeg, n_scene = HEADER.unpack_from(data, at)
            at += HEADER.size
            jpeg, scene = data[at : at + n_jpeg], data[at + n_jpeg : at + n_jpeg + n_scene]
            at += n_jpeg + n_scene
            frames.append(RingFrame(t, jpeg, _scene_from(json.loads(scene)) if scene else None))
        return frames

    def frames(self, t0: float, t1: float) -> Iterator[RingFrame]:
        """The frames with ``t0 <= t <= t1`` still in the ring, in order, one segment in memory at a time."""
        with self._lock:
            overlapping = [s for s in self.segments if s.t1 >= t0 and s.t0 <= t1]
        for seg in overlapping:
            yield from (f for f in self._load(seg) if t0 <= f.t <= t1)

    def ready(self, t_end: float, after_s: float) -> bool:
        """Whether frames up to ``t_end + after_s`` are in."""
        return self.newest_t >= t_end + after_s - 0.5 / self.fps

    def cut(
        self,
        t_start: float,
        t_end: float,
        before_s: float,
        after_s: float,
        path: Path,
        geometry: TableGeometry | None = None,
        max_s: float = 60.0,
    ) -> Clip:
        """Write ``path`` (H.264 MP4), its overlay version when ``geometry`` is given, and a thumbnail
        (``path`` with ``.jpg``) of the frame at ``t_end``. A window longer than ``max_s`` keeps its
        end. Raises ``ClipError`` when no frame of the window is left in the ring."""
        t1 = t_end + after_s
        t0 = max(t_start - before_s, t1 - max_s)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        targets = [path] + ([overlay_path(path)] if geometry is not None else [])
        partial = [p.with_name(f".{p.stem}.partial{p.suffix}") for p in targets]
        writers = [VideoWriter(p, self.fps) for p in partial]
        overlay = SceneOverlay(geometry) if geometry is not None else None
        thumb: RingFrame | None = None
        first = last = None
        count = 0
        try:
            for fr in self.frames(t0, t1):
                image = _even(fr.image())
                writers[0].write(image)
                if overlay is not None:
                    writers[1].write(overlay(image, fr.scene))
                if thumb is None or abs(fr.t - t_end) < abs(thumb.t - t_end):
                    thumb = fr
                first = fr.t if first is None else first
                last, count = fr.t, count + 1
        finally:
            for w in writers:
                w.close()
        if thumb is None or first is None or last is None:
            for p in partial:
                p.unlink(missing_ok=True)
            raise ClipError(
                f"{path.name}: no frames of {t0:.2f}..{t1:.2f} s left in the ring "
                f"(it keeps {self.seconds:.0f} s; raise ring seconds or shorten the clip)"
            )
        for src, dst in zip(partial, targets, strict=True):
            os.replace(src, dst)
        thumb_path = path.with_suffix(".jpg")
        _write_thumb(thumb, thumb_path)
        return Clip(path, targets[1] if geometry is not None else None, thumb_path, first, last, count)


def sweep(clips_dir: Path, retention_days: float, now: float | None = None) -> int:
    """Delete clips and thumbnails under ``clips_dir`` older than ``retention_days``; the count deleted."""
    cutoff = (time.time() if now is None else now) - retention_days * 86400
    gone = 0
    root = Path(clips_dir)
    if not root.is_dir():
        return 0
    for path in sorted(root.rglob("*"), reverse=True):  # files before their folders
        if path.is_file() and path.suffix in (".mp4", ".jpg") and path.stat().st_mtime < cutoff:
            path.unlink(missing_ok=True)
            gone += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return gone


def _even(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    return image[: h - h % 2, : w - w % 2]


def _write_thumb(frame: RingFrame, path: Path) -> None:
    image = frame.image()
    h, w = image.shape[:2]
    if w > THUMB_WIDTH:
        image = cv2.resize(image, (THUMB_WIDTH, round(h * THUMB_WIDTH / w)), interpolation=cv2.INTER_AREA)
    ok, buf = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 85])
    tmp = path.with_name(f".{path.name}.partial")
    tmp.write_bytes(buf.tobytes() if ok else frame.jpeg)
    os.replace(tmp, path)


def _scene_record(scene: TableScene | None) -> dict | None:
    if scene is None:
        return None
    rows = [[o.track, o.cls, list(o.box), o.place, o.seat, o.label, o.value] for o in scene.objects]
    return {"frame": scene.frame, "t": scene.t, "objects": rows}


def _scene_from(record: dict) -> TableScene:
    objects = tuple(
        SeenObject(track, cls, tuple(box), place, seat, label, value)  # type: ignore[arg-type]
        for track, cls, box, place, seat, label, value in record["objects"]
    )
    return TableScene(record["frame"], record["t"], objects)

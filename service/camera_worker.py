"""One camera's worker process: FrameSource -> CameraPipeline -> messages for the app.

``camera_worker`` is the process target (``service.workers.Supervisor`` starts one per camera). It
plays the camera's source through a ``CameraPipeline``, keeps a ``RingBuffer`` of its frames and
sends plain-data tuples (docs/floor_service.md):

    ("alert", table_id, record, frame_t)   record: alert_record(...) + table, hand_id, key
    ("hand", table_id, hand_record)         when a hand starts, every 5 s while it grows (t_end
                                            None), and when it ends
    ("tile", table_id, tile)                hand_id, street, pot, to_act, decision_s (None: no hand);
                                            on change, at most 4 a second, and each second while
                                            a seat is deciding
    ("clip", table_id, key, clip_path, thumb_path)   once the post-roll is in (overlay beside the
                                            clip: ``service.clips.overlay_path``)
    ("heartbeat", table_id, t)              each second of wall time while frames arrive

Hand records are ``service.app.messages.hand_record`` (setup, events, rulings, cards) plus the
table and the kinds of its alerts. Hand ids are prefixed with the worker's start time
(``20250101-203000-hand-1``): the analyzers count hands from 1 in every run, and a restarted worker
must not reuse an id. Console entries (``Declaration``, ``ClockCalled``, a setup correction) arrive
on ``console`` and are stamped with the camera time of the frame they arrive with (never earlier
than their own ``t``). With ``speed`` a file plays at that multiple of real time (the demo: 1.0)
so alerts arrive live. Ctrl-C is left to the parent; the worker stops when ``stop_event`` is set,
closing the open hand and cutting pending clips first.
"""

from __future__ import annotations

import dataclasses
import multiprocessing as mp
import queue
import signal
import sys
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any, Protocol

from datasets.sim.library import alert_record
from rules.engine import Output
from rules.records import Alert
from service.app.messages import hand_record
from service.clips import Clip, ClipError, RingBuffer
from service.pipeline import CameraPipeline, HandLog, Perception, SetupCorrection
from service.run_cli import PerceptionKind, SetupError, make_perception
from vision.camera_config import CameraConfig, CameraConfigError, load_camera_config
from vision.events import Event
from vision.source import Frame, FrameSource, SourceError
from vision.table import TableScene

TILE_EVERY_S = 0.25  # at most this often on a change
TILE_REFRESH_S = 1.0  # and this often while a seat's shot clock runs
HAND_EVERY_S = 5.0  # the open hand's record again, when it has new events


@dataclass(frozen=True, slots=True)
class ClipSettings:
    before_s: float = 5.0  # pre-roll before an alert's t_start
    after_s: float = 5.0  # post-roll after its t_end
    ring_seconds: float = 60.0  # frames kept; a clip is at most this long
    ring_memory_mb: float = 64.0  # JPEGs in memory; older ones spill to data_dir/ring/<table>/
    overlay: bool = True  # also write KEY.overlay.mp4 with boxes, zones and chip values
    retention_days: float = 30.0  # clips older than this are swept


class Sink(Protocol):
    def put(self, message: tuple[Any, ...]) -> None: ...


class CameraWorker:
    """One camera's pipeline, ring buffer and clip thread, sending its messages to ``out``."""

    def __init__(
        self, config: CameraConfig, perceive: Perception, out: Sink, data_dir: Path, clips: ClipSettings
    ):
        self.config, self.table, self.out, self.clips = config, config.name, out, clips
        self.run_id = time.strftime("%Y%m%d-%H%M%S")
        self.pipeline = CameraPipeline(
            config, perceive, on_output=self._output, on_scene=self._into_ring, overlap=True
        )
        self.ring = RingBuffer(
            data_dir / "ring" / self.table, config.fps, clips.ring_seconds, clips.ring_memory_mb
        )
        self.clip_dir = data_dir / "clips" / self.table
        for partial in self.clip_dir.glob(".*.partial*"):  # cut short when a worker was killed
            partial.unlink(missing_ok=True)
        self.cutter = ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"clips-{self.table}")
        self.pending: list[tuple[str, Alert]] = []  # alerts waiting for their post-roll
        self.frame: Frame | None = None
        self._hands_sent = (0, 0)  # hands announced as started, hands sent as ended
        self._tile: tuple[Any, ...] | None = None
        self._tile_at = self._beat_at = self._hand_at = 0.0
        self._hand_events = 0  # events of the open hand when it was last sent

    def hand_id(self, local: str) -> str:
        return f"{self.run_id}-{local}"

    # ----- per frame ---------------------------------------------------------------------------

    def step(self, frame: Frame) -> None:
        self.frame = frame
        self.pipeline.process(frame)  # finished frames go into the ring (``_into_ring``)
        now = time.monotonic()
        self._send_hands(now)
        for key, alert in [p for p in self.pending if self.ring.ready(p[1].t_end, self.clips.after_s)]:
            self._cut(key, alert)
        self._send_tile(now)
        if now - self._beat_at >= 1.0:
            self._beat_at = now
            self._send(("heartbeat", self.table, frame.t), important=False)

    def _into_ring(self, frame: Frame, scene: TableScene) -> None:
        self.ring.add(frame.t, frame.image, scene)

    def console(self, entry: Any) -> None:
        """A console entry: an ``Event``, or a setup correction (any object with ``t``, ``button``,
        ``blinds`` and ``stack``, such as ``service.app.messages.SetupCorrection``)."""
        now = self.frame.t if self.frame is not None else 0.0
        if isinstance(entry, Event):
            self.pipeline.add_console(dataclasses.replace(entry, t=max(entry.t, now)))
            return
        fix = SetupCorrection(now, entry.button, entry.blinds, entry.stack)
        self.pipeline.add_console(fix)

    def finish(self) -> None:
        """Close the open hand, cut every pending clip with what the ring holds, wait for the cuts. A
        perception error the pipeline raises on closing comes after all that."""
        try:
            if self.frame is not None:
                self.pipeline.close(self.frame.t)
        finally:
            if self.frame is not None:
                self._send_hands()
            for key, alert in list(self.pending):
                self._cut(key, alert)
            self.cutter.shutdown(wait=True)

    # ----- messages ----------------------------------------------------------------------------

    def _send(self, message: tuple[Any, ...], important: bool = True) -> None:
        try:
            self.out.put(message)
        except (queue.Full, BrokenPipeError):
            if important:
                raise

    def _output(self, out: Output, log: HandLog) -> None:
        if not isinstance(out, Alert):
            return
        key = uuid.uuid4().hex[:16]
        record = alert_record(out, round(self.config.fps))
        record |= {"table": self.table, "hand_id": self.hand_id(out.hand_id or log.hand_id), "key": key}
        self._send(("alert", self.table, record, self.frame.t if self.frame else out.t_end))
        self.pending.append((key, out))

    def _send_hands(self, now: float | None = None) -> None:
        """New hands as they start, the open one every HAND_EVERY_S while it grows, each as it ends."""
        hands = self.pipeline.hands
        started, ended = self._hands_sent
        for log in hands[started:]:
            self._send(("hand", self.table, self._hand_record(log)))
            self._hand_at, self._hand_events = now or 0.0, len(log.events)
        for i in range(ended, len(hands)):
            if hands[i].t_end is None and i == len(hands) - 1:
                break
            self._send(("hand", self.table, self._hand_record(hands[i])))
            ended = i + 1
        self._hands_sent = (len(hands), ended)
        open_hand = hands[-1] if hands and hands[-1].t_end is None else None
        if open_hand is not None and now is not None and now - self._hand_at >= HAND_EVERY_S:
            if len(open_hand.events) != self._hand_events:
                self._send(("hand", self.table, self._hand_record(open_hand)))
            self._hand_at, self._hand_events = now, len(open_hand.events)

    def _hand_record(self, log: HandLog) -> dict[str, Any]:
        record = hand_record(
            self.hand_id(log.hand_id), log.t_start, log.events, log.rulings, log.setup, log.t_end
        )
        return {**record, "table": self.table, "alerts": [a.kind.value for a in log.alerts]}

    def _send_tile(self, now: float) -> None:
        pipe, t = self.pipeline, self.frame.t if self.frame else 0.0
        tile: dict[str, Any] | None = None
        if pipe.judge is not None and pipe.hands:
            seat, since = pipe.turn
            tile = {
                "hand_id": self.hand_id(pipe.hands[-1].hand_id),
                "street": pipe.judge.hand.street.value,
                "pot": pipe.judge.hand.pot_total(),
                "to_act": seat,
                "decision_s": round(t - since, 1) if seat is not None else None,
            }
        state = None if tile is None else (tile["hand_id"], tile["street"], tile["pot"], tile["to_act"])
        changed = state != self._tile and now - self._tile_at >= TILE_EVERY_S
        ticking = tile is not None and tile["to_act"] is not None and now - self._tile_at >= TILE_REFRESH_S
        if changed or ticking:
            self._tile, self._tile_at = state, now
            self._send(("tile", self.table, tile), important=False)

    # ----- clips -------------------------------------------------------------------------------

    def _cut(self, key: str, alert: Alert) -> None:
        self.pending = [p for p in self.pending if p[0] != key]
        path = self.clip_dir / f"{key}.mp4"
        geometry = self.pipeline.geometry if self.clips.overlay else None
        c = self.clips
        job = self.cutter.submit(
            self.ring.cut, alert.t_start, alert.t_end, c.before_s, c.after_s, path, geometry
        )
        job.add_done_callback(lambda done: self._clip_done(key, done))

    def _clip_done(self, key: str, done: Future[Clip]) -> None:
        try:
            clip = done.result()
        except (ClipError, RuntimeError, OSError) as exc:
            print(f"{self.table}: clip {key} not cut: {exc}", file=sys.stderr, flush=True)
            return
        self._send(("clip", self.table, key, str(clip.path), str(clip.thumb) if clip.thumb else None))


class _PipeSink:
    """A ``Sink`` over the write end of a ``multiprocessing.Pipe`` (the clip thread sends too)."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.lock = threading.Lock()

    def put(self, message: tuple[Any, ...]) -> None:
        with self.lock:
            self.conn.send(message)


def camera_worker(
    config_path: Path,
    perception: str,
    out: Connection | Sink,
    console: Any,  # a multiprocessing.Queue of Event | SetupCorrection
    data_dir: Path,
    clips: ClipSettings,
    stop_event: Any,  # a multiprocessing.Event
    speed: float | None = None,
) -> None:
    """Process target: run one camera until its file ends or ``stop_event`` is set (see the module).

    In a child process, Ctrl-C is ignored (the parent stops it) and a camera that cannot run (a bad
    config, a missing model or video, a stream that stays down) exits 2 with a one-line reason."""
    child = mp.parent_process() is not None
    if child:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        config = load_camera_config(config_path)
        sink = _PipeSink(out) if isinstance(out, Connection) else out
        perceive = make_perception(config, PerceptionKind(perception))
        _play(CameraWorker(config, perceive, sink, Path(data_dir), clips), console, stop_event, speed)
    except (CameraConfigError, SetupError, SourceError) as exc:
        if not child:
            raise
        print(f"camera worker {config_path}: {exc}", file=sys.stderr, flush=True)
        sys.exit(2)


def _play(worker: CameraWorker, console: Any, stop_event: Any, speed: float | None) -> None:
    config = worker.config
    start: float | None = None
    try:
        with FrameSource(config.source, expected_size=(config.width, config.height)) as source:
            for frame in source:
                if speed:
                    start = time.monotonic() - frame.t / speed if start is None else start
                    delay = start + frame.t / speed - time.monotonic()
                    if delay > 0 and stop_event.wait(delay):
                        break
                while True:
                    try:
                        worker.console(console.get_nowait())
                    except queue.Empty:
                        break
                worker.step(frame)
                if stop_event.is_set():
                    break
    finally:
        worker.finish()

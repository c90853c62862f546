"""The camera workers: one process per camera, watched and restarted by a ``Supervisor``.

The app holds one ``Supervisor``: ``start()``, ``stop()``, ``messages`` (a
``multiprocessing.Queue`` of the workers' tuples, see ``service.camera_worker``) and
``send_console(table_id, entry)``. Each worker runs ``camera_worker`` in a spawned process and
writes to its own pipe; one supervisor thread forwards every pipe into ``messages`` and watches
the processes. A worker killed mid-message breaks only its own pipe (a shared queue would be left
locked or corrupt for every camera). A worker that dies is restarted after 1, 2, 4 ... 30 s (the
wait starts again at 1 s once a worker has run a minute); a live camera resumes from its stream,
a file plays from its start. A file worker that reaches the end of its file (exit 0) is finished,
not restarted. ``stop()`` sets each worker's stop event (it closes its open hand and cuts pending
clips), waits, then terminates and kills whatever is left. Old clips are swept hourly.
``on_message`` sees every message as it is forwarded (the demo prints the alerts with it).
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import queue
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

from service.camera_worker import CameraWorker, ClipSettings, camera_worker
from service.clips import sweep
from service.run_cli import PerceptionKind
from vision.camera_config import load_camera_config
from vision.source import is_live

__all__ = ["CameraWorker", "ClipSettings", "Supervisor", "camera_worker"]
log = logging.getLogger("railbird.workers")
BACKOFF_S = (1.0, 30.0)  # first and longest wait before a restart
HEALTHY_S = 60.0  # a worker up this long starts its next backoff at the first wait again
SWEEP_EVERY_S = 3600.0
OPTIONAL = ("tile", "heartbeat")  # dropped, not waited for, when the app falls behind


@dataclass(slots=True)
class _Worker:
    table: str
    config_path: Path
    live: bool
    process: Any = None  # a SpawnProcess while one runs
    conn: Connection | None = None  # read end of its pipe until EOF
    console: Any = None
    stop_event: Any = None
    started_at: float = 0.0
    restart_at: float | None = 0.0  # monotonic time of the next start; None: none due
    backoff: float = BACKOFF_S[0]
    restarts: int = 0
    finished: bool = False  # a file played to its end


class Supervisor:
    """One process per camera config (``cameras``); see the module docstring."""

    def __init__(
        self,
        cameras: Sequence[Path],
        data_dir: Path,
        clips: ClipSettings | None = None,
        perception: PerceptionKind | str = PerceptionKind.MODEL,
        speed: float | None = None,
        stop_timeout_s: float = 20.0,
        max_messages: int = 10_000,
        on_message: Callable[[tuple[Any, ...]], None] | None = None,
    ) -> None:
        self._ctx = mp.get_context("spawn")
        self.data_dir, self.clips = Path(data_dir), clips or ClipSettings()
        self.perception, self.speed = PerceptionKind(perception).value, speed
        self.stop_timeout_s, self.on_message = stop_timeout_s, on_message
        self.messages: Queue[tuple[Any, ...]] = self._ctx.Queue(max_messages)
        self.workers: dict[str, _Worker] = {}
        for path in cameras:
            config = load_camera_config(path)  # a bad config fails here, with its file and field
            if config.name in self.workers:
                raise ValueError(f"{path}: camera name '{config.name}' is already used by another config")
            self.workers[config.name] = _Worker(config.name, Path(path), is_live(config.source.url))
        self._closing = threading.Event()
        self._lock = threading.Lock()  # launching a worker vs. stop() setting the stop events
        self._thread: threading.Thread | None = None
        self._swept_at = -SWEEP_EVERY_S

    @classmethod
    def from_settings(
        cls,
        settings: Any,  # service.app.settings.Settings
        perception: PerceptionKind | str = PerceptionKind.MODEL,
        speed: float | None = None,
        on_message: Callable[[tuple[Any, ...]], None] | None = None,
    ) -> Supervisor:
        """The workers of ``settings.cameras`` with its clip settings."""
        before, after = settings.clip_before_s, settings.clip_after_s
        clips = ClipSettings(
            before_s=before,
            after_s=after,
            ring_seconds=max(60.0, before + after + 30.0),  # room for alerts that span a while
            ring_memory_mb=settings.ring_memory_mb,
            retention_days=settings.clip_retention_days,
        )
        return cls(settings.cameras, settings.data_dir, clips, perception, speed, on_message=on_message)

    @property
    def tables(self) -> list[str]:
        return list(self.workers)

    @property
    def finished(self) -> bool:
        """Every camera is a file that has played to its end (and its messages are forwarded)."""
        return all(w.finished for w in self.workers.values())

    def start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="railbird-supervisor", daemon=True)
        self._thread.start()

    def send_console(self, table_id: str, entry: Any) -> None:
        """Hand a console entry to the table's worker: a ``vision.events`` ``Declaration`` or
        ``ClockCalled``, or a setup correction (``t``, ``button``, ``blinds``, ``stack``, as
        ``service.pipeline.SetupCorrection``). Lost if the worker is down or restarting."""
        worker = self.workers.get(table_id)
        if worker is None:
            raise KeyError(f"no camera worker for table '{table_id}' (tables: {', '.join(self.workers)})")
        if worker.console is not None:
            worker.console.put(entry)

    def stop(self) -> None:
        """Stop every worker gracefully, then by force after ``stop_timeout_s``; leaves no process."""
        with self._lock:
            self._closing.set()
            for w in self.workers.values():
                if w.stop_event is not None:
                    w.stop_event.set()
        if self._thread is not None:  # it forwards the last messages and ends when every pipe is closed
            self._thread.join(self.stop_timeout_s)
        for w in self.workers.values():
            if w.process is not None and w.process.is_alive():
                log.warning("%s: worker did not stop in %.0f s; terminating it", w.table, self.stop_timeout_s)
                w.process.terminate()
                w.process.join(2.0)
                if w.process.is_alive():
                    w.process.kill()
        if self._thread is not None:
            self._thread.join(5.0)
        for w in self.workers.values():
            if w.process is not None:
                w.process.join()
                w.process.close()
                w.process = None
            if w.conn is not None:
                w.conn.close()
                w.conn = None

    # ----- the supervisor thread ---------------------------------------------------------------

    def _run(self) -> None:
        while True:
            readers = {w.conn: w for w in self.workers.values() if w.conn is not None}
            if readers:
                for conn in wait(list(readers), timeout=0.2):
                    self._receive(readers[conn])  # type: ignore[index]
            elif self._closing.wait(0.2):
                return
            self._watch(time.monotonic())

    def _receive(self, w: _Worker) -> None:
        assert w.conn is not None
        try:
            message = w.conn.recv()
        except (EOFError, OSError):  # the process is gone (possibly mid-message): nothing more comes
            w.conn.close()
            w.conn = None
            return
        if self.on_message is not None:
            try:
                self.on_message(message)
            except Exception:  # a viewer's bug must not stop the cameras
                log.exception("on_message failed for a %s message", message[0])
        try:
            self.messages.put(message, block=message[0] not in OPTIONAL, timeout=5.0)
        except queue.Full:
            log.warning("%s: the app is not reading worker messages; dropped a %s", w.table, message[0])

    def _watch(self, now: float) -> None:
        if self._closing.is_set():  # stop() reaps
            return
        for w in self.workers.values():
            if w.process is not None and w.process.exitcode is not None and w.conn is None:
                self._reap(w, now)
            if w.process is None and w.restart_at is not None and now >= w.restart_at:
                self._launch(w, now)
        if now - self._swept_at >= SWEEP_EVERY_S:
            self._swept_at = now
            gone = sweep(self.data_dir / "clips", self.clips.retention_days)
            if gone:
                log.info("swept %d clip files older than %s days", gone, self.clips.retention_days)

    def _reap(self, w: _Worker, now: float) -> None:
        code = w.process.exitcode
        w.process.close()
        w.process, w.console, w.stop_event = None, None, None
        if code == 0 and not w.live:
            w.finished, w.restart_at = True, None
            return
        if now - w.started_at >= HEALTHY_S:
            w.backoff = BACKOFF_S[0]
        w.restart_at = now + w.backoff
        log.warning("%s: worker exited with code %s; restarting in %.0f s", w.table, code, w.backoff)
        w.backoff = min(w.backoff * 2, BACKOFF_S[1])
        w.restarts += 1

    def _launch(self, w: _Worker, now: float) -> None:
        with self._lock:
            if self._closing.is_set():
                return
            try:
                self._start_process(w, now)
            except (OSError, RuntimeError) as exc:  # no process (fds, memory): try again later
                log.error("%s: worker did not start (%s); trying again in %.0f s", w.table, exc, w.backoff)
                w.restart_at = now + w.backoff
                w.backoff = min(w.backoff * 2, BACKOFF_S[1])

    def _start_process(self, w: _Worker, now: float) -> None:
        reader, writer = self._ctx.Pipe(duplex=False)
        w.console, w.stop_event = self._ctx.Queue(), self._ctx.Event()
        args = (w.config_path, self.perception, writer, w.console, self.data_dir, self.clips, w.stop_event)
        process = self._ctx.Process(
            target=camera_worker, args=(*args, self.speed), name=f"railbird-camera-{w.table}", daemon=True
        )
        try:
            process.start()
        except BaseException:
            reader.close()
            raise
        finally:
            writer.close()  # the child holds the only write end: its death reads as EOF here
        w.process, w.conn, w.started_at, w.restart_at = process, reader, now, None

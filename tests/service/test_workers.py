"""Camera workers: the messages one sends, console entries reaching its pipeline, restarts and stopping."""

from __future__ import annotations

import multiprocessing as mp
import os
import queue
import signal
import threading
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import service.camera_worker as camera_worker_module
from datasets.sim.library import Rendered
from service.workers import ClipSettings, Supervisor, camera_worker
from vision.events import ClockCalled

FAST_CLIPS = ClipSettings(before_s=1.0, after_s=1.0, ring_seconds=20.0, ring_memory_mb=16.0)


class ListSink:
    def __init__(self) -> None:
        self.messages: list[tuple[Any, ...]] = []

    def put(self, message: tuple[Any, ...]) -> None:
        self.messages.append(message)

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [m for m in self.messages if m[0] == kind]


class ScriptedConsole:
    """A console queue whose entries become available after ``at`` polls (about one poll a frame)."""

    def __init__(self, entries: list[tuple[int, Any]]) -> None:
        self.entries, self.polls = list(entries), 0

    def get_nowait(self) -> Any:
        self.polls += 1
        if self.entries and self.polls >= self.entries[0][0]:
            return self.entries.pop(0)[1]
        raise queue.Empty


def test_worker_sends_alerts_hands_tiles_clips_and_heartbeats(rendered: Rendered, tmp_path: Path) -> None:
    sink = ListSink()
    correction = SimpleNamespace(t=0.0, button=None, blinds=(50, 100), stack=(3, 12_345))
    console = ScriptedConsole([(1, correction), (150, ClockCalled(0.0, seat=3))])
    camera = rendered.folder / "camera.yaml"
    camera_worker(camera, "oracle", sink, console, tmp_path, FAST_CLIPS, threading.Event())

    alerts = sink.of("alert")
    assert "misdeal" in {m[2]["kind"] for m in alerts}
    for _, table, record, frame_t in alerts:
        assert table == rendered.name == record["table"]
        assert record["hand_id"].endswith("-hand-1") and record["key"] and frame_t >= record["t_end"]
    hands = [m[2] for m in sink.of("hand")]
    assert hands[0]["t_end"] is None and hands[-1]["t_end"] is not None
    assert hands[-1]["setup"]["blinds"] == [50, 100]  # the console's correction reached the setup
    assert {"seat": 3, "stack": 12_345} in hands[-1]["setup"]["seats"]
    clocks = [e for e in hands[-1]["events"] if "clock_called" in e]
    assert clocks and clocks[0]["t"] > 3.0  # stamped on the camera clock when it arrived, not at 0
    clips = {m[2]: m for m in sink.of("clip")}
    assert set(clips) == {m[2]["key"] for m in alerts}
    for _, _, key, clip, thumb in clips.values():
        assert Path(clip).is_file() and Path(clip).name == f"{key}.mp4" and Path(thumb).is_file()
        assert Path(clip).with_suffix(".overlay.mp4").is_file()
    tiles = [m[2] for m in sink.of("tile") if m[2] is not None]
    assert tiles and set(tiles[0]) == {"hand_id", "street", "pot", "to_act", "decision_s"}
    assert sink.of("heartbeat")


def _next(sup: Supervisor, kind: str, timeout: float) -> tuple[Any, ...]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            message = sup.messages.get(timeout=0.5)
        except queue.Empty:
            continue
        if message[0] == kind:
            return message
    raise AssertionError(f"no {kind} message in {timeout} s")


@pytest.mark.slow
def test_a_killed_worker_is_restarted_and_stop_leaves_no_process(rendered: Rendered, tmp_path: Path) -> None:
    camera = rendered.folder / "camera.yaml"
    sup = Supervisor([camera], tmp_path, FAST_CLIPS, perception="oracle", speed=0.5)  # 15 s of play
    worker = sup.workers[rendered.name]
    pids = []
    sup.start()
    try:
        _next(sup, "heartbeat", timeout=90)
        pids.append(worker.process.pid)
        os.kill(pids[0], signal.SIGKILL)
        deadline = time.monotonic() + 30
        while worker.restarts == 0 or worker.process is None:
            assert time.monotonic() < deadline, "the killed worker was not restarted"
            time.sleep(0.1)
        pids.append(worker.process.pid)
        assert pids[1] != pids[0]
        assert _next(sup, "heartbeat", timeout=90)[1] == rendered.name  # messages resume
    finally:
        sup.stop()
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)
    assert not [p for p in mp.active_children() if p.name.startswith("railbird-camera")]


class ExitedProcess:
    def __init__(self, exitcode: int) -> None:
        self.exitcode = exitcode

    def close(self) -> None:
        pass


def test_restart_waits_double_up_to_30_s_and_a_finished_file_is_not_restarted(camera_yaml: Path) -> None:
    sup = Supervisor([camera_yaml], Path("unused"))
    (worker,) = sup.workers.values()
    waits = []
    for _ in range(7):
        worker.process, worker.started_at = ExitedProcess(-9), 100.0
        sup._reap(worker, 100.0)
        assert worker.restart_at is not None
        waits.append(worker.restart_at - 100.0)
    assert waits == [1, 2, 4, 8, 16, 30, 30] and worker.restarts == 7
    worker.process, worker.started_at = ExitedProcess(-9), 0.0  # it had run a minute: back to 1 s
    sup._reap(worker, 100.0)
    assert worker.restart_at == 101.0
    worker.process = ExitedProcess(0)  # the file played to its end
    sup._reap(worker, 200.0)
    assert worker.finished and worker.restart_at is None and sup.finished


def test_a_perception_error_still_ends_the_hand_and_cuts_the_pending_clip(
    rendered: Rendered, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    make = camera_worker_module.make_perception

    def failing_from_frame_100(config: Any, kind: Any) -> Any:
        perceive = make(config, kind)

        def call(frame: Any) -> Any:
            if frame.index >= 100:  # after the misdeal (2.7 s), inside its clip's post-roll
                time.sleep(0.3)  # slowly, so that failed frames are still waiting at the end
                raise RuntimeError(f"frame {frame.index}: the detector's session failed")
            return perceive(frame)

        return call

    monkeypatch.setattr(camera_worker_module, "make_perception", failing_from_frame_100)
    sink = ListSink()
    with pytest.raises(RuntimeError, match="session failed"):
        camera_worker(
            rendered.folder / "camera.yaml",
            "oracle",
            sink,
            queue.Queue(),
            tmp_path,
            FAST_CLIPS,
            threading.Event(),
        )
    (alert,) = [m[2] for m in sink.of("alert")]
    assert alert["kind"] == "misdeal"
    assert sink.of("hand")[-1][2]["t_end"] is not None  # the hand was closed and sent
    (clip,) = sink.of("clip")
    assert clip[2] == alert["key"] and Path(clip[3]).is_file()

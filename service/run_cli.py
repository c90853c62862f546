"""``railbird run CAMERA.yaml``: one camera's frames through the pipeline; alerts, rulings, hands to files.

    railbird run CAMERA.yaml [--source FILE_OR_URL] [--out DIR] [--perception model|oracle]

``run_camera`` does the work (the CLI, the tests and the service call it). It writes three JSON-lines
files to ``out_dir``, started fresh for the run, each line appended and flushed as it happens:
``alerts.jsonl`` and ``rulings.jsonl`` as the engine raises them, ``hands.jsonl`` as each hand ends.
Stopping (``stop()``, Ctrl-C) or a broken source closes the open hand first, so nothing is lost.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, TextIO

import av
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from datasets.sim.library import alert_record
from rules.engine import Output
from rules.records import Alert, Severity
from service.pipeline import CameraPipeline, HandLog, ModelPerception, Perception
from vision.camera_config import CameraConfig, CameraConfigError, SourceConfig, load_camera_config
from vision.detector import ModelError
from vision.event_codec import to_record
from vision.source import Frame, FrameSource, SourceError, is_live

console = Console(highlight=False, soft_wrap=True)  # paths stay whole, one line each
err = Console(stderr=True, highlight=False, soft_wrap=True)
FILES = ("alerts", "rulings", "hands")
COLOURS = {Severity.RULING: "cyan", Severity.WARNING: "yellow", Severity.VIOLATION: "red"}


class PerceptionKind(StrEnum):
    MODEL = "model"  # the shipped ONNX detector, card reader and chip classifier
    ORACLE = "oracle"  # a rendered scenario's own boxes (annotations.jsonl beside the video)


class SetupError(ValueError):
    """A run that cannot start (bad source, missing annotations or model); the message says what to do."""


@dataclass(frozen=True, slots=True)
class RunSummary:
    out_dir: Path
    frames: int  # frames processed
    video_s: float  # camera clock of the last frame processed (seconds)
    alerts: int
    rulings: int
    hands: int  # hands written to hands.jsonl
    detector_calls: int
    interrupted: bool  # stopped by ``stop()`` or Ctrl-C before the source ended


def with_source(config: CameraConfig, url: str) -> CameraConfig:
    """The config reading frames from ``url`` instead of its ``source.url``."""
    source = SourceConfig.model_validate({**config.source.model_dump(), "url": url})
    return config.model_copy(update={"source": source})


def make_perception(config: CameraConfig, kind: PerceptionKind) -> Perception:
    """``ModelPerception``, or ``OraclePerception`` from the annotations rendered next to the video."""
    if kind is PerceptionKind.ORACLE:
        url = config.source.url
        ann = Path(url).parent / "annotations.jsonl"
        if is_live(url):
            raise SetupError(
                f"{url}: --perception oracle plays a rendered scenario's video file, not a stream"
            )
        if not Path(url).is_file():
            raise SetupError(f"{url}: no such video file (check --source or source.url in the camera config)")
        if not ann.is_file():
            raise SetupError(
                f"{ann}: no such file; --perception oracle needs a rendered scenario's video with its "
                "annotations.jsonl beside it (railbird synth render ...); use --perception model otherwise"
            )
        from datasets.sim.oracle import OraclePerception

        try:
            return OraclePerception(ann, config.chips)
        except (ValueError, KeyError) as exc:
            raise SetupError(f"{ann}: not a rendered scenario's annotations ({exc})") from None
    try:
        return ModelPerception(config)
    except ModelError as exc:
        raise SetupError(str(exc)) from None


def frame_count(url: str) -> int | None:
    """Frames in a video file as its container says (None for live sources or when it does not say)."""
    if is_live(url):
        return None
    try:
        with av.open(url) as container:
            stream = container.streams.video[0]
            if stream.frames:
                return int(stream.frames)
            if stream.duration and stream.time_base and stream.average_rate:
                return round(float(stream.duration * stream.time_base * stream.average_rate))
    except (av.error.FFmpegError, OSError, IndexError):
        return None
    return None


class Recorder:
    """The run's three JSON-lines files; ``output`` is the pipeline's ``on_output``."""

    def __init__(self, out_dir: Path, config: CameraConfig, on_alert: Callable[[Alert], None] | None) -> None:
        self.out_dir, self.config, self.on_alert = out_dir, config, on_alert
        self.files: dict[str, TextIO] = {}
        self.counts = dict.fromkeys(FILES, 0)
        self.frame: Frame | None = None  # the frame being processed: when outputs are emitted

    def start(self) -> None:
        self.out_dir.mkdir(parents=True, exist_ok=True)
        self.files = {name: (self.out_dir / f"{name}.jsonl").open("w", encoding="utf-8") for name in FILES}

    def close(self) -> None:
        for f in self.files.values():
            f.close()

    def _write(self, name: str, record: dict[str, Any]) -> None:
        self.files[name].write(json.dumps(record, default=_plain) + "\n")
        self.files[name].flush()
        self.counts[name] += 1

    def output(self, out: Output, log: HandLog) -> None:
        at = self.frame  # set before any frame is processed, so never None here
        emitted = {"emitted_at_frame": at.index if at else None, "emitted_at_t": at.t if at else None}
        if isinstance(out, Alert):
            where = {"table": out.table or self.config.name, "hand_id": out.hand_id or log.hand_id}
            self._write("alerts", {**alert_record(out, round(self.config.fps)), **where, **emitted})
            if self.on_alert is not None:
                self.on_alert(out)
        else:
            cites = [{**asdict(c), "text": str(c)} for c in out.citations]
            where = {"table": self.config.name, "hand_id": log.hand_id, "summary": out.summary()}
            self._write("rulings", {**asdict(out), "citations": cites, **where, **emitted})

    def hands(self, logs: list[HandLog]) -> None:
        """Write every hand that has ended (or was superseded by a later one) and is not written yet."""
        for i in range(self.counts["hands"], len(logs)):
            log = logs[i]
            if log.t_end is None and i == len(logs) - 1:
                return
            events = [to_record(e) for e in log.events]
            record = {"table": self.config.name, "hand_id": log.hand_id, "t_start": log.t_start}
            record |= {"t_end": log.t_end, "events": events, "alerts": [a.kind.value for a in log.alerts]}
            self._write("hands", record)


def run_camera(
    config: CameraConfig,
    perceive: Perception,
    out_dir: Path,
    progress: Callable[[int], None] | None = None,
    stop: Callable[[], bool] | None = None,
    on_alert: Callable[[Alert], None] | None = None,
) -> RunSummary:
    """Run ``config``'s source through a ``CameraPipeline`` until it ends, ``stop()`` says so or Ctrl-C.

    ``progress(frames_done)`` after each frame; ``on_alert(alert)`` as each is raised. A
    ``SourceError`` is raised again after the open hand is closed and written.
    """
    recorder = Recorder(Path(out_dir), config, on_alert)
    pipeline = CameraPipeline(config, perceive, on_output=recorder.output, overlap=True)
    interrupted = False
    try:
        with FrameSource(config.source, expected_size=(config.width, config.height)) as source:
            for frame in source:
                if recorder.frame is None:
                    recorder.start()
                recorder.frame = frame
                pipeline.process(frame)
                recorder.hands(pipeline.hands)
                if progress is not None:
                    progress(frame.index + 1)
                interrupted = stop is not None and stop()
                if interrupted:
                    break
    except KeyboardInterrupt:
        interrupted = True
    finally:
        try:
            if recorder.frame is not None:
                pipeline.close(recorder.frame.t)
        finally:
            recorder.hands(pipeline.hands)
            recorder.close()
    frames, t = (recorder.frame.index + 1, recorder.frame.t) if recorder.frame else (0, 0.0)
    alerts, rulings, hands = (recorder.counts[name] for name in FILES)
    return RunSummary(Path(out_dir), frames, t, alerts, rulings, hands, pipeline.detector_calls, interrupted)


def run_command(
    camera: Annotated[
        Path, typer.Argument(help="camera config (YAML), e.g. camera_configs/demo_overhead.yaml")
    ],
    source: Annotated[
        str | None, typer.Option(help="video file or stream URL instead of the config's source.url")
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="folder for alerts/rulings/hands.jsonl (default: out/run/CAMERA-NAME)")
    ] = None,
    perception: Annotated[
        PerceptionKind, typer.Option(help="model: the ONNX models; oracle: a rendered scenario's boxes")
    ] = PerceptionKind.MODEL,
) -> None:
    """Watch one camera: alerts printed as raised; alerts, rulings and hands written as JSON lines.

    Ctrl-C closes the open hand and keeps everything written (exit 130).
    """
    try:
        config = load_camera_config(camera)
        if source is not None:
            config = with_source(config, source)
        perceive = make_perception(config, perception)
    except (CameraConfigError, SetupError) as exc:
        raise _fail(str(exc)) from None
    except KeyboardInterrupt:
        raise _fail("interrupted before the first frame; nothing written", 130) from None
    out_dir = out or Path("out/run") / config.name
    total = frame_count(config.source.url)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err) as bar:
        task = bar.add_task(config.name, total=total)
        try:
            done = run_camera(
                config,
                perceive,
                out_dir,
                progress=lambda n: bar.update(task, completed=n),
                on_alert=lambda a: bar.console.print(describe(a)),
            )
        except SourceError as exc:
            kept = f"; what was written before is kept in {out_dir}" if bar.tasks[0].completed else ""
            raise _fail(f"{exc}{kept}") from None
    files = ", ".join(f"{out_dir / name}.jsonl" for name in FILES)
    said = f"{done.frames} frames ({done.video_s:.1f} s of video): {done.alerts} alerts, "
    said += f"{done.rulings} rulings, {done.hands} hands -> {files}"
    if done.interrupted:
        raise _fail(f"interrupted at {done.video_s:.2f} s; the open hand was closed. {said}", 130)
    console.print(said)


def describe(alert: Alert) -> str:
    """An alert as one terminal line plus its ruling and citation (rich markup)."""
    colour = COLOURS.get(alert.severity, "bold red")
    seat = f" seat {alert.seat}" if alert.seat is not None else ""
    lines = [
        f"[{colour}]{alert.severity.value}[/] [bold]{alert.kind.value}[/]{seat} at {alert.t_end:.2f} s"
        f" ({escape(alert.hand_id)}): {escape(alert.message)}",
        f"    ruling: {escape(alert.ruling)}",
        *(f"    rule: {escape(str(c))}" for c in alert.citations),
    ]
    return "\n".join(lines)


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}" if code == 2 else escape(message))
    return typer.Exit(code=code)


def _plain(value: Any) -> Any:
    """JSON for what ``json`` does not know: numpy scalars and arrays, anything else as text."""
    return value.tolist() if hasattr(value, "tolist") else str(value)

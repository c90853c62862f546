"""``railbird bench VIDEO --config CAMERA.yaml``: how fast one camera's pipeline runs, stage by stage.

    railbird bench VIDEO --config CAMERA.yaml [--perception model|oracle] [--seconds N] [--json OUT]

``bench_pipeline`` plays the video twice: decoding only (``FrameSource``, nothing else), then through
the whole ``CameraPipeline`` (decoding included). It reports both frame rates and their ratio, the
per-stage times the pipeline keeps, detector calls per second of video, the real-time factor, how long
after the frame that completes an alert's event the pipeline emitted it (wall clock; played faster than
real time this understates a live camera's wait, so the lag in video time, from the event's end to the
frame that raised it, is given too), and the process's peak RSS.
"""

from __future__ import annotations

import bisect
import json
import resource
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from rules.records import Alert
from service.pipeline import CameraPipeline, Perception
from service.run_cli import PerceptionKind, SetupError, frame_count, make_perception, with_source
from vision.camera_config import CameraConfig, CameraConfigError, load_camera_config
from vision.source import Frame, FrameSource, SourceError

console = Console(highlight=False)
err = Console(stderr=True, highlight=False, soft_wrap=True)  # paths stay whole
Progress_ = Callable[[str, int], None]  # (phase: "decode" or "pipeline", frames done)


def _frames(config: CameraConfig) -> FrameSource:
    return FrameSource(config.source, expected_size=(config.width, config.height))


def _within(frame: Frame, seconds: float | None) -> bool:
    return seconds is None or frame.t < seconds


def bench_pipeline(
    config: CameraConfig,
    perceive: Perception,
    seconds: float | None = None,
    progress: Progress_ | None = None,
) -> dict[str, Any]:
    """Figures for the first ``seconds`` of ``config.source.url`` (all of it when None); see the module.

    Perception is called once on the first frame before the pipeline is timed (model warm-up).
    """
    url = config.source.url
    decoded, first = 0, None
    start = time.perf_counter()
    with _frames(config) as source:
        for frame in source:
            if not _within(frame, seconds):
                break
            first = first or frame
            decoded += 1
            if progress is not None:
                progress("decode", decoded)
    decode_s = time.perf_counter() - start
    if first is None:
        raise SourceError(f"{url}: no frames to bench (the video is empty or --seconds is too small)")
    perceive(first)  # warm-up: sessions and caches, outside the timing
    pipeline = CameraPipeline(config, perceive, overlap=True)
    ts: list[float] = []  # camera clock of each frame handed to the pipeline
    handed: list[float] = []  # wall clock (perf_counter) when it was handed over
    emitted: list[tuple[Alert, float, float]] = []  # (alert, wall clock, camera clock) when emitted
    start = time.perf_counter()
    with _frames(config) as source:
        for frame in source:
            if not _within(frame, seconds):
                break
            ts.append(frame.t)
            handed.append(time.perf_counter())
            outs = pipeline.process(frame)
            now = time.perf_counter()
            emitted += [(o, now, frame.t) for o in outs if isinstance(o, Alert)]
            if progress is not None:
                progress("pipeline", len(ts))
    pipeline_s = time.perf_counter() - start
    closing = pipeline.close(ts[-1])
    emitted += [(o, time.perf_counter(), ts[-1]) for o in closing if isinstance(o, Alert)]
    n = len(ts)
    video_s = (ts[-1] - ts[0]) * n / (n - 1) if n > 1 else 1.0 / config.fps
    latencies = [
        (wall - handed[min(bisect.bisect_left(ts, a.t_end - 1e-6), n - 1)]) * 1000 for a, wall, _ in emitted
    ]
    lags = [max(0.0, t - a.t_end) * 1000 for a, _, t in emitted]
    decode_fps, pipeline_fps = decoded / decode_s, n / pipeline_s
    return {
        "video": url,
        "frames": n,
        "video_s": round(video_s, 3),
        "decode_fps": round(decode_fps, 2),
        "pipeline_fps": round(pipeline_fps, 2),
        "pipeline_vs_decode": round(pipeline_fps / decode_fps, 4),
        "realtime_factor": round(video_s / pipeline_s, 3),
        "detector_calls": pipeline.detector_calls,
        "detector_calls_per_video_s": round(pipeline.detector_calls / video_s, 2),
        "stage_ms": {stage: _percentiles(ms) for stage, ms in pipeline.stage_ms.items() if ms},
        "alerts": len(emitted),
        "alert_latency_ms": _percentiles(latencies) if latencies else None,
        "alert_lag_video_ms": _percentiles(lags) if lags else None,
        "peak_rss_mb": round(peak_rss_mb(), 1),
    }


def peak_rss_mb() -> float:
    """The process's resident-set high-water mark so far (``ru_maxrss``: KiB on Linux, bytes on macOS)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 2**10


def _percentiles(values: list[float]) -> dict[str, float]:
    p50, p95 = np.percentile(np.asarray(values, dtype=np.float64), [50, 95])
    return {"p50": round(float(p50), 3), "p95": round(float(p95), 3), "n": len(values)}


def bench_command(
    video: Annotated[Path, typer.Argument(help="video file to play (a recording of the camera)")],
    config_path: Annotated[Path, typer.Option("--config", help="camera config of the camera that filmed it")],
    perception: Annotated[
        PerceptionKind, typer.Option(help="model: the ONNX models; oracle: a rendered scenario's boxes")
    ] = PerceptionKind.MODEL,
    seconds: Annotated[
        float | None, typer.Option(min=0.0, help="bench the first N seconds of video (default: all of it)")
    ] = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="also write the figures to this file")
    ] = None,
) -> None:
    """How fast the pipeline runs on one video: frames/s, stage times, alert latency, memory.

    Decode-only vs full-pipeline frames/s, per-stage ms p50/p95, detector calls per second of video,
    real-time factor, alert latency p50/p95 and peak RSS.
    """
    try:
        config = with_source(load_camera_config(config_path), str(video))
        perceive = make_perception(config, perception)
        total = frame_count(str(video))
        if total is not None and seconds is not None:
            total = min(total, max(1, round(seconds * config.fps)))
        columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=err, transient=True) as bar:
            tasks = {phase: bar.add_task(phase, total=total) for phase in ("decode", "pipeline")}
            figures = bench_pipeline(
                config, perceive, seconds, lambda phase, n: bar.update(tasks[phase], completed=n)
            )
    except (CameraConfigError, SetupError, SourceError) as exc:
        err.print(f"[bold red]error:[/] {escape(str(exc))}")
        raise typer.Exit(code=2) from None
    except KeyboardInterrupt:
        err.print("interrupted; no figures")
        raise typer.Exit(code=130) from None
    figures = {"config": str(config_path), "perception": perception.value, **figures}
    _print(figures)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        console.print(f"figures -> {json_out}")


def _print(f: dict[str, Any]) -> None:
    title = (
        f"{Path(f['video']).name}: {f['frames']} frames, {f['video_s']:.1f} s, {f['perception']} perception"
    )
    table = Table("figure", "value", title=escape(title))
    latency, lag = f["alert_latency_ms"], f["alert_lag_video_ms"]
    rows = [
        ("decode only", f"{f['decode_fps']:.1f} frames/s"),
        ("full pipeline", f"{f['pipeline_fps']:.1f} frames/s"),
        ("pipeline / decode", f"{f['pipeline_vs_decode']:.3f}"),
        ("real-time factor", f"{f['realtime_factor']:.2f}x (video s / wall s)"),
        ("detector calls", f"{f['detector_calls']} ({f['detector_calls_per_video_s']:.1f} per video s)"),
        ("alerts", str(f["alerts"])),
        (
            "alert latency p50 / p95",
            f"{latency['p50']:.1f} / {latency['p95']:.1f} ms" if latency else "- (no alerts)",
        ),
        (
            "alert lag in video p50 / p95",
            f"{lag['p50']:.0f} / {lag['p95']:.0f} ms" if lag else "- (no alerts)",
        ),
        ("peak RSS", f"{f['peak_rss_mb']:.0f} MB"),
    ]
    for name, value in rows:
        table.add_row(name, value)
    console.print(table)
    stages = Table("stage", "p50 ms", "p95 ms", "calls", title="per stage")
    for stage, p in f["stage_ms"].items():
        stages.add_row(stage, f"{p['p50']:.2f}", f"{p['p95']:.2f}", str(p["n"]))
    console.print(stages)

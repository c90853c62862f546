"""`railbird bench` on a rendered scenario: every figure present and sensible; bad input exits 2."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from service.cli import app

runner = CliRunner()
KEYS = {
    "config",
    "perception",
    "video",
    "frames",
    "video_s",
    "decode_fps",
    "pipeline_fps",
    "pipeline_vs_decode",
    "realtime_factor",
    "detector_calls",
    "detector_calls_per_video_s",
    "stage_ms",
    "alerts",
    "alert_latency_ms",
    "alert_lag_video_ms",
    "peak_rss_mb",
}


def test_bench_three_seconds_with_oracle_perception(tmp_path, rendered):
    out = tmp_path / "bench.json"
    video, config = rendered.folder / "video.mp4", rendered.folder / "camera.yaml"
    args = ["bench", str(video), "--config", str(config), "--perception", "oracle", "--seconds", "3"]
    result = runner.invoke(app, [*args, "--json", str(out)])
    assert result.exit_code == 0, result.output
    figures = json.loads(out.read_text())
    assert set(figures) == KEYS
    assert figures["perception"] == "oracle" and figures["frames"] == 90, "frames before t = 3 s at 30 fps"
    assert figures["video_s"] == 3.0
    for key in ("decode_fps", "pipeline_fps", "pipeline_vs_decode", "realtime_factor", "peak_rss_mb"):
        assert figures[key] > 0, key
    assert 0 < figures["detector_calls_per_video_s"] <= 10.5, "at most detector.rate calls a second"
    assert {"motion", "perceive", "track", "scene+actions", "rules", "total"} <= set(figures["stage_ms"])
    total = figures["stage_ms"]["total"]
    assert total["n"] == 90 and 0 < total["p50"] <= total["p95"]
    assert figures["alerts"] == 1, "the misdeal at 2.7 s"
    latency, lag = figures["alert_latency_ms"], figures["alert_lag_video_ms"]
    assert 0 <= latency["p50"] <= latency["p95"] <= 1000 * 90 / figures["pipeline_fps"]
    assert 0 <= lag["p50"] <= 500, "raised within a few frames of the event's end"
    assert "real-time factor" in result.output and "perceive" in result.output


def test_bench_without_the_video_exits_2_naming_it(tmp_path, rendered):
    args = ["bench", str(tmp_path / "nope.mp4"), "--config", str(rendered.folder / "camera.yaml")]
    result = runner.invoke(app, [*args, "--perception", "oracle"])
    assert result.exit_code == 2
    assert f"{tmp_path / 'nope.mp4'}: no such video file" in result.output

"""`railbird run` on a rendered scenario: alerts, rulings and hands as JSON lines; a stop or Ctrl-C
closes the open hand and keeps every line; bad input exits 2 naming the path."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import service.run_cli as run_cli
from datasets.sim.library import Rendered
from datasets.sim.oracle import OraclePerception
from service.cli import app
from service.run_cli import run_camera
from vision.camera_config import load_camera_config
from vision.source import Frame, FrameSource

runner = CliRunner()


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _kinds(hand: dict[str, Any]) -> list[str]:
    return [next(k for k in event if k not in ("t", "frame")) for event in hand["events"]]


def _stop_after(n: int):
    calls = iter(range(1, 10**9))
    return lambda: next(calls) >= n


def test_oracle_run_writes_its_alert_and_one_whole_hand(tmp_path, camera_yaml):
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", str(camera_yaml), "--perception", "oracle", "--out", str(out)])
    assert result.exit_code == 0, result.output
    alerts, hands = _lines(out / "alerts.jsonl"), _lines(out / "hands.jsonl")
    assert (out / "rulings.jsonl").exists()
    assert [a["kind"] for a in alerts] == ["misdeal"], "the scenario's one alert, raised once"
    alert = alerts[0]
    assert alert["table"] == "misdeal_first_card_wrong_seat" and alert["hand_id"] == "hand-1"
    assert alert["severity"] == "hand_stopping" and alert["citations"][0]["rule"] == "35-A-2"
    assert alert["emitted_at_t"] >= alert["t_end"] and alert["emitted_at_t"] * 30 == pytest.approx(
        alert["emitted_at_frame"]
    )
    assert len(hands) == 1
    kinds = _kinds(hands[0])
    assert kinds[0] == "hand_started" and kinds[-1] == "hand_ended" and "cards_dealt" in kinds
    assert hands[0]["alerts"] == ["misdeal"] and hands[0]["t_end"] > hands[0]["t_start"]
    text = " ".join(result.output.split())
    assert "hand_stopping misdeal seat 3" in text and "tda 35-A-2" in text, "printed as raised"
    assert "230 frames" in text and str(out / "hands.jsonl") in text


def test_a_stop_closes_the_open_hand_and_keeps_every_line(tmp_path, rendered: Rendered):
    config = load_camera_config(rendered.folder / "camera.yaml")
    perceive = OraclePerception(rendered.folder / "annotations.jsonl", config.chips)
    done = run_camera(config, perceive, tmp_path / "run", stop=_stop_after(120))
    assert done.interrupted and done.frames == 120 and done.hands == 1 and done.alerts == 1
    (hand,) = _lines(tmp_path / "run" / "hands.jsonl")
    assert _kinds(hand)[-1] == "hand_ended"
    assert hand["t_end"] == pytest.approx(119 / 30) == pytest.approx(done.video_s), "closed at the stop"
    assert [a["kind"] for a in _lines(tmp_path / "run" / "alerts.jsonl")] == ["misdeal"]


def test_ctrl_c_exits_130_with_the_hand_closed_and_written(tmp_path, camera_yaml, monkeypatch):
    class InterruptedAtFrame150(run_cli.FrameSource):  # Ctrl-C lands in the main thread, between frames
        def __iter__(self):
            for frame in super().__iter__():
                if frame.index >= 150:
                    raise KeyboardInterrupt
                yield frame

    monkeypatch.setattr(run_cli, "FrameSource", InterruptedAtFrame150)
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", str(camera_yaml), "--perception", "oracle", "--out", str(out)])
    assert result.exit_code == 130, result.output
    assert "interrupted at 4.97 s; the open hand was closed" in " ".join(result.output.split())
    (hand,) = _lines(out / "hands.jsonl")
    assert _kinds(hand)[-1] == "hand_ended" and hand["t_end"] == pytest.approx(149 / 30)  # the last frame
    assert len(_lines(out / "alerts.jsonl")) == 1


def test_a_broken_stream_mid_video_exits_2_naming_the_frame_and_keeps_the_hand(
    tmp_path, camera_yaml, monkeypatch
):
    class ShrinksAtFrame150(FrameSource):
        def __init__(self, config, expected_size=None):
            super().__init__(config, expected_size, opener=lambda: self._shrink(self._decode()))

        @staticmethod
        def _shrink(frames: Iterator[tuple[float | None, np.ndarray]]):
            for i, (t, image) in enumerate(frames):
                yield t, image[::2, ::2] if i >= 150 else image

    monkeypatch.setattr(run_cli, "FrameSource", ShrinksAtFrame150)
    out = tmp_path / "run"
    result = runner.invoke(app, ["run", str(camera_yaml), "--perception", "oracle", "--out", str(out)])
    assert result.exit_code == 2
    text = " ".join(result.output.split())
    assert "video.mp4: frame 150 is 640x360 but the stream started at 1280x720" in text
    assert f"kept in {out}" in text
    (hand,) = _lines(out / "hands.jsonl")
    assert _kinds(hand)[-1] == "hand_ended" and hand["t_end"] == pytest.approx(149 / 30)


def test_a_missing_camera_config_exits_2_naming_it(tmp_path):
    result = runner.invoke(app, ["run", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert f"{tmp_path / 'nope.yaml'}: no such camera config" in result.output


@pytest.mark.parametrize("perception", ["oracle", "model"])
def test_a_missing_video_exits_2_naming_it(tmp_path, camera_yaml, perception):
    args = ["run", str(camera_yaml), "--source", "/nope.mp4", "--perception", perception]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "run")])
    assert result.exit_code == 2
    assert "/nope.mp4: no such video file" in result.output
    assert not (tmp_path / "run").exists(), "nothing written"


def test_a_garbage_video_exits_2_naming_it(tmp_path, camera_yaml):
    garbage = tmp_path / "garbage.mp4"
    garbage.write_bytes(np.random.default_rng(0).bytes(20_000))
    args = ["run", str(camera_yaml), "--source", str(garbage), "--out", str(tmp_path / "run")]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert f"{garbage}: not a readable video" in result.output
    assert not (tmp_path / "run").exists(), "nothing written"


def test_oracle_without_annotations_says_what_to_do(tmp_path, rendered: Rendered):
    video = tmp_path / "video.mp4"
    video.write_bytes((rendered.folder / "video.mp4").read_bytes())
    result = runner.invoke(
        app, ["run", str(rendered.folder / "camera.yaml"), "--source", str(video), "--perception", "oracle"]
    )
    assert result.exit_code == 2
    assert f"{tmp_path / 'annotations.jsonl'}: no such file" in result.output
    assert "--perception model" in result.output


def test_a_perception_error_mid_run_is_raised_with_the_hand_closed_and_written(tmp_path, rendered: Rendered):
    config = load_camera_config(rendered.folder / "camera.yaml")
    oracle = OraclePerception(rendered.folder / "annotations.jsonl", config.chips)

    def breaks_at_frame_150(frame: Frame):
        if frame.index >= 150:  # slowly, so that failed frames are still waiting when the run stops
            time.sleep(0.3)
            raise RuntimeError(f"frame {frame.index}: the detector's session failed")
        return oracle(frame)

    with pytest.raises(RuntimeError, match="session failed"):
        run_camera(config, breaks_at_frame_150, tmp_path / "run")
    (hand,) = _lines(tmp_path / "run" / "hands.jsonl")
    assert _kinds(hand)[-1] == "hand_ended"
    assert [a["kind"] for a in _lines(tmp_path / "run" / "alerts.jsonl")] == ["misdeal"]

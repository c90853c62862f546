"""`railbird demo --no-serve`: the demo's worker plays a rendered hand to its end, printing each alert."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from datasets.sim.library import Rendered
from tests.service.conftest import SCENARIO


def demo(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "service.cli", "demo", *args]
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env)


def test_demo_no_serve_prints_the_alerts_and_exits_0(rendered: Rendered) -> None:
    out = rendered.folder.parent  # the session's render of SCENARIO is up to date there: not rendered again
    done = demo("--no-serve", "--scenario", str(SCENARIO), "--out", str(out), "--speed", "0")
    assert done.returncode == 0, done.stderr
    assert f"demo hand: {rendered.folder} (up to date)" in done.stdout
    assert "perception: oracle" in done.stdout and "models/detector.md" in done.stdout
    assert "misdeal" in done.stdout and "ruling:" in done.stdout and "rule: " in done.stdout
    assert "clip of misdeal" in done.stdout
    assert done.stdout.rstrip().endswith(f"done: {len(rendered.alert_kinds)} alert(s)")
    assert list((out / "data" / "clips" / rendered.name).glob("*.mp4"))


def test_demo_with_a_missing_scenario_exits_2_naming_it(tmp_path: Path) -> None:
    done = demo("--no-serve", "--scenario", str(tmp_path / "nope.yaml"), "--out", str(tmp_path), timeout=120)
    assert done.returncode == 2
    assert "nope.yaml" in done.stderr

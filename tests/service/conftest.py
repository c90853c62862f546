"""A tiny rendered scenario shared by the service tests: rendered once per session (a few seconds)."""

from __future__ import annotations

from pathlib import Path

import pytest

from datasets.sim.library import SCENARIOS_DIR, Rendered, render_scenario
from datasets.sim.scenario import load_scenarios

# The shortest scenario in the library (230 frames, 7.7 s at 1280x720, 30 fps, overhead camera): one
# hand, dealt with the first card to the wrong seat, so it raises one alert (misdeal) and then ends.
SCENARIO = SCENARIOS_DIR / "misdeal_first_card_wrong_seat.yaml"


@pytest.fixture(scope="session")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    """``video.mp4``, ``annotations.jsonl``, ``camera.yaml`` and the answer keys in one folder."""
    scenario = load_scenarios(SCENARIO)[0]
    return render_scenario(scenario, tmp_path_factory.mktemp("scenario") / scenario.name)


@pytest.fixture
def camera_yaml(rendered: Rendered) -> Path:
    return rendered.folder / "camera.yaml"

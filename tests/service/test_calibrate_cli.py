"""`railbird calibrate chips` as a person uses it: photos of labelled chips in, colours written into
the config, exit code 2 naming the file on bad input."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
import typer
import yaml
from typer.testing import CliRunner

from service.calibrate_cli import calibrate_app
from tests.vision.test_chips import make_chip
from vision.chips import bgr_to_lab
from vision.chipset import POKEVISOR, ChipSet

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "camera_configs/pokevisor_chips.yaml"
runner = CliRunner()
app = typer.Typer()
app.add_typer(calibrate_app, name="calibrate")  # as service/cli.py registers it
TEAL = (150, 150, 40)  # this camera's view of the green chips


@pytest.fixture
def config(tmp_path: Path) -> Path:
    path = tmp_path / "table7.yaml"
    path.write_text(EXAMPLE.read_text() + "camera: {name: table7, fps: 30}\n")
    return path


def _photo(tmp_path: Path, value: int, base: tuple[int, int, int] | None = None, name: str = "") -> Path:
    path = tmp_path / (name or f"chip_{value}.png")
    cv2.imwrite(str(path), make_chip(POKEVISOR.spec(value), 120, base=base))
    return path


def _invoke(*args: str | Path):
    return runner.invoke(app, ["calibrate", "chips", *map(str, args)])


def test_samples_rewrite_only_the_sampled_base_colours(tmp_path, config):
    green, red = _photo(tmp_path, 25, TEAL), _photo(tmp_path, 5)
    result = _invoke("--config", config, "--sample", f"25={green}", "--sample", f"5={red}")
    assert result.exit_code == 0, result.output
    raw = yaml.safe_load(config.read_text())
    assert raw["camera"] == {"name": "table7", "fps": 30}, "other keys are kept"
    assert raw["version"] == 1
    chips = ChipSet.model_validate(raw["chipset"])
    new_green = np.array(chips.spec(25).base)
    assert np.linalg.norm(bgr_to_lab(new_green) - bgr_to_lab(np.array(TEAL))) < np.linalg.norm(
        bgr_to_lab(np.array(POKEVISOR.spec(25).base)) - bgr_to_lab(np.array(TEAL))
    )
    assert chips.spec(10) == POKEVISOR.spec(10), "not sampled: unchanged"
    assert chips.spec(25).model_dump(exclude={"base"}) == POKEVISOR.spec(25).model_dump(exclude={"base"})
    assert raw["calibrated_from"] == [{"value": 25, "image": str(green)}, {"value": 5, "image": str(red)}]
    assert config.read_text().startswith("# Chip config"), "the header comment is kept"


def test_images_with_values_and_a_labels_file(tmp_path, config):
    a, b = _photo(tmp_path, 100), _photo(tmp_path, 1000)
    assert _invoke(a, b, "--value", "100", "--value", "1000", "--config", config).exit_code == 0
    labels = tmp_path / "labels.yaml"
    labels.write_text(f"{a.name}: 100\n{b.name}: 1000\n")
    result = _invoke("--labels", labels, "--config", config)
    assert result.exit_code == 0, result.output
    assert [s["value"] for s in yaml.safe_load(config.read_text())["calibrated_from"]] == [100, 1000]


def test_dry_run_leaves_the_config(tmp_path, config):
    before = config.read_text()
    result = _invoke("--config", config, "--sample", f"25={_photo(tmp_path, 25, TEAL)}", "--dry-run")
    assert result.exit_code == 0 and "dry run" in result.output
    assert config.read_text() == before


def test_corrupt_image_exits_2_naming_it(tmp_path, config):
    bad = tmp_path / "broken.jpg"
    bad.write_bytes(b"\xff\xd8\xff\xe0 this is not a jpeg")
    result = _invoke("--config", config, "--sample", f"5={bad}")
    assert result.exit_code == 2
    assert "broken.jpg" in result.output and "corrupt" in result.output


def test_missing_image_exits_2(tmp_path, config):
    result = _invoke("--config", config, "--sample", f"5={tmp_path / 'nope.jpg'}")
    assert result.exit_code == 2 and "nope.jpg" in result.output and "no such file" in result.output


def test_value_not_in_the_chip_set_exits_2(tmp_path, config):
    result = _invoke("--config", config, "--sample", f"7={_photo(tmp_path, 5)}")
    assert result.exit_code == 2
    assert "value 7 is not in chip set 'pokevisor'" in " ".join(result.output.split())


def test_config_without_a_valid_chip_set_exits_2(tmp_path):
    photo = _photo(tmp_path, 5)
    missing = tmp_path / "no_chips.yaml"
    missing.write_text("camera: {name: t1}\n")
    result = _invoke("--config", missing, "--sample", f"5={photo}")
    assert result.exit_code == 2 and "no_chips.yaml" in result.output and "chipset" in result.output
    broken = tmp_path / "repeats.yaml"
    raw = yaml.safe_load(EXAMPLE.read_text())
    raw["chipset"]["chips"][1]["value"] = 1  # two 1 chips
    broken.write_text(yaml.safe_dump(raw))
    result = _invoke("--config", broken, "--sample", f"5={photo}")
    assert (
        result.exit_code == 2
        and "repeats.yaml" in result.output
        and "repeats a denomination" in result.output
    )


def test_bad_sample_syntax_and_unpaired_values_exit_2(tmp_path, config):
    photo = _photo(tmp_path, 5)
    assert _invoke("--config", config, "--sample", str(photo)).exit_code == 2
    assert _invoke(photo, photo, "--value", "5", "--config", config).exit_code == 2
    assert _invoke("--config", config).exit_code == 2

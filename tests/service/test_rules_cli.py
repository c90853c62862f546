"""`railbird rules ...` as a person uses it: rulings with citations, JSON, exit code 2 on bad input."""

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from service.cli import app

ROOT = Path(__file__).parents[2]
DEMO = ROOT / "rules/examples/demo_feature_table.yaml"
runner = CliRunner()


def test_judge_prints_rulings_and_alerts_with_the_house_rule():
    result = runner.invoke(app, ["rules", "judge", str(DEMO)])
    assert result.exit_code == 0, result.output
    text = " ".join(result.output.split())
    assert "seat 8: call 400, 600 returned" in text
    assert "bluff_street 42" in text
    assert "phone on the table at seat 8" in text


def test_profile_option_changes_the_ruling():
    bluff = runner.invoke(app, ["rules", "judge", str(DEMO), "--json"])
    blasters = runner.invoke(app, ["rules", "judge", str(DEMO), "--json", "--profile", "blasters"])
    bluff_kinds = {a["kind"] for a in json.loads(bluff.output)["alerts"]}
    blaster_kinds = {a["kind"] for a in json.loads(blasters.output)["alerts"]}
    assert "foreign_object" in bluff_kinds, "Bluff Street: no phones on the table (rule 8)"
    assert "foreign_object" not in blaster_kinds, "Blaster's allows a phone on the table"


def test_json_output_carries_citations():
    result = runner.invoke(app, ["rules", "judge", str(DEMO), "--json"])
    data = json.loads(result.output)
    assert data["profile"] == "bluff_street"
    oversized = next(a for a in data["alerts"] if a["kind"] == "oversized_chip")
    assert oversized["citations"][0]["rule"] == "42"


def test_profiles_compare_shows_houses_side_by_side():
    result = runner.invoke(app, ["rules", "profiles", "--compare"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    assert "boxed_cards_for_misdeal" in result.output and "blasters" in result.output


def test_bad_hand_file_exits_2_naming_file_line_and_field(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        DEMO.read_text().replace("{seat: 8, chips: [1000]}", "{seat: 8, chips: [1000], wobble: 1}")
    )
    result = runner.invoke(app, ["rules", "judge", str(bad)])
    assert result.exit_code == 2
    assert "bad.yaml:" in result.output and "unknown field 'wobble'" in result.output


def test_unknown_profile_exits_2():
    result = runner.invoke(app, ["rules", "judge", str(DEMO), "--profile", "vegas"])
    assert result.exit_code == 2 and "unknown profile 'vegas'" in result.output


def test_installed_command_runs_and_fails_with_code_2():
    ok = subprocess.run(
        [sys.executable, "-m", "service.cli", "rules", "profiles"], capture_output=True, text=True
    )
    assert ok.returncode == 0 and "bluff_street" in ok.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "service.cli", "rules", "judge", "missing.yaml"],
        capture_output=True,
        text=True,
    )
    assert bad.returncode == 2 and "no such hand file" in bad.stderr

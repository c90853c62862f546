"""`railbird eval` end to end: a rendered string-bet hand through the whole pipeline (the renderer's
own boxes as perception), scored against its answer key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from datasets.eval_pipeline import Tally, match, score_scenario
from datasets.sim.library import SCENARIOS_DIR, Rendered, render_scenario
from datasets.sim.oracle import OraclePerception
from datasets.sim.scenario import load_scenarios
from service.cli import app


@pytest.fixture(scope="module")
def string_bet(tmp_path_factory: pytest.TempPathFactory) -> Rendered:
    scenario = load_scenarios(SCENARIOS_DIR / "string_bet_return_to_stack.yaml")[0]
    return render_scenario(scenario, tmp_path_factory.mktemp("eval") / scenario.name)


def oracle(config: object) -> OraclePerception:
    return OraclePerception(Path(config.source.url).parent / "annotations.jsonl", config.chips)  # type: ignore[attr-defined]


def test_string_bet_hand_is_seen_event_for_event(string_bet: Rendered) -> None:
    result = score_scenario(string_bet.folder, oracle)
    assert result.error is None
    for kind, tally in result.events.items():
        assert (tally.fn, tally.fp) == (0, 0), f"{kind}: missed {tally.fn}, extra {tally.fp}"
    assert result.events["chip_action"].exact == 1  # two motions, 200 then 500, back to the stack between
    assert set(result.alerts) == {"string_bet", "showdown_order"}
    assert all(t.tp == 1 and t.fp == 0 for t in result.alerts.values())
    assert result.rulings_right == result.rulings_matched == 2
    # the string bet is raised once the second motion has settled: after the true event, not long after
    (lag,) = result.alerts["string_bet"].lag
    assert 0.0 < lag <= 0.8


def test_a_player_who_walks_off_before_the_deal_is_seen_absent_at_the_deal(tmp_path: Path) -> None:
    scenario = load_scenarios(SCENARIOS_DIR / "absent_left_before_deal.yaml")[0]
    result = score_scenario(render_scenario(scenario, tmp_path / scenario.name).folder, oracle)
    assert result.error is None
    vacated = result.events["seat_vacated"]
    assert (vacated.tp, vacated.fn, vacated.fp) == (1, 0, 0)
    assert set(result.alerts) == {"absent_at_deal"}
    assert (result.alerts["absent_at_deal"].tp, result.alerts["absent_at_deal"].fp) == (1, 0)


def test_eval_command_writes_its_report(string_bet: Rendered, tmp_path: Path) -> None:
    out, md = tmp_path / "report.json", tmp_path / "report.md"
    run = CliRunner().invoke(
        app,
        ["eval", str(string_bet.folder), "--perception", "oracle", "--json", str(out), "--markdown", str(md)],
    )
    assert run.exit_code == 0, run.output
    report = json.loads(out.read_text())
    assert report["alerts"]["string_bet"]["recall"] == 1.0
    assert report["ruling_accuracy"] == 1.0
    assert report["alert_lag_s"]["n"] == 2 and report["alert_lag_s"]["p95"] >= report["alert_lag_s"]["p50"]
    (scenario,) = report["per_scenario"]  # each matched alert's lag, to find the slow ones
    lags = [x for per_kind in scenario["alert_lag_s"].values() for x in per_kind]
    assert max(lags) == report["alert_lag_s"]["max"]
    assert "string_bet" in run.output
    section = md.read_text()
    assert "| string_bet | 1 | 1 | 1.000 | 1.000 |" in section
    assert "scenarios raising exactly their answer key: 1 of 1" in section
    assert "alert lag in video time" in section


def test_eval_refuses_a_folder_without_renders(tmp_path: Path) -> None:
    run = CliRunner().invoke(app, ["eval", str(tmp_path), "--perception", "oracle"])
    assert run.exit_code == 2
    assert "no rendered scenarios" in " ".join(run.output.split())


def test_matching_pairs_by_kind_seat_and_nearest_time() -> None:
    tallies: dict[str, Tally] = {}
    truth: list[tuple[str, int | None, float, object]] = [
        ("fold", 3, 10.0, {}),
        ("fold", 4, 12.0, {}),
        ("table_tap", 2, 5.0, {}),
    ]
    seen: list[tuple[str, int | None, float, object]] = [
        ("fold", 3, 10.4, {}),
        ("fold", 4, 15.0, {}),
        ("table_tap", 2, 5.1, {}),
        ("table_tap", 1, 5.0, {}),
    ]
    match(truth, seen, 1.5, tallies)
    assert (tallies["fold"].tp, tallies["fold"].fn, tallies["fold"].fp) == (1, 1, 1)
    assert (tallies["table_tap"].tp, tallies["table_tap"].fp) == (1, 1)
    assert tallies["fold"].dt == [pytest.approx(0.4)]

"""The scenario library and its answer keys: coverage of the alert kinds, the engine's verdict on
every scenario's ground truth, rendering to folders, determinism, interruption, the CLI."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

import datasets.sim.library as library
from datasets.sim.library import SCENARIOS_DIR, render_library, render_scenario, verify
from datasets.sim.objects import Annotation, Card, ChipStack, DetClass, Hand, Item, Scene
from datasets.sim.scenario import Scenario, ScenarioError, load_library, load_scenarios
from rules.records import DEFAULT_SEVERITY, AlertKind, Severity
from service.synth_cli import synth_app

LIBRARY = load_library(SCENARIOS_DIR)
FILES = sorted(SCENARIOS_DIR.glob("*.yaml"))

# What a camera (with the dealer console) can be scripted to show. The remaining kind,
# verbal_chips_conflict, is never raised by the engine (see test_kinds_without_a_scenario).
CAMERA_KINDS = set(AlertKind) - {AlertKind.VERBAL_CHIPS_CONFLICT}


# ----- the library --------------------------------------------------------------------------------


def test_the_library_is_large_and_every_file_has_variants() -> None:
    per_file = Counter(s.id for s in LIBRARY)
    assert len(FILES) >= 40
    assert all(n >= 2 for n in per_file.values()), [f for f, n in per_file.items() if n < 2]
    assert all(s.description.strip() for s in LIBRARY)


def test_there_are_enough_clean_hands_for_counting_false_alarms() -> None:
    clean = [s for s in LIBRARY if "clean" in s.tags]
    assert len({s.id for s in clean}) >= 10
    allowed = {k for k in AlertKind if DEFAULT_SEVERITY[k] is Severity.RULING}
    for scn in clean:
        assert set(scn.expect_alerts) <= allowed, scn.name
    heads_up = [s for s in clean if len(s.seats) == 2]
    full_ring = [s for s in clean if len(s.seats) >= 9]
    all_in = [s for s in clean if any(step.do == "all_in" for step in s.hand)]
    assert heads_up and full_ring and all_in


def test_every_alert_kind_a_camera_can_see_has_two_variants() -> None:
    seen = Counter(k for s in LIBRARY for k in set(s.expect_alerts))
    missing = {k.value for k in CAMERA_KINDS if seen[k] < 2}
    assert not missing, f"alert kinds with fewer than two scenario variants: {sorted(missing)}"


def test_kinds_without_a_scenario() -> None:
    """verbal_chips_conflict has no scenario: the engine defines it but never raises it."""
    source = "".join(p.read_text() for p in Path("rules").rglob("*.py"))
    assert source.count("AlertKind.VERBAL_CHIPS_CONFLICT") <= 1


@pytest.mark.parametrize("scn", LIBRARY, ids=[s.name for s in LIBRARY])
def test_the_house_raises_exactly_the_expected_alerts_on_the_truth(scn: Scenario) -> None:
    verdict = verify(scn)
    assert verdict.ok, verdict.explain()


def test_the_rulebooks_worked_examples_are_in_the_library() -> None:
    ids = {s.id for s in LIBRARY if "rulebook" in s.tags}
    assert {"bluff_street_37_multi_chip_call", "overbet_for_change", "playlive_45a_multi_chip_call"} <= ids
    assert "oversized_chip_call" in ids


# ----- rendering with a stand-in renderer ----------------------------------------------------------


class FakeRenderer:
    """Boxes straight from world coordinates: enough to test the files, not the pixels."""

    def __init__(self, width: int = 64, height: int = 36, stop_at: int | None = None) -> None:
        self.size = (width, height)
        self.stop_at = stop_at

    def render(self, scene: Scene) -> tuple[np.ndarray, list[Annotation]]:
        if self.stop_at is not None and scene.frame >= self.stop_at:
            raise KeyboardInterrupt
        w, h = self.size
        out = []
        for o in scene.objects:
            cls = {Card: DetClass.CARD_DOWN, ChipStack: DetClass.CHIP, Hand: DetClass.HAND}.get(
                type(o), DetClass.PHONE
            )
            x, y = o.pose.x + 150, o.pose.y + 80
            out.append(
                Annotation(
                    o.id,
                    cls,
                    (x, y, x + 4, y + 4),
                    1.0,
                    None,
                    card=o.card if isinstance(o, Card) and o.face_up else None,
                    chips=o.chips if isinstance(o, ChipStack) else (),
                    value=o.value if isinstance(o, ChipStack) else None,
                    seat=o.seat if isinstance(o, Hand) else None,
                )
            )
            assert not isinstance(o, Item) or o.kind
        return np.zeros((h, w, 3), np.uint8), out


class FakeVideo:
    def __init__(self, path: Path, fps: int, width: int, height: int) -> None:
        self.path, self.frames = path, 0

    def __enter__(self) -> FakeVideo:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.path.write_bytes(b"fake video: %d frames" % self.frames)

    def write(self, frame: np.ndarray) -> None:
        self.frames += 1


@pytest.fixture
def fake_video(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(library, "open_video", FakeVideo)


def small(name: str) -> Scenario:
    return next(s for s in LIBRARY if s.name == name)


def test_a_rendered_folder_holds_video_annotations_and_answer_keys(tmp_path: Path, fake_video: None) -> None:
    scn = small("oversized_chip_call")
    done = render_scenario(scn, tmp_path / "out", renderer_for=lambda c: FakeRenderer())
    names = sorted(p.name for p in done.folder.iterdir())
    assert names == ["alerts.json", "annotations.jsonl", "events.json", "scenario.json", "video.mp4"]
    events = json.loads((done.folder / "events.json").read_text())
    assert events[0]["hand_started"]["button_seat"] == 3 and all("frame" in e for e in events)
    alerts = json.loads((done.folder / "alerts.json").read_text())
    assert [a["kind"] for a in alerts] == ["oversized_chip", "showdown_order"]
    assert (
        alerts[0]["seat"] == 8
        and alerts[0]["severity"] == "ruling"
        and alerts[0]["citations"][0]["rule"] == "42"
    )
    lines = (done.folder / "annotations.jsonl").read_text().splitlines()
    assert len(lines) == done.frames
    first = json.loads(lines[100])
    assert first["frame"] == 100 and first["objects"][0].keys() >= {
        "id",
        "class",
        "box",
        "card",
        "chips",
        "value",
        "zone",
    }
    meta = json.loads((done.folder / "scenario.json").read_text())
    assert meta["frames"] == done.frames and meta["setup"]["button"] == 3 and len(meta["hole_cards"]) == 6


def test_same_scenario_and_seed_give_byte_identical_truth_and_annotations(
    tmp_path: Path, fake_video: None
) -> None:
    scn = small("string_bet_return_to_stack")
    a = render_scenario(scn, tmp_path / "a", seed=5, renderer_for=lambda c: FakeRenderer())
    b = render_scenario(scn, tmp_path / "b", seed=5, renderer_for=lambda c: FakeRenderer())
    c = render_scenario(scn, tmp_path / "c", seed=6, renderer_for=lambda c: FakeRenderer())
    for name in ("events.json", "annotations.jsonl", "alerts.json"):
        assert (a.folder / name).read_bytes() == (b.folder / name).read_bytes(), name
    assert (a.folder / "annotations.jsonl").read_bytes() != (c.folder / "annotations.jsonl").read_bytes()


def test_an_interrupted_render_leaves_the_finished_folder_as_it_was(tmp_path: Path, fake_video: None) -> None:
    scn = small("clean_heads_up_preflop_fold")
    out = tmp_path / "out"
    render_scenario(scn, out, renderer_for=lambda c: FakeRenderer())
    before = (out / "events.json").read_bytes()
    with pytest.raises(KeyboardInterrupt):
        render_scenario(scn, out, seed=9, renderer_for=lambda c: FakeRenderer(stop_at=50))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]
    assert (out / "events.json").read_bytes() == before


def test_the_library_renders_each_variant_and_skips_what_is_up_to_date(
    tmp_path: Path, fake_video: None
) -> None:
    done = render_library(tmp_path, only="misdeal_boxed*", renderer_for=lambda c: FakeRenderer())
    assert [r.name for r in done] == [s.name for s in LIBRARY if s.id == "misdeal_boxed_cards"]
    index = json.loads((tmp_path / "index.json").read_text())
    assert [row["alerts"] for row in index] == [["card_exposed", "misdeal"]] * len(done)
    again = render_library(tmp_path, only="misdeal_boxed*", renderer_for=lambda c: FakeRenderer())
    assert all(r.skipped for r in again)


def test_a_held_out_library_shifts_every_seed_and_names_the_folders_by_it(
    tmp_path: Path, fake_video: None
) -> None:
    done = render_library(
        tmp_path, only="misdeal_boxed*", renderer_for=lambda c: FakeRenderer(), seed_offset=2000
    )
    base = [s for s in LIBRARY if s.id == "misdeal_boxed_cards"]
    assert [r.name for r in done] == [f"{s.name}-s{s.seed + 2000}" for s in base]
    for r, s in zip(done, base, strict=True):
        assert json.loads((r.folder / "scenario.json").read_text())["scenario"]["seed"] == s.seed + 2000


def test_a_blind_set_of_base_hands_only(tmp_path: Path, fake_video: None) -> None:
    done = render_library(
        tmp_path,
        only="misdeal_boxed*",
        renderer_for=lambda c: FakeRenderer(),
        seed_offset=3000,
        base_only=True,
    )
    (base,) = [s for s in LIBRARY if s.id == "misdeal_boxed_cards" and not s.variant]
    assert [r.name for r in done] == [f"misdeal_boxed_cards-s{base.seed + 3000}"]


def test_style_overrides_are_typed_and_checked() -> None:
    from dataclasses import dataclass
    from enum import StrEnum

    class Texture(StrEnum):
        WOVEN = "woven"
        SUEDE = "suede"

    @dataclass(frozen=True)
    class Look:
        felt_color: tuple[int, int, int] = (0, 0, 0)
        felt_texture: Texture = Texture.WOVEN

    scn = small("rabbit_hunt")
    look = library._restyle(Look(), {"felt_color": [40, 110, 40], "felt_texture": "suede"}, scn)
    assert look == Look((40, 110, 40), Texture.SUEDE)
    with pytest.raises(
        ScenarioError, match=r"field 'table\.style\.felt': the renderer's Style has no such field"
    ):
        library._restyle(Look(), {"felt": "red"}, scn)


# ----- the command --------------------------------------------------------------------------------

runner = CliRunner()


def test_cli_bad_scenario_exits_2_with_file_and_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    text = (
        (SCENARIOS_DIR / "undercall.yaml")
        .read_text()
        .replace("seat 7 pushes [1000, 1000]", "seat 7 pushes [1000, 3]")
    )
    bad.write_text(text)
    result = runner.invoke(synth_app, ["render", str(bad), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2
    line = text.splitlines().index("  - seat 7 pushes [1000, 3]") + 1
    assert f"bad.yaml:{line}:" in " ".join(result.output.split()) or f"bad.yaml:{line}:" in result.output
    assert not (tmp_path / "out").exists()


def test_cli_library_and_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_video: None) -> None:
    monkeypatch.setattr(library, "make_renderer", lambda compiled: FakeRenderer())
    result = runner.invoke(
        synth_app, ["library", "--out", str(tmp_path), "--only", "clean_heads_up_preflop*"]
    )
    assert result.exit_code == 0, result.output
    assert (tmp_path / "clean_heads_up_preflop_fold-oblique" / "video.mp4").exists()
    result = runner.invoke(synth_app, ["check", "--only", "rabbit*"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(synth_app, ["library", "--out", str(tmp_path), "--only", "nothing-like-this"])
    assert result.exit_code == 2


def test_cli_check_fails_when_the_house_raises_something_else(tmp_path: Path) -> None:
    text = (
        (SCENARIOS_DIR / "rabbit_hunt.yaml")
        .read_text()
        .replace("expect_alerts: [rabbit_hunt]", "expect_alerts: []")
    )
    (tmp_path / "rabbit.yaml").write_text(text)
    result = runner.invoke(synth_app, ["check", "--directory", str(tmp_path)])
    assert result.exit_code == 1
    assert "rabbit-oblique: missing -; unexpected rabbit_hunt" in " ".join(result.output.split())


def test_cli_render_one_variant(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_video: None) -> None:
    monkeypatch.setattr(library, "make_renderer", lambda compiled: FakeRenderer())
    path = SCENARIOS_DIR / "rabbit_hunt.yaml"
    result = runner.invoke(
        synth_app, ["render", str(path), "--out", str(tmp_path / "r"), "--variant", "oblique"]
    )
    assert result.exit_code == 0, result.output
    meta = json.loads((tmp_path / "r" / "scenario.json").read_text())
    assert meta["name"] == "rabbit_hunt-oblique"
    result = runner.invoke(
        synth_app, ["render", str(path), "--out", str(tmp_path / "r"), "--variant", "nope"]
    )
    assert result.exit_code == 2


# ----- the real renderer, when it is there ----------------------------------------------------------


def test_real_renderer_is_deterministic(tmp_path: Path) -> None:
    pytest.importorskip("datasets.sim.render", exc_type=ImportError)
    pytest.importorskip("datasets.sim.video", exc_type=ImportError)
    path = tmp_path / "tiny.yaml"
    text = (SCENARIOS_DIR / "clean_heads_up_preflop_fold.yaml").read_text()
    text = text.replace(
        "profile: tda", "profile: tda\nfps: 6\ncamera: {view: overhead, width: 320, height: 180}"
    )
    path.write_text(text)
    scn = load_scenarios(path)[0]
    a = render_scenario(scn, tmp_path / "a")
    b = render_scenario(scn, tmp_path / "b")
    assert (a.folder / "annotations.jsonl").read_bytes() == (b.folder / "annotations.jsonl").read_bytes()
    assert (a.folder / "video.mp4").stat().st_size > 0

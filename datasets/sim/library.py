"""Render scenarios to folders with their answer keys; render the whole scenario library.

One scenario's folder holds:

- ``events.json``       the ground-truth event timeline (``vision.event_codec`` records, frame-exact)
- ``alerts.json``       what the scenario's house profile raises on that truth (kind, severity, seat, ...)
- ``scenario.json``     the resolved scenario: setup, hole cards, board, starting stacks, frames
- ``annotations.jsonl`` one line per frame: every object's id, class, box, card, chips, value, zone
- ``video.mp4``         the rendered hand
- ``camera.yaml``       the camera config (``vision.camera_config``) of the camera that filmed it: rail,
                        felt and zones projected through it, chip set and game; its ``source.url`` is
                        ``video.mp4``, so ``load_camera_config`` finds the video next to it

A folder is written under a temporary name and renamed when complete, so an interrupted run
leaves only finished scenarios behind; ``render_library`` skips folders already up to date.
"""

from __future__ import annotations

import dataclasses
import fnmatch
import hashlib
import json
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from datasets.sim.objects import Annotation
from datasets.sim.scenario import Scenario, ScenarioError, load_library
from datasets.sim.script import CompiledHand, compile_scenario
from rules.records import Alert

if TYPE_CHECKING:
    from datasets.sim.camera import Camera

SCENARIOS_DIR = Path(__file__).resolve().parents[1] / "scenarios"
Progress = Callable[[int, int], None]  # (frames done, frames in all)


@dataclass(frozen=True, slots=True)
class Rendered:
    name: str
    folder: Path
    frames: int
    alert_kinds: tuple[str, ...]
    skipped: bool = False


# ----- answer keys ------------------------------------------------------------------------------


def alert_record(alert: Alert, fps: int) -> dict[str, Any]:
    return {
        "kind": alert.kind.value,
        "severity": alert.severity.value,
        "seat": alert.seat,
        "t_start": alert.t_start,
        "t_end": alert.t_end,
        "frame_start": round(alert.t_start * fps),
        "frame_end": round(alert.t_end * fps),
        "message": alert.message,
        "ruling": alert.ruling,
        "citations": [
            {
                "profile": c.profile,
                "rule": c.rule,
                "excerpt": c.excerpt,
                "inherited_from": c.inherited_from,
                "text": str(c),
            }
            for c in alert.citations
        ],
    }


def answer_key(compiled: CompiledHand) -> dict[str, Any]:
    """The ground truth and the house's alerts on it, as written to events.json / alerts.json."""
    record = compiled.judge()
    return {
        "events": compiled.records(),
        "alerts": [alert_record(a, compiled.fps) for a in record.alerts],
    }


def write_truth(compiled: CompiledHand, folder: Path) -> dict[str, Any]:
    key = answer_key(compiled)
    _dump(folder / "events.json", key["events"])
    _dump(folder / "alerts.json", key["alerts"])
    _dump(folder / "scenario.json", {**compiled.resolved(), "fingerprint": fingerprint(compiled.scenario)})
    return key


def _dump(path: Path, data: Any) -> None:
    path.write_text(json.dumps(data, indent=1, sort_keys=False) + "\n", encoding="utf-8")


def fingerprint(scn: Scenario) -> str:
    """Changes when the scenario or the simulator's code changes (an up-to-date folder is skipped)."""
    h = hashlib.sha256(json.dumps(scn.model_dump(mode="json"), sort_keys=True).encode())
    for path in sorted(Path(__file__).parent.rglob("*.py")):
        h.update(path.read_bytes())
    return h.hexdigest()[:16]


# ----- one scenario -----------------------------------------------------------------------------


def annotation_record(a: Annotation) -> dict[str, Any]:
    return {
        "id": a.id,
        "class": a.cls.value,
        "box": [round(float(v), 2) for v in a.box],
        "visible": round(float(a.visible), 3),
        "zone": a.zone,
        "card": a.card,
        "chips": list(a.chips),
        "value": a.value,
        "seat": a.seat,
    }


def make_camera(compiled: CompiledHand) -> Camera:
    """The scenario's camera: its view's preset, jittered by the camera seed (default: the scenario's)."""
    from datasets.sim.camera import oblique, overhead

    scn = compiled.scenario
    cam = scn.camera
    rng = np.random.default_rng(scn.seed if cam.seed is None else cam.seed)
    preset = overhead if cam.view == "overhead" else oblique
    return preset(cam.width, cam.height, table_length=compiled.layout.length, rng=rng)


def make_renderer(compiled: CompiledHand) -> Any:
    """The renderer for this scenario's camera, style and seed (imported here: compiling needs none)."""
    from datasets.sim.render import Renderer
    from datasets.sim.style import random_style

    scn = compiled.scenario
    camera = make_camera(compiled)
    style_seed = scn.seed if scn.table.style_seed is None else scn.table.style_seed
    style = random_style(np.random.default_rng(style_seed), scn.chip_set).for_video()
    if scn.table.style:
        style = _restyle(style, scn.table.style, scn)
    return Renderer(compiled.layout, camera, style, scn.seed)


def _restyle(style: Any, overrides: dict[str, Any], scn: Scenario) -> Any:
    names = (
        [f.name for f in dataclasses.fields(style)]
        if dataclasses.is_dataclass(style)
        else list(getattr(type(style), "model_fields", {}))
    )
    unknown = sorted(set(overrides) - set(names))
    if unknown:
        raise ScenarioError(
            f"{scn.source}: field 'table.style.{unknown[0]}': the renderer's Style has no such field "
            f"(has {', '.join(names)})"
        )
    typed = {}
    for name, value in overrides.items():
        current = getattr(style, name)
        if isinstance(current, Enum):
            value = type(current)(value)
        elif isinstance(current, tuple) and isinstance(value, list):
            value = tuple(tuple(v) if isinstance(v, list) else v for v in value)
        typed[name] = value
    if dataclasses.is_dataclass(style):
        return dataclasses.replace(style, **typed)  # type: ignore[type-var]
    return style.model_copy(update=typed)


def render_scenario(
    scn: Scenario,
    folder: Path,
    *,
    seed: int | None = None,
    renderer_for: Callable[[CompiledHand], Any] | None = None,
    progress: Progress | None = None,
) -> Rendered:
    """Compile, judge and render one scenario into ``folder`` (replaced when complete)."""
    if seed is not None:
        scn = scn.model_copy(update={"seed": seed})
    compiled = compile_scenario(scn)
    folder = Path(folder)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = folder.parent / f".{folder.name}.partial-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    try:
        key = write_truth(compiled, tmp)
        renderer = (renderer_for or make_renderer)(compiled)
        camera = getattr(renderer, "camera", None)  # a stand-in renderer without a camera writes none
        if camera is not None:
            from datasets.sim.camera_config import write_camera_config

            write_camera_config(compiled, camera, tmp)
        _render_video(compiled, tmp, renderer, progress)
        _replace(tmp, folder)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    kinds = tuple(dict.fromkeys(a["kind"] for a in key["alerts"]))
    return Rendered(scn.name, folder, compiled.n_frames, kinds)


def open_video(path: Path, fps: int, width: int, height: int) -> Any:
    """The video writer (imported here: compiling and judging need no video stack)."""
    from datasets.sim.video import VideoWriter

    return VideoWriter(path, fps, width, height)


def _render_video(compiled: CompiledHand, folder: Path, renderer: Any, progress: Progress | None) -> None:
    cam = compiled.scenario.camera
    total = compiled.n_frames
    with (
        open_video(folder / "video.mp4", compiled.fps, cam.width, cam.height) as video,
        (folder / "annotations.jsonl").open("w", encoding="utf-8") as ann,
    ):
        for scene in compiled.scenes():
            image, annotations = renderer.render(scene)
            video.write(image)
            line = {
                "frame": scene.frame,
                "t": scene.t,
                "objects": [annotation_record(a) for a in annotations],
            }
            ann.write(json.dumps(line, separators=(",", ":")) + "\n")
            if progress is not None:
                progress(scene.frame + 1, total)


def _replace(tmp: Path, folder: Path) -> None:
    if folder.exists():
        old = folder.parent / f".{folder.name}.old-{os.getpid()}"
        folder.rename(old)
        tmp.rename(folder)
        shutil.rmtree(old, ignore_errors=True)
    else:
        tmp.rename(folder)


# ----- checking the answer keys ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """What a scenario expects its house to raise on the truth, and what the engine raised."""

    name: str
    expected: frozenset[str]
    raised: frozenset[str]

    @property
    def ok(self) -> bool:
        return self.expected == self.raised

    def explain(self) -> str:
        missing = ", ".join(sorted(self.expected - self.raised)) or "-"
        extra = ", ".join(sorted(self.raised - self.expected)) or "-"
        return f"{self.name}: missing {missing}; unexpected {extra}"


def verify(scn: Scenario) -> Verdict:
    record = compile_scenario(scn).judge()
    return Verdict(
        scn.name,
        frozenset(k.value for k in scn.expect_alerts),
        frozenset(a.kind.value for a in record.alerts),
    )


# ----- the library ------------------------------------------------------------------------------


def select(scenarios: list[Scenario], only: str | None, base_only: bool = False) -> list[Scenario]:
    """Scenarios whose name (``id`` or ``id-variant``) or file id matches the glob ``only``; with
    ``base_only`` just each file's base hand (no variants)."""
    if base_only:
        scenarios = [s for s in scenarios if not s.variant]
    if not only:
        return scenarios
    return [s for s in scenarios if fnmatch.fnmatch(s.name, only) or fnmatch.fnmatch(s.id, only)]


def up_to_date(scn: Scenario, folder: Path) -> bool:
    try:
        done = json.loads((folder / "scenario.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return done.get("fingerprint") == fingerprint(scn) and (folder / "video.mp4").exists()


def render_library(
    out: Path,
    *,
    directory: Path = SCENARIOS_DIR,
    only: str | None = None,
    force: bool = False,
    on_start: Callable[[Scenario, int, int], None] | None = None,
    progress: Progress | None = None,
    renderer_for: Callable[[CompiledHand], Any] | None = None,
    seed_offset: int = 0,
    base_only: bool = False,
) -> list[Rendered]:
    """Render every scenario and variant in ``directory`` into ``out/<name>/``; write ``out/index.json``.

    Folders already rendered from the same scenario and code are kept unless ``force``.
    ``seed_offset``: add this to every scenario's seed (another table look, camera pose, cards and
    stacks: a held-out set) and name each folder ``<name>-s<seed>``. ``base_only``: no variants.
    """
    scenarios = select(load_library(directory), only, base_only)
    if seed_offset:
        scenarios = [
            s.model_copy(
                update={
                    "seed": s.seed + seed_offset,
                    "variant": "-".join(v for v in (s.variant, f"s{s.seed + seed_offset}") if v),
                }
            )
            for s in scenarios
        ]
    out.mkdir(parents=True, exist_ok=True)
    done: list[Rendered] = []
    for i, scn in enumerate(scenarios):
        if on_start is not None:
            on_start(scn, i, len(scenarios))
        folder = out / scn.name
        if not force and up_to_date(scn, folder):
            meta = json.loads((folder / "scenario.json").read_text(encoding="utf-8"))
            kinds = tuple(dict.fromkeys(a["kind"] for a in json.loads((folder / "alerts.json").read_text())))
            done.append(Rendered(scn.name, folder, int(meta["frames"]), kinds, skipped=True))
        else:
            done.append(render_scenario(scn, folder, renderer_for=renderer_for, progress=progress))
        write_index(out, scenarios, done)
    return done


def write_index(out: Path, scenarios: list[Scenario], done: list[Rendered]) -> None:
    by_name = {r.name: r for r in done}
    rows = []
    for scn in scenarios:
        r = by_name.get(scn.name)
        if r is None:
            continue
        rows.append(
            {
                "name": scn.name,
                "folder": r.folder.name,
                "description": scn.description.strip(),
                "tags": scn.tags,
                "profile": scn.profile,
                "camera": scn.camera.view,
                "chipset": scn.chipset,
                "expect_alerts": [k.value for k in scn.expect_alerts],
                "alerts": list(r.alert_kinds),
                "frames": r.frames,
            }
        )
    tmp = out / ".index.json.partial"
    tmp.write_text(json.dumps(rows, indent=1) + "\n", encoding="utf-8")
    tmp.replace(out / "index.json")

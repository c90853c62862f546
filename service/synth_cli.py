"""``railbird synth ...``: render scripted hands at the simulated table, with their answer keys.

    railbird synth render SCENARIO.yaml --out DIR [--seed S] [--variant NAME]
    railbird synth library --out DIR [--only GLOB] [--force]
    railbird synth check [--only GLOB]
    railbird synth dataset --images N --out DIR [--seed S] [--size 640] [--val-fraction 0.1]
    railbird synth bench [--seconds 5]

A scenario with an error stops with its file, line and reason, and exit code 2; so do bad
dataset arguments and an unusable output folder.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Annotated

import typer
from pydantic import ValidationError
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from datasets.sim.library import SCENARIOS_DIR, render_library, render_scenario, select, verify
from datasets.sim.scenario import Scenario, ScenarioError, load_library, load_scenarios

synth_app = typer.Typer(
    help="The table simulator: scripted hands rendered to video with frame-exact answer keys.",
    no_args_is_help=True,
)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code=code)


def _progress() -> Progress:
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=err,
        transient=False,
    )


@synth_app.command("render")
def render_command(
    scenario: Annotated[Path, typer.Argument(help="scenario file (YAML)")],
    out: Annotated[Path, typer.Option("--out", help="folder to write video, annotations and answer keys to")],
    seed: Annotated[
        int | None, typer.Option(help="override the scenario's seed (cards, stacks, look)")
    ] = None,
    variant: Annotated[
        str | None, typer.Option(help="render this variant instead of the file as written")
    ] = None,
) -> None:
    """Render one scenario: video.mp4, annotations.jsonl, events.json, alerts.json, scenario.json."""
    try:
        scenarios = load_scenarios(scenario)
        chosen = _pick(scenarios, variant, scenario)
        with _progress() as progress:
            task = progress.add_task(chosen.name, total=None)
            done = render_scenario(
                chosen,
                out,
                seed=seed,
                progress=lambda n, total: progress.update(task, completed=n, total=total),
            )
    except ScenarioError as exc:
        raise _fail(str(exc)) from None
    except ImportError as exc:
        raise _fail(f"the renderer is not available ({exc})", code=1) from None
    except KeyboardInterrupt:
        raise _fail(f"interrupted; {out} was left as it was", code=130) from None
    console.print(f"{done.name}: {done.frames} frames -> {done.folder}")
    console.print(f"alerts: {', '.join(done.alert_kinds) or 'none'}")


def _pick(scenarios: list[Scenario], variant: str | None, path: Path) -> Scenario:
    if variant is None:
        return scenarios[0]
    for scn in scenarios:
        if scn.variant == variant:
            return scn
    names = ", ".join(s.variant for s in scenarios if s.variant) or "none"
    raise ScenarioError(f"{path}: no variant '{variant}' (variants: {names})")


@synth_app.command("library")
def library_command(
    out: Annotated[Path, typer.Option("--out", help="folder for one sub-folder per scenario and variant")],
    only: Annotated[str | None, typer.Option(help="glob on scenario names, e.g. 'misdeal*'")] = None,
    directory: Annotated[Path, typer.Option(help="scenario folder")] = SCENARIOS_DIR,
    force: Annotated[bool, typer.Option(help="render again even when up to date")] = False,
    seed_offset: Annotated[
        int,
        typer.Option(
            min=0, help="add this to every seed (a held-out set: folders named NAME-sSEED), e.g. 2000"
        ),
    ] = 0,
    base_only: Annotated[bool, typer.Option(help="only each file's base hand, no variants")] = False,
) -> None:
    """Render every scenario and variant of the library. Ctrl-C keeps the finished ones."""
    try:
        names = [s.name for s in select(load_library(directory), only, base_only)]
    except ScenarioError as exc:
        raise _fail(str(exc)) from None
    if not names:
        raise _fail(f"no scenario in {directory} matches '{only}'")
    done = []
    with _progress() as progress:
        overall = progress.add_task("library", total=len(names))
        frames = progress.add_task("", total=None)

        def started(scn: Scenario, i: int, total: int) -> None:
            progress.update(overall, completed=i)
            progress.reset(frames, total=None, description=f"  {scn.name}")

        try:
            done = render_library(
                out,
                directory=directory,
                only=only,
                force=force,
                seed_offset=seed_offset,
                base_only=base_only,
                on_start=started,
                progress=lambda n, total: progress.update(frames, completed=n, total=total),
            )
        except ScenarioError as exc:
            raise _fail(str(exc)) from None
        except ImportError as exc:
            raise _fail(f"the renderer is not available ({exc})", code=1) from None
        except KeyboardInterrupt:
            raise _fail(f"interrupted; finished scenarios are kept in {out} (see index.json)", 130) from None
        progress.update(overall, completed=len(names))
    skipped = sum(1 for r in done if r.skipped)
    console.print(
        f"{len(done)} scenarios in {out} ({skipped} already up to date); index: {out / 'index.json'}"
    )


@synth_app.command("check")
def check_command(
    only: Annotated[str | None, typer.Option(help="glob on scenario names")] = None,
    directory: Annotated[Path, typer.Option(help="scenario folder")] = SCENARIOS_DIR,
) -> None:
    """Compile every scenario (no rendering) and check the house raises exactly its expect_alerts."""
    try:
        scenarios = select(load_library(directory), only)
        verdicts = [verify(s) for s in scenarios]
    except ScenarioError as exc:
        raise _fail(str(exc)) from None
    table = Table("scenario", "expected", "raised", "")
    for v in verdicts:
        table.add_row(
            v.name,
            ", ".join(sorted(v.expected)) or "-",
            ", ".join(sorted(v.raised)) or "-",
            "ok" if v.ok else "[red]DIFF",
        )
    console.print(table)
    bad = [v for v in verdicts if not v.ok]
    for v in bad:
        err.print(f"[red]{v.explain()}")
    if bad:
        raise typer.Exit(code=1)
    console.print(f"{len(verdicts)} scenarios: every expected alert raised, nothing else")


_DATASET_OPTIONS = {
    "images": "--images",
    "seed": "--seed",
    "size": "--size",
    "val_fraction": "--val-fraction",
}


@synth_app.command("dataset")
def dataset_command(
    images: Annotated[int, typer.Option("--images", help="number of images to write")],
    out: Annotated[
        Path, typer.Option("--out", help="folder for images/, labels/, cards/, data.yaml, manifest.json")
    ],
    seed: Annotated[int, typer.Option(help="seed of everything drawn; same arguments, same files")] = 0,
    size: Annotated[int, typer.Option(help="images are SIZE x SIZE pixels")] = 640,
    val_fraction: Annotated[
        float,
        typer.Option("--val-fraction", help="share of image groups (one table and look) kept for validation"),
    ] = 0.1,
    workers: Annotated[int, typer.Option(help="rendering processes (0: one per CPU core)", min=0)] = 0,
) -> None:
    """Write a YOLO detection dataset of rendered tables, close-ups and loose cards, plus card-index
    crops for the card classifier. Ctrl-C keeps every finished image."""
    from datasets.sim.dataset import DatasetError, DatasetSpec, check_output, generate

    try:
        spec = DatasetSpec(images=images, seed=seed, size=size, val_fraction=val_fraction)
    except ValidationError as exc:
        problems = "; ".join(
            f"{_DATASET_OPTIONS.get(str(e['loc'][0]), e['loc'][0])}: {e['msg'].lower()} (got {e['input']!r})"
            for e in exc.errors()
        )
        raise _fail(problems) from None
    try:
        check_output(out)
    except DatasetError as exc:
        raise _fail(str(exc)) from None
    n_workers = workers or (os.cpu_count() or 1)
    start = time.perf_counter()
    with _progress() as progress:
        task = progress.add_task(f"dataset -> {out}", total=spec.images)
        try:
            done = generate(
                spec, out, workers=n_workers, progress=lambda n, total: progress.update(task, completed=n)
            )
        except KeyboardInterrupt:
            kept = _count_images(out)
            raise _fail(
                f"interrupted; {kept} finished images kept in {out} (manifest.json: complete false)", 130
            ) from None
        except DatasetError as exc:
            raise _fail(str(exc)) from None
    elapsed = time.perf_counter() - start
    console.print(
        f"{done.count} images in {out} (train {done.splits['train']}, val {done.splits['val']}; "
        f"{done.count / elapsed:.1f} images/s with {n_workers} worker(s), files included)"
    )
    table = Table("class", "instances")
    for name, n in done.instances.items():
        table.add_row(name, str(n))
    console.print(table)
    console.print(f"card-index crops: {done.crops} in {out / 'cards'} ({done.cards_cropped} of 52 cards)")


def _count_images(out: Path) -> int:
    return sum(1 for split in ("train", "val") for _ in (out / "images" / split).glob("*.jpg"))


@synth_app.command("bench")
def bench_command(
    seconds: Annotated[float, typer.Option(help="seconds per measurement", min=0.5, max=600)] = 5.0,
    width: Annotated[int, typer.Option(help="video frame width", min=64, max=4096)] = 1280,
    height: Annotated[int, typer.Option(help="video frame height", min=64, max=4096)] = 720,
) -> None:
    """Measure the renderer: scenario video frames/s (with H.264) and dataset images/s at 640x640."""
    from datasets.sim.bench import run_bench

    figures = run_bench(seconds, width, height)
    table = Table("figure", "value")
    for name, value in figures.items():
        table.add_row(name, f"{value:.2f}" if isinstance(value, float) else str(value))
    console.print(table)

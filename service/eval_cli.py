"""``railbird eval``: the pipeline on rendered scenarios, scored against their answer keys."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

console = Console(highlight=False, width=120)
err = Console(stderr=True, highlight=False)


def _perceiver(kind: str) -> Any:
    from datasets.sim.oracle import OraclePerception
    from service.pipeline import ModelPerception

    def oracle(config: Any) -> Any:
        return OraclePerception(Path(config.source.url).parent / "annotations.jsonl", config.chips)

    return oracle if kind == "oracle" else ModelPerception


def eval_command(
    paths: Annotated[list[Path], typer.Argument(help="rendered scenario folders, or folders holding them")],
    perception: Annotated[
        str, typer.Option(help="model: the shipped ONNX models; oracle: the renderer's own boxes")
    ] = "model",
    json_out: Annotated[Path | None, typer.Option("--json", help="write the full report here")] = None,
    markdown_out: Annotated[
        Path | None, typer.Option("--markdown", help="write the report as a Markdown section here")
    ] = None,
    detector_rate: Annotated[
        float | None,
        typer.Option(
            min=0.5,
            max=120,
            help="detector calls per second while things move (default: each camera config's)",
        ),
    ] = None,
) -> None:
    """Run the pipeline on rendered scenarios; per event and alert kind precision, recall and timing."""
    from datasets.eval_pipeline import aggregate, as_json, as_markdown, find_folders, score_scenario

    if perception not in ("model", "oracle"):
        err.print(f"[bold red]error:[/] --perception must be model or oracle, not '{perception}'")
        raise typer.Exit(code=2)
    folders = find_folders(paths)
    if not folders:
        shown = ", ".join(str(p) for p in paths)
        err.print(
            f"[bold red]error:[/] no rendered scenarios in {shown} (render some: railbird synth library)"
        )
        raise typer.Exit(code=2)
    perceive_for = _perceiver(perception)
    results = []
    with Progress(console=err, transient=True) as progress:
        task = progress.add_task("scenarios", total=len(folders))
        try:
            for folder in folders:
                results.append(score_scenario(folder, perceive_for, detector_rate))
                progress.advance(task)
        except KeyboardInterrupt:
            err.print(f"interrupted: scoring the {len(results)} scenarios finished so far")
    report = aggregate(results)
    report["perception"] = perception
    report["detector_rate"] = detector_rate
    _print(report)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(as_json(report) + "\n", encoding="utf-8")
        console.print(f"wrote {json_out}")
    if markdown_out is not None:
        markdown_out.parent.mkdir(parents=True, exist_ok=True)
        markdown_out.write_text(as_markdown(report), encoding="utf-8")
        console.print(f"wrote {markdown_out}")


def _print(report: dict[str, Any]) -> None:
    for title in ("events", "alerts"):
        table = Table(title=f"{title} ({report['perception']} perception, {report['scenarios']} scenarios)")
        for col in ("kind", "true", "seen", "precision", "recall", "exact", "dt mean s", "|dt| p95 s"):
            table.add_column(col, justify="left" if col == "kind" else "right")
        for kind, s in report[title].items():
            table.add_row(
                kind,
                str(s["tp"] + s["fn"]),
                str(s["tp"] + s["fp"]),
                f"{s['precision']:.3f}",
                f"{s['recall']:.3f}",
                str(s["exact"]),
                "-" if s["dt_mean"] is None else f"{s['dt_mean']:+.2f}",
                "-" if s["abs_dt_p95"] is None else f"{s['abs_dt_p95']:.2f}",
            )
        console.print(table)
    lag = report["alert_lag_s"]
    if lag:
        console.print(
            f"alert lag in video time (true event end to the frame that raised it): p50 {lag['p50']:.2f} s, "
            f"p95 {lag['p95']:.2f} s, worst {lag['max']:.2f} s ({lag['worst_kind']}), {lag['n']} alerts"
        )
    acc = report["ruling_accuracy"]
    console.print(f"ruling accuracy (matched alerts): {'-' if acc is None else f'{acc:.3f}'}")
    console.print(
        f"false alarms: {report['false_alarms']} in {report['clean_hands']} clean hands "
        f"({report['false_alarms_per_100_clean_hands']} per 100)"
    )
    for name, error in report["errors"].items():
        console.print(f"[red]{name}[/]: {error}")

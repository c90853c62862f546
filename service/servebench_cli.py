"""``railbird servebench``: the floor service under load (``service.app.loadbench``), as a table.

    railbird servebench [--database-url URL] [--alerts 100000] [--clients 20] [--json OUT]

Targets: ``GET /api/alerts`` p95 <= 50 ms with 100,000 alerts stored; alert delivery to every live
client p95 <= 100 ms. Exits 1 when a target is missed. With ``--database-url`` use a scratch database:
the bench adds its alerts there (tables ``bench-*``) and removes them when it is done.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TaskID, TextColumn, TimeElapsedColumn
from rich.table import Table

from service.app.loadbench import run_bench

console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)


def servebench_command(
    database_url: Annotated[
        str | None,
        typer.Option(help="SQLAlchemy URL of a scratch database (default: a temporary SQLite file)"),
    ] = None,
    alerts: Annotated[int, typer.Option(min=1, max=10_000_000, help="alerts stored before timing")] = 100_000,
    clients: Annotated[int, typer.Option(min=1, max=1000, help="live WebSocket clients")] = 20,
    requests: Annotated[
        int, typer.Option(min=20, max=100_000, help="timed GET /api/alerts per filter")
    ] = 200,
    deliveries: Annotated[int, typer.Option(min=20, max=100_000, help="alerts timed to every client")] = 100,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="also write the figures to this JSON file")
    ] = None,
) -> None:
    """Time the alert list and live alert delivery through a real server (uvicorn, httpx, websockets)."""
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn())
    with Progress(*columns, console=err) as bar:
        tasks: dict[str, TaskID] = {}

        def progress(stage: str, done: int, total: int) -> None:
            if stage not in tasks:
                tasks[stage] = bar.add_task(stage, total=total)
            bar.update(tasks[stage], completed=done)

        result = run_bench(database_url, alerts, clients, requests, deliveries, progress)
    table = Table(title=f"floor service: {result['alerts']:,} alerts on {result['database']}")
    for column in ("measure", "p50 ms", "p95 ms", "max ms", "n", "target p95", "met"):
        table.add_column(column, justify="left" if column == "measure" else "right")
    rows = (
        ("GET /api/alerts", "list_ms", "list_p95_ms"),
        ("  ?table=&severity=", "list_filtered_ms", "list_p95_ms"),
        (f"alert -> {clients} WS clients", "delivery_ms", "delivery_p95_ms"),
    )
    for label, key, target in rows:
        m = result[key]
        ok = m["p95"] <= result["targets"][target]
        table.add_row(
            label, f"{m['p50']:.1f}", f"{m['p95']:.1f}", f"{m['max']:.1f}", str(m["n"]),
            f"<= {result['targets'][target]:.0f}", "[green]yes[/]" if ok else "[bold red]no[/]",
        )  # fmt: skip
    console.print(table)
    if json_out is not None:
        json_out.parent.mkdir(parents=True, exist_ok=True)
        json_out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
        console.print(f"figures -> {json_out}")
    if not all(result["met"].values()):
        raise typer.Exit(1)

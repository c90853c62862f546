"""``railbird rules ...``: judge hand files, list and compare house profiles, benchmark the engine."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from rules.engine import judge_hand
from rules.hand_file import HandFileError, load_hand
from rules.profile import BASELINE_ID, HouseRules, ProfileError, available_profiles, load_profile
from rules.records import Alert, HandRecord, Ruling, Severity

rules_app = typer.Typer(help="The rules engine: house profiles and rulings.", no_args_is_help=True)
console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

_SEVERITY_STYLE = {
    Severity.RULING: "cyan",
    Severity.WARNING: "yellow",
    Severity.VIOLATION: "bold red",
    Severity.HAND_STOPPING: "bold white on red",
}


def _fail(message: str) -> typer.Exit:
    err.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code=2)


@rules_app.command("judge")
def judge_command(
    hand: Annotated[Path, typer.Argument(help="hand file (YAML): game, blinds, seats, button, events")],
    profile: Annotated[str | None, typer.Option(help="house profile id (default: the hand file's)")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="print JSON instead of text")] = False,
) -> None:
    """Judge one hand: print each ruling and alert with the rule it rests on."""
    try:
        hand_file = load_hand(hand)
        house = load_profile(profile or hand_file.profile or BASELINE_ID)
    except (HandFileError, ProfileError) as exc:
        raise _fail(str(exc)) from None
    record = judge_hand(hand_file.setup, house, hand_file.events)
    if as_json:
        print(json.dumps(_as_json(record, house.id), indent=2))
        return
    _print_record(record, house.id, house.name, hand_file.description)


def _as_json(record: HandRecord, profile_id: str) -> dict[str, object]:
    return {
        "hand_id": record.setup.hand_id,
        "table": record.setup.table,
        "profile": profile_id,
        "rulings": [asdict(r) for r in record.rulings],
        "alerts": [asdict(a) for a in record.alerts],
    }


def _print_record(record: HandRecord, profile_id: str, profile_name: str, description: str) -> None:
    setup = record.setup
    console.print(
        f"[bold]Hand {setup.hand_id}[/] table {setup.table or '-'} · {setup.game.value.upper()} "
        f"{setup.small_blind:,}/{setup.big_blind:,}"
        + (f" ante {setup.bb_ante:,}" if setup.bb_ante else "")
        + f" · button seat {setup.button} · profile [bold]{profile_name}[/] ({profile_id})"
    )
    if description:
        console.print(f"[dim]{description.strip()}[/]")
    console.print(f"\n[bold]{len(record.rulings)} rulings, {len(record.alerts)} alerts[/], in time order\n")
    last: Ruling | None = None
    for output in record.outputs:
        if isinstance(output, Ruling):
            _print_ruling(output)
            last = output
        elif last is not None and output.seat == last.seat and output.t_start == last.t:
            style = _SEVERITY_STYLE[output.severity]  # the alert of the ruling just printed
            console.print(f"      [{style}]{output.severity.value.upper()}[/] [bold]{output.kind.value}[/]")
        else:
            _print_alert(output)


def _print_ruling(r: Ruling) -> None:
    flag = " [yellow](floor's discretion)[/]" if r.floor_discretion else ""
    console.print(f"  t={r.t:.1f}s seat {r.seat}: [bold]{r.summary()}[/]{flag}")
    if r.explanation:
        console.print(f"      {r.explanation}")
    for c in r.citations:
        console.print(f"      [dim]rule: {c}[/]")


def _print_alert(a: Alert) -> None:
    style = _SEVERITY_STYLE[a.severity]
    seat = f" seat {a.seat}" if a.seat is not None else ""
    label = f"[{style}]{a.severity.value.upper()}[/]"
    console.print(f"  {label} t={a.t_start:.1f}s{seat} [bold]{a.kind.value}[/]: {a.message}")
    if a.ruling:
        console.print(f"      ruling: {a.ruling}")
    for c in a.citations:
        console.print(f"      [dim]rule: {c}[/]")


@rules_app.command("profiles")
def profiles_command(
    compare: Annotated[bool, typer.Option("--compare", help="show every parameter side by side")] = False,
) -> None:
    """List the house profiles (``--compare``: their parameters side by side)."""
    try:
        profiles = [load_profile(pid) for pid in available_profiles()]
    except ProfileError as exc:
        raise _fail(str(exc)) from None
    if not compare:
        table = Table("id", "house", "own rules", "inherited", "rulebook")
        for p in profiles:
            own = sum(1 for _, param in p.rules if not param.inherited_from)
            table.add_row(p.id, p.name, str(own), str(len(HouseRules.model_fields) - own), p.source)
        console.print(table)
        return
    table = Table("parameter", *(p.id for p in profiles), show_lines=False)
    for topic in HouseRules.model_fields:
        cells = []
        for p in profiles:
            param = getattr(p.rules, topic)
            value = param.value.value if hasattr(param.value, "value") else param.value
            text = str(value)
            if len(text) > 28:
                text = text[:26] + "…"
            cells.append(
                f"[dim]{text} ({param.inherited_from})[/]"
                if param.inherited_from
                else f"{text} [{param.rule}]"
            )
        table.add_row(topic, *cells)
    console.print(table)
    console.print("[dim]values in grey are inherited from the baseline because the house is silent[/]")


@rules_app.command("bench")
def bench_command(
    hands: Annotated[int, typer.Option(min=1, help="how many hands to replay")] = 2000,
    seed: Annotated[int, typer.Option(help="seed for the generated archive")] = 7,
    profile: Annotated[str, typer.Option(help="house profile id")] = "playlive",
) -> None:
    """Rulings per second on a replay of many generated hands (target >= 5,000/s)."""
    from rules.replay import bench

    try:
        house = load_profile(profile)
    except ProfileError as exc:
        raise _fail(str(exc)) from None
    result = bench(hands, seed, house)
    console.print(
        f"replayed {result.hands:,} hands, {result.events:,} events -> {result.rulings:,} rulings, "
        f"{result.alerts:,} alerts in {result.seconds:.2f} s"
    )
    per_second = result.rulings / result.seconds
    console.print(f"[bold]{per_second:,.0f} rulings/s[/] ({result.events / result.seconds:,.0f} events/s)")

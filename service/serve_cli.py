"""``railbird serve`` (the floor service) and ``railbird demo`` (it, on a rendered demo hand).

    railbird serve [--config CAMERA.yaml ...] [--host 127.0.0.1] [--port 8000] [--database-url URL]
                   [--data-dir DIR] [--perception model|oracle]
    railbird demo [--no-serve] [--port 8000] [--perception oracle|model] [--scenario FILE]
                  [--out out/demo] [--speed 1.0]

``serve`` builds ``Settings`` (options over ``RAILBIRD_*`` environment variables), one camera worker
per config (``service.workers.Supervisor``) and ``create_app`` (``service.app.main``), and runs it
with uvicorn until Ctrl-C, which stops the workers gracefully. ``demo`` renders the demo scenario
into ``out/demo/<name>/`` (skipped when up to date), then serves the dashboard with that camera
playing in real time, an admin user and its token in ``out/demo/tokens.json`` (made on the first
run), printing each alert as it arrives; ``--no-serve`` plays the same worker to the end without the
server, prints each alert and exits 0.
"""

from __future__ import annotations

import json
import queue
import secrets
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

from datasets.sim.library import SCENARIOS_DIR, render_scenario, up_to_date
from datasets.sim.scenario import ScenarioError, load_scenarios
from service.run_cli import COLOURS, PerceptionKind, SetupError, make_perception
from service.workers import Supervisor
from vision.camera_config import CameraConfigError, load_camera_config

console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)
DEMO_SCENARIO = SCENARIOS_DIR / "demo_feature_table.yaml"
ROOT = SCENARIOS_DIR.parents[1]
DEMO_USER = "demo-admin"
ORACLE_NOTE = (
    "perception: oracle (the renderer's own boxes). The shipped detector is an undertrained baseline "
    "(models/detector.md), so the demo feeds the analyzers and the rules engine perfect boxes to show "
    "that path working; --perception model runs the ONNX models instead."
)

Perception = Annotated[
    PerceptionKind, typer.Option(help="model: the ONNX models; oracle: a rendered scenario's own boxes")
]


def serve_command(
    config: Annotated[
        list[Path] | None, typer.Option("--config", help="camera config (YAML); repeat for each table")
    ] = None,
    host: Annotated[str | None, typer.Option(help="address to bind (default 127.0.0.1)")] = None,
    port: Annotated[int | None, typer.Option(help="port (default 8000)")] = None,
    database_url: Annotated[
        str | None, typer.Option(help="SQLAlchemy URL (default: sqlite in the data dir)")
    ] = None,
    data_dir: Annotated[
        Path | None, typer.Option(help="clips, thumbnails, database (default out/service)")
    ] = None,
    perception: Perception = PerceptionKind.MODEL,
) -> None:
    """Serve the floor dashboard, API and camera workers (Ctrl-C stops them, keeping what was stored)."""
    given = {"cameras": config or None, "host": host, "port": port, "database_url": database_url}
    settings = _settings({k: v for k, v in {**given, "data_dir": data_dir}.items() if v is not None})
    try:
        supervisor = Supervisor.from_settings(settings, perception) if settings.cameras else None
    except (CameraConfigError, ValueError) as exc:
        raise _fail(str(exc)) from None
    console.print(f"railbird floor service on http://{settings.host}:{settings.port}/ ({settings.url})")
    if supervisor is None:
        console.print("no cameras (--config CAMERA.yaml or RAILBIRD_CAMERAS): serving stored data only")
    _run_server(settings, supervisor)


def demo_command(
    no_serve: Annotated[
        bool, typer.Option("--no-serve", help="play the demo to its end, print alerts, no server")
    ] = False,
    port: Annotated[int, typer.Option(help="dashboard port")] = 8000,
    host: Annotated[str, typer.Option(help="address to bind")] = "127.0.0.1",
    perception: Perception = PerceptionKind.ORACLE,
    scenario: Annotated[
        Path, typer.Option(help="scenario file to play", show_default=str(DEMO_SCENARIO.relative_to(ROOT)))
    ] = DEMO_SCENARIO,
    out: Annotated[Path, typer.Option(help="folder for the render, database, clips and token")] = Path(
        "out/demo"
    ),
    speed: Annotated[
        float, typer.Option(min=0, help="playback speed (1: real time; 0: as fast as it runs)")
    ] = 1.0,
) -> None:
    """The floor service on a rendered demo hand: alerts arrive live on the dashboard and here."""
    camera = _render(scenario.resolve(), out)
    try:
        make_perception(load_camera_config(camera), perception)  # fails here, not in the worker
    except (CameraConfigError, SetupError) as exc:
        raise _fail(str(exc)) from None
    if perception is PerceptionKind.ORACLE:
        console.print(f"[dim]{escape(ORACLE_NOTE)}[/]")
    tokens = out / "tokens.json"
    settings = _settings({"cameras": [camera], "data_dir": out / "data", "host": host, "port": port})
    if no_serve:
        raise typer.Exit(_play(Supervisor.from_settings(settings, perception, speed or None)))
    token = _demo_token(tokens)
    settings = settings.model_copy(update={"tokens_file": tokens})
    supervisor = Supervisor.from_settings(settings, perception, speed or None, on_message=_show)
    console.print(f"dashboard: [bold]http://{host}:{port}/?token={token}[/]  (user {DEMO_USER}, admin)")
    console.print(f"review:    http://{host}:{port}/review?token={token}")
    console.print("the demo camera plays in real time; alerts show here and on the dashboard; Ctrl-C stops")
    _run_server(settings, supervisor)


# ----- helpers ----------------------------------------------------------------------------------


def _render(scenario: Path, out: Path) -> Path:
    """Render ``scenario`` into ``out/<name>/`` unless it is up to date; its camera config."""
    try:
        scn = load_scenarios(scenario)[0]
    except (ScenarioError, OSError) as exc:
        raise _fail(str(exc)) from None
    folder = out / scn.name
    if up_to_date(scn, folder):
        console.print(f"demo hand: {folder} (up to date)")
        return folder / "camera.yaml"
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    columns = (TextColumn("rendering {task.description}"), BarColumn(), MofNCompleteColumn())
    try:
        with Progress(*columns, TimeRemainingColumn(), console=err) as bar:
            task = bar.add_task(scn.name, total=None)
            render_scenario(scn, folder, progress=lambda n, total: bar.update(task, completed=n, total=total))
    except KeyboardInterrupt:
        raise _fail("interrupted while rendering; nothing was kept", 130) from None
    console.print(f"demo hand: rendered to {folder}")
    return folder / "camera.yaml"


def _play(supervisor: Supervisor) -> int:
    """Run the workers to the end of their files, printing alerts and clips; the exit code."""
    supervisor.start()
    alerts = 0
    try:
        while True:
            try:
                message = supervisor.messages.get(timeout=1.0 if supervisor.finished else 0.5)
            except queue.Empty:
                if supervisor.finished:
                    break
                if any(w.restarts for w in supervisor.workers.values()):
                    err.print("[bold red]error:[/] the camera worker stopped with an error (above)")
                    return 1
                continue
            alerts += message[0] == "alert"
            _show(message)
    except KeyboardInterrupt:
        err.print("interrupted; stopping the camera worker")
        return 130
    finally:
        supervisor.stop()
    console.print(f"done: {alerts} alert(s)")
    return 0


_kinds: dict[str, str] = {}  # alert key -> "kind seat N", to say whose clip is ready


def _show(message: tuple[Any, ...]) -> None:
    """Print an alert (kind, seat, time, message, ruling, cited rule) or a finished clip."""
    if message[0] == "alert":
        r = message[2]
        _kinds[r["key"]] = r["kind"] + (f" seat {r['seat']}" if r.get("seat") is not None else "")
        colour = COLOURS.get(r["severity"], "bold red")
        seat = f" seat {r['seat']}" if r.get("seat") is not None else ""
        console.print(
            f"[{colour}]{r['severity']}[/] [bold]{r['kind']}[/]{seat} at {r['t_end']:.2f} s "
            f"({escape(r['table'])}): {escape(r['message'])}"
        )
        if r.get("ruling"):
            console.print(f"    ruling: {escape(r['ruling'])}")
        for c in r.get("citations", []):
            console.print(f"    rule: {escape(c['text'])}")
    elif message[0] == "clip":
        whose = _kinds.pop(message[2], message[2])
        console.print(f"[dim]clip of {escape(whose)}: {escape(str(message[3]))}[/]")


def _demo_token(path: Path) -> str:
    """The demo admin's token, made on the first run and kept in ``path`` (read by the app at start)."""
    if path.is_file():
        users = json.loads(path.read_text(encoding="utf-8"))
        if DEMO_USER in users:
            return str(users[DEMO_USER]["token"])
    path.parent.mkdir(parents=True, exist_ok=True)
    token = secrets.token_urlsafe(32)
    path.write_text(json.dumps({DEMO_USER: {"role": "admin", "token": token}}, indent=1) + "\n")
    path.chmod(0o600)
    return token


def _settings(values: dict[str, Any]) -> Any:
    from pydantic import ValidationError

    from service.app.settings import Settings

    try:
        return Settings(**values)
    except ValidationError as exc:
        raise _fail(f"settings: {exc}") from None


def _run_server(settings: Any, supervisor: Supervisor | None) -> None:
    import uvicorn

    from service.app.main import create_app

    uvicorn.run(create_app(settings, supervisor), host=settings.host, port=settings.port, log_level="warning")


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/] {escape(message)}")
    return typer.Exit(code=code)

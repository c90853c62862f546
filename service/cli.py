"""The ``railbird`` command. Subcommands live beside the code they drive."""

from __future__ import annotations

import typer

from service.analyze_cli import analyze_command
from service.bench_cli import bench_command
from service.calibrate_cli import calibrate_app
from service.eval_cli import eval_command
from service.rules_cli import rules_app
from service.run_cli import run_command
from service.serve_cli import demo_command, serve_command
from service.servebench_cli import servebench_command
from service.synth_cli import synth_app
from service.train_cli import train_app
from service.users_cli import users_app

app = typer.Typer(
    name="railbird",
    help="railbird: overhead-camera poker table monitor. Judges table actions against the house rules.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_app, name="rules")
app.add_typer(synth_app, name="synth")
app.add_typer(train_app, name="train")
app.add_typer(calibrate_app, name="calibrate")
app.add_typer(users_app, name="users")
app.command("analyze")(analyze_command)
app.command("run")(run_command)
app.command("bench")(bench_command)
app.command("eval")(eval_command)
app.command("serve")(serve_command)
app.command("demo")(demo_command)
app.command("servebench")(servebench_command)


if __name__ == "__main__":  # pragma: no cover
    app()

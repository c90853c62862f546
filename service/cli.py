"""The ``railbird`` command. Subcommands live beside the code they drive."""

from __future__ import annotations

import typer

from service.rules_cli import rules_app

app = typer.Typer(
    name="railbird",
    help="railbird: overhead-camera poker table monitor. Judges table actions against the house rules.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)
app.add_typer(rules_app, name="rules")


if __name__ == "__main__":  # pragma: no cover
    app()

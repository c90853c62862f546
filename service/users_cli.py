"""``railbird users``: the floor service's users and their tokens.

    railbird users add NAME --role floor [--database-url URL]   prints the new token, once
    railbird users list [--database-url URL]

Only a token's sha256 is stored: a lost token is replaced by adding the user again.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from sqlalchemy import Engine
from sqlalchemy.orm import Session, sessionmaker

from service.app import store
from service.app.auth import Role
from service.app.db import make_engine, migrate, session_factory
from service.app.settings import Settings

users_app = typer.Typer(
    help="Floor service users: add one (prints its token once), list them.", no_args_is_help=True
)
console = Console(highlight=False, soft_wrap=True)

DatabaseUrl = Annotated[
    str | None,
    typer.Option(help="SQLAlchemy URL (default: RAILBIRD_DATABASE_URL, else sqlite in RAILBIRD_DATA_DIR)"),
]


def _sessions(database_url: str | None) -> tuple[Engine, sessionmaker[Session]]:
    settings = Settings(database_url=database_url) if database_url else Settings()
    engine = make_engine(settings.url)
    migrate(engine)
    return engine, session_factory(engine)


@users_app.command("add")
def add_command(
    name: Annotated[str, typer.Argument(help="who the token is for, e.g. 'anna' or 'floor-tablet-2'")],
    role: Annotated[Role, typer.Option(help="dealer, floor, surveillance or admin")],
    database_url: DatabaseUrl = None,
) -> None:
    """Make a user (or give an existing one a new role and token); prints the token once."""
    if not 1 <= len(name) <= 100 or not name.isprintable():
        console.print("[bold red]error:[/] a name is 1..100 printable characters")
        raise typer.Exit(2)
    engine, sessions = _sessions(database_url)
    try:
        with sessions.begin() as session:
            token = store.add_user(session, name, role)
    finally:
        engine.dispose()
    console.print(f"{name} ({role.value}); token, shown once, keep it safe:")
    print(token)


@users_app.command("list")
def list_command(database_url: DatabaseUrl = None) -> None:
    """Users and their roles (tokens are not kept, so not shown)."""
    engine, sessions = _sessions(database_url)
    try:
        with sessions() as session:
            users = store.list_users(session)
    finally:
        engine.dispose()
    table = Table("name", "role", "created")
    for u in users:
        table.add_row(u.name, u.role, f"{u.created_at:%Y-%m-%d %H:%M}")
    console.print(table if users else "no users yet: railbird users add NAME --role floor")

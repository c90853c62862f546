"""``railbird users add`` prints a token that signs in; ``railbird users list`` shows who exists."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from service.app.auth import authenticate
from service.app.db import make_engine, session_factory
from service.cli import app


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_users_add_and_list(database_url: str, tmp_path: Path) -> None:
    runner = CliRunner()
    added = runner.invoke(app, ["users", "add", "anna", "--role", "floor", "--database-url", database_url])
    assert added.exit_code == 0, added.output
    token = added.output.strip().splitlines()[-1]
    engine = make_engine(database_url)
    with session_factory(engine)() as session:
        who = authenticate(session, token)
    engine.dispose()
    assert who is not None and (who.name, who.role.value) == ("anna", "floor")
    listed = runner.invoke(app, ["users", "list", "--database-url", database_url])
    assert listed.exit_code == 0 and "anna" in listed.output and token not in listed.output
    bad = runner.invoke(app, ["users", "add", "bob", "--role", "chef", "--database-url", database_url])
    assert bad.exit_code == 2

"""Fixtures for the floor service tests: a database on SQLite and PostgreSQL, a running app with users.

``database_url`` runs each test on a fresh SQLite file and on PostgreSQL: ``RAILBIRD_TEST_PG_URL``
(``make test`` starts ``scripts/pg_test_server.sh`` and sets it), else the script is started here.
Each PostgreSQL test gets a schema of its own, dropped afterwards, so runs never see each other.
"""

from __future__ import annotations

import glob
import os
import subprocess
import uuid
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

# starlette's TestClient asks for httpx2 instead of httpx; the tests use it as it is
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from tests.service.app.helpers import Service, start_service  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]
PG_SCRIPT = ROOT / "scripts" / "pg_test_server.sh"


@pytest.fixture(scope="session")
def pg_base_url() -> str:
    url = os.environ.get("RAILBIRD_TEST_PG_URL")
    if url:
        return url
    if not glob.glob("/usr/lib/postgresql/*/bin/initdb"):
        pytest.skip(
            "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install it "
            "(apt-get install -y postgresql) or set RAILBIRD_TEST_PG_URL; `make test` does the first"
        )
    done = subprocess.run([str(PG_SCRIPT)], capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        pytest.fail(f"{PG_SCRIPT} could not start PostgreSQL:\n{done.stderr}")
    return done.stdout.strip()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'railbird.db'}"
        return
    base = request.getfixturevalue("pg_base_url")
    schema = f"test_{uuid.uuid4().hex[:12]}"
    admin = create_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    joiner = "&" if "?" in base else "?"
    try:
        yield f"{base}{joiner}options=-csearch_path%3D{schema}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def service(database_url: str, tmp_path: Path) -> Iterator[Service]:
    """The app running (lifespan entered) on ``database_url``, one user per role, no workers."""
    with start_service(database_url, tmp_path) as svc:
        yield svc

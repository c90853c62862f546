"""``service.app.routes.pages`` without a browser: what is served where, with which headers, and that
the pages reference only files that exist here (nothing from the internet)."""

from __future__ import annotations

import re

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from service.app.routes import pages

STATIC = pages.STATIC_DIR


@pytest.fixture(scope="module")
def client() -> TestClient:
    app = FastAPI()
    app.include_router(pages.router())
    return TestClient(app)


@pytest.mark.parametrize(
    ("path", "page"),
    [
        ("/", "dashboard.html"),
        ("/console/feature", "console.html"),
        ("/console/t%201", "console.html"),
        ("/review", "review.html"),
    ],
)
def test_pages_are_served_without_a_token(client, path, page):
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    assert response.text == (STATIC / page).read_text(encoding="utf-8")
    csp = response.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp, "only this origin, no inline script"
    assert response.headers["referrer-policy"] == "no-referrer", "media URLs carry ?token="


@pytest.mark.parametrize(
    ("name", "media_type"),
    [("app.js", "text/javascript; charset=utf-8"), ("style.css", "text/css; charset=utf-8")],
)
def test_static_files_have_their_types(client, name, media_type):
    response = client.get(f"/static/{name}")
    assert response.status_code == 200
    assert response.headers["content-type"] == media_type
    assert response.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize(
    "path", ["/static/nope.js", "/static/..%2Fpages.py", "/static/%2E%2E/routes/pages.py"]
)
def test_only_the_static_folders_files_are_served(client, path):
    assert client.get(path).status_code == 404


def _static_texts() -> dict[str, str]:
    return {
        p.name: p.read_text(encoding="utf-8")
        for p in STATIC.iterdir()
        if p.suffix in (".html", ".js", ".css")
    }


def test_every_referenced_asset_exists_and_nothing_comes_from_the_internet():
    texts = _static_texts()
    assert {
        "dashboard.html",
        "console.html",
        "review.html",
        "app.js",
        "console.js",
        "review.js",
        "style.css",
    } <= set(texts)
    for name, text in texts.items():
        assert not re.search(r"(?<![\w.])(https?:)?//[a-z0-9-]+\.[a-z]", text, re.I), f"{name} links off-site"
        for ref in re.findall(r'(?:src|href)="/static/([^"]+)"', text):
            assert (STATIC / ref).is_file(), f"{name} loads /static/{ref}, which is missing"
        for ref in re.findall(r'from "\./([^"]+)"', text):
            assert (STATIC / ref).is_file(), f"{name} imports ./{ref}, which is missing"


def test_scripts_stay_readable():
    for name, text in _static_texts().items():
        if name.endswith(".js"):
            assert len(text.splitlines()) <= 300, f"{name} has grown past 300 lines: split it by concept"

"""The three pages (floor dashboard, dealer console, hand review) and their static assets.

The pages carry no data: they load without a token, then ask for one and call the API with it. Every
response sets a Content-Security-Policy that allows this origin only, so a page can never fetch
anything from the internet, and ``Referrer-Policy: no-referrer``, since media URLs carry ``?token=``.

``create_app`` includes them with ``app.include_router(pages.router())``.
"""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"

MEDIA_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".wav": "audio/wav",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}

HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; "
        "connect-src 'self'; style-src 'self'; script-src 'self'; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'"
    ),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    # small files that change with each release: revalidate every time, never serve a stale page
    "Cache-Control": "no-cache",
}


def _file(path: Path) -> FileResponse:
    return FileResponse(path, media_type=MEDIA_TYPES[path.suffix], headers=HEADERS)


def router(static_dir: Path = STATIC_DIR) -> APIRouter:
    """``/``, ``/console/{table}``, ``/review``, and ``/static/{name}`` for the files in ``static_dir``."""
    pages = APIRouter(include_in_schema=False)
    served = {p.name: p for p in static_dir.iterdir() if p.is_file() and p.suffix in MEDIA_TYPES}

    @pages.get("/")
    def dashboard() -> FileResponse:
        return _file(static_dir / "dashboard.html")

    @pages.get("/console/{table}")
    def console(table: str) -> FileResponse:
        # the page reads the table id from its own URL; it stays a plain page whatever the id
        return _file(static_dir / "console.html")

    @pages.get("/review")
    def review() -> FileResponse:
        return _file(static_dir / "review.html")

    @pages.get("/static/{name}")
    def static(name: str) -> FileResponse:
        # only the files that were in the folder when the router was built: no paths, no dotfiles
        path = served.get(name)
        if path is None:
            raise HTTPException(status_code=404, detail=f"no static file {name!r}")
        return _file(path)

    return pages

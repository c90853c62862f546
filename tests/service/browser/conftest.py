"""Fixtures for the page tests: a headless Chromium (skipped with the reason when it is missing), a
uvicorn server on a free port in a thread, and a small real H.264 clip and thumbnail.

Screenshots go to a temporary folder; set ``RAILBIRD_SCREENSHOTS=docs`` to refresh ``docs/*.png``.
CI sets ``RAILBIRD_REQUIRE_BROWSER=1`` so that a missing browser fails instead of skipping.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np
import pytest
import uvicorn

from datasets.sim.video import VideoWriter
from tests.service.browser.fake_backend import Media

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.remote.webdriver import WebDriver
except ImportError:  # pragma: no cover - selenium is in the dev extra
    webdriver = None  # type: ignore[assignment]

T = TypeVar("T")

CHROMIUM = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)
CHROMEDRIVER = shutil.which("chromedriver")
WIDTH, HEIGHT = 1280, 800
CLIP_FRAMES, CLIP_FPS = 45, 30


def _missing_browser() -> str | None:
    if webdriver is None:
        return "selenium is not installed (pip install -e '.[dev]')"
    if CHROMIUM is None or CHROMEDRIVER is None:
        return "chromium and chromedriver are not installed (apt-get install -y chromium chromium-driver)"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[WebDriver]:
    """One headless Chromium for the session, 1280x800, that fetches nothing but the test server."""
    reason = _missing_browser()
    if reason and os.environ.get("RAILBIRD_REQUIRE_BROWSER"):
        pytest.fail(f"RAILBIRD_REQUIRE_BROWSER is set but {reason}", pytrace=False)
    if reason:
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM  # type: ignore[assignment]
    for arg in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-dev-shm-usage",
        "--disable-extensions",
        "--disable-sync",
        "--disable-component-update",
        "--no-default-browser-check",
        "--autoplay-policy=no-user-gesture-required",
        "--hide-scrollbars",
        f"--window-size={WIDTH},{HEIGHT}",
    ):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(30)
    # the viewport itself is 1280x800 (the window size would include the browser's own frame)
    metrics = {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # type: ignore[attr-defined]
    try:
        yield driver
    finally:
        driver.quit()


def js_errors(driver: WebDriver) -> list[str]:
    """Uncaught errors from the page's console since the last call (failed requests are not counted)."""
    logs: list[dict[str, Any]] = driver.get_log("browser")  # type: ignore[attr-defined]
    return [
        e["message"] for e in logs if e["level"] == "SEVERE" and "Failed to load resource" not in e["message"]
    ]


class Served:
    """A uvicorn server running ``app`` on 127.0.0.1 in a daemon thread."""

    def __init__(self, app: Any):
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.bind(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        config = uvicorn.Config(app, log_level="warning", lifespan="on", timeout_graceful_shutdown=2)
        self.server = uvicorn.Server(config)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.thread = threading.Thread(target=asyncio.run, args=(self._serve(),), daemon=True)

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        await self.server.serve(sockets=[self.sock])

    def call(self, coroutine: Coroutine[Any, Any, T]) -> T:
        """Run ``coroutine`` on the server's event loop (from the test's thread) and return its result."""
        assert self.loop is not None, "the server is not running"
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=30)

    def __enter__(self) -> Served:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"uvicorn did not start on {self.url}")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def _table_frame(i: int, overlay: bool) -> np.ndarray:
    """(270, 480, 3) uint8 BGR: felt, a chip stack sliding in, and the frame number."""
    frame = np.full((270, 480, 3), (40, 30, 20), np.uint8)
    cv2.ellipse(frame, (240, 135), (210, 110), 0, 0, 360, (50, 110, 30), -1)
    x = 120 + 4 * i
    cv2.circle(frame, (x, 150), 16, (30, 30, 200), -1)
    cv2.circle(frame, (x, 150), 16, (230, 230, 230), 2)
    cv2.putText(frame, f"frame {i}", (12, 28), cv2.FONT_HERSHEY_SIMPLEX, 0.8, (255, 255, 255), 2)
    if overlay:
        cv2.rectangle(frame, (x - 22, 128), (x + 22, 172), (0, 220, 255), 2)
        cv2.putText(frame, "seat 4: 5,000", (x - 40, 120), cv2.FONT_HERSHEY_SIMPLEX, 0.5, (0, 220, 255), 1)
    return frame


@pytest.fixture(scope="session")
def media(tmp_path_factory: pytest.TempPathFactory) -> Media:
    """A 1.5 s 480x270 H.264 clip at 30 fps (and its overlay version) and a JPEG thumbnail."""
    folder = tmp_path_factory.mktemp("media")
    for name, overlay in (("clip.mp4", False), ("overlay.mp4", True)):
        with VideoWriter(folder / name, fps=CLIP_FPS) as writer:
            for i in range(CLIP_FRAMES):
                writer.write(_table_frame(i, overlay))
    cv2.imwrite(str(folder / "thumb.jpg"), _table_frame(20, True))
    return Media(clip=folder / "clip.mp4", overlay_clip=folder / "overlay.mp4", thumb=folder / "thumb.jpg")


@pytest.fixture
def screenshot(browser: WebDriver, tmp_path: Path) -> Callable[[str], Path]:
    """Save the page as NAME.png at 1280x800 (into $RAILBIRD_SCREENSHOTS when set)."""
    folder = Path(os.environ.get("RAILBIRD_SCREENSHOTS") or tmp_path)

    def take(name: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        assert browser.save_screenshot(str(path)), f"could not save {path}"
        return path

    return take

"""The pages against the real floor service (``service.app.main.create_app``), fed the way camera
workers feed it: ``("tile" | "hand" | "alert" | "clip", table, ...)`` messages into ``app.state.ingest``.

The same browser steps as test_pages.py, shorter: the stand-in there covers the details.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("selenium", reason="selenium is not installed (pip install -e '.[dev]')")

from service.app.main import create_app
from service.app.settings import Settings
from tests.service.browser.conftest import Served, js_errors
from tests.service.browser.fake_backend import Media
from tests.service.browser.floor_data import MISDEAL_35A2
from tests.service.browser.steps import attribute_is, click, element, elements, text_of, until, video_ready

pytestmark = pytest.mark.browser

TOKENS = {
    "Fiona": {"role": "floor", "token": "floor-" + "f" * 40},
    "Sam": {"role": "surveillance", "token": "surv-" + "s" * 40},
    "Dana": {"role": "dealer", "token": "dealer-" + "d" * 40},
}
TABLE = "feature"


def token(name: str) -> str:
    return TOKENS[name]["token"]


@pytest.fixture
def app_served(tmp_path: Path) -> Iterator[tuple[Served, Any]]:
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps(TOKENS), encoding="utf-8")
    app = create_app(Settings(data_dir=tmp_path / "service", tokens_file=tokens, cameras=[]))
    with Served(app) as served:
        yield served, app


def ingest(served: Served, app: Any, *message: Any) -> None:
    served.call(app.state.ingest(tuple(message)))


ALERT = {
    "key": "7/misdeal/3",
    "hand_id": "7",
    "kind": "misdeal",
    "severity": "hand_stopping",
    "seat": 3,
    "t_start": 12.0,
    "t_end": 12.5,
    "message": "The first card went to seat 3; it belonged to seat 2.",
    "ruling": "Stop the hand: misdeal.",
    "citations": [MISDEAL_35A2],
}
HAND = {
    "hand_id": "7",
    "t_start": 10.0,
    "t_end": None,
    "events": [
        {"t": 10.0, "frame": 300, "hand_started": {"hand_id": "7", "button_seat": 1}},
        {"t": 12.0, "frame": 360, "cards_dealt": {"seat": 3}},
    ],
    "rulings": [],
    "setup": None,
    "hole_cards": None,
    "board": [],
}


def test_pages_on_the_real_floor_service(browser, app_served, media: Media):
    served, app = app_served
    ingest(
        served,
        app,
        "tile",
        TABLE,
        {"hand_id": "7", "street": "preflop", "pot": 300, "to_act": 3, "decision_s": 2.0},
    )
    ingest(served, app, "hand", TABLE, HAND)

    browser.get(f"{served.url}/?token={token('Fiona')}")
    attribute_is(browser, "#live", "data-state", "open")
    assert text_of(browser, "#who") == "Fiona · floor"
    assert "Seat 3 to act" in text_of(browser, f'.tile[data-table="{TABLE}"]')

    ingest(served, app, "alert", TABLE, ALERT, 12.5)
    card = '#feed article.alert[data-severity="hand_stopping"]'
    element(browser, card)
    assert "tda 35-A-2" in text_of(browser, card) and "Clip pending" in text_of(browser, card)
    clip = {"clip": str(media.clip), "overlay": str(media.overlay_clip), "thumb": str(media.thumb)}
    ingest(served, app, "clip", TABLE, ALERT["key"], clip)
    until(browser, lambda d: "▶ Clip" in text_of(d, card), "the clip to arrive with alert_update")

    click(browser, f"{card} button.ack")
    attribute_is(browser, card, "data-status", "acknowledged")
    assert "Acknowledged by Fiona" in text_of(browser, card)
    click(browser, f"{card} button.clip")
    video_ready(browser, "#clip-dialog video")
    assert js_errors(browser) == []

    browser.get(f"{served.url}/review?token={token('Sam')}")
    click(browser, "#hands .hand-row")
    element(browser, "#timeline .alert-ev")
    assert len(elements(browser, "#timeline .ev.event")) == 2
    video_ready(browser, "#player video")
    click(browser, "#export-evidence")
    until(browser, lambda d: text_of(d, "#export-status").startswith("Saved"), "the evidence zip")
    assert js_errors(browser) == []

    browser.get(f"{served.url}/console/{TABLE}?token={token('Dana')}")
    click(browser, '#seats button[data-seat="2"]')
    click(browser, "#actions button[data-what=call]")
    until(browser, lambda d: "Seat 2 call" in text_of(d, "#result"), "the declaration's answer")
    # no camera workers run here, so the server stores it but says it was not delivered
    assert browser.find_element("css selector", "#result").get_attribute("data-kind") in ("ok", "warn")
    assert js_errors(browser) == []

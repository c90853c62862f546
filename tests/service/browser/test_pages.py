"""The three pages in a real (headless) Chromium against the stand-in backend (fake_backend.py).

Each test serves a fresh stand-in on its own port (so sessionStorage starts empty), drives the page
as a floor person, dealer or surveillance officer would, and checks both what the page shows and
what reached the server. The screenshots are docs/dashboard.png, console.png and review.png.
"""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

pytest.importorskip("selenium", reason="selenium is not installed (pip install -e '.[dev]')")

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.service.browser.conftest import Served, js_errors
from tests.service.browser.fake_backend import FakeFloor, Media
from tests.service.browser.floor_data import ago, misdeal, seed, string_bet
from tests.service.browser.steps import (
    attribute_is,
    click,
    element,
    elements,
    text_of,
    until,
    video_ready,
    video_state,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def floor(media: Media) -> FakeFloor:
    return seed(media)


@pytest.fixture
def served(floor: FakeFloor) -> Iterator[Served]:
    with Served(floor.app()) as server:
        yield server


def card(browser: WebDriver, alert_id: int) -> str:
    return f'#feed article.alert[data-alert-id="{alert_id}"]'


def test_dashboard_live_alert_acknowledge_resolve_and_clip(browser, floor, served, screenshot):
    browser.get(f"{served.url}/?token=floor-token")
    attribute_is(browser, "#live", "data-state", "open")
    assert "token" not in browser.current_url, "the token is taken out of the address bar"
    assert browser.execute_script("return sessionStorage.getItem('railbird.token')") == "floor-token"
    assert text_of(browser, "#who") == "Fiona · floor"
    assert len(elements(browser, ".tile")) == 3
    element(browser, card(browser, 1))  # the stored alert, from GET /api/alerts
    click(browser, "#sound")  # the hand-stopping sound: on, remembered on this device
    attribute_is(browser, "#sound", "aria-pressed", "true")
    assert browser.execute_script("return localStorage.getItem('railbird.sound')") == "on"

    # a hand-stopping alert arrives over the WebSocket, on top of the feed, with its rule
    floor.raise_alert(**misdeal())
    new = element(browser, card(browser, 2))
    assert elements(browser, "#feed article.alert")[0].get_attribute("data-alert-id") == "2"
    assert new.get_attribute("data-severity") == "hand_stopping"
    text = new.text
    assert "misdeal" in text.lower() and "seat 3" in text and "Table 2" in text, "the table by its name"
    assert "tda 35-A-2" in text and "Misdeals include the first card dealt to the wrong seat." in text
    assert "Reshuffle and redeal" in text
    until(
        browser,
        lambda d: (
            d.execute_script(f"return document.querySelector('{card(browser, 2)} .thumb img').naturalWidth")
            > 0
        ),
        "the thumbnail to load",
    )
    element(browser, '.tile[data-table="t2"] .alert-row[data-alert-id="2"]')  # and on its table's tile

    # acknowledge: the card changes and says who
    click(browser, f"{card(browser, 2)} button.ack")
    attribute_is(browser, card(browser, 2), "data-status", "acknowledged")
    assert "Acknowledged by Fiona" in text_of(browser, card(browser, 2))
    assert floor.alerts[2]["acked_by"] == "Fiona"
    assert not elements(browser, f"{card(browser, 2)} button.ack"), "no second acknowledge"

    # another person resolves alert 1: the alert_update message changes the card here
    floor.update_alert(
        1, status="resolved", resolved_by="Sam", resolved_at=ago(0), note="Told seat 4; chip stands."
    )
    attribute_is(browser, card(browser, 1), "data-status", "resolved")
    assert "Resolved by Sam" in text_of(browser, card(browser, 1))
    assert "Told seat 4; chip stands." in text_of(browser, card(browser, 1))

    floor.raise_alert(**string_bet())
    element(browser, card(browser, 3))
    until(browser, lambda d: not elements(d, "article.alert.fresh"), "the arrival highlight to fade")
    browser.execute_script("window.scrollTo(0, 0)")
    screenshot("dashboard")

    # resolve asks for a note, then posts it
    click(browser, f"{card(browser, 3)} button.resolve")
    element(browser, "dialog.note-dialog textarea").send_keys("Spoke to seat 7; bet stands at 2,000.")
    click(browser, 'dialog.note-dialog button[value="ok"]')
    attribute_is(browser, card(browser, 3), "data-status", "resolved")
    assert floor.alerts[3]["note"] == "Spoke to seat 7; bet stands at 2,000."
    assert floor.alerts[3]["resolved_by"] == "Fiona"
    assert "Resolved by Fiona" in text_of(browser, card(browser, 3))

    # the shot clock runs, counting up from the tile's decision_s
    clock = '.tile[data-table="t3"] .shot-clock'
    first = text_of(browser, clock)
    assert first.startswith("0:4"), first
    attribute_is(browser, clock, "data-level", "warn")
    until(browser, lambda d: text_of(d, clock) != first, "the shot clock to tick")
    assert "Camera silent" in text_of(browser, '.tile[data-table="t3"] .camera')

    # the clip player: a real H.264 clip reaches readyState >= 2, and steps frames
    click(browser, f"{card(browser, 2)} button.clip")
    element(browser, "#clip-dialog")
    state = video_ready(browser, "#clip-dialog video")
    assert "token=floor-token" in state["src"] and "overlay=0" in state["src"]
    until(
        browser,
        lambda d: d.execute_script("return document.querySelector('#clip-dialog video').ended"),
        "the clip to play to its end",
    )
    click(browser, "#clip-dialog button.step.back")
    until(
        browser, lambda d: "frame 43 " in text_of(d, "#clip-dialog .frame-pos"), "one frame before the last"
    )
    click(browser, "#clip-dialog button.close")
    until(
        browser,
        lambda d: not d.execute_script("return document.getElementById('clip-dialog').open"),
        "the clip dialog to close",
    )

    # filters: the list is reloaded with the query, and live alerts are filtered in the page too
    browser.find_element(
        By.CSS_SELECTOR, '#filters select[name="severity"] option[value="hand_stopping"]'
    ).click()
    until(
        browser,
        lambda d: [e.get_attribute("data-alert-id") for e in elements(d, "#feed article.alert")] == ["2"],
        "only the hand-stopping alert",
    )
    floor.raise_alert(**string_bet(created_at=ago(0)))
    floor.raise_alert(**misdeal(table_id="t1", created_at=ago(0)))
    element(browser, card(browser, 5))
    assert not elements(browser, card(browser, 4)), "a warning is filtered out of a hand-stopping feed"
    assert js_errors(browser) == []


def test_dashboard_reconnects_and_catches_up(browser, floor, served):
    browser.get(f"{served.url}/?token=floor-token")
    attribute_is(browser, "#live", "data-state", "open")
    floor.drop_live()  # the server goes away for a moment
    floor.add_alert(**misdeal())  # raised while the page is not listening: never sent live
    attribute_is(browser, "#live", "data-state", "down")
    attribute_is(browser, "#live", "data-state", "open")
    element(browser, card(browser, 2))  # fetched again after reconnecting
    assert js_errors(browser) == []


def test_sign_in_dialog_rejects_a_bad_token_then_accepts_a_good_one(browser, served):
    browser.get(f"{served.url}/?token=not-a-token")
    assert "not accepted" in text_of(browser, "dialog#login")
    element(browser, "dialog#login input").send_keys("floor-token")
    click(browser, "dialog#login button")
    until(browser, lambda d: text_of(d, "#who") == "Fiona · floor", "the user in the header")
    attribute_is(browser, "#live", "data-state", "open")
    browser.get(f"{served.url}/review")  # the same tab keeps the token
    until(browser, lambda d: text_of(d, "#who") == "Fiona · floor", "signed in on the review page")


def test_console_declarations_clock_and_corrections(browser, floor, served, screenshot):
    browser.get(f"{served.url}/console/t1?token=dealer-token")
    until(browser, lambda d: text_of(d, "#table-name") == "Feature table", "the table's name")
    actions = "#actions button[data-what={}]"

    click(browser, actions.format("raise"))
    assert "Pick the seat first" in text_of(browser, "#result")
    click(browser, '#seats button[data-seat="3"]')
    click(browser, actions.format("raise"))
    assert "Enter the raise amount" in text_of(browser, "#result")
    for key in "2200":
        click(browser, f'#keypad button[data-key="{key}"]')
    assert text_of(browser, "#amount") == "2,200"
    click(browser, actions.format("raise"))
    until(browser, lambda d: "Seat 3 raise 2,200" in text_of(d, "#result"), "the raise accepted")
    attribute_is(browser, "#result", "data-kind", "ok")
    assert floor.console[-1] == ("t1", "declaration", {"seat": 3, "what": "raise", "amount": 2200})
    assert text_of(browser, "#amount") == "0", "the keypad clears after a declaration is accepted"

    click(browser, actions.format("call"))
    until(browser, lambda d: len(floor.console) == 2, "the call")
    assert floor.console[-1] == ("t1", "declaration", {"seat": 3, "what": "call"})
    click(browser, "#clock")
    until(browser, lambda d: "Clock called on seat 3" in text_of(d, "#result"), "the clock call")
    assert floor.console[-1] == ("t1", "clock", {"seat": 3})

    # a correction the server refuses shows its reason, and nothing is stored
    element(browser, '#fix-blinds input[name="sb"]').send_keys("400")
    element(browser, '#fix-blinds input[name="bb"]').send_keys("200")
    click(browser, "#fix-blinds button")
    until(
        browser, lambda d: "small blind must not exceed the big blind" in text_of(d, "#result"), "the refusal"
    )
    attribute_is(browser, "#result", "data-kind", "error")
    assert len(floor.console) == 3
    click(browser, '#fix-stack select[name="seat"] option[value="5"]')
    element(browser, '#fix-stack input[name="amount"]').send_keys("12000")
    click(browser, "#fix-stack button")
    until(browser, lambda d: "Seat 5 stack 12,000" in text_of(d, "#result"), "the stack correction")
    assert floor.console[-1] == ("t1", "correction", {"stack": {"seat": 5, "amount": 12000}})

    # ready for the next declaration, as a dealer would leave it
    browser.execute_script("window.scrollTo(0, 0)")
    click(browser, '#seats button[data-seat="6"]')
    for key in "4800":
        click(browser, f'#keypad button[data-key="{key}"]')
    screenshot("console")
    assert js_errors(browser) == []


def test_review_timeline_clip_overlay_frames_and_export(browser, floor, served, screenshot):
    browser.get(f"{served.url}/review?token=surv-token")
    rows = until(browser, lambda d: elements(d, "#hands .hand-row") or None, "the hands list")
    assert len(rows) == 7
    assert "Hand 142" in rows[0].text and "1 alert" in rows[0].text
    rows[0].click()

    items = until(browser, lambda d: elements(d, "#timeline .ev") or None, "the timeline")
    assert len(items) == 11 + 2 + 1, "events, rulings and the alert, merged"
    times = [
        float(e.find_element(By.CSS_SELECTOR, ".t").get_attribute("textContent").removesuffix(" s"))
        for e in items
    ]
    assert times == sorted(times), "in time order"
    kinds = [e.get_attribute("class").split()[1] for e in items]
    assert kinds[5:8] == ["event", "ruling", "alert-ev"], "seat 4's chip, then its ruling, then the alert"
    alert = element(browser, "#timeline .alert-ev")
    assert "playlive 44" in alert.text and "oversized chip" in alert.text.lower()
    assert "call 1,200, 3,800 returned" in text_of(browser, "#timeline .ev.ruling")
    assert "A♥" in text_of(browser, "#hand-facts") and "Board" in text_of(browser, "#hand-facts")
    assert "hand=142" in browser.current_url

    # the hand's alert clip loads by itself; frame stepping moves 1/30 s
    video = "#player video"
    video_ready(browser, video)
    for _ in range(3):
        click(browser, "#player button.step.forward")
    until(browser, lambda d: "frame 3 " in text_of(d, "#player .frame-pos"), "frame 3")
    assert video_state(browser, video)["time"] == pytest.approx(3.5 / 30, abs=1e-3)
    click(browser, "#player button.step.back")
    until(browser, lambda d: "frame 2 " in text_of(d, "#player .frame-pos"), "frame 2")

    # overlay on: the overlay clip, at the same place
    click(browser, "#player .overlay-toggle")
    until(browser, lambda d: "overlay=1" in video_state(d, video)["src"], "the overlay clip")
    state = video_ready(browser, video)
    until(browser, lambda d: video_state(d, video)["time"] == pytest.approx(2.5 / 30, abs=1e-3), "same frame")
    assert "token=surv-token" in state["src"]

    click(browser, "#export-phh")
    until(browser, lambda d: text_of(d, "#export-status") == "Saved hand-142.phh", "the PHH export")
    until(
        browser,
        lambda d: (v := video_state(d, video))["ready"] >= 3 and not v["seeking"] and v["network"] == 1,
        "the clip loaded and the frame on screen",
    )
    browser.execute_script("document.querySelector('#timeline .alert-ev').scrollIntoView({block: 'center'})")
    time.sleep(1.5)  # Chromium's own video controls fade their loading spinner out; not part of the page
    screenshot("review")
    assert js_errors(browser) == []


def test_review_exports_are_for_surveillance_only(browser, served):
    browser.get(f"{served.url}/review?token=floor-token&table=t1&hand=142")
    until(browser, lambda d: elements(d, "#timeline .ev") or None, "the timeline from the address")
    assert not element(browser, "#export-phh").is_enabled()
    assert "surveillance and admin" in text_of(browser, "#export-status")


SMALL_TARGETS = """
  const small = [];
  for (const node of document.querySelectorAll('button, select, input:not([type=checkbox]), a, .switch')) {
    const r = node.getBoundingClientRect();
    if (r.width && r.height && (r.height < 44 || r.width < 44)) {
      const label = node.textContent.trim().slice(0, 20);
      const what = `${node.tagName.toLowerCase()}.${node.className} "${label}"`;
      small.push(`${what} ${r.width}x${r.height}`);
    }
  }
  return small;
"""


@pytest.mark.parametrize(
    ("path", "token", "ready"),
    [
        ("/", "floor-token", ".tile"),
        ("/console/t1", "dealer-token", ".seat-button"),
        ("/review", "surv-token", ".hand-row"),
    ],
)
def test_pages_fit_a_tablet_with_44px_touch_targets(browser, served, tmp_path, path, token, ready):
    metrics = {"width": 820, "height": 1180, "deviceScaleFactor": 1, "mobile": False}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    try:
        browser.get(f"{served.url}{path}?token={token}")
        element(browser, ready)
        if path == "/review":
            click(browser, ".hand-row")
            element(browser, "#timeline .alert-ev")
        assert browser.execute_script("return document.documentElement.scrollWidth <= window.innerWidth"), (
            "nothing overflows sideways on a portrait tablet"
        )
        assert browser.execute_script(SMALL_TARGETS) == []
        browser.save_screenshot(str(tmp_path / "tablet.png"))  # to look at when this fails
    finally:
        metrics = {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False}
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)

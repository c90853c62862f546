"""Small waits and reads shared by the page tests (selenium's explicit waits, with messages that say
what the page showed instead)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT_S = 15


def until(driver: WebDriver, check: Callable[[WebDriver], Any], what: str, timeout: float = TIMEOUT_S) -> Any:
    """Wait for ``check`` to return something truthy; on timeout fail naming ``what`` and the banner."""
    try:
        wait = WebDriverWait(
            driver, timeout, poll_frequency=0.1, ignored_exceptions=(StaleElementReferenceException,)
        )
        return wait.until(check)
    except TimeoutException:
        banner = driver.execute_script("return document.getElementById('banner')?.textContent || ''")
        raise AssertionError(f"timed out after {timeout} s waiting for {what}; banner: {banner!r}") from None


def element(driver: WebDriver, css: str, timeout: float = TIMEOUT_S) -> WebElement:
    """The first element matching ``css`` once it is displayed."""

    def shown(d: WebDriver) -> WebElement | None:
        found = d.find_elements(By.CSS_SELECTOR, css)
        return found[0] if found and found[0].is_displayed() else None

    result: WebElement = until(driver, shown, css, timeout)
    return result


def click(driver: WebDriver, css: str, timeout: float = TIMEOUT_S) -> None:
    """Click the first displayed match, finding it again if the page replaced it in between (alert cards
    are re-rendered whenever an update arrives, so an element found a moment ago can go stale)."""

    def clicked(d: WebDriver) -> bool:
        found = d.find_elements(By.CSS_SELECTOR, css)
        if not found or not found[0].is_displayed():
            return False
        found[0].click()
        return True

    until(driver, clicked, f"{css} to click", timeout)


def elements(driver: WebDriver, css: str) -> list[WebElement]:
    return driver.find_elements(By.CSS_SELECTOR, css)


def text_of(driver: WebDriver, css: str) -> str:
    """The rendered text of the first match, read in one step (cards are replaced as they change)."""
    element(driver, css)
    text: str = driver.execute_script("return document.querySelector(arguments[0])?.innerText ?? ''", css)
    return text


def attribute_is(driver: WebDriver, css: str, name: str, value: str) -> None:
    read = "return document.querySelector(arguments[0])?.getAttribute(arguments[1])"
    until(driver, lambda d: d.execute_script(read, css, name) == value, f"{css}[{name}={value}]")


def video_state(driver: WebDriver, css: str) -> dict[str, Any]:
    state: dict[str, Any] = driver.execute_script(
        """const v = document.querySelector(arguments[0]);
           return v && {ready: v.readyState, time: v.currentTime, src: v.getAttribute('src') || '',
                        error: v.error && v.error.code, paused: v.paused, duration: v.duration,
                        seeking: v.seeking, network: v.networkState};""",
        css,
    )
    return state


def video_ready(driver: WebDriver, css: str) -> dict[str, Any]:
    """Wait for the video to have the current frame at least (readyState >= 2, HAVE_CURRENT_DATA)."""

    def ready(d: WebDriver) -> dict[str, Any] | None:
        state = video_state(d, css)
        if state and state["error"]:
            raise AssertionError(
                f"the video failed to play: MediaError code {state['error']} ({state['src']})"
            )
        return state if state and state["ready"] >= 2 else None

    result: dict[str, Any] = until(driver, ready, f"{css} to reach readyState >= 2")
    return result

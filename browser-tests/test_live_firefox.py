"""The live chart's browser tests (test_live.py: the range grows and the value stays, End, monitor
mode's tones counted by the Web Audio spy, the out-of-scale boundary tone said once) in Debian's
Firefox ESR, driven by Playwright over WebDriver BiDi (its `moz-firefox` channel: the system
browser, no patched build). Marked slow: Firefox starts in about 20 s on a busy machine, and
`make test` runs the same tests in Chromium."""
import os

import pytest
from playwright.sync_api import sync_playwright

from test_live import *  # noqa: F401,F403  (the tests and the `live` fixture, here in Firefox)

pytestmark = pytest.mark.slow
FIREFOX = os.environ.get("PITCHLINE_FIREFOX", "/usr/bin/firefox-esr")
# Web Audio may start without a click (Chromium's --autoplay-policy=no-user-gesture-required).
FIREFOX_PREFS = {"media.autoplay.default": 0, "media.autoplay.blocking_policy": 0,
                 "media.autoplay.block-webaudio": False}


def launch_firefox(playwright):
    """Firefox ESR headless, as the page tests drive it."""
    return playwright.firefox.launch(channel="moz-firefox", executable_path=FIREFOX,
                                     firefox_user_prefs=FIREFOX_PREFS)


@pytest.fixture(scope="module")
def browser():
    """Firefox for this module, in place of conftest's Chromium."""
    with sync_playwright() as p:
        b = launch_firefox(p)
        yield b
        b.close()


def test_the_browser_is_firefox(live):
    assert "Firefox/" in live["page"].evaluate("navigator.userAgent")

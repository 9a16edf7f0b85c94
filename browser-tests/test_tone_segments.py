"""The tone bank in segments (issue 31): on the 23-series employment chart (bench/employment-site)
a reader hears the first tone after downloading at most 150 KB of audio, and another series' tone
plays after its own segment is fetched on demand: through `pitchline serve` and from file://."""
import os
import shutil
import tempfile
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from conftest import ROOT, recorded_page, start_pitchline_server
import fixture_site

CHART = "bls-employment"
LIMIT = 150_000


@pytest.fixture(scope="module")
def exported():
    tmp = tempfile.mkdtemp(prefix="pitchline-segments-")
    out = Path(fixture_site._export(ROOT / "bench" / "employment-site", Path(tmp) / "out"))
    yield out
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture(scope="module")
def served(exported):
    base, stop = start_pitchline_server(exported)
    yield base
    stop()


def audio_bytes(urls, root):
    """Bytes of the audio files among `urls` (their sizes on disk: the bytes served)."""
    paths = [Path(unquote(urlparse(u).path)) if u.startswith("file:") else root / unquote(urlparse(u).path).lstrip("/") for u in urls]
    return sum(p.stat().st_size for p in paths)


@pytest.mark.parametrize("how", ["serve", "file"])
def test_first_tone_after_at_most_150_kb_and_another_series_fetched_on_demand(browser, exported, served, how):
    base = served if how == "serve" else exported.resolve().as_uri() + "/"
    with recorded_page(browser) as page:
        seen = []
        page.on("request", lambda r: seen.append(r.url) if ".audio." in r.url else None)
        page.goto(base + f"charts/{CHART}.html")
        data = page.evaluate(f"window.PitchlineCharts[{CHART!r}]")
        audio = data["audio"]
        assert len(data["series"]) == 23 and len(audio["segments"]) > 2
        slider = page.locator(".pl-slider")
        slider.focus()
        page.keyboard.press("Home")
        page.wait_for_function("() => window.__plays.length >= 1", timeout=15000)
        before = list(seen)
        first = page.evaluate("window.__plays")[0]
        assert first["synthesized"] is False
        # Only the landing view's segment (Ogg over http, its base64 twin from disk) came first.
        ext = ".ogg" if how == "serve" else ".js"
        assert [u.rsplit("/", 1)[-1] for u in before] == [audio["segments"][0] + ext]
        assert audio_bytes(before, exported) <= LIMIT
        tone = audio["tones"][data["series"][0]["tones"][0]]
        assert abs(first["offset"] - tone[0]) < 1e-3 and (tone[3] if len(tone) > 3 else 0) == 0

        # Down: series 2, whose tones are in another segment, fetched now; its tone plays.
        page.keyboard.press("ArrowDown")
        page.wait_for_function("() => window.__plays.length >= 2", timeout=15000)
        second = page.evaluate("window.__plays")[1]
        tone = audio["tones"][data["series"][1]["tones"][0]]
        assert second["synthesized"] is False and abs(second["offset"] - tone[0]) < 1e-3
        after = [u.rsplit("/", 1)[-1] for u in seen[len(before):]]
        assert tone[3] != 0 and audio["segments"][int(tone[3])] + ext in after
        assert "Series 2 of 23" in slider.get_attribute("aria-valuetext")

"""Every reader, every device (issue 15, reader part): touch and pointer scrubbing, the reader
settings dialog, storage that throws, and the accessibility tree of the scrubber in each mode.

One export of the example site; pages observed through the Web Audio recorder
(webaudio_recorder.js) and the accessibility tree (CDP), never through test hooks. Expected
wordings come from the generator (`pitchline labels`: every point in every wording, and what a
series switch says), never rebuilt here.
"""
import functools
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fixtures"))
import fixture_site  # noqa: E402

SEATTLE = "seattle-temperature"
ROOT = Path(__file__).resolve().parent.parent
from conftest import RECORDER, TOGETHER
WCAG = {"runOnly": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]}
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts" / "reader"
# Storage that throws on every use, as in some private modes and with storage disabled.
NO_STORAGE = """(() => {
  const deny = () => { throw new DOMException('The operation is insecure.', 'SecurityError'); };
  Object.defineProperty(window, 'localStorage', { configurable: true, get: deny });
})();"""


@pytest.fixture(scope="module")
def site():
    tmp = tempfile.mkdtemp(prefix="pitchline-reader-")
    out = fixture_site.export_example(os.path.join(tmp, "out"))
    yield Path(out).resolve().as_uri() + "/"
    shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def new_page(browser):
    contexts, errors = [], []

    def make(*scripts, **options):
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.add_init_script(RECORDER)
        for s in scripts:
            page.add_init_script(s)
        page.on("pageerror", lambda e: errors.append(str(e)))
        return page

    yield make
    for c in contexts:
        c.close()
    assert errors == [], errors


def data(page, chart_id=SEATTLE):
    return page.evaluate("id => window.PitchlineCharts[id]", chart_id)


@functools.cache
def generated():
    """`pitchline labels` for the example site (the site `site` exports)."""
    return json.loads(fixture_site.labels_json(ROOT / "site"))


def said(chart_id, row, s=0, wording="normal.xFirst"):
    """The generator's label of a point of series `s` in `wording` (the default: normal, x first)."""
    return generated()[chart_id]["wordings"][wording]["series"][s][row]


def switched(chart_id, row, view, wording="normal.xFirst"):
    """What Up/Down (or a series button) says arriving on `view` at `row`, as the generator made it."""
    return generated()[chart_id]["wordings"][wording]["switches"][view][row]


def default_label(d, row, s=0):
    """The default wording of a point of the chart whose data script is `d`."""
    return said(d["id"], row, s)


def choose(page, name, value):
    """Picks a choice in the settings dialog (radio groups), as a click would."""
    page.check(f'#pl-settings input[name={name}][value="{value}"]')


def position(page, nth=0):
    return page.locator(".pl-slider").nth(nth).evaluate("e => +e.value - +e.min")


def valuetext(page, nth=0):
    return page.locator(".pl-slider").nth(nth).get_attribute("aria-valuetext")


def focus_slider(page, nth=0):
    page.locator(".pl-slider").nth(nth).focus()
    page.wait_for_function(f"() => window.__decoded.length >= 1", timeout=15000)


def seattle_scrubber(new_page, site):
    """The Seattle page (tone and speech together) with the scrubber focused, and its chart data."""
    page = new_page(TOGETHER)
    page.goto(site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    return page, data(page)


def ax_slider(page):
    """The focused slider as Chromium's accessibility tree exposes it (role, name, description,
    range) with its aria-valuetext. Chromium 156's CDP tree reports a slider's valuetext as its
    number (also for a plain `<input type=range aria-valuetext>`), so the text comes from the
    attribute; what a screen reader hears from it is checked by the Orca transcripts."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    cdp.detach()
    for n in nodes:
        props = {p["name"]: p["value"].get("value") for p in n.get("properties", [])}
        if n.get("role", {}).get("value") == "slider" and props.get("focused"):
            return {"role": "slider", "name": n["name"]["value"], "description": n.get("description", {}).get("value"),
                    "orientation": props.get("orientation"), "settable": props.get("settable"),
                    "range": [props.get("valuemin"), props.get("valuemax")], "number": n.get("value", {}).get("value"),
                    "value": page.evaluate("document.activeElement.getAttribute('aria-valuetext')")}
    return None


def test_touch_drag_along_the_chart_plays_and_says_points_and_the_page_stays(new_page, site):
    page = new_page(TOGETHER, viewport={"width": 390, "height": 700}, has_touch=True, is_mobile=True)
    page.goto(site + f"charts/{SEATTLE}.html")
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    d = data(page)
    plot = page.locator("svg.pl-svg")
    plot.scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, 40)")
    before = page.evaluate("window.scrollY")
    box = plot.bounding_box()
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x=0, y=0):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    y = box["y"] + box["height"] / 2
    x0, x1 = box["x"] + box["width"] * 0.2, box["x"] + box["width"] * 0.8
    touch("touchStart", x0, y)
    for i in range(1, 25):   # sideways, drifting down 1 px a step, as a finger does
        touch("touchMove", x0 + (x1 - x0) * i / 24, y + i)
        page.wait_for_timeout(20)
    touch("touchEnd")
    page.wait_for_timeout(400)
    assert page.evaluate("window.scrollY") == before, "the page scrolled during the drag"
    row = position(page)
    assert row > len(d["x"]["labels"]) * 0.5
    assert valuetext(page) == default_label(d, row)   # the point where the finger stopped, said
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')")
    plays = page.evaluate("window.__plays")
    assert len(plays) >= 5, plays                       # each point passed plays (throttled) …
    assert len(plays) < 24 * 3
    pans = [p["pan"] for p in plays]
    assert pans == sorted(pans) and pans[-1] > pans[0]  # … left to right
    cursor = page.locator(".pl-cursor").first
    assert cursor.get_attribute("hidden") is None
    assert f"translate({d['series'][0]['cx'][row]:g} " in cursor.get_attribute("transform").replace(".0 ", " ")
    # A vertical swipe on the drawing still scrolls the page and moves nothing.
    touch("touchStart", box["x"] + box["width"] / 2, y + 40)
    for i in range(1, 11):
        touch("touchMove", box["x"] + box["width"] / 2, y + 40 - 12 * i)
        page.wait_for_timeout(16)
    touch("touchEnd")
    page.wait_for_timeout(300)
    assert page.evaluate("window.scrollY") > before
    assert position(page) == row
    cdp.detach()


def test_settings_dialog_changes_wording_and_every_chart_follows_across_reloads(new_page, site):
    page, d = seattle_scrubber(new_page, site)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("o")
    dialog = page.locator("#pl-settings")
    assert dialog.evaluate("d => d.open && !d.matches(':modal')")   # non-modal, like the help
    assert page.evaluate("[document.activeElement.name, document.activeElement.value]") == ["verbosity", "normal"]
    for _ in range(12):                                            # Tab stays inside
        page.keyboard.press("Tab")
        assert page.evaluate("document.getElementById('pl-settings').contains(document.activeElement)")
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, results.generate_report()
    page.screenshot(path=str(ARTIFACTS / "settings-dialog.png"))
    choose(page, "verbosity", "verbose")
    page.keyboard.press("Escape")
    assert not dialog.evaluate("d => d.open")
    assert page.evaluate("document.activeElement.classList.contains('pl-slider')")
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 2, wording="verbose.xFirst") == default_label(d, 2) + ", 3 of 1,461"
    ax = ax_slider(page)
    assert ax["name"] == "Audio chart" and ax["value"] == said(SEATTLE, 2, wording="verbose.xFirst")

    # Value first, then terse: the generator's variants, chosen by the page.
    page.keyboard.press("o")
    choose(page, "verbosity", "normal")
    choose(page, "order", "valueFirst")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 3, wording="normal.valueFirst")
    assert valuetext(page).startswith("maximum temperature ") and valuetext(page).endswith(", 4 January 2012")
    page.keyboard.press("o")
    choose(page, "verbosity", "terse")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 4, wording="terse.xFirst") == d["series"][0]["values"][4]
    page.keyboard.press("ArrowDown")                               # series 2, terse
    assert valuetext(page) == switched(SEATTLE, 4, 1, wording="terse.xFirst") == "Series 2 of 2: " + d["series"][1]["values"][4]

    # Remembered across a reload, and on another page of the site (a report with three charts).
    page.reload()
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    # The saved settings apply once the deferred settings script has run: a key pressed before
    # that is said in the default wording, so step back and forth until they are in force.
    for _ in range(20):
        if valuetext(page) == said(SEATTLE, 1, wording="terse.xFirst"):
            break
        page.wait_for_timeout(250)
        page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 1, wording="terse.xFirst")
    page.goto(site + "reports/seattle-weather.html")
    sliders = page.locator(".pl-slider")
    assert sliders.count() >= 2
    for nth in range(sliders.count()):
        sliders.nth(nth).focus()
        page.keyboard.press("ArrowRight")
        cid = sliders.nth(nth).evaluate("e => e.closest('figure').dataset.chartId")
        assert valuetext(page, nth) == said(cid, 1, wording="terse.xFirst"), cid
    # Changed on one chart of the page, the others follow at once; reset brings the default back.
    sliders.nth(0).focus()
    page.keyboard.press("o")
    page.click(".pl-settings-reset")
    page.keyboard.press("Escape")
    sliders.nth(1).focus()
    page.keyboard.press("ArrowRight")
    cid = sliders.nth(1).evaluate("e => e.closest('figure').dataset.chartId")
    assert valuetext(page, 1) == default_label(data(page, cid), 2)
    assert page.evaluate("localStorage.getItem('pitchline.settings')") is None


def test_the_settings_defaults_are_the_dialogs_checked_choices(new_page, http_site):
    """The generator's defaults (ReaderSettings) reach the page script only as the dialog's
    checked choices: a page whose dialog checks Verbose and Value first speaks that wording from
    the first key, stores nothing (they are its defaults), and Reset returns to them."""
    page = new_page(TOGETHER)

    def verbose_value_first(route):
        r = route.fetch()
        body = r.text()
        for name, old, new in (("verbosity", "normal", "verbose"), ("order", "xFirst", "valueFirst")):
            checked = f'name="{name}" value="{old}" checked>'
            assert checked in body, name
            body = body.replace(checked, f'name="{name}" value="{old}">').replace(f'name="{name}" value="{new}">', f'name="{name}" value="{new}" checked>')
        route.fulfill(response=r, body=body)

    page.route(f"**/charts/{SEATTLE}.html", verbose_value_first)
    page.goto(http_site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 1, wording="verbose.valueFirst")
    assert page.evaluate("localStorage.getItem('pitchline.settings')") is None
    page.keyboard.press("o")
    choose(page, "verbosity", "terse")
    page.click(".pl-settings-reset")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    assert valuetext(page) == said(SEATTLE, 2, wording="verbose.valueFirst")


def test_tones_speech_pitch_length_and_speed_settings(new_page, site):
    page, d = seattle_scrubber(new_page, site)
    page.keyboard.press("ArrowRight")
    plain = page.evaluate("window.__plays")[-1]
    assert plain["rate"] == 1
    page.keyboard.press("o")
    choose(page, "pitch", "-12")       # previews the lowest and highest tone
    preview = page.evaluate("window.__plays")[-2:]
    freqs = [t[2] for t in d["audio"]["tones"]]
    offsets = [t[0] for t in d["audio"]["tones"]]
    played = [freqs[offsets.index(p["offset"])] for p in preview]
    value_freqs = [f for i, f in enumerate(freqs) if f > 0 and i not in (d["audio"]["endTone"], d["audio"]["missingTone"])]
    assert played == [min(value_freqs), max(value_freqs)] and all(p["rate"] == 0.5 for p in preview)
    choose(page, "toneLength", "0.34")
    choose(page, "speed", "2")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    short = page.evaluate("window.__plays")[-1]
    assert short["rate"] == 0.5
    assert abs(short["duration"] - (0.005 + d["audio"]["toneDuration"] * 0.34)) < 1e-6
    assert short["duration"] < plain["duration"] / 2
    n = len(page.evaluate("window.__plays"))
    page.keyboard.press("p")                           # playback at the chosen speed
    page.wait_for_timeout(600)
    page.keyboard.press("p")
    notes = page.evaluate("window.__plays")[n:]
    speed = [s["factor"] for s in d["text"]["speeds"]].index(2)
    gap = d["series"][0]["play"][speed]["gap"]
    assert len(notes) >= 3
    assert all(abs((b["when"] - a["when"]) - gap) < 1e-3 for a, b in zip(notes[1:], notes[2:])), (gap, notes[:4])
    assert page.evaluate("JSON.parse(localStorage.getItem('pitchline.settings'))") == {"pitch": -12, "toneLength": 0.34, "speed": 2}
    # Tones off: moving plays nothing; speech off: moving says nothing, Space says the point.
    page.keyboard.press("o")
    page.uncheck("input[name=tones]")
    page.uncheck("input[name=speech]")
    page.keyboard.press("Escape")
    n, said = len(page.evaluate("window.__plays")), valuetext(page)
    row = position(page)
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert len(page.evaluate("window.__plays")) == n
    assert valuetext(page) == said
    assert page.locator(".pl-readout").text_content() != ""   # the readout and cursor still move
    page.keyboard.press("Space")
    assert position(page) == row + 2
    assert valuetext(page) == default_label(d, row + 2)


def test_with_storage_throwing_the_page_and_the_settings_still_work(new_page, site):
    page = new_page(NO_STORAGE)
    page.goto(site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    d = data(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(400)                        # tone first, then speech (the default)
    assert valuetext(page) == default_label(d, 1)
    page.keyboard.press("o")
    choose(page, "verbosity", "terse")
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(400)
    assert valuetext(page) == said(SEATTLE, 2, wording="terse.xFirst")   # kept for this page


def test_accessibility_tree_of_the_scrubber_in_every_mode(new_page, site):
    page, d = seattle_scrubber(new_page, site)
    seen = {}
    ax = ax_slider(page)
    seen["arrival"] = ax
    assert ax["name"] == "Audio chart" and ax["value"] == default_label(d, 0)
    assert ax["description"] == "Press Enter to explore by sound, H for help."
    assert ax["orientation"] == "horizontal" and ax["settable"] is True   # a native range: TalkBack can set it
    page.keyboard.press("ArrowRight")
    seen["series 1"] = ax_slider(page)
    assert seen["series 1"]["value"] == default_label(d, 1)
    page.keyboard.press("ArrowDown")
    seen["series 2"] = ax_slider(page)
    assert seen["series 2"]["value"] == switched(SEATTLE, 1, 1) == "Series 2 of 2: " + default_label(d, 1, 1)
    page.keyboard.press("ArrowDown")
    seen["all series"] = ax_slider(page)
    assert seen["all series"]["value"] == switched(SEATTLE, 1, 2)
    assert d["x"]["labels"][1] in seen["all series"]["value"] and "minimum temperature" in seen["all series"]["value"]
    page.keyboard.press("ArrowDown")
    page.keyboard.press("]")
    seen["highest"] = ax_slider(page)
    assert seen["highest"]["value"].startswith(d["text"]["highest"].split("{l}")[0])   # the generator's template: the point follows
    page.keyboard.press("p")
    page.wait_for_timeout(300)
    page.keyboard.press("Escape")
    seen["stopped"] = ax_slider(page)
    assert seen["stopped"]["value"].startswith(d["text"]["stopped"].split("{l}")[0])   # the generator's template: the point follows
    page.keyboard.press("End")
    page.keyboard.press("ArrowRight")
    seen["end"] = ax_slider(page)
    assert seen["end"]["value"].startswith(d["text"]["lastPoint"].split("{l}")[0])   # the generator's template: the point follows
    for name, node in seen.items():
        assert node["role"] == "slider" and node["name"] == "Audio chart", name
        lo, hi = node["range"]
        assert lo <= node["number"] <= hi, name                  # the thumb sits at the point
    # The settings button is in the accessibility tree (a phone's screen reader reaches it by
    # swiping), but not a Tab stop: Tab from the slider leaves the chart.
    button = page.get_by_role("button", name="Settings (O)")
    assert button.count() == 1 and button.get_attribute("tabindex") == "-1"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "slider-accessibility-tree.json").write_text(json.dumps(seen, indent=1, ensure_ascii=False), encoding="utf-8")


def test_guide_page_from_the_index_and_the_help_plays_every_sound_and_opens_the_settings(new_page, site):
    page = new_page()
    page.goto(site + "index.html")
    page.get_by_role("link", name="How to listen").click()
    assert page.url.endswith("/guide.html")
    assert page.locator("h1").text_content() == "How to listen to these charts"
    for name in ["NVDA (Windows)", "JAWS (Windows)", "VoiceOver (macOS)", "VoiceOver (iPhone and iPad)", "TalkBack (Android)", "Orca (Linux)"]:
        assert page.get_by_role("heading", name=name, level=3).count() == 1, name
    assert page.locator("table.pl-keys kbd", has_text="O").count() >= 1     # the same key table as the help
    durations = page.evaluate("""() => Promise.all([...document.querySelectorAll('.pl-sounds audio')].map(a =>
        new Promise(ok => { a.onloadedmetadata = () => ok(a.duration); a.onerror = () => ok(-1); a.preload = 'auto'; a.load(); })))""")
    assert len(durations) == 7 and all(0.05 < d < 1 for d in durations), durations   # value … end, the mark chime
    # Each example in Ogg, then the same sound in WebM (Safari before 18.4 skips the Ogg source):
    # the same samples, and the same length within 20 ms (a slice's lead trim has no WebM form:
    # the no-data tick's WebM measured 16 ms longer in Chromium, the six others exactly equal).
    import base64
    from urllib.request import url2pathname
    sources = page.evaluate("""[...document.querySelectorAll('.pl-sounds audio')].map(a =>
        [...a.querySelectorAll('source')].map(s => [s.type, new URL(s.src).pathname]))""")
    assert all([t.split(";")[0] for t, _ in pair] == ["audio/ogg", "audio/webm"] for pair in sources), sources
    same = page.evaluate("""async pairs => { const c = new OfflineAudioContext(1, 1, 22050), out = [];
        const get = async b => (await c.decodeAudioData(Uint8Array.from(atob(b), ch => ch.charCodeAt(0)).buffer)).getChannelData(0);
        for (const [ogg, webm] of pairs) { const [o, w] = [await get(ogg), await get(webm)];
          const n = Math.min(o.length, w.length), same = o.subarray(0, n).every((v, i) => v === w[i]);
          out.push(n > 0 && same && Math.abs(o.length - w.length) <= 0.02 * c.sampleRate); }
        return out; }""", [[base64.b64encode(Path(url2pathname(path)).read_bytes()).decode() for _, path in pair] for pair in sources])
    assert same == [True] * 7, same
    results = Axe().run(page, options=WCAG)
    assert results.violations_count == 0, results.generate_report()
    page.screenshot(path=str(ARTIFACTS / "guide.png"), full_page=True)
    page.get_by_role("button", name="Open the settings").click()
    assert page.locator("#pl-settings").evaluate("d => d.open")
    assert page.locator(".pl-settings-preview").is_hidden()                # no chart here to preview
    choose(page, "verbosity", "terse")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.classList.contains('pl-open-settings')")
    page.goto(site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    page.wait_for_timeout(400)
    assert valuetext(page) == data(page)["series"][0]["values"][1]
    page.keyboard.press("h")
    assert page.locator("#pl-help a", has_text="How to listen to these charts").get_attribute("href") == "../guide.html"


@pytest.fixture(scope="module")
def http_site(site):
    """The same export over loopback HTTP (audio is fetched there; file: pages use the base64 script)."""
    from urllib.parse import urlparse
    from urllib.request import url2pathname
    base, stop = fixture_site.serve(url2pathname(urlparse(site).path), fixture_site.PlainHandler)
    yield base
    stop()


def audio_requests(page):
    seen = []
    page.on("request", lambda r: seen.append(r.url.rsplit(".", 1)[-1]) if ".audio." in r.url else None)
    return seen


def test_a_browser_without_ogg_gets_the_same_tones_in_webm(new_page, http_site):
    """Safari before 18.4 decodes Vorbis only in WebM: the page asks canPlayType and fetches the
    WebM twin of the bank (the same packets: decoded here sample for sample equal to the Ogg)."""
    page = new_page(TOGETHER, """(() => { const can = HTMLMediaElement.prototype.canPlayType;
        HTMLMediaElement.prototype.canPlayType = function (t) { return /ogg/.test(t) ? '' : can.call(this, t); }; })();""")
    seen = audio_requests(page)
    page.goto(http_site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    assert seen == ["webm"]                                   # one request, the container it plays
    last = page.evaluate("window.__plays")[-1]
    assert last["synthesized"] is False
    assert "synthesised" not in page.locator(".pl-live").text_content()   # the real tones play, no fallback notice
    ogg, webm = page.evaluate("""async () => { const f = document.querySelector('figure.pl-chart'), c = new OfflineAudioContext(1, 1, 22050);
        const get = async u => (await c.decodeAudioData(await (await fetch(u)).arrayBuffer())).getChannelData(0);
        const [a, b] = [await get(f.dataset.audio), await get(f.dataset.audioWebm)];
        let same = a.length <= b.length; for (let i = 0; same && i < a.length; i++) same = a[i] === b[i];
        return [a.length, same ? b.length : -1]; }""")
    # Every tone slot sample for sample (the WebM of a bank segment may decode a few hundred
    # frames of silence longer, past the last slot: Chromium's end trim there).
    assert 0 < ogg <= webm < ogg + 1024


def test_an_ogg_decode_failure_tries_webm_then_simple_tones_said_once(new_page, http_site):
    # Only Ogg refused (Safari 18.4 on iOS was seen refusing Ogg it claims): the WebM twin plays.
    page = new_page(TOGETHER, """(() => { const d = BaseAudioContext.prototype.decodeAudioData;
        BaseAudioContext.prototype.decodeAudioData = function (b, ok, fail) {
          if (new TextDecoder().decode(new Uint8Array(b, 0, 4)) !== 'OggS') return d.call(this, b, ok, fail);
          const e = new DOMException('Unable to decode audio data', 'EncodingError'); if (fail) fail(e); return Promise.reject(e); }; })();""")
    seen = audio_requests(page)
    page.goto(http_site + f"charts/{SEATTLE}.html")
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    assert seen == ["ogg", "webm"]
    assert page.evaluate("window.__plays")[-1]["synthesized"] is False
    # Every decode refused: simple tones that still play, said once per chart, with its first stand-in tone.
    page = new_page(TOGETHER, """window.__refused = 0; BaseAudioContext.prototype.decodeAudioData = function (b, ok, fail) {
        window.__refused++; const e = new DOMException('Unable to decode audio data', 'EncodingError'); if (fail) fail(e); return Promise.reject(e); };""")
    messages = []
    page.expose_function("__said", lambda t: messages.append(t))
    page.add_init_script("""new MutationObserver(r => r.forEach(m => m.target.closest && m.target.closest('.pl-live') && window.__said(m.target.textContent)))
        .observe(document, { subtree: true, childList: true, characterData: true });""")
    page.goto(http_site + f"charts/{SEATTLE}.html")
    page.locator(".pl-slider").first.focus()
    page.wait_for_function("() => window.__refused >= 2")   # the bank failed in the background, unannounced
    page.wait_for_timeout(200)
    assert [m for m in messages if "synthesised" in m] == []
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    plays = page.evaluate("window.__plays")
    assert plays and all(p["synthesized"] for p in plays)
    d = data(page)
    freqs = sorted(t[2] for t in d["audio"]["tones"])
    assert all(freqs[0] <= p["frequency"] <= freqs[-1] for p in plays)    # the bank's pitches, synthesised
    said = [m.replace("\u00a0", "") for m in messages if "synthesised" in m]
    assert said == [d["text"]["synthesised"]], messages

    # A figure's panels share one bank: each panel says it at its own first stand-in tone (the
    # others used to switch silently), in its own live region, once.
    messages.clear()
    page.goto(http_site + "charts/seattle-precipitation-by-year.html")
    sliders = page.locator(".pl-slider")
    assert sliders.count() >= 2
    sliders.nth(0).focus()
    page.wait_for_function("() => window.__refused >= 2")
    page.wait_for_timeout(200)
    assert [m for m in messages if "synthesised" in m] == []
    for nth in range(sliders.count()):
        sliders.nth(nth).focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        region = page.locator(".pl-live").nth(nth).text_content().replace("\u00a0", "")
        cid = sliders.nth(nth).evaluate("e => e.closest('figure').dataset.chartId")
        assert region == data(page, cid)["text"]["synthesised"], nth
    said = [m for m in messages if "synthesised" in m]
    assert len(said) == sliders.count(), messages
    assert all(p["synthesized"] for p in page.evaluate("window.__plays"))


# Safari before 18.4: Ogg refused by canPlayType (WebKit answers "" for Vorbis in Ogg there), so
# the page must take the WebM bank; each decoded bank's container is recorded by its magic bytes.
NO_OGG = """(() => { const can = HTMLMediaElement.prototype.canPlayType;
  HTMLMediaElement.prototype.canPlayType = function (t) { return /ogg/.test(t) ? '' : can.call(this, t); }; })();"""
CONTAINERS = """(() => { window.__containers = []; const d = BaseAudioContext.prototype.decodeAudioData;
  BaseAudioContext.prototype.decodeAudioData = function (b) {
    const m = new Uint8Array(b, 0, 4), text = String.fromCharCode.apply(null, m);
    window.__containers.push(text === 'OggS' ? 'ogg' : (m[0] === 0x1a && m[1] === 0x45 && m[2] === 0xdf && m[3] === 0xa3) ? 'webm' : text);
    return d.apply(this, arguments); }; })();"""


@pytest.fixture(scope="module")
def single_file():
    """`pitchline export site --single-file`: the example site as one file, alone in a folder."""
    tmp = Path(tempfile.mkdtemp(prefix="pitchline-reader-single-"))
    yield fixture_site.single_file_example(tmp / "site.html")
    shutil.rmtree(tmp, ignore_errors=True)


def inserted_audio_scripts(page):
    return page.evaluate("[...document.querySelectorAll('script[src*=\".audio.\"]')].map(s => s.src.split('/').pop())")


def test_from_disk_and_in_the_single_file_a_browser_without_ogg_plays_the_webm_tones(new_page, site, single_file):
    """Safari before 18.4 from file:// (a report) and in the single file: the WebM bank is carried
    there too (a base64 script twin; both inline in the single file), and the page decodes the one
    canPlayType says it plays, so the real tones play, not the synthesised fallback."""
    # A report from disk (its charts load their banks when idle): for each, only the WebM
    # script is inserted and only WebM is decoded.
    page = new_page(TOGETHER, NO_OGG, CONTAINERS)
    page.goto(site + "reports/seattle-weather.html")
    focus_slider(page)
    page.keyboard.press("ArrowRight")
    banks = page.evaluate("""new Set([...document.querySelectorAll('figure[data-audio-webm-script]')]
        .map(f => f.dataset.audioKey || f.dataset.chartId)).size""")   # a figure's panels share one bank
    page.wait_for_function(f"() => window.__containers.length >= {banks}", timeout=15000)
    scripts = inserted_audio_scripts(page)
    assert banks >= 5 and len(scripts) == banks and all(s.endswith(".webm.js") for s in scripts), scripts
    assert page.evaluate("window.__containers") == ["webm"] * banks
    assert page.evaluate("window.__plays")[-1]["synthesized"] is False
    # Nothing to apologise for: the recorded tones play (a "Loading sound" said while the bank was
    # still decoding, when the key came first, is fine; the fallback notice is not).
    assert "synthesised" not in page.locator(".pl-live").first.text_content()
    # The same report in a browser that plays Ogg: the Ogg twin, as before.
    page = new_page(TOGETHER, CONTAINERS)
    page.goto(site + "reports/seattle-weather.html")
    focus_slider(page)
    page.wait_for_function(f"() => window.__containers.length >= {banks}", timeout=15000)
    scripts = inserted_audio_scripts(page)
    assert len(scripts) == banks and not any(s.endswith(".webm.js") for s in scripts), scripts
    assert page.evaluate("window.__containers") == ["ogg"] * banks
    # The single file carries both banks of every chart; without Ogg, WebM decodes and plays.
    text = single_file.read_text(encoding="utf-8")
    banks = text.count("(window.PitchlineAudio = ")
    assert banks >= 10 and text.count("(window.PitchlineAudioWebM = ") == banks
    for ogg in (False, True):
        page = new_page(TOGETHER, CONTAINERS) if ogg else new_page(TOGETHER, NO_OGG, CONTAINERS)
        page.goto(single_file.as_uri() + f"#{SEATTLE}-heading")
        slider = page.locator(f'figure[data-chart-id="{SEATTLE}"] .pl-slider')
        slider.focus()
        page.wait_for_function("() => window.__decoded.length >= 1", timeout=15000)
        page.keyboard.press("ArrowRight")
        containers = page.evaluate("window.__containers")
        assert containers and set(containers) == {"ogg" if ogg else "webm"}, containers
        page.wait_for_function("() => window.__plays.length >= 1", timeout=15000)  # the tone starts after the key
        last = page.evaluate("window.__plays")[-1]
        assert last["synthesized"] is False and last["duration"] > 0
        assert inserted_audio_scripts(page) == []                            # nothing from beside the file


def test_on_a_phone_previous_and_next_buttons_reach_every_row_and_statistic(new_page, site):
    """TalkBack's and VoiceOver's swipes move the range input along x only, so series (a
    heatmap's rows, a box plot's statistics) have buttons beside Settings, named by kind, in the
    accessibility tree (not Tab stops): a tap switches as Up/Down do and puts focus on the slider,
    which says the point in the new series. Default order (tone first): the slider's text must
    still be the new point's before focus arrives, or the arrival says the old one first."""
    page = new_page(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    for chart, prev, nxt in [("seattle-high-heatmap", "Previous row", "Next row"),
                             ("seattle-temperature-boxplot", "Previous statistic", "Next statistic")]:
        page.goto(site + f"charts/{chart}.html")
        page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
        page.wait_for_function("() => window.__decoded.length >= 1", timeout=15000)   # tones play, so tone first waits
        d = data(page, chart)
        start = d.get("startSeries") or 0
        buttons = page.locator("figure.pl-chart .pl-scrub").get_by_role("button")
        assert [prev, nxt] == [n for n in buttons.all_text_contents() if n in (prev, nxt)]
        assert page.locator(".pl-series-button").evaluate_all("bs => bs.map(b => b.tabIndex)") == [-1, -1]
        page.get_by_role("button", name=nxt).tap()
        page.wait_for_function("() => document.activeElement.classList.contains('pl-slider')")
        text = valuetext(page)
        assert position(page) == 0
        # A heatmap's next row: "Row 2 of 4: …"; a box plot starts on the medians, so next is the
        # upper quartile, its place after it (", 5 of 7").
        assert text == switched(chart, 0, start + 1), text
        assert text == ("Row 2 of 4: " + default_label(d, 0, 1) if chart.endswith("heatmap")
                        else default_label(d, 0, start + 1) + f", {start + 2} of {len(d['series'])}")
        page.get_by_role("button", name=prev).tap()
        assert valuetext(page) == switched(chart, 0, start), valuetext(page)
    # One series: no such buttons.
    page.goto(site + "charts/iowa-electricity-2017-share.html")
    page.wait_for_function("() => !document.querySelector('.pl-scrub').hidden")
    assert page.locator(".pl-series-button").count() == 0

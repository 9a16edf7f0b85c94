"""What a blind user hears of a spec's selections (issue 28), with the real Orca screen reader
(../shared/tools/orca, through test_orca's `transcript`): Shift+Right five times on a chart with an
interval brush is heard as one selection announcement with the right count; a legend toggle is
heard as pressed / not pressed with what is shown after it. The site is served by `pitchline
serve` (as test_selections.py makes it); expected labels come from the generator (`pitchline
labels`). Marked slow (`make test-full`): two Orca runs, about a minute."""
import subprocess

import pytest

from test_orca import ARTIFACTS, BROWSERS, TOOL, after_key, orca_lock, tabs_to, transcript  # noqa: F401  (orca_lock: the module's Orca lock)
from test_selections import served_site

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not TOOL.exists(), reason=f"Orca harness not found at {TOOL}"),
              pytest.mark.flaky(reruns=1, reruns_delay=2)]


@pytest.fixture(scope="module")
def site():
    with served_site("pitchline-orca-selections-", charts=("legend",)) as served:
        yield served


def quick_transcript(url, keys, name, browser):
    """`transcript` with no extra gap after each key (`-g 0`): the harness still waits for 0.8 s
    of quiet, so keys come about 0.9 s apart, a relaxed pace for a reader pressing Shift+Right."""
    result = subprocess.run(["bash", str(TOOL), "-p", "-k", "-g", "0", "-b", browser, url, *keys], capture_output=True, text=True, timeout=300)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.txt").write_text(result.stdout, encoding="utf-8")
    assert result.returncode == 0, f"orca-transcript failed ({result.returncode}):\n{result.stderr[-2000:]}"
    return [line.strip() for line in result.stdout.splitlines() if line.strip()]


@pytest.mark.parametrize("browser", BROWSERS)
def test_orca_shift_right_five_times_is_heard_as_one_selection(site, browser):
    url = site["base"] + "charts/brush.html"
    labels = site["labels"]["brush"]["series"][0]
    tabs = tabs_to(url)
    lines = quick_transcript(url, ["Tab"] * tabs + ["shift+Right"] * 5 + ["sleep:2"], f"selection-shift-right-5-{browser}", browser)
    heard = [line for n in range(1, 6) for line in after_key(lines, "shift+Right", n)]
    selected = [line for line in heard if line.startswith("Selected")]
    assert len(selected) == 1, heard
    assert selected[0].startswith(f"Selected {labels[0].split(',')[0]} to {labels[5].split(',')[0]}: 6 points. Lowest: ")
    assert not any(label in heard for label in labels[1:6]), "the points passed are played, not said"


@pytest.mark.parametrize("browser", BROWSERS)
def test_orca_legend_toggle_is_heard_pressed_then_not_pressed_with_what_is_shown(site, browser):
    url = site["base"] + "charts/legend.html"
    tabs = tabs_to(url)   # the scrubber; the first toggle follows the scrubber's buttons out of Tab order
    lines = transcript(url, ["Tab"] * (tabs + 1) + ["space", "sleep:2", "space", "sleep:2"], f"selection-legend-toggle-{browser}", browser)
    arrival = " ".join(after_key(lines, "Tab", tabs + 1))
    assert "toggle button" in arrival.lower() and "pressed" in arrival.lower(), arrival
    assert "\u2713" not in arrival, "the tick mark is for eyes only"
    off = " ".join(after_key(lines, "space", 1))
    assert "not pressed" in off.lower(), off
    assert "Showing 13 of 14 series; hidden: " in off, off
    on = " ".join(after_key(lines, "space", 2))
    assert "Showing all 14 series." in on, on

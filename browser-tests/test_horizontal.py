"""Horizontal charts (issue 13): drawn with their rows down the side, in Chromium.

One page load of a horizontal bar chart exported from a spec written here. The marks and the
cursor share one axis-swapping group, so the cursor must move down the rows, its dot sit at the
end of the bar, and a click on a bar pick that bar's row.
"""
from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from conftest import ROOT, pitchline_bin

SPEC = {
    "title": "Fruit sold", "mark": "bar",
    "data": {"values": [{"fruit": f, "sold": n} for f, n in [("Apples", 12), ("Pears", 7), ("Plums", 3), ("Quinces", 9)]]},
    "encoding": {"y": {"field": "fruit", "type": "nominal"}, "x": {"field": "sold", "type": "quantitative"}},
}


def _export() -> Path:
    site = Path(tempfile.mkdtemp(prefix="pitchline-horizontal-")) / "site"
    (site / "charts").mkdir(parents=True)
    (site / "charts" / "fruit.vl.json").write_text(json.dumps(SPEC), encoding="utf-8")
    out = site.parent / "out"
    subprocess.run([str(pitchline_bin()), "export", str(site), "--out", str(out), "--theme", str(ROOT)],
                   check=True, capture_output=True, timeout=300)
    return out


def _centre(page, selector_js: str) -> dict:
    return page.evaluate(f"(() => {{ const r = ({selector_js}).getBoundingClientRect(); return {{x: r.x + r.width / 2, y: r.y + r.height / 2, w: r.width, h: r.height}}; }})()")


def test_horizontal_bars_scrub_down_the_rows_and_a_click_picks_a_bar(page_js):
    page = page_js
    page.goto((_export() / "charts" / "fruit.html").as_uri())
    assert page.locator("svg.pl-horizontal").count() == 1
    bars = page.locator("svg .pl-bar")
    boxes = [bars.nth(i).bounding_box() for i in range(4)]
    # Apples at the top, each bar wider than tall, widths in the data's proportions.
    assert all(b["width"] > b["height"] for b in boxes)
    assert [round(b["y"]) for b in boxes] == sorted(round(b["y"]) for b in boxes)
    assert abs(boxes[0]["width"] / boxes[2]["width"] - 12 / 3) < 0.1

    slider = page.locator(".pl-slider")
    slider.focus()
    page.keyboard.press("End")
    page.wait_for_timeout(150)  # the cursor's 80 ms transition
    line = _centre(page, "document.querySelector('.pl-cursor-line')")
    dot = _centre(page, "document.querySelector('.pl-cursor-dot')")
    last = boxes[3]
    assert line["w"] > line["h"]                                   # the cursor line runs across
    assert abs(line["y"] - (last["y"] + last["height"] / 2)) < 2   # on the last row
    assert abs(dot["x"] - (last["x"] + last["width"])) < 2          # its dot at the bar's end
    assert page.text_content(".pl-readout").startswith("Quinces")

    page.mouse.click(boxes[1]["x"] + 5, boxes[1]["y"] + boxes[1]["height"] / 2)
    assert page.text_content(".pl-readout").startswith("Pears")
    assert page.page_errors_seen == []

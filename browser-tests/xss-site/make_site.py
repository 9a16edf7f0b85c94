"""Writes the XSS test site (charts/, data/, reports/) next to this file. The files are committed;
run this again only to change the payloads: python3 browser-tests/xss-site/make_site.py

Every text a spec, data file or report can carry holds a payload. test_xss.py exports the site,
opens every page in Chromium and fails on any script run, console error or CSP violation, and
checks that each payload is shown as text."""

import csv
import json
from pathlib import Path

HERE = Path(__file__).resolve().parent

# Each payload ends in a distinct marker number so a failure says which text leaked.
PAYLOADS = {
    "script": "</script><img src=x onerror=alert(1)>",
    "attr": '"><svg onload=alert(2)>',
    "single": "'><img src=x onerror=alert(3)>",
    "jsurl": "javascript:alert(4)",
    "mustache": "{{mustache}} {{{triple}}} {{>partial}}",
    "separators": "line\u2028sep\u2029para",
    "cdata": "]]><x",
    "comment": "<!-- not a comment",
    "style": "<style>body{display:none}</style>",
    "template": "${alert(5)} `;alert(6)//",
    "entity": "&lt;b&gt; &amp;",
}
P = PAYLOADS


def write(path: str, text: str):
    target = HERE / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def write_csv(path: str, rows):
    target = HERE / path
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows(rows)


series_field = "series " + P["attr"]
value_field = "value " + P["single"]
categories = [P["script"], P["attr"], P["mustache"], P["separators"], P["comment"]]

# Long format, one series per payload category, pivoted by the color field.
rows = [["date", series_field, value_field]]
for s, category in enumerate(categories):
    for day in range(1, 6):
        rows.append([f"2020-01-0{day}", category, str((s + 1) * 10 + day)])
write_csv("data/xss-long.csv", rows)

spec = {
    "$schema": "https://vega.github.io/schema/vega-lite/v5.json",
    "title": {"text": "Title " + P["script"], "subtitle": "Subtitle " + P["attr"]},
    "description": "Description " + P["single"] + " " + P["jsurl"] + " " + P["cdata"] + " " + P["style"],
    "data": {"url": "../data/xss-long.csv"},
    "mark": "line",
    "encoding": {
        "x": {"field": "date", "type": "temporal", "title": "X title " + P["comment"]},
        "y": {"field": value_field, "type": "quantitative", "title": "Y title " + P["template"]},
        "color": {"field": series_field, "type": "nominal", "title": "Legend " + P["mustache"]},
    },
    "usermeta": {"pitchline": {
        "unit": "u" + P["cdata"],
        "seriesNames": {P["script"]: "spoken " + P["entity"]},
    }},
}
write("charts/xss-spec.vl.json", json.dumps(spec, indent=2, ensure_ascii=False) + "\n")

# Inline values, a bar chart: categories on x.
bars = {
    "title": "Bars " + P["style"],
    "description": P["separators"],
    "data": {"values": [{"k": c, "v": i + 1} for i, c in enumerate(categories + [P["jsurl"], P["entity"]])]},
    "mark": "bar",
    "encoding": {
        "x": {"field": "k", "type": "nominal", "title": "Category " + P["attr"]},
        "y": {"field": "v", "type": "quantitative", "axis": {"title": "Count " + P["script"]}},
    },
}
write("charts/xss-bars.vl.json", json.dumps(bars, indent=2, ensure_ascii=False) + "\n")

# A bare CSV: its column names become series names, its first text column the x categories.
write_csv("charts/xss-bare.csv", [
    ["category", "first " + P["script"], "second " + P["template"]],
    *[[c, str(i + 1), str(10 - i)] for i, c in enumerate(categories)],
])

# A pie (its slices in a legend list) and a heatmap (row and column labels in the SVG, R/C texts).
pie = {
    "title": "Pie " + P["style"],
    "data": {"values": [{"k": c, "v": i + 1} for i, c in enumerate(categories)]},
    "mark": {"type": "arc", "innerRadius": 20},
    "encoding": {"theta": {"field": "v", "type": "quantitative", "title": "Size " + P["template"]},
                 "color": {"field": "k", "type": "nominal", "title": "Slice " + P["attr"]}},
}
write("charts/xss-pie.vl.json", json.dumps(pie, indent=2, ensure_ascii=False) + "\n")
heatmap = {
    "title": "Heat " + P["script"],
    "data": {"values": [{"c": c, "r": r, "v": i * 5 + j} for i, c in enumerate(categories) for j, r in enumerate([P["entity"], P["cdata"]])]},
    "mark": "rect",
    "encoding": {"x": {"field": "c", "type": "nominal", "title": "Column " + P["comment"]},
                 "y": {"field": "r", "type": "nominal", "title": "Row " + P["single"]},
                 "color": {"field": "v", "type": "quantitative", "title": "Value " + P["mustache"]}},
}
write("charts/xss-heatmap.vl.json", json.dumps(heatmap, indent=2, ensure_ascii=False) + "\n")

# A broken chart: its located error names the payload field (the error page must escape it).
broken = {
    "title": "Broken",
    "data": {"values": [{"a": 1, "b": 2}]},
    "mark": "line",
    "encoding": {"x": {"field": "missing " + P["script"], "type": "quantitative"},
                 "y": {"field": "b", "type": "quantitative"}},
}
write("charts/xss-broken.vl.json", json.dumps(broken, indent=2, ensure_ascii=False) + "\n")

report = f"""---
title: Report {P["script"]}
description: Report description {P["attr"]}
date: 2024-01-01
---
Paragraph with raw HTML {P["script"]} and {P["attr"]} and {P["style"]}.

A [script link]({P["jsurl"]}) and [an attribute link](x" onmouseover="alert(7)) and ![image](y" onerror="alert(8)).

Mustache {P["mustache"]}, template {P["template"]}, separators {P["separators"]}, CDATA {P["cdata"]},
comment {P["comment"]}, entities {P["entity"]}.

<iframe src="javascript:alert(9)"></iframe>

```chart
charts/xss-spec.vl.json
```

```chart
{P["script"]}
```
"""
write("reports/xss-report.md", report)

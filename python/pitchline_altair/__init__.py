"""Altair charts as accessible Pitchline charts, through the installed `pitchline` binary.

    import altair as alt
    alt.renderers.enable("pitchline")            # every chart in the notebook
    pitchline_altair.save(chart, "chart.html")   # one chart to one self-contained file

Each chart is rendered by `pitchline render - ` (the spec on standard input) into one
self-contained HTML document, shown in an `<iframe srcdoc>` so that the notebook editor never
takes the scrubber's keys. A spec Pitchline refuses falls back to Altair's `html` renderer,
with Pitchline's reason shown above it.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
from typing import Any

__all__ = ["PitchlineNotFound", "PitchlineRefused", "find_binary", "render_html", "renderer", "save"]


class PitchlineNotFound(RuntimeError):
    """The `pitchline` binary is neither named by PITCHLINE_BIN nor on PATH."""


class PitchlineRefused(ValueError):
    """`pitchline render` could not chart the spec; the message is its located reason
    (`<stdin>:3: $.mark: "geoshape" is not supported; …`)."""


def find_binary() -> str:
    """The pitchline binary: $PITCHLINE_BIN when set, else `pitchline` on PATH."""
    named = os.environ.get("PITCHLINE_BIN")
    if named:
        if os.path.isfile(named) and os.access(named, os.X_OK):
            return named
        raise PitchlineNotFound(f"PITCHLINE_BIN={named} is not an executable file")
    found = shutil.which("pitchline")
    if not found:
        raise PitchlineNotFound(
            "the pitchline binary is not on PATH: install it (`make install` in a Pitchline checkout) "
            "or set PITCHLINE_BIN to its path")
    return found


def _spec(chart: Any) -> dict:
    """A Vega-Lite spec from an Altair chart, a dict or JSON text."""
    if isinstance(chart, dict):
        return chart
    if isinstance(chart, str):
        return json.loads(chart)
    return chart.to_dict()


def render_html(chart: Any, *, fragment: bool = False, chart_id: str | None = None) -> str:
    """The chart as Pitchline's self-contained HTML (a whole document, or with `fragment` a
    `<div>` to place in a page). Raises PitchlineRefused with the reason when the spec cannot
    be charted, PitchlineNotFound when there is no binary."""
    args = [find_binary(), "render", "-"]
    if fragment:
        args.append("--fragment")
    if chart_id:
        args += ["--id", chart_id]
    result = subprocess.run(args, input=json.dumps(_spec(chart)).encode("utf-8"), capture_output=True)
    if result.returncode != 0:
        reason = result.stderr.decode("utf-8", "replace").strip()
        reason = "\n".join(line.removeprefix("error: ") for line in reason.splitlines())
        raise PitchlineRefused(reason or f"pitchline render exited with status {result.returncode}")
    return result.stdout.decode("utf-8")


def save(chart: Any, path: str | os.PathLike) -> None:
    """Writes the chart as one self-contained, accessible HTML file (opens from disk, no
    network). Raises PitchlineRefused when Pitchline cannot chart it."""
    document = render_html(chart)
    with open(path, "w", encoding="utf-8") as f:
        f.write(document)


# Grows the frame to its document's height, and again when the reader opens details in it.
_FIT = ("var f=this,d=f.contentDocument;if(!d)return;"
        "var s=function(){f.style.height=(d.documentElement.scrollHeight+2)+'px'};"
        "s();if(window.ResizeObserver)new ResizeObserver(s).observe(d.body)")


def iframe(document: str) -> str:
    """The document in an `<iframe srcdoc>`, named by the chart's title."""
    match = re.search(r"<title>(.*?)</title>", document, re.S)
    title = html.unescape(match.group(1)) if match else "Chart"
    return (f'<iframe class="pitchline-chart" title="{html.escape(title)}" srcdoc="{html.escape(document)}" '
            f'style="width:100%;height:560px;border:0" onload="{html.escape(_FIT)}"></iframe>')


def _fallback(spec: dict, metadata: dict) -> dict:
    """Altair's own `html` renderer's output for the spec."""
    import altair as alt
    with alt.renderers.enable("html"):
        return alt.renderers.get()(spec, **metadata)


def renderer(spec: dict, **metadata: Any) -> dict:
    """Altair renderer `pitchline`: the chart in an iframe, or, refused, Pitchline's reason
    above Altair's `html` rendering (never a blank cell)."""
    try:
        return {"text/html": iframe(render_html(spec))}
    except PitchlineRefused as refused:
        bundle = _fallback(spec, metadata)
        bundle = bundle[0] if isinstance(bundle, tuple) else bundle
        note = (f'<div class="pitchline-refused" role="note"><p><strong>Pitchline could not make this chart '
                f'accessible:</strong></p><pre>{html.escape(str(refused))}</pre>'
                f'<p>Shown with Altair\'s default renderer instead.</p></div>')
        return {**bundle, "text/html": note + bundle.get("text/html", "")}


def _register() -> None:
    """Registers the renderer when Altair is importable (entry points do it too once installed)."""
    try:
        import altair as alt
    except ImportError:
        return
    if "pitchline" not in alt.renderers.names():
        alt.renderers.register("pitchline", renderer)


_register()

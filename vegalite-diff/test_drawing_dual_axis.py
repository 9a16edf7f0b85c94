"""A dual-axis chart (the gallery's layer_dual_axis, `resolve: {scale: {y: "independent"}}`) is
drawn as Vega-Lite draws it: each layer on its own y scale (issue 27). It is not in the gallery
sample (index.json) the ratchet covers, so it is compared here on its own."""
import json
import os

import compare
import drawing
import expected_drawings

SPEC = "vegalite-diff/corpus/gallery/layer_dual_axis.vl.json"


def test_dual_axis_layers_are_drawn_on_their_own_scales():
    model = compare.inspect(expected_drawings.PITCHLINE, [SPEC], expected_drawings.ROOT, ("--svg",))[SPEC]
    assert "problems" not in model, model.get("problems")
    path = os.path.join(expected_drawings.ROOT, SPEC)
    with open(path) as f:
        spec = json.load(f)
    assert drawing.diff(model, spec, os.path.dirname(path)) == []
    assert 'class="pl-axis pl-axis-y pl-axis-y2"' in model["svg"]

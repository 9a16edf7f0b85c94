"""The gallery load rate (docs/vegalite-coverage.md is this measurement, written by gallery.py):
every gallery spec Pitchline loads must show Vega-Lite's data, and the number that loads must not
fall below the floor (raise GALLERY_FLOOR as the sub-team's work lands; the goal is 90 %)."""
import os

import gallery

GALLERY_FLOOR = 9  # of 80 non-interactive single-view specs, measured on main at 14:07 UTC

PITCHLINE = os.environ.get("PITCHLINE", os.path.join(gallery.ROOT, ".build", "debug", "pitchline"))


def test_gallery_specs_that_load_match_vegalite_and_the_load_rate_holds():
    _, figures = gallery.report(PITCHLINE)
    loaded, matched, total = figures["gallery"]
    assert loaded >= GALLERY_FLOOR, f"only {loaded} of {total} gallery specs load (floor {GALLERY_FLOOR})"
    assert matched == loaded, (
        f"{loaded - matched} gallery specs load but differ from Vega-Lite's data; "
        "run `vegalite-diff/gallery.py` for the list")

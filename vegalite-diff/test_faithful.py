"""Issue 27's "done when" over the example site and the test corpora (faithful.py): every
candlestick names open, high, low and close; a dual-axis chart never says one layer as a range of
another; no scatter series has padding stops; no spoken value has fewer significant digits than
its source cell. The models are the data and drawing tests' own inspect runs (compare.inspect keeps
them), so in `make vegalite-test` this adds only the CSV corpus and the analyst fixture site."""
import pytest

import expected_drawings
import faithful


@pytest.fixture(scope="module")
def found():
    return faithful.violations(faithful.all_models(expected_drawings.PITCHLINE))


@pytest.mark.parametrize("name", ["candlestick", "dual axis", "padding stops", "digits"])
def test_what_a_reader_hears_is_faithful(found, name):
    assert not found[name], f"{len(found[name])} charts break it:\n" + "\n".join(v[:300] for v in found[name][:20])

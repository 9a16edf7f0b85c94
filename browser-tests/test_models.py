"""`pitchline inspect --model` (issue 30): a chart outside a site as the export's charts/<id>.json
has it (the same model and encoder), one JSON object a line. Over the differential test's corpora
(vegalite-diff/corpus: own, altair, gallery, csv) every model validates against the published
schema and every claim is held by its rows (test_resources' property, recomputed from the model's
data points); for example-site charts the bytes are the export's but for the audio graphs."""

from __future__ import annotations

import json
import shutil
import subprocess

import jsonschema_rs
import pytest

import test_resources as resources
from conftest import ROOT, pitchline_bin

CORPORA = ["own", "altair", "gallery", "csv"]
DIFF = ROOT / "vegalite-diff"


def inspect_models(files, cwd):
    """`inspect --model FILES` in `cwd`: the models printed, and what went to standard error."""
    r = subprocess.run([str(pitchline_bin()), "inspect", "--model", *files], cwd=cwd, capture_output=True, text=True, timeout=900)
    assert r.returncode in (0, 1), r.stderr
    assert (r.returncode == 1) == bool(r.stderr.strip()), r.stderr   # exit 1 exactly when a file did not load
    return [json.loads(line) for line in r.stdout.splitlines()], r.stderr


@pytest.fixture(scope="module")
def corpus_models(tmp_path_factory):
    """Each corpus folder's models, written as an export's charts/<id>.json (one folder per corpus)."""
    out = {}
    for name in CORPORA:
        files = sorted(f"corpus/{name}/{p.name}" for p in (DIFF / "corpus" / name).iterdir() if p.name.endswith((".vl.json", ".csv")))
        models, _ = inspect_models(files, DIFF)
        assert len(models) >= len(files) // 2, (name, len(models), len(files))   # most of a corpus loads
        root = tmp_path_factory.mktemp(f"models-{name}")
        (root / "charts").mkdir()
        for model in models:
            path = root / "charts" / f"{model['id']}.json"
            assert not path.exists(), path
            path.write_text(json.dumps(model), encoding="utf-8")
        out[name] = root
    return out


# The corpora's ~380 specs through a debug binary took minutes of CPU on a loaded machine: in
# `make test-full` (slow), so `make test` does not grow.
@pytest.mark.slow
def test_every_corpus_model_validates_against_the_published_schema(corpus_models):
    validator = jsonschema_rs.Draft202012Validator(json.loads(resources.SCHEMA_PATH.read_text(encoding="utf-8")))
    checked = 0
    for name, root in corpus_models.items():
        for path in resources._models(root):
            model = json.loads(path.read_text(encoding="utf-8"))
            errors = [f"{'/'.join(map(str, e.instance_path))}: {e.message[:200]}" for e in validator.iter_errors(model)]
            assert errors == [], f"{name}/{path.name}: {errors[:5]}"
            checked += 1
    assert checked > 200, checked


@pytest.mark.slow
def test_every_corpus_claim_is_held_by_its_rows(corpus_models, tmp_path):
    """test_resources' property on each corpus model alone, so that every chart is checked."""
    unheld, checked = set(), 0
    for name, root in corpus_models.items():
        for path in resources._models(root):
            one = tmp_path / name / path.stem / "charts"
            one.mkdir(parents=True)
            (one / path.name).write_bytes(path.read_bytes())
            try:
                resources.test_every_claim_is_held_by_its_rows({name: one.parent})
            except AssertionError as e:
                if ".json:" in str(e).split("\n")[0]:   # a claim not held (else: only the "> 100 claims" count of one chart)
                    unheld.add(f"{name}/{path.stem}")
            checked += 1
    assert checked > 400, checked
    # Every chart: a shape clause that ended on an isolated value ("jumps to 20 days at 10 °C"
    # where the row holds 41) now says the outline's level "about", around that row (issue 30).
    assert unheld == set(), sorted(unheld)


@pytest.mark.parametrize("chart", ["seattle-temperature-boxplot", "seattle-hoechsttemperatur"])
def test_inspect_model_is_the_exported_json(tmp_path, chart):
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site" / "data", site / "data")
    (site / "charts").mkdir()
    shutil.copy(ROOT / "site" / "charts" / f"{chart}.vl.json", site / "charts")
    r = subprocess.run([str(pitchline_bin()), "export", str(site), "--out", str(tmp_path / "out"), "--cache", str(tmp_path / "cache")],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    exported = json.loads((tmp_path / "out" / "charts" / f"{chart}.json").read_text(encoding="utf-8"))
    # From the site's parent: the spec's data (../data) then lies inside inspect's root, the working folder.
    [printed], errors = inspect_models([f"site/charts/{chart}.vl.json"], tmp_path)
    assert errors == "" and exported["links"]["audioGraphs"] and printed["links"]["audioGraphs"] == []
    exported["links"]["audioGraphs"] = []
    assert printed == exported

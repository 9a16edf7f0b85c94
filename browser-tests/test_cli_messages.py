"""What the CLI says when the site folder is wrong or a chart is broken (no browser: the binary only).
A typo in SITE used to build an empty site: `serve` served it, `labels` printed `{}` and said nothing."""

from __future__ import annotations

import subprocess

import pytest

from conftest import ROOT, pitchline_bin


def _run(*args, cwd=ROOT):
    return subprocess.run([str(pitchline_bin()), *args], cwd=cwd, capture_output=True, text=True, timeout=60)


@pytest.mark.parametrize("command", [["check"], ["labels"], ["export", "--out", "unused-out"], ["serve", "--port", "0"]])
def test_a_missing_site_folder_is_named_with_how_to_start_one(tmp_path, command):
    result = _run(command[0], str(tmp_path / "nope"), *command[1:], cwd=tmp_path)
    assert result.returncode == 64, result
    assert f"{tmp_path / 'nope'}: no such folder" in result.stderr
    assert "pitchline new" in result.stderr
    assert "serving" not in result.stdout and not (tmp_path / "unused-out").exists()


def test_labels_names_a_broken_chart_and_check_prints_problems_before_its_summary(tmp_path):
    site = tmp_path / "site"
    (site / "charts").mkdir(parents=True)
    (site / "charts" / "good.csv").write_text("year,value\n2001,1\n2002,2\n", encoding="utf-8")
    (site / "charts" / "broken.vl.json").write_text('{"mark": "line"}', encoding="utf-8")
    labels = _run("labels", str(site))
    assert labels.returncode == 1
    assert 'broken.vl.json:1: $: missing "data"' in labels.stderr
    assert '"good"' in labels.stdout
    # One merged stream, as in a CI log: the chart lines, the problem, then the summary.
    merged = subprocess.run(f"'{pitchline_bin()}' check '{site}' 2>&1", shell=True, capture_output=True, text=True, timeout=60).stdout
    lines = merged.splitlines()
    assert lines[-1] == "1 chart loaded, 1 problem", merged
    assert lines[0].startswith("good: line chart") and lines[1].startswith("error: site/charts/broken.vl.json:1:"), merged

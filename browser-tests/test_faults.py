"""Faults, through the CLI as a user meets them (issue 8):

- a data file truncated, then deleted, while `pitchline serve --watch` serves the site: the charts
  that read it show the located error, every other chart keeps working, the server stays up,
  and restoring the file brings the chart back;
- the audio cache corrupted, then deleted: the next export detects the bad entries by their
  hash and re-encodes them, and its audio is byte for byte what a clean export writes.

The full disk during export is test_export.py::test_full_disk_is_a_clear_error_and_keeps_the_previous_export.
"""
from __future__ import annotations

import hashlib
import http.client
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from conftest import ROOT, fixture_site, pitchline_bin

SEATTLE = "charts/seattle-temperature.html"   # reads data/seattle-weather.csv
IOWA = "charts/iowa-electricity.html"         # reads data/iowa-electricity.csv


@pytest.fixture
def site_copy(tmp_path) -> Path:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "site", site)
    return site


def _get(port: int, path: str) -> tuple[int, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", "/" + path)
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8", "replace")
    finally:
        connection.close()


def _wait_for(port: int, path: str, predicate, what: str, timeout: float = 120) -> str:
    deadline = time.time() + timeout
    body = ""
    while time.time() < deadline:
        status, body = _get(port, path)
        if predicate(status, body):
            return body
        time.sleep(0.5)
    raise AssertionError(f"{path}: {what} did not happen within {timeout} s; last body starts {body[:300]!r}")


@pytest.fixture
def watched_server(site_copy):
    try:
        url, process = fixture_site.start_serve([site_copy, "--watch", "--log-level", "warning"], binary=pitchline_bin(), cwd=ROOT)
    except RuntimeError as error:
        pytest.fail(f"pitchline serve --watch: {error}")
    port = int(url.rsplit(":", 1)[1].rstrip("/"))
    yield process, port, site_copy
    process.terminate()
    process.wait(timeout=30)


def test_data_file_truncated_then_deleted_while_serving(watched_server):
    process, port, site = watched_server
    data = site / "data" / "seattle-weather.csv"
    original = data.read_bytes()
    _, iowa_before = _get(port, IOWA)
    assert 'class="pl-chart"' in iowa_before

    # Truncated mid-row (an editor or a copy cut short): line 3 has 3 of its 6 fields.
    lines = original.decode().splitlines()
    data.write_text("\n".join(lines[:2]) + "\n" + lines[2][:15])
    body = _wait_for(port, SEATTLE, lambda s, b: "seattle-weather.csv:3" in b, "the located error page")
    assert 'class="pl-chart"' not in body
    status, iowa = _get(port, IOWA)
    assert status == 200 and 'class="pl-chart"' in iowa, "another chart stopped working"

    # Deleted: the error names the file that is missing.
    data.unlink()
    body = _wait_for(port, SEATTLE, lambda s, b: "seattle-weather.csv" in b and "no such file" in b,
                     "the missing-file error page")
    status, iowa = _get(port, IOWA)
    assert status == 200 and 'class="pl-chart"' in iowa
    status, index = _get(port, "index.html")
    assert status == 200

    # Restored: the chart is back, and the server never went down.
    data.write_bytes(original)
    _wait_for(port, SEATTLE, lambda s, b: s == 200 and 'class="pl-chart"' in b, "the chart's return")
    assert process.poll() is None


def _export(site: Path, out: Path, cache: Path) -> subprocess.CompletedProcess:
    result = subprocess.run(
        [str(pitchline_bin()), "export", str(site), "--out", str(out), "--cache", str(cache), "--force"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert result.returncode == 0, f"export failed:\n{result.stdout}\n{result.stderr}"
    return result


def _audio_digests(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*.ogg"))}


@pytest.fixture
def small_site_copy(site_copy) -> Path:
    """The example site cut to its two line charts, one per data file (no report): the cache
    test exports it three times, and the full site's 15 charts were its whole cost."""
    keep = {"seattle-temperature.vl.json", "iowa-electricity.vl.json"}
    for chart in (site_copy / "charts").iterdir():
        if chart.name not in keep:
            chart.unlink()
    shutil.rmtree(site_copy / "reports")
    return site_copy


def test_corrupted_or_deleted_cache_is_detected_and_reencoded(small_site_copy, tmp_path):
    site_copy = small_site_copy
    cache = tmp_path / "cache"
    _export(site_copy, tmp_path / "clean", cache)
    clean = _audio_digests(tmp_path / "clean")
    assert clean, "the example site has audio"
    entries = sorted(p for p in cache.rglob("*") if p.is_file())
    assert entries, "export wrote no cache entries"

    # Corrupt every entry a different way: flipped payload byte, truncation, garbage, empty.
    for i, entry in enumerate(entries):
        blob = bytearray(entry.read_bytes())
        if i % 4 == 0 and len(blob) > 200:
            blob[150] ^= 0xFF
        elif i % 4 == 1:
            blob = blob[: len(blob) // 2]
        elif i % 4 == 2:
            blob = bytearray(b"not a cache entry" * 10)
        else:
            blob = bytearray()
        entry.write_bytes(bytes(blob))
    _export(site_copy, tmp_path / "after-corruption", cache)
    assert _audio_digests(tmp_path / "after-corruption") == clean, "a corrupted cache entry reached the export"
    repaired = sorted(p for p in cache.rglob("*") if p.is_file())
    assert all(p.stat().st_size > 200 for p in repaired), "bad entries were not replaced"

    # Deleted entirely: rebuilt from nothing, same bytes.
    shutil.rmtree(cache)
    _export(site_copy, tmp_path / "after-deletion", cache)
    assert _audio_digests(tmp_path / "after-deletion") == clean

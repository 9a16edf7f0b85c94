#!/usr/bin/env bash
# `make bench`: every figure printed against a reference measured in the same run.
# Release build; each part prints its own figures. BENCH_QUICK=1 shortens the server runs.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release/pitchline
[ -x "$BIN" ] || { echo "build first: make release" >&2; exit 1; }
export PITCHLINE_BIN=$PWD/$BIN

section() { printf '\n== %s ==\n' "$1"; }

section "Data loading (issue 3)"
"$BIN" bench load --rows 1000000

section "Vega-Lite data flow (issue 13)"
"$BIN" bench transforms --rows 1000000 --window-rows 100000

section "Sonification and encoding (issue 4)"
"$BIN" bench audio

section "Tone bank: bytes before the first tone and in total, per chart (issue 31)"
"$BIN" bench tones --site site --employment bench/employment-site

section "Pages (issue 5)"
"$BIN" bench pages

section "Heatmap export, 100 × 100 cells (issue 14)"
"$BIN" bench heatmap

section "Small multiples: a 50-panel facet grid (issue 14)"
"$BIN" bench multiples

section "Export: a 1,000,000-point chart and a warm re-export (issue 31)"
"$BIN" bench export --points 1000000

section "Memory: serve and export, example site and one 20,000-point × 8-series chart (issue 17)"
bash bench/memory.sh

section "Server vs nginx (issue 6)"
bash bench/server.sh

section "Live charts: append-to-client latency and a soak, 10 rows/s to 100 clients, against a Python relay (issue 29)"
# LIVE_SECONDS per server (default 60; BENCH_QUICK 15); `make soak-live` is the 10-minute run.
LIVE_SECONDS=${LIVE_SECONDS:-$([ -n "${BENCH_QUICK:-}" ] && echo 15 || echo 60)}
SOAK_SECONDS=$LIVE_SECONDS python3 bench/soak-live.py

section "Key → tone latency per chart kind in Chromium (issues 9, 31)"
.venv/bin/python bench/latency.py

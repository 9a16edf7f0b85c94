#!/usr/bin/env bash
# Memory of `pitchline serve` and `pitchline export` (issue 17): resident set size once serve has
# built a site and answers, and export's peak, for the example site and for one chart of
# 20,000 points × 8 series (generated here as a bare CSV). Serve's target for the big chart: < 200 MB.
#
#   bash bench/memory.sh     # Env: PITCHLINE (binary, default .build/release/pitchline), POINTS, SERIES
set -euo pipefail
cd "$(dirname "$0")/.."
PITCHLINE=${PITCHLINE:-${PITCHLINE_BIN:-.build/release/pitchline}}
POINTS=${POINTS:-20000}
SERIES=${SERIES:-8}
[ -x "$PITCHLINE" ] || { echo "bench: $PITCHLINE not built (make release)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/pitchline-memory.XXXXXX)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# One bare-CSV chart: a row per minute, SERIES smooth waves with noise.
mkdir -p "$WORK/big/charts"
python3 - "$WORK/big/charts/big.csv" "$POINTS" "$SERIES" <<'PY'
import math, random, sys, datetime
path, points, series = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(17)
start = datetime.datetime(2020, 1, 1)
with open(path, "w") as f:
    f.write("time," + ",".join(f"s{k}" for k in range(series)) + "\n")
    for i in range(points):
        t = (start + datetime.timedelta(minutes=i)).strftime("%Y-%m-%dT%H:%M:00")
        f.write(t + "," + ",".join(f"{100 * (k + 1) + 50 * math.sin(i / (300 + 40 * k)) + rng.uniform(-5, 5):.2f}" for k in range(series)) + "\n")
PY

mb() { echo "$(( $1 / 1024 )) MB"; }

# serve: RSS once the site is built and one page has been answered.
serve_rss() {
  local site=$1 log=$WORK/serve.log
  "$PITCHLINE" serve "$site" --port 0 --cache "$WORK/cache-serve" --theme . --log-level warning >"$log" 2>&1 &
  SERVER_PID=$!
  local url=""
  for _ in $(seq 1 600); do
    url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -n 1 || true)
    [ -n "$url" ] && break
    sleep 0.5
  done
  [ -n "$url" ] || { echo "serve did not start: $(cat "$log")" >&2; exit 1; }
  curl -s -o /dev/null "$url/"
  local rss hwm
  rss=$(awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status")
  hwm=$(awk '/VmHWM/ {print $2}' "/proc/$SERVER_PID/status")
  # Response bodies of 16 KiB and more live in memfds (shared memory the RSS leaves out unless
  # read through their mapping): their bytes count too, each file once.
  local files
  files=$(find "/proc/$SERVER_PID/fd" -lname '/memfd:pitchline-body*' -printf '%p\n' 2>/dev/null \
    | xargs -r stat -L -c '%i %s' | sort -u | awk '{ s += $2 } END { printf "%d", s / 1024 }')
  kill "$SERVER_PID"; wait "$SERVER_PID" 2>/dev/null || true
  SERVER_PID=""
  echo "RSS $(mb "$rss") + response bodies in memfds $(mb "${files:-0}") = $(mb $((rss + ${files:-0}))) (peak RSS while building $(mb "$hwm"))"
}

# export: peak RSS (max resident set size) of a whole export, no cache.
export_peak() {
  local site=$1
  /usr/bin/time -f '%M' -o "$WORK/time.txt" "$PITCHLINE" export "$site" --out "$WORK/out-$(basename "$site")" \
    --cache "$WORK/cache-export-$(basename "$site")" --theme . --quiet --force >/dev/null 2>&1 || true
  echo "peak RSS $(mb "$(tail -n 1 "$WORK/time.txt")")"
}

echo "memory: serve, example site ($(ls site/charts | wc -l) charts): $(serve_rss site)"
echo "memory: serve, one chart of $POINTS points × $SERIES series: $(serve_rss "$WORK/big") (target < 200 MB)"
echo "memory: export, example site: $(export_peak site)"
echo "memory: export, one chart of $POINTS points × $SERIES series: $(export_peak "$WORK/big")"

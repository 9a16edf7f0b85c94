#!/usr/bin/env bash
# `make soak`: wrk (loopback, SOAK_SECONDS, default 300, SOAK_CONNECTIONS, default 200) against
# `pitchline serve --watch` on a mix of every exported page, asset and audio file (audio as byte
# ranges), while bench/soak-slow-clients.py keeps opening and abandoning slow connections and a
# spec is rewritten every 10 s (a --watch rebuild and swap each time). Prints requests, errors,
# p99 and the server's RSS; fails on any unexpected error or RSS growth over 10 % (after the
# warm-up → end).
# Stops by itself: every process it starts is ended on exit.
# Env: PITCHLINE_BIN (default .build/release/pitchline), SOAK_SECONDS, SOAK_CONNECTIONS, SOAK_THREADS (wrk, 2),
#      SOAK_REBUILD_SECONDS (10; 0 turns the spec rewrites off).
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${PITCHLINE_BIN:-.build/release/pitchline}
SECONDS_TOTAL=${SOAK_SECONDS:-300}
CONNECTIONS=${SOAK_CONNECTIONS:-200}
WRK_THREADS=${SOAK_THREADS:-2}
REBUILD_EVERY=${SOAK_REBUILD_SECONDS:-10}   # 0: no --watch rebuilds
# RSS growth is measured from the end of the warm-up (the first fifth of the run, several rebuilds)
# to the end: the first rebuilds grow the allocator's arenas once (seen here: 81 → ~150 MB, then
# flat over 20 more rebuilds without load); what counts is growth after that.
WARMUP=$(( SECONDS_TOTAL / 5 > 5 ? SECONDS_TOTAL / 5 : 5 ))
[ -x "$BIN" ] || { echo "soak: $BIN not built (make release, or set PITCHLINE_BIN)" >&2; exit 1; }
command -v wrk >/dev/null || { echo "soak: wrk is missing (apt-get install wrk)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/pitchline-soak.XXXXXX)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$WORK"
}
trap cleanup EXIT

# A copy of the site (the watcher's spec edits must not touch the repository), its file list.
cp -r site "$WORK/site"
"$BIN" export "$WORK/site" --out "$WORK/export" --quiet >/dev/null
(cd "$WORK/export" && find . -type f ! -name '.*' -printf '%P\t%s\n' | sort) > "$WORK/paths.tsv"
echo "soak: $(wc -l < "$WORK/paths.tsv") paths (pages, assets, audio as ranges), ${SECONDS_TOTAL} s, $CONNECTIONS connections"

"$BIN" serve "$WORK/site" --port 0 --watch --log-level warning \
  --connection-limit 4096 --client-connection-limit 4096 >"$WORK/serve.out" 2>"$WORK/serve.err" &
SERVER=$!
PIDS+=("$SERVER")
URL=""
for _ in $(seq 1 600); do
  URL=$(grep -oE 'http://127\.0\.0\.1:[0-9]+' "$WORK/serve.out" | head -1 || true)
  [ -n "$URL" ] && break
  kill -0 "$SERVER" 2>/dev/null || { echo "soak: serve exited:"; cat "$WORK/serve.err"; exit 1; }
  sleep 0.2
done
[ -n "$URL" ] || { echo "soak: serve printed no address" >&2; exit 1; }
PORT=${URL##*:}
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER/status"; }
RSS_IDLE=$(rss)

# RSS once a second; the spec rewrites; the slow clients.
(while kill -0 "$SERVER" 2>/dev/null; do rss >> "$WORK/rss.log"; sleep 1; done) &
PIDS+=("$!")
SPEC=$(ls "$WORK"/site/charts/*.vl.json | head -1)
(n=0; while [ "$REBUILD_EVERY" -gt 0 ]; do sleep "$REBUILD_EVERY"; n=$((n + 1)); python3 - "$SPEC" "$n" <<'PY'
import sys
path, n = sys.argv[1], int(sys.argv[2])
text = open(path, encoding="utf-8").read().rstrip("\n")
open(path, "w", encoding="utf-8").write(text + "\n" * (1 + n % 2))  # same chart, new bytes
PY
done) &
PIDS+=("$!")
python3 bench/soak-slow-clients.py 127.0.0.1 "$PORT" "$(( $(date +%s) + SECONDS_TOTAL ))" > "$WORK/slow.out" 2>&1 &
SLOW=$!
PIDS+=("$SLOW")

SOAK_PATHS="$WORK/paths.tsv" wrk -t"$WRK_THREADS" -c"$CONNECTIONS" -d"${SECONDS_TOTAL}s" --timeout 10s --latency \
  -s bench/soak-mix.lua "$URL" > "$WORK/wrk.out" 2>&1 || true
wait "$SLOW" 2>/dev/null || true
RSS_END=$(rss)
ALIVE=yes; kill -0 "$SERVER" 2>/dev/null || ALIVE=no

cat "$WORK/wrk.out" | grep -E "requests in|Socket errors|Non-2xx|Requests/sec|soak:" || true
cat "$WORK/slow.out"
REQUESTS=$(grep -oE '^ *[0-9]+ requests in' "$WORK/wrk.out" | grep -oE '[0-9]+' || echo 0)
SOCKET_ERRORS=$(grep -oE 'Socket errors: .*' "$WORK/wrk.out" | grep -oE '[0-9]+' | paste -sd+ | bc 2>/dev/null || echo 0)
NON2XX=$(grep -oE 'Non-2xx or 3xx responses: [0-9]+' "$WORK/wrk.out" | grep -oE '[0-9]+$' || echo 0)
P99=$(grep -oE '99% +[0-9.]+[a-z]+' "$WORK/wrk.out" | awk '{print $2}' || echo "?")
RSS_WARM=$(sed -n "${WARMUP}p" "$WORK/rss.log"); RSS_WARM=${RSS_WARM:-$RSS_IDLE}
RSS_PEAK=$(sort -n "$WORK/rss.log" | tail -1)
GROWTH=$(( (RSS_END - RSS_WARM) * 100 / RSS_WARM ))
REBUILDS=$(( REBUILD_EVERY > 0 ? SECONDS_TOTAL / REBUILD_EVERY : 0 ))

echo
echo "== soak summary (${SECONDS_TOTAL} s, $CONNECTIONS connections, ~$REBUILDS --watch rebuilds)"
echo "requests: $REQUESTS   errors: $SOCKET_ERRORS socket, $NON2XX non-2xx/3xx   p99: $P99"
echo "server RSS: idle $((RSS_IDLE / 1024)) MB, after ${WARMUP} s $((RSS_WARM / 1024)) MB, end $((RSS_END / 1024)) MB (growth ${GROWTH} %), peak $((RSS_PEAK / 1024)) MB; server alive: $ALIVE"
echo "RSS every 10 s (MB): $(awk 'NR % 10 == 1 {printf "%d ", $1 / 1024}' "$WORK/rss.log")"
if grep -qv -e "closed by remote side with incomplete request" -e "disconnected when reading request" "$WORK/serve.err"; then
  echo "server stderr (last lines, abandoned slow requests left out):"
  grep -v -e "closed by remote side with incomplete request" -e "disconnected when reading request" "$WORK/serve.err" | tail -5
fi
fail=0
[ "$ALIVE" = yes ] || { echo "FAIL: the server died"; fail=1; }
[ "$REQUESTS" -gt 0 ] || { echo "FAIL: no requests completed"; fail=1; }
[ "$SOCKET_ERRORS" -eq 0 ] || { echo "FAIL: socket errors"; fail=1; }
[ "$NON2XX" -eq 0 ] || { echo "FAIL: unexpected statuses"; fail=1; }
[ "$GROWTH" -le 10 ] || { echo "FAIL: RSS grew more than 10 %"; fail=1; }
exit $fail

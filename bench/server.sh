#!/usr/bin/env bash
# Side-by-side load test: nginx (nginx-light, 2 workers) and `pitchline serve`, same files,
# loopback only, wrk -t2 -c50 -d${DURATION}s on (a) a chart page, (b) a hashed JS asset,
# (c) a 206 range of chart audio. Prints req/s, p99 and the pitchline/nginx ratio, then
# pitchline's RSS before and after a ${SOAK_SECONDS}s soak.
#
#   bash bench/server.sh        # nginx serves `pitchline export site`; pitchline serves `site` (same generator)
#   SITE_FILES=/path/to/built bash bench/server.sh   # or both serve one folder of built files
#
# Env: PITCHLINE (binary, default .build/release/pitchline), DURATION (10), SOAK_SECONDS (60),
#      CONNECTIONS (50), THREADS (2), REPEAT (3: runs alternate nginx/ours, medians are printed),
#      SERVE_THREADS (pitchline worker threads, default nproc), NGINX_PORT (18080), PITCHLINE_PORT (18081).
set -euo pipefail
cd "$(dirname "$0")/.."

PITCHLINE=${PITCHLINE:-${PITCHLINE_BIN:-.build/release/pitchline}}
if [ -n "${BENCH_QUICK:-}" ]; then DURATION=${DURATION:-5}; REPEAT=${REPEAT:-1}; SOAK_SECONDS=${SOAK_SECONDS:-10}; fi
DURATION=${DURATION:-10}
SOAK_SECONDS=${SOAK_SECONDS:-60}
CONNECTIONS=${CONNECTIONS:-50}
THREADS=${THREADS:-2}
REPEAT=${REPEAT:-3}
NGINX_PORT=${NGINX_PORT:-18080}
PITCHLINE_PORT=${PITCHLINE_PORT:-18081}

for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is missing (make bench installs wrk and nginx-light)" >&2; exit 1; }
done
[ -x "$PITCHLINE" ] || { echo "bench: $PITCHLINE not built (make release)" >&2; exit 1; }

WORK=$(mktemp -d /tmp/pitchline-bench.XXXXXX)
NGINX_PID=""
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -n "$NGINX_PID" ] && kill "$NGINX_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# 1. The files: an export of the example site (nginx) and the same site generated in memory
#    (pitchline serve), or one given folder for both.
if [ -n "${SITE_FILES:-}" ]; then
  ROOT=$SITE_FILES
  SERVE_SOURCE=(--files "$ROOT")
else
  ROOT=$WORK/site
  "$PITCHLINE" export site --out "$ROOT" >/dev/null 2>&1
  SERVE_SOURCE=(site)
fi
ROOT=$(cd "$ROOT" && pwd)
chmod 755 "$WORK"; chmod -R a+rX "$ROOT"   # nginx workers run as an unprivileged user

pick() { (cd "$ROOT" && find . -type f -path "$1" | sed 's|^\./||' | sort | head -n 1); }
PAGE=$(pick './charts/*.html'); [ -n "$PAGE" ] || PAGE=index.html
ASSET=$(pick './assets/pitchline.*.js'); [ -n "$ASSET" ] || ASSET=$(pick './*.js')
AUDIO=$(pick './charts/*.audio.*.ogg'); [ -n "$AUDIO" ] || AUDIO=$(pick './*.ogg')
for f in PAGE ASSET AUDIO; do [ -n "${!f}" ] || { echo "bench: no file for $f under $ROOT" >&2; exit 1; }; done

# 2. nginx: generated config, loopback, 2 workers, no logging.
mkdir -p "$WORK/nginx/tmp"
cat > "$WORK/nginx/nginx.conf" <<CONF
worker_processes 2;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on; tcp_nopush on; tcp_nodelay on;
  keepalive_requests 1000000;
  open_file_cache max=10000 inactive=60s; open_file_cache_valid 60s;
  client_body_temp_path $WORK/nginx/tmp; proxy_temp_path $WORK/nginx/tmp;
  fastcgi_temp_path $WORK/nginx/tmp; uwsgi_temp_path $WORK/nginx/tmp; scgi_temp_path $WORK/nginx/tmp;
  include /etc/nginx/mime.types;
  server { listen 127.0.0.1:$NGINX_PORT; root $ROOT; etag on; }
}
CONF
nginx -c "$WORK/nginx/nginx.conf" -p "$WORK/nginx" &
NGINX_PID=$!

# 3. pitchline serve over the same files.
"$PITCHLINE" serve "${SERVE_SOURCE[@]}" --port "$PITCHLINE_PORT" --threads "${SERVE_THREADS:-$(nproc)}" --log-level warning \
  --client-connection-limit 4096 --connection-limit 4096 >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!

wait_up() { for _ in $(seq 1200); do curl -sf -o /dev/null "http://127.0.0.1:$1/$PAGE" && return 0; sleep 0.1; done; echo "bench: port $1 did not come up" >&2; exit 1; }
wait_up "$NGINX_PORT"
wait_up "$PITCHLINE_PORT"

SIZE=$(stat -c %s "$ROOT/$AUDIO")
RANGE_END=$(( SIZE > 4096 ? 4095 : SIZE - 1 ))
cat > "$WORK/range.lua" <<LUA
wrk.headers["Range"] = "bytes=0-$RANGE_END"
LUA
cat > "$WORK/report.lua" <<'LUA'
done = function(summary, latency, requests)
  local non2xx = summary.errors.status
  local errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  io.write(string.format("RESULT %.0f %.2f %d %d\n", summary.requests / (summary.duration / 1e6),
    latency:percentile(99) / 1000, non2xx, errors))
end
LUA
cat "$WORK/range.lua" "$WORK/report.lua" > "$WORK/range-report.lua"

# run PORT PATH SCRIPT SECONDS → "req/s p99ms non2xx errors"
run() {
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"$4"s --latency -s "$3" "http://127.0.0.1:$1/$2" | awk '/^RESULT/ {print $2, $3, $4, $5}'
}
# median FILE → the line with the median req/s (errors summed over all runs)
median() {
  sort -n -k1,1 "$1" | awk '{ l[NR] = $0; bad += $3; err += $4 } END { split(l[int((NR + 1) / 2)], m, " "); print m[1], m[2], bad, err }'
}
# cpu_ticks PID... → user+system clock ticks used so far by those processes
cpu_ticks() { local t=0; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' "/proc/$p/stat"))); done; echo "$t"; }
nginx_pids() { pgrep -P "$NGINX_PID" | tr '\n' ' '; }
rss() { awk '/VmRSS/ {print $2}' "/proc/$SERVER_PID/status"; }

printf '\nfiles: %s\n(a) %s  (b) %s  (c) %s bytes=0-%s\n\n' "$ROOT" "$PAGE" "$ASSET" "$AUDIO" "$RANGE_END"
printf 'wrk -t%s -c%s -d%ss, median of %s alternating runs\n' "$THREADS" "$CONNECTIONS" "$DURATION" "$REPEAT"
printf '%-14s %12s %9s %12s %9s %7s %17s %s\n' case "nginx req/s" "p99 ms" "ours req/s" "p99 ms" ratio "CPU µs/req n/ours" "errors (nginx/ours)"
for spec in "a-chart-page:$PAGE:report" "b-hashed-js:$ASSET:report" "c-audio-206:$AUDIO:range-report"; do
  IFS=: read -r name path script <<<"$spec"
  run "$NGINX_PORT" "$path" "$WORK/$script.lua" 2 >/dev/null       # warm-up
  run "$PITCHLINE_PORT" "$path" "$WORK/$script.lua" 2 >/dev/null
  : > "$WORK/n.txt"; : > "$WORK/p.txt"
  n_ticks=0; p_ticks=0
  for _ in $(seq "$REPEAT"); do   # alternate, so a busy machine hurts both alike
    t0=$(cpu_ticks $(nginx_pids))
    run "$NGINX_PORT" "$path" "$WORK/$script.lua" "$DURATION" >> "$WORK/n.txt"
    n_ticks=$((n_ticks + $(cpu_ticks $(nginx_pids)) - t0))
    t0=$(cpu_ticks "$SERVER_PID")
    run "$PITCHLINE_PORT" "$path" "$WORK/$script.lua" "$DURATION" >> "$WORK/p.txt"
    p_ticks=$((p_ticks + $(cpu_ticks "$SERVER_PID") - t0))
  done
  # CPU time per request (µs): steadier than req/s when other work shares the machine.
  hz=$(getconf CLK_TCK)
  n_cpu=$(awk -v t="$n_ticks" -v hz="$hz" -v d="$DURATION" -v r="$REPEAT" -f - "$WORK/n.txt" <<'AWK'
{ n += $1 * d } END { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }
AWK
)
  p_cpu=$(awk -v t="$p_ticks" -v hz="$hz" -v d="$DURATION" -v r="$REPEAT" -f - "$WORK/p.txt" <<'AWK'
{ n += $1 * d } END { printf "%.1f", (n > 0 ? t / hz * 1e6 / n : 0) }
AWK
)
  read -r n_rps n_p99 n_bad n_err <<<"$(median "$WORK/n.txt")"
  read -r p_rps p_p99 p_bad p_err <<<"$(median "$WORK/p.txt")"
  ratio=$(awk -v p="$p_rps" -v n="$n_rps" 'BEGIN { printf "%.2f", (n > 0 ? p / n : 0) }')
  printf '%-14s %12s %9s %12s %9s %7s %17s %s\n' "$name" "$n_rps" "$n_p99" "$p_rps" "$p_p99" "${ratio}x" "$n_cpu/$p_cpu" "$((n_bad + n_err))/$((p_bad + p_err))"
done

# 4. Soak: RSS before and after a longer mixed run against pitchline only.
if [ "$SOAK_SECONDS" -gt 0 ]; then
  before=$(rss)
  run "$PITCHLINE_PORT" "$PAGE" "$WORK/report.lua" "$SOAK_SECONDS" > "$WORK/soak.txt" &
  soak_pid=$!
  run "$PITCHLINE_PORT" "$AUDIO" "$WORK/range-report.lua" "$SOAK_SECONDS" > "$WORK/soak-range.txt"
  wait "$soak_pid"
  after=$(rss)
  read -r s_rps s_p99 s_bad s_err < "$WORK/soak.txt"
  printf '\nsoak %ss (page + audio ranges): %s req/s page, p99 %s ms, errors %s; RSS before %s KiB, after %s KiB (%s%%)\n' \
    "$SOAK_SECONDS" "$s_rps" "$s_p99" "$((s_bad + s_err))" "$before" "$after" \
    "$(awk -v a="$after" -v b="$before" 'BEGIN { printf "%+.1f", (a - b) * 100 / b }')"
fi

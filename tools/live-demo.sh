#!/usr/bin/env bash
# make live-demo: serves a copy of site/ and appends a simulated greenhouse sensor reading to the
# live chart's data file every INTERVAL seconds (default 2), so open pages of
# charts/greenhouse-live.html hear new points arrive (M: monitor mode). Ctrl-C stops both.
set -euo pipefail
BIN=${PITCHLINE_BIN:-.build/debug/pitchline}
PORT=${PORT:-8080}
INTERVAL=${INTERVAL:-2}
work=$(mktemp -d /tmp/pitchline-live-demo.XXXXXX)
cp -r site "$work/site"
data="$work/site/data/greenhouse-sensor.csv"
"$BIN" serve "$work/site" --port "$PORT" --theme . &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$work"' EXIT INT TERM
echo "live-demo: open http://127.0.0.1:$PORT/charts/greenhouse-live.html (a reading every ${INTERVAL} s)"
python3 - "$data" "$INTERVAL" <<'PY'
import math, random, sys, time, datetime
path, interval = sys.argv[1], float(sys.argv[2])
last = open(path).read().strip().splitlines()[-1].split(",")
when = datetime.datetime.fromisoformat(last[0])
value = float(last[1])
step = 0
while True:
    time.sleep(interval)
    step += 1
    when += datetime.timedelta(minutes=1)
    value += random.gauss(0, 0.4) + 0.15 * math.sin(step / 8)
    with open(path, "a") as f:
        f.write(f"{when.isoformat()},{value:.1f}\n")
PY

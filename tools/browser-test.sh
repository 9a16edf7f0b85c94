#!/usr/bin/env bash
# `make browser-test`: the Orca transcripts (test_orca.py) in their own pytest process, one after
# another under /tmp/orca.lock (one Orca and AT-SPI session per machine), beside the other files
# on BROWSER_WORKERS pytest-xdist workers (--dist loadfile: each file's export and Chromium start
# once). The transcripts mostly wait for speech, so they cost the other files little CPU; run
# from the start in a process of their own, they are no longer queued behind other files on one
# worker. Both print --durations (what to make leaner); the Orca output is shown when it ends.
# Usage: tools/browser-test.sh PYTHON [pytest args for both…]
set -uo pipefail
PY=$1; shift
WORKERS=${BROWSER_WORKERS:-2}
LOGS=.cache/stages
mkdir -p "$LOGS"
export PITCHLINE_ORCA_LOCK=${PITCHLINE_ORCA_LOCK:-/tmp/orca.lock}
"$PY" -m pytest -q --durations=10 "$@" browser-tests/test_orca.py > "$LOGS/orca.log" 2>&1 &
orca=$!
"$PY" -m pytest -q -n "$WORKERS" --dist loadfile --durations=15 "$@" browser-tests \
  --ignore=browser-tests/test_orca.py
rest=$?
wait "$orca"
orca_rc=$?
echo "== test_orca.py (ran beside the other browser tests):"
cat "$LOGS/orca.log"
[ "$rest" -eq 0 ] || exit "$rest"
exit "$orca_rc"

#!/usr/bin/env bash
# `make fuzz` / `make fuzz-short`: build the libFuzzer targets (ASan + coverage) and run each for
# FUZZ_SECONDS (default 60). Fails on any crash, leak, timeout or out-of-memory, and prints per
# target the executions, corpus size and findings. Seeds: Fuzz/corpus/<target>/ (committed);
# the growing corpus and any crash inputs: .cache/fuzz/ (not committed).
# FUZZ_JOBS (default 2) targets run at a time. FUZZ_SEED fixes libFuzzer's seed (fuzz-short sets it:
# CI is a gate that repeats the same mutations, so it fails on a regression, not on a new lucky find;
# `make fuzz` explores with a new seed each run).
# Usage: Fuzz/run.sh [target …]   (targets: csv spec report request expr vorbis; default: all that exist)
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_EACH=${FUZZ_SECONDS:-60}
SCRATCH=${FUZZ_SCRATCH:-.build-fuzz}
CACHE=.cache/fuzz
TARGETS=("$@")
if [ ${#TARGETS[@]} -eq 0 ]; then
  for t in csv spec report request expr vorbis; do [ -d "Fuzz/Sources/fuzz-$t" ] && TARGETS+=("$t"); done
fi

# Flags, as found with SwiftPM 6.3 here:
# - `--sanitize=fuzzer` tells SwiftPM these executables get libFuzzer's `main` (without it SwiftPM
#   renames the entry point and the binary does nothing);
# - `-Xswiftc -sanitize=fuzzer,address` as ONE argument: `--sanitize=fuzzer --sanitize=address`
#   passes two `-sanitize=` flags in a random order and the driver keeps only the last, so half
#   the builds lose coverage (or ASan). -Xswiftc also reaches the main package's modules, so the
#   code under test is instrumented, not just these entry points.
# - `-gnone` (unless FUZZ_DEBUG_INFO=1): no DWARF; the build takes 19 % less CPU (184 s against
#   227 s here) and ASan still names the functions of a finding; set FUZZ_DEBUG_INFO=1 (a full
#   rebuild) for file and line numbers when reproducing one.
SWIFT_FLAGS=(--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address)
[ "${FUZZ_DEBUG_INFO:-0}" = 1 ] || SWIFT_FLAGS+=(-Xswiftc -gnone)
echo "== building fuzz targets (swift build ${SWIFT_FLAGS[*]}, scratch $SCRATCH)"
build_start=$(date +%s)
# SwiftPM does not notice a file added to a path dependency (the main package) in an existing
# scratch folder: when the list of source files changed, drop the build plan so it is made again.
sources_stamp="$SCRATCH/.pitchline-sources"
sources_now=$(find Sources Fuzz/Sources -name '*.swift' | sort | md5sum)
if [ -f "$sources_stamp" ] && [ "$(cat "$sources_stamp")" != "$sources_now" ]; then
  rm -f "$SCRATCH/debug.yaml" "$SCRATCH"/*/debug/description.json
fi
# ld.gold warns once per ASan helper symbol ("Cannot export local symbol"): noise, filtered.
if ! swift build --package-path Fuzz --scratch-path "$SCRATCH" "${SWIFT_FLAGS[@]}" 2>&1 \
     | grep -v "Cannot export local symbol"; then :; fi
if [ "${PIPESTATUS[0]}" -ne 0 ]; then echo "fuzz build failed" >&2; exit 1; fi
mkdir -p "$SCRATCH"; echo "$sources_now" > "$sources_stamp"
BIN=$(swift build --package-path Fuzz --scratch-path "$SCRATCH" "${SWIFT_FLAGS[@]}" --show-bin-path)
echo "build: $(( $(date +%s) - build_start )) s"
# FUZZ_BUILD_ONLY=1 (`make fuzz-build`): build only. `make test` builds early, beside the main
# build, and runs the targets later: a target starved of CPU by a build at a higher priority
# misses libFuzzer's per-input timeout, a finding that is only the machine's load.
if [ "${FUZZ_BUILD_ONLY:-0}" = 1 ]; then exit 0; fi

# No Swift backtracer: it reads the stack in a way ASan reports (and can hang); libFuzzer's own
# deadly-signal handler records the input instead.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export LSAN_OPTIONS="suppressions=$ROOT/Fuzz/lsan.supp:print_suppressions=0"

# One target: its run, then its summary row in $CACHE/logs/<t>.row; exit 1 on a finding.
run_target() {
  local t=$1 failed=0
  rm -f "$CACHE/logs/$t.row"
  local corpus=$CACHE/corpus/$t
  artifacts=$CACHE/artifacts/$t
  log=$CACHE/logs/$t.log
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  before=$(find "$artifacts" -type f | wc -l)
  max_len=4096; [ "$t" = csv ] && max_len=16384; [ "$t" = report ] && max_len=1024; [ "$t" = vorbis ] && max_len=8192
  dict=(); [ -f "Fuzz/dict/$t.dict" ] && dict=(-dict="Fuzz/dict/$t.dict")
  echo "== fuzz-$t: ${SECONDS_EACH} s (log $log)"
  # The outer timeout is a backstop only: libFuzzer stops itself at -max_total_time.
  timeout --kill-after=10 $(( SECONDS_EACH + 120 )) "$BIN/fuzz-$t" ${FUZZ_SEED:+-seed=$FUZZ_SEED} \
    -max_total_time="$SECONDS_EACH" -rss_limit_mb=2048 -malloc_limit_mb=2048 -timeout=10 \
    -max_len=$max_len -print_final_stats=1 "${dict[@]}" \
    -artifact_prefix="$artifacts/" "$corpus" "Fuzz/corpus/$t" >"$log" 2>&1
  rc=$?
  execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || true)
  [ -n "$execs" ] || execs=$(grep -oE '^Done [0-9]+ runs' "$log" | grep -oE '[0-9]+' || echo "?")
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo 0)
  rate=$(grep -oE 'exec/s: [0-9]+' "$log" | tail -1 | grep -oE '[0-9]+' || echo "?")
  size=$(find "$corpus" "Fuzz/corpus/$t" -type f | wc -l)
  new=$(( $(find "$artifacts" -type f | wc -l) - before ))
  status=ok
  if [ "$rc" -ne 0 ] || [ "$new" -gt 0 ]; then
    status="FAILED (exit $rc)"
    failed=1
    grep -E "^==[0-9]+==ERROR|^SUMMARY|Fatal error|Test unit written|libFuzzer: (timeout|out-of-memory|deadly signal)" "$log" | head -8
    echo "reproduce: $BIN/fuzz-$t <input from $artifacts>"
  elif [ "$cov" -eq 0 ]; then
    status="FAILED (no coverage: the build is not instrumented)"
    failed=1
  fi
  printf '%-8s %12s execs %8s exec/s %7s corpus %6s cov  %s new findings  %s\n' \
    "$t" "$execs" "$rate" "$size" "$cov" "$new" "$status" > "$CACHE/logs/$t.row"
  return $failed
}

# FUZZ_JOBS targets at a time (default 2: each libFuzzer run is one process on one core).
JOBS=${FUZZ_JOBS:-2}
failed=0
running=()
for t in "${TARGETS[@]}"; do
  run_target "$t" &
  running+=($!)
  if [ ${#running[@]} -ge "$JOBS" ]; then
    wait "${running[0]}" || failed=1
    running=("${running[@]:1}")
  fi
done
for pid in "${running[@]}"; do wait "$pid" || failed=1; done
summary=()
for t in "${TARGETS[@]}"; do summary+=("$(cat "$CACHE/logs/$t.row" 2>/dev/null || echo "$t: no result")"); done

echo
echo "== fuzz summary (${SECONDS_EACH} s per target)"
printf '%s\n' "${summary[@]}"
exit $failed

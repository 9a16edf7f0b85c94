#!/usr/bin/env bash
# `make test`: runs make targets as stages, prints each one's wall and CPU time as it ends and a
# table of all of them at the end (also when one fails).
#
# Usage: tools/timed-stages.sh [--early LANE]… STAGE… [-- LANE…]
#   `--early` lanes start at once, beside the STAGEs (work that needs none of them, such as a
#   second build at nice 10 that takes the CPU the first build leaves idle).
#   STAGEs before `--` run one after another, output as it comes; the first failure stops the run
#   (early lanes still finish).
#   Each LANE after `--` is one argument listing targets ("a b c") run one after another; the lanes
#   run side by side. A lane's stage writes test-artifacts/stages/<target>.log, printed whole when
#   the stage ends (so parallel output is never interleaved); a failure stops that lane only, the
#   others finish. A target written `nice:TARGET` runs at nice 10: CPU-bound work (a second build)
#   then takes only what the real-time stages (Orca, the browser) leave.
# The load average is printed before and after: on a shared machine it says what the times mean.
# CPU is user + system time of the stage and every process it waited for.
# MAKE may name the make to use.
set -uo pipefail
MAKE=${MAKE:-make}
LOGS=${STAGE_LOGS:-test-artifacts/stages}
ROWS=$(mktemp -d)
trap 'rm -rf "$ROWS"' EXIT
mkdir -p "$LOGS"
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
total_start=$(date +%s)
order=0

# run_stage TARGET [LOGFILE]: runs one stage; writes its row; returns its exit status.
run_stage() {
  local spec=$1 log=${2:-} target=${1#nice:} prio=0 rc times start
  [ "$spec" != "$target" ] && prio=10
  order=$(( order + 1 ))
  local row="$ROWS/$(printf '%03d' "$order")-$target"
  start=$(date +%s.%N)
  times=$(mktemp)
  if [ -n "$log" ]; then
    { TIMEFORMAT='%U %S'; time nice -n "$prio" "$MAKE" --no-print-directory "$target" DEPS_DONE=1 >"$log" 2>&1; } 2>"$times"
  else
    { TIMEFORMAT='%U %S'; time nice -n "$prio" "$MAKE" --no-print-directory "$target" DEPS_DONE=1; } 2>"$times"
  fi
  rc=$?
  local secs cpu result=ok
  secs=$(awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%d", e - s + 0.5 }')
  cpu=$(tail -1 "$times" | awk '{ printf "%d", $1 + $2 + 0.5 }')
  rm -f "$times"
  [ "$rc" -eq 0 ] || result="FAILED (exit $rc)"
  printf '  %-18s %4d:%02d  %5d s CPU  %s\n' "$target" $(( secs / 60 )) $(( secs % 60 )) "$cpu" "$result" >"$row"
  if [ -n "$log" ]; then
    # One stage's whole log at a time, so lanes ending together do not interleave.
    {
      flock 9
      echo "== stage $target (log $log)"
      cat "$log"
      echo "== stage $target: $(( secs / 60 )) min $(( secs % 60 )) s, $cpu s CPU, $result"
    } 9>"$ROWS/.print-lock"
  else
    echo "== stage $target: $(( secs / 60 )) min $(( secs % 60 )) s, $cpu s CPU, $result"
  fi
  return "$rc"
}

# run_lane INDEX "TARGET…": the targets one after another, each logged; stops at a failure.
run_lane() {
  local index=$1 spec
  order=$(( index * 100 ))
  for spec in $2; do
    run_stage "$spec" "$LOGS/${spec#nice:}.log" || return 1
  done
}

status=0
pids=()
lane_index=0
while [ $# -gt 1 ] && [ "$1" = "--early" ]; do
  lane_index=$(( lane_index + 1 ))
  echo "== lane $lane_index (from the start): $2"
  run_lane "$lane_index" "$2" &
  pids+=($!)
  shift 2
done
while [ $# -gt 0 ] && [ "$1" != "--" ]; do
  echo "== stage ${1#nice:}"
  run_stage "$1" || { status=1; break; }
  shift
done
[ $# -gt 0 ] && shift   # the `--`

if [ "$status" -eq 0 ] && [ $# -gt 0 ]; then
  for lane in "$@"; do
    lane_index=$(( lane_index + 1 ))
    echo "== lane $lane_index: $lane"
    run_lane "$lane_index" "$lane" &
    pids+=($!)
  done
fi
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

total=$(( $(date +%s) - total_start ))
echo
echo "== make test stage times (load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg))"
cat "$ROWS"/[0-9]* 2>/dev/null
printf '  %-18s %4d:%02d\n' total $(( total / 60 )) $(( total % 60 ))
exit $status

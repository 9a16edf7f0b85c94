#!/usr/bin/env bash
# `make test`: runs make targets one after another, prints each one's wall time as it ends and a
# table of all of them at the end (also when one fails; the first failure stops the run).
# A step `A+B+C` runs those targets side by side (for stages that mostly wait, or use what the
# others leave idle): A's output is shown as it comes, B's and C's are kept in .cache/stages/
# and shown when they end; each gets its own row, the step ends when all have. B and C run under
# `nice`: they fill the CPU that A (Orca and Chromium waiting for speech) leaves idle, and yield it
# when A needs it.
# The load average is printed before and after: on a shared machine it says what the times mean.
# Usage: tools/timed-stages.sh STEP…   (MAKE may name the make to use)
set -uo pipefail
MAKE=${MAKE:-make}
LOGS=.cache/stages
rows=()
status=0
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
total_start=$(date +%s)

# row NAME SECONDS RC [NOTE]: records a table row and prints the stage's end line.
row() {
  local result=ok
  [ "$3" -eq 0 ] || result="FAILED (exit $3)"
  rows+=("$(printf '  %-16s %4d:%02d  %s%s' "$1" $(( $2 / 60 )) $(( $2 % 60 )) "$result" "${4:+  ($4)}")")
  echo "== stage $1: $(( $2 / 60 )) min $(( $2 % 60 )) s, $result"
}

for step in "$@"; do
  IFS=+ read -r -a stages <<< "$step"
  lead=${stages[0]}
  start=$(date +%s)
  pids=()
  mkdir -p "$LOGS"
  for stage in "${stages[@]:1}"; do
    echo "== stage $stage (beside $lead; output in $LOGS/$stage.log)"
    ( s=$(date +%s); nice -n 10 $MAKE --no-print-directory "$stage" DEPS_DONE=1 > "$LOGS/$stage.log" 2>&1
      rc=$?; echo "$rc $(( $(date +%s) - s ))" > "$LOGS/$stage.rc"; exit $rc ) &
    pids+=($!)
  done
  echo "== stage $lead"
  $MAKE --no-print-directory "$lead" DEPS_DONE=1
  rc=$?
  row "$lead" $(( $(date +%s) - start )) "$rc"
  [ "$rc" -eq 0 ] || status=$rc
  for i in "${!pids[@]}"; do
    stage=${stages[$(( i + 1 ))]}
    wait "${pids[$i]}"
    read -r brc bsecs < "$LOGS/$stage.rc"
    echo "== stage $stage (ran beside $lead):"
    cat "$LOGS/$stage.log"
    row "$stage" "$bsecs" "$brc" "beside $lead"
    [ "$brc" -eq 0 ] || [ "$status" -ne 0 ] || status=$brc
  done
  [ "$status" -eq 0 ] || break
done
total=$(( $(date +%s) - total_start ))
echo
echo "== make test stage times (load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${rows[@]}"
printf '  %-16s %4d:%02d\n' total $(( total / 60 )) $(( total % 60 ))
exit $status

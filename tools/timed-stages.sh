#!/usr/bin/env bash
# `make test`: runs make targets one after another, prints each one's wall time as it ends and a
# table of all of them at the end (also when one fails; the first failure stops the run).
# The load average is printed before and after: on a shared machine it says what the times mean.
# Usage: tools/timed-stages.sh TARGET…   (MAKE may name the make to use)
set -uo pipefail
MAKE=${MAKE:-make}
rows=()
status=0
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
total_start=$(date +%s)
for stage in "$@"; do
  echo "== stage $stage"
  start=$(date +%s)
  $MAKE --no-print-directory "$stage" DEPS_DONE=1
  rc=$?
  secs=$(( $(date +%s) - start ))
  result=ok; [ "$rc" -eq 0 ] || result="FAILED (exit $rc)"
  rows+=("$(printf '  %-16s %4d:%02d  %s' "$stage" $(( secs / 60 )) $(( secs % 60 )) "$result")")
  echo "== stage $stage: $(( secs / 60 )) min $(( secs % 60 )) s, $result"
  if [ "$rc" -ne 0 ]; then status=$rc; break; fi
done
total=$(( $(date +%s) - total_start ))
echo
echo "== make test stage times (load average before: $load_before; after: $(cut -d' ' -f1-3 /proc/loadavg))"
printf '%s\n' "${rows[@]}"
printf '  %-16s %4d:%02d\n' total $(( total / 60 )) $(( total % 60 ))
exit $status

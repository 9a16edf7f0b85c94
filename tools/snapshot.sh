#!/usr/bin/env bash
# Everything a reader or author gets from a pitchline binary, written to one folder, so that a
# restructuring commit can be shown to change nothing: run it before and after, then `diff -r`.
#
#   tools/snapshot.sh BINARY OUT       e.g. tools/snapshot.sh .build/debug/pitchline /tmp/snap-after
#   diff -r /tmp/snap-before /tmp/snap-after && echo identical
#
# OUT holds, for the example site and the browser-test fixture sites: the exported site
# (export/NAME), every scrubber label in every wording (labels/NAME.json) and `check`'s report
# (check/NAME.txt); and the evaluated model of every differential-corpus spec and CSV
# (inspect/*.json, one per corpus folder). Run from the checkout's root.
set -uo pipefail
bin=$(realpath "$1"); out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"/{export,labels,check,inspect}
out=$(realpath "$out")
cd "$root"
sites=(site browser-tests/fixtures/analyst-site browser-tests/fixtures/extra)
for s in "${sites[@]}"; do
    name=$(basename "$s")
    "$bin" export "$s" --out "$out/export/$name" --keep-going --quiet --cache "$out/.cache-$name" \
        >"$out/export/$name.log" 2>&1; echo "exit $?" >>"$out/export/$name.log"
    "$bin" labels "$s" >"$out/labels/$name.json" 2>"$out/labels/$name.err"; echo "exit $?" >>"$out/labels/$name.err"
    "$bin" check "$s" >"$out/check/$name.txt" 2>&1; echo "exit $?" >>"$out/check/$name.txt"
    rm -rf "$out/.cache-$name"
done
for d in own altair gallery csv; do
    files=$(cd vegalite-diff && ls corpus/$d/*.vl.json corpus/$d/*.csv 2>/dev/null)
    (cd vegalite-diff && "$bin" inspect --json $files) >"$out/inspect/$d.json" 2>"$out/inspect/$d.err"
    echo "exit $?" >>"$out/inspect/$d.err"
done
echo "snapshot in $out: $(find "$out" -type f | wc -l) files"

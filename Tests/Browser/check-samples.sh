#!/bin/sh
# Browser check of the debug SVG of every sample (see Docs/DebugSVG.md):
# writes the flattened and the debug SVG of each Samples/ input with the built `lamina`,
# then runs screenshot-check.py on the pair. Exits 1 if any check fails.
# Usage: Tests/Browser/check-samples.sh [LAMINA] [OUTDIR]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
lamina=${1:-"$root/.build/debug/lamina"}
out=${2:-$(mktemp -d /tmp/lamina-browser.XXXXXX)}
mkdir -p "$out"
status=0
for input in "$root"/Samples/*.svg "$root"/Samples/*.json; do
    [ -e "$input" ] || continue
    base=$(basename "$input")
    case "$base" in *.expected.*|*.actual.*|lamina-check.json) continue ;; esac
    name="${base%.*}-${base##*.}"
    "$lamina" convert "$input" -o "$out/$name.svg" 2>/dev/null || { echo "FAIL: $base: convert"; status=1; continue; }
    "$lamina" debug "$input" -o "$out/$name.debug.svg" 2>/dev/null || { echo "FAIL: $base: debug"; status=1; continue; }
    if python3 "$here/screenshot-check.py" "$out/$name.svg" "$out/$name.debug.svg" --scale 2 --out "$out/shots" >"$out/$name.log" 2>&1; then
        echo "ok: $base"
    else
        echo "FAIL: $base (see $out/$name.log)"
        status=1
    fi
done
echo "screenshots in $out/shots"
exit $status

#!/usr/bin/env bash
# Runs `lamina` under ThreadSanitizer on inputs large enough for every two-thread path (the
# reader's halves, the element prefetch, resolve's pieces, the writers' chunks, the
# write-behind thread, a --jobs 2 batch) and fails on the first report (Docs/Security.md,
# "ThreadSanitizer").
#   Tests/Sanitizers/tsan.sh            # build into .build-tsan-release, then run
#   NO_BUILD=1 Tests/Sanitizers/tsan.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
shared="${LAMINA_SHARED:-$root/../shared}"
# The sanitizer runtime cannot be linked into the static executable the release build makes.
export LAMINA_DYNAMIC_EXECUTABLE=1
scratch="${SCRATCH:-.build-tsan-release}"
if [[ "${NO_BUILD:-0}" != 1 ]]; then
    swift build -c release --sanitize=thread --product lamina --scratch-path "$scratch"
fi
lamina="$scratch/release/lamina"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Past the sizes where each two-thread path starts (the prefetch from 512 elements, resolve's
# pieces and the writers' chunks from a few thousand layers, ReleaseBehind from 10,000).
for depth in 1 10; do
    python3 "$shared/tools/gen_svg.py" "$work" --n 20000 --depth "$depth" --name "d$depth" >/dev/null 2>&1
done
export TSAN_OPTIONS="halt_on_error=1 exitcode=70 report_signal_unsafe=0 suppressions=$root/Tests/Sanitizers/tsan.supp"
export LAMINA_THREADS=2
run() {
    local status=0
    "$@" 2>"$work/stderr" || status=$?
    if grep -q "ThreadSanitizer" "$work/stderr"; then
        cat "$work/stderr" >&2
        echo "tsan.sh: ThreadSanitizer report from: $*" >&2
        exit 1
    fi
    if (( status != 0 )); then
        cat "$work/stderr" >&2
        echo "tsan.sh: exit $status from: $*" >&2
        exit 1
    fi
}
for input in "$work"/d1.svg "$work"/d10.svg; do
    name="$(basename "$input" .svg)"
    run "$lamina" convert "$input" -o "$work/$name.out.svg"
    run "$lamina" convert "$input" -o "$work/$name.out.json"
    run "$lamina" debug "$input" -o "$work/$name.debug.svg"
    run "$lamina" convert "$work/$name.out.json" -o "$work/$name.rt.svg"
    run "$lamina" inspect "$input" >/dev/null
    echo "tsan.sh: $name: convert → SVG, → JSON, debug, JSON → SVG, inspect: no report"
done
run "$lamina" convert Samples/*.svg "$work"/d1.svg --output-dir "$work/batch" --jobs 2
run "$lamina" check Samples >/dev/null
echo "tsan.sh: batch --jobs 2 and check Samples: no report"

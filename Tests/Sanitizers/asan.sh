#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer and LeakSanitizer on an optimized build
# (Docs/Security.md, "AddressSanitizer"). Extra arguments go to `swift test` (e.g. --filter X).
#   Tests/Sanitizers/asan.sh              # build + test, scratch folder .build-asan-release
#   NO_BUILD=1 Tests/Sanitizers/asan.sh --filter HostileInputTests
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# The sanitizer runtime cannot be linked into the static executable the release build makes.
export LAMINA_DYNAMIC_EXECUTABLE=1
flags=(-c release -Xswiftc -enable-testing --sanitize=address --scratch-path "${SCRATCH:-.build-asan-release}")
if [[ "${NO_BUILD:-0}" != 1 ]]; then swift build "${flags[@]}" --build-tests; fi
# Leak checking on, every report fatal; the lamina processes the tests start inherit this.
export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:abort_on_error=0:strict_string_checks=1:detect_stack_use_after_return=1:check_initialization_order=1"
export LSAN_OPTIONS="suppressions=$root/Tests/Sanitizers/lsan.supp:print_suppressions=0"
# Instrumented code runs 2-3x slower: the generated hostile inputs use 50,000 elements here
# (200,000 in the plain release run), so the 10 s limit per case still holds.
export LAMINA_HOSTILE_LARGE="${LAMINA_HOSTILE_LARGE:-50000}"
swift test "${flags[@]}" --skip-build "$@"

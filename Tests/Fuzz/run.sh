#!/usr/bin/env bash
# Builds and runs one libFuzzer target for a given time.
#   Tests/Fuzz/run.sh FuzzSVGImport|FuzzJSONDecode SECONDS [extra libFuzzer flags]
# Seeds: SVG target from ../shared/corpus (and Samples/, Tests/**/Fixtures); JSON target from
# every *.json in Samples/ and Tests/. The working corpus goes to a temporary folder, crashes
# (and timeouts, OOMs) to Tests/Fuzz/crashes/TARGET/. Set NO_BUILD=1 to reuse the last build.
set -euo pipefail
target="${1:?usage: Tests/Fuzz/run.sh TARGET SECONDS}"
seconds="${2:?usage: Tests/Fuzz/run.sh TARGET SECONDS}"
shift 2
fuzz="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$fuzz/../.." && pwd)"
shared="${LAMINA_CORPUS:-$root/../shared/corpus}"

if [[ "${NO_BUILD:-0}" != 1 ]]; then
  # The package's source files, listed: a build folder made before a file was added or removed
  # in ../.. failed to link (SwiftPM did not see the new file through the path dependency), so
  # it is made again from scratch when the list changes.
  sources="$(cd "$root" && find Sources -name '*.swift' -o -name '*.c' -o -name '*.h' | LC_ALL=C sort)"
  if [[ -d "$fuzz/.build" && "$(cat "$fuzz/.build/lamina-sources.txt" 2>/dev/null)" != "$sources" ]]; then
    echo "run.sh: the package's files changed since the last build; building again from scratch" >&2
    rm -rf "$fuzz/.build"
  fi
  swift build -c release --package-path "$fuzz" --product "$target" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library
  printf '%s' "$sources" > "$fuzz/.build/lamina-sources.txt"
fi
bin="$(swift build -c release --package-path "$fuzz" --show-bin-path)/$target"

work="$(mktemp -d "${TMPDIR:-/tmp}/lamina-fuzz-$target.XXXXXX")"
seeds="$work/seeds"; corpus="$work/corpus"
mkdir -p "$seeds" "$corpus" "$fuzz/crashes/$target"
i=0
copy() { while IFS= read -r -d '' f; do cp "$f" "$seeds/$i.${f##*.}"; i=$((i + 1)); done; }
case "$target" in
  FuzzSVGImport)
    [[ -d "$shared" ]] && copy < <(find "$shared" -name '*.svg' -print0)
    copy < <(find "$root/Samples" "$root/Tests" -name '*.svg' -size -200k -print0) ;;
  FuzzJSONDecode)
    copy < <(find "$root/Samples" "$root/Tests" -name '*.json' -size -200k -print0) ;;
  *) echo "unknown target $target" >&2; exit 64 ;;
esac
echo "seeds: $i files; corpus: $corpus; crashes: $fuzz/crashes/$target/" >&2

"$bin" "$corpus" "$seeds" \
  -max_total_time="$seconds" -rss_limit_mb=4096 -timeout=10 -max_len=65536 \
  -artifact_prefix="$fuzz/crashes/$target/" -print_final_stats=1 "$@"

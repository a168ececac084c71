#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UBSan) and runs one
# for a bounded time:
#   scripts/fuzz.sh parse_fuzz 300       # fuzz for 300 s
#   scripts/fuzz.sh derive_fuzz merge    # minimise everything found into fuzz/corpus/derive_fuzz/
# Inputs: the committed corpus fuzz/corpus/TARGET/ (read only), seeds from
# examples/ and tests/corpus/, and new inputs kept in BUILD/work-TARGET/.
# Crashes, hangs and leaks are written to BUILD/artifacts-TARGET/ (the exit
# status is then non-zero); each becomes a fixed bug and an input in tests/corpus/regressions/.
# Needs clang (Debian: clang, libclang-rt-14-dev); `make test` does not.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh parse_fuzz|derive_fuzz SECONDS|merge}
what=${2:-60}
build=${FUZZ_BUILD:-build-fuzz}
case "$target" in parse_fuzz|derive_fuzz) ;; *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;; esac

bash scripts/setup.sh clang libclang-rt-14-dev  # the project's packages and libFuzzer
if [ ! -f "$build/CMakeCache.txt" ]; then
  CXX=${CXX:-clang++} cmake -S fuzz -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo > /dev/null
fi
cmake --build "$build" -j "${JOBS:-2}" --target "$target"

committed=fuzz/corpus/$target
work=$build/work-$target
seeds=$build/seeds-$target
artifacts=$build/artifacts-$target
mkdir -p "$committed" "$work" "$seeds" "$artifacts"
# seeds: the examples and the hostile corpus (small files only; string files get the 'S' prefix of derive_fuzz)
for f in examples/*/*.ls tests/corpus/*/*.ls tests/corpus/*/*.txt; do
  [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 8192 ] || continue
  name=$(echo "$f" | tr '/' '_')
  if [ "${f##*.}" = txt ]; then
    [ "$target" = derive_fuzz ] && { printf 'S'; cat "$f"; } > "$seeds/$name"
    [ "$target" = parse_fuzz ] && cp "$f" "$seeds/$name"
  else
    cp "$f" "$seeds/$name"
  fi
done

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [ "$what" = merge ]; then
  fresh=$(mktemp -d)
  # edges only (no hit counts): a small corpus that still reaches all the code reached
  "$build/$target" -merge=1 -use_counters=0 -max_len=8192 "$fresh" "$committed" "$work" "$seeds"
  rm -rf "$committed"
  mkdir -p "$committed"
  cp "$fresh"/* "$committed"/ 2>/dev/null || true
  rm -rf "$fresh"
  echo "fuzz.sh: $(ls "$committed" | wc -l) inputs in $committed"
  exit 0
fi
exec "$build/$target" "$work" "$committed" "$seeds" \
  -max_total_time="$what" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
  -artifact_prefix="$artifacts/" -print_final_stats=1

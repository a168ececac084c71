#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, AddressSanitizer + UBSan: the build
# folder of `make sanitize`, build-asan/) and runs one for a bounded time:
#   scripts/fuzz.sh parse_fuzz 300       # fuzz for 300 s
#   scripts/fuzz.sh derive_fuzz merge    # minimise everything found into fuzz/corpus/derive_fuzz/
#   scripts/fuzz.sh smoke 60             # every target for 60 s, JOBS at once (.ci/run)
# Targets: parse_fuzz, derive_fuzz (.ls files and strings); image_fuzz,
# view_fuzz, curves_fuzz, environment_fuzz (a cpfg model's files and its
# environment program's answers; fuzz/README.md).
# Inputs: the committed corpus fuzz/corpus/TARGET/ (read only), seeds from
# examples/ and tests/corpus/ (cpfg targets: examples/cpfg/* and the hostile
# folders tests/corpus/folders/*), and new inputs kept in BUILD/work-TARGET/.
# FUZZ_TIMEOUT=S: an input running longer than S seconds (default 10) is a
# hang (raise it on a loaded machine: the time is wall-clock time). Crashes,
# hangs and leaks are written to BUILD/artifacts-TARGET/ (the exit status is
# then non-zero); each becomes a fixed bug and an input in tests/corpus/regressions/.
# Needs clang (Debian: clang, libclang-rt-14-dev); `make test` does not.
set -euo pipefail
self=$(readlink -f "$0")
cd "$(dirname "$0")/.."
targets=(parse_fuzz derive_fuzz image_fuzz view_fuzz curves_fuzz environment_fuzz)
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS|merge, or scripts/fuzz.sh smoke SECONDS}
what=${2:-60}
build=${FUZZ_BUILD:-build-asan}
case " smoke ${targets[*]} " in
  *" $target "*) ;;
  *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
esac

# The sanitizer build (Makefile: asan-configure), then the target (smoke: all
# of them, once, before the runs; FUZZ_BUILT=1 marks those runs).
if [ -z "${FUZZ_BUILT:-}" ]; then
  make --no-print-directory asan-configure ASAN="$build" > /dev/null
  cmake --build "$build" -j "${JOBS:-2}" --target "$([ "$target" = smoke ] && echo lsd_fuzz || echo "$target")"
fi

# smoke: every target for $what seconds, JOBS (default 2) at once, each with
# its log in BUILD/smoke-TARGET.log; the logs' ends of those that failed.
if [ "$target" = smoke ]; then
  for t in "${targets[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "${JOBS:-2}" ]; do wait -n || true; done
    if FUZZ_BUILT=1 bash "$self" "$t" "$what" > "$build/smoke-$t.log" 2>&1; then echo 0; else echo $?; fi \
      > "$build/smoke-$t.status" &
  done
  wait
  failed=0
  for t in "${targets[@]}"; do
    [ "$(cat "$build/smoke-$t.status")" = 0 ] && continue
    tail -50 "$build/smoke-$t.log"
    echo "fuzz.sh: $t found a problem (its log: $build/smoke-$t.log)"
    failed=1
  done
  exit "$failed"
fi

committed=fuzz/corpus/$target
work=$build/work-$target
seeds=$build/seeds-$target
artifacts=$build/artifacts-$target
mkdir -p "$committed" "$work" "$seeds" "$artifacts"
max_len=8192
[ "$target" = image_fuzz ] && max_len=65536  # images are larger
# seed: copies file $1 into the seeds, behind the prefix bytes $2 (printf's escapes)
seed() {
  [ -f "$1" ] && [ "$(stat -c %s "$1")" -le "$max_len" ] || return 0
  { printf "${2:-}"; cat "$1"; } > "$seeds/$(echo "$1" | tr '/' '_')${3:-}"
}
# seeds: the examples and the hostile corpus (small files only; string files get the 'S' prefix of derive_fuzz)
cpfg_files=(examples/cpfg/* tests/corpus/folders/*)
case "$target" in
  parse_fuzz|derive_fuzz)
    for f in examples/*/*.ls tests/corpus/*/*.ls tests/corpus/*/*.txt; do
      if [ "${f##*.}" = txt ]; then
        [ "$target" = derive_fuzz ] && seed "$f" 'S'
        [ "$target" = parse_fuzz ] && seed "$f"
      else
        seed "$f"
      fi
    done ;;
  image_fuzz)
    for d in "${cpfg_files[@]}"; do for f in "$d"/*.rgb "$d"/*.rgba "$d"/*.bw "$d"/*.png; do seed "$f"; done; done ;;
  view_fuzz)
    for d in "${cpfg_files[@]}"; do for f in "$d"/*.v "$d"/*.l; do seed "$f"; done; done ;;
  curves_fuzz)  # the first byte chooses the reader, the second a curve's samples (curves_fuzz.cpp)
    for d in "${cpfg_files[@]}"; do
      for f in "$d"/*.func; do seed "$f" '\000\002'; done
      for f in "$d"/*.fset; do seed "$f" '\001\002'; done
      for f in "$d"/*.con; do seed "$f" '\002\002' .contour; seed "$f" '\003\002' .curve; done
      for f in "$d"/*.s; do seed "$f" '\004\001'; done
    done
    printf '\000\002fver 1 1\nname: f\nsamples: 5\npoints: 5\n0 0\n0.2 1\n0.5 0.5 2\n0.8 1\n1 0\n' > "$seeds/func"
    printf '\001\002funcgalleryver 1 1\nitems: 2\nfver 1 1\nname: a\npoints: 4\n0 0\n0.3 1\n0.6 1\n1 0\nrange: 0 1\npoints: 4\n0 1\n0.3 0\n0.6 0\n1 1\n' > "$seeds/fset"
    printf '\003\005version: 1.4\npoints: 5\ndimension: 3\ntype: bspline-endpoint\n0 0 0 1\n1 0 0 2\n1 1 0 1\n0 1 0 1\n0 0 1 3\n' > "$seeds/curve" ;;
  environment_fuzz)  # the first byte: odd, an .e file; even, the channel (2: in chunks); the second: piece sizes
    for d in "${cpfg_files[@]}"; do for f in "$d"/*.e; do seed "$f" '\001\000'; done; done
    printf '\001\000executable: honda81 -e plant.e density.spec\ncommunication type: memory\nturtle position: P: %%f %%f %%f\nfollowing module: no\n' > "$seeds/efile"
    printf '\000\003%s' "$(printf '0 E(1,,3)\n2 E(4.5e1)\nControl: 1\n4 E()\nControl: 5\n')" > "$seeds/answers"
    printf '\002\377%s' "$(printf '0 E(1,2,3)\n\nControl: 0\n')" > "$seeds/chunk" ;;
esac

export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1}
if [ "$what" = merge ]; then
  fresh=$(mktemp -d)
  # edges only (no hit counts): a small corpus that still reaches all the code reached
  "$build/$target" -merge=1 -use_counters=0 -max_len="$max_len" "$fresh" "$committed" "$work" "$seeds"
  rm -rf "$committed"
  mkdir -p "$committed"
  cp "$fresh"/* "$committed"/ 2>/dev/null || true
  rm -rf "$fresh"
  echo "fuzz.sh: $(ls "$committed" | wc -l) inputs in $committed"
  exit 0
fi
exec "$build/$target" "$work" "$committed" "$seeds" \
  -max_total_time="$what" -timeout="${FUZZ_TIMEOUT:-10}" -rss_limit_mb=2048 -max_len="$max_len" \
  -artifact_prefix="$artifacts/" -print_final_stats=1

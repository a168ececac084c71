#!/usr/bin/env bash
# Runs every benchmark of a release build and prints its figures.
set -euo pipefail
build=${1:-build-bench}
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  echo
  echo "== $(basename "$b")"
  "$b"
done

#!/usr/bin/env bash
# `make bench`: runs every benchmark of a release build and prints its figures,
# then derives the same grammars with the JavaScript `lindenmayer` package from
# npm (installed into bench/scratch, never into the project) for a ratio.
set -euo pipefail
build=${1:-build-bench}
root=$(cd "$(dirname "$0")/.." && pwd)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  echo
  echo "== $(basename "$b")"
  "$b"
done

echo
echo "== derivation: lsd vs the JavaScript lindenmayer package (same grammars, same steps)"
scratch="$root/bench/scratch"
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "(node/npm not installed: comparison skipped)"
  exit 0
fi
mkdir -p "$scratch"
if [ ! -d "$scratch/node_modules/lindenmayer" ]; then
  (cd "$scratch" && npm install --silent --no-audit --no-fund --no-save lindenmayer@1.5.4 >/dev/null 2>&1) ||
    { echo "(npm install lindenmayer failed: comparison skipped)"; exit 0; }
fi
cp "$root/bench/lindenmayer_compare.js" "$scratch/"
lsd_tsv=$("$build/bench/bench_derive" --tsv)
js_tsv=$(cd "$scratch" && node lindenmayer_compare.js)
printf '%-32s %12s %14s %8s\n' "grammar" "lsd M/s" "lindenmayer M/s" "ratio"
while IFS=$'\t' read -r name _ _ mps; do
  js=$(printf '%s\n' "$js_tsv" | awk -F'\t' -v n="$name" '$1 == n { print $4 }')
  ratio=$(awk -v a="$mps" -v b="${js:-0}" 'BEGIN { if (b > 0) printf "%.1fx", a / b; else print "-" }')
  printf '%-32s %12s %14s %8s\n' "$name" "$mps" "${js:--}" "$ratio"
done <<< "$lsd_tsv"

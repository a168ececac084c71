#!/usr/bin/env bash
# `make bench`: runs every benchmark of a release build and prints its figures
# (bench_peers: lsd beside MuJoCo on the same plants), then derives the same
# grammars with the JavaScript `lindenmayer` package from npm (installed into
# bench/scratch, never into the project) for a ratio, times the whole `lsd
# derive` process against it, and the start-up of a command that draws nothing.
set -euo pipefail
build=${1:-build-bench}
default_build=${2:-}  # the build of `make run` (no -march=native), for the side-by-side dynamics table
root=$(cd "$(dirname "$0")/.." && pwd)
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date -u +%Y-%m-%d)"
for b in "$build"/bench/bench_*; do
  [ -x "$b" ] || continue
  echo
  echo "== $(basename "$b")"
  "$b"
done
scratch="$root/bench/scratch"
if [ ! -x "$build/bench/bench_peers" ]; then
  echo "(bench_peers not built: MuJoCo's headers and library, Debian's libmujoco-dev, are missing)"
elif command -v node >/dev/null && command -v npm >/dev/null; then
  # The newest MuJoCo reachable here (PyPI's wheel is not): npm's `mujoco`,
  # Google DeepMind's WebAssembly build, in its own folder of bench/scratch.
  echo
  echo "== MuJoCo from npm (WebAssembly in node) on bench_peers's plants (bench/peers/mujoco_wasm.mjs)"
  wasm="$scratch/mujoco-wasm"
  mkdir -p "$wasm"
  if [ ! -d "$wasm/node_modules/mujoco" ]; then
    (cd "$wasm" && npm install --silent --no-audit --no-fund --no-save mujoco@3.1.16 >/dev/null 2>&1) ||
      echo "(npm install mujoco failed: skipped)"
  fi
  if [ -d "$wasm/node_modules/mujoco" ]; then
    "$build/bench/bench_peers" --write-mjcf "$wasm/mjcf"
    cp "$root/bench/peers/mujoco_wasm.mjs" "$wasm/"
    (cd "$wasm" && node mujoco_wasm.mjs mjcf chain10 chain100 tree100 tree1000)
  fi
fi

if [ -n "$default_build" ] && [ -x "$default_build/bench/bench_dynamics" ]; then
  echo
  echo "== bench_dynamics: the default build (the flags of make run) beside the native one, same run (--quick)"
  native=$("$build/bench/bench_dynamics" --quick | awk '$1 ~ /^[0-9]+$/ && NF >= 3 { print $1, $2, $3 }')
  plain=$("$default_build/bench/bench_dynamics" --quick | awk '$1 ~ /^[0-9]+$/ && NF >= 3 { print $1, $2, $3 }')
  printf '%10s %14s %14s %14s %14s %8s\n' bodies "native chain" "default chain" "native tree" "default tree" "worst"
  paste -d' ' <(printf '%s\n' "$native") <(printf '%s\n' "$plain") |
    awk '{ r1 = $5 / $2; r2 = $6 / $3; printf "%10d %14.1f %14.1f %14.1f %14.1f %7.2fx\n", $1, $2, $5, $3, $6, (r1 > r2 ? r1 : r2) }'
fi

# The page's module (make web, docs/web.md): the same dynamics benchmark in
# WebAssembly under node, beside the default build's, alternating in this
# run (the best of two each); then frames per second of bush2000.ls in
# headless Chromium (bench/web_fps.mjs).
web="$root/build-web"
if [ -n "$default_build" ] && [ -f "$web/bench/bench_dynamics.js" ] && command -v node >/dev/null; then
  echo
  echo "== bench_dynamics in WebAssembly (the page's module, node $(node --version)) beside the default build (--quick)"
  rows() { awk '$1 ~ /^[0-9]+$/ && NF >= 3 { print $1, $2, $3 }'; }
  plain=$("$default_build/bench/bench_dynamics" --quick | rows)
  wasm=$(node --no-experimental-fetch "$web/bench/bench_dynamics.js" --quick | rows)
  plain2=$("$default_build/bench/bench_dynamics" --quick | rows)
  wasm2=$(node --no-experimental-fetch "$web/bench/bench_dynamics.js" --quick | rows)
  printf '%10s %14s %14s %8s %14s %14s %8s\n' bodies "default chain" "wasm chain" ratio "default tree" "wasm tree" ratio
  paste -d' ' <(printf '%s\n' "$plain") <(printf '%s\n' "$plain2") <(printf '%s\n' "$wasm") <(printf '%s\n' "$wasm2") |
    awk 'function min(a, b) { return a < b ? a : b }
         { pc = min($2, $5); pt = min($3, $6); wc = min($8, $11); wt = min($9, $12);
           printf "%10d %14.1f %14.1f %7.2fx %14.1f %14.1f %7.2fx\n", $1, pc, wc, wc / pc, pt, wt, wt / pt }'
  if [ -d "$root/tests/web/node_modules/playwright-core" ] && [ -x /usr/bin/chromium ]; then
    echo
    echo "== the page in headless Chromium (bench/web_fps.mjs)"
    node "$root/bench/web_fps.mjs" "$web/site" bush2000.ls 20 || echo "(the page's benchmark failed)"
  else
    echo "(the page's frame rate needs chromium and tests/web's playwright-core: make web-test installs both)"
  fi
fi

echo
echo "== derivation: lsd vs the JavaScript lindenmayer package (same grammars, same steps)"
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

echo
echo "== the whole lsd derive process vs lindenmayer computing the same string in memory"
echo "   (ABOP fig. 1.24a, n = 9: 4,882,811 modules; wall clock, best of 5 rounds taken in turn; lsd of the default build)"
lsd="${default_build:-$build}/lsd"
fig="$root/examples/abop/fig1_24a.ls"
# The same string: lindenmayer's, and lsd's without the blanks between modules.
(cd "$scratch" && node lindenmayer_compare.js string 9) > "$scratch/fig1_24a_n9_js.txt"
"$lsd" derive "$fig" -n 9 | tr -d ' ' > "$scratch/fig1_24a_n9_lsd.txt"
if cmp -s "$scratch/fig1_24a_n9_js.txt" "$scratch/fig1_24a_n9_lsd.txt"; then
  echo "   the strings agree: $(($(wc -c < "$scratch/fig1_24a_n9_lsd.txt") - 1)) modules each"
else
  echo "   THE STRINGS DIFFER: $scratch/fig1_24a_n9_js.txt and $scratch/fig1_24a_n9_lsd.txt"
fi
to_file() { "$lsd" derive "$fig" -n 9 -o "$scratch/fig1_24a_n9.txt"; }
to_stdout() { "$lsd" derive "$fig" -n 9 > "$scratch/fig1_24a_n9_stdout.txt"; }
# The best wall time of 3 runs of a command, in seconds (bash's own clock:
# no extra process inside the timed interval).
best3() {
  local best=1e9 s e
  for _ in 1 2 3; do
    s=$EPOCHREALTIME
    "$@"
    e=$EPOCHREALTIME
    best=$(awk -v a="$s" -v b="$e" -v m="$best" 'BEGIN { t = b - a; printf "%.4f", t < m ? t : m }')
  done
  echo "$best"
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print a < b ? a : b }'; }
js_best=1e9 file_best=1e9 stdout_best=1e9
for _ in 1 2 3 4 5; do
  js=$(cd "$scratch" && node lindenmayer_compare.js whole 9 | cut -f2)
  js_best=$(min "$js" "$js_best")
  file_best=$(min "$(best3 to_file)" "$file_best")
  stdout_best=$(min "$(best3 to_stdout)" "$stdout_best")
done
ratio() { awk -v a="$js_best" -v b="$1" 'BEGIN { printf "%.1fx", a / b }'; }
printf '%-44s %9s %8s\n' "" "seconds" "ratio"
printf '%-44s %9s %8s\n' "lindenmayer: iterate(9) in memory" "$js_best" ""
printf '%-44s %9s %8s\n' "lsd derive -n 9 -o FILE (atomic, not synced)" "$file_best" "$(ratio "$file_best")"
printf '%-44s %9s %8s\n' "lsd derive -n 9 > FILE (standard output)" "$stdout_best" "$(ratio "$stdout_best")"

echo
echo "== start-up: lsd derive of a one-line file (the default build) beside /bin/true and a plain C++ program"
echo "   (wall clock of 50 runs of each taken in turn, median; docs/architecture.md: the drawing module)"
one="$scratch/one_line.ls"
printf 'axiom: F\n' > "$one"
# The plain C++ program: writes one line with iostream, as lsd derive does here.
printf '#include <iostream>\nint main() { std::cout << "F\\n"; }\n' > "$scratch/plain.cpp"
plain="$scratch/plain"
g++ -O2 -o "$plain" "$scratch/plain.cpp"
libs=$(LD_DEBUG=files "$lsd" derive "$one" 2>&1 >/dev/null | grep -c 'calling init' || true)
ms() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b - a) * 1000 }'; }
true_ms=() plain_ms=() lsd_ms=()
for _ in $(seq 50); do
  s=$EPOCHREALTIME; /bin/true; e=$EPOCHREALTIME; true_ms+=("$(ms "$s" "$e")")
  s=$EPOCHREALTIME; "$plain" > /dev/null; e=$EPOCHREALTIME; plain_ms+=("$(ms "$s" "$e")")
  s=$EPOCHREALTIME; "$lsd" derive "$one" > /dev/null; e=$EPOCHREALTIME; lsd_ms+=("$(ms "$s" "$e")")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
true_med=$(median "${true_ms[@]}") plain_med=$(median "${plain_ms[@]}") lsd_med=$(median "${lsd_ms[@]}")
plain_libs=$(LD_DEBUG=files "$plain" 2>&1 >/dev/null | grep -c 'calling init' || true)
printf '%-44s %9s %12s\n' "" "ms" "vs plain"
printf '%-44s %9s %12s\n' "/bin/true" "$true_med" ""
printf '%-44s %9s %12s\n' "plain C++ program ($plain_libs libraries)" "$plain_med" ""
printf '%-44s %9s %12s\n' "lsd derive ONE_LINE.ls ($libs libraries)" "$lsd_med" \
  "$(awk -v a="$lsd_med" -v b="$plain_med" 'BEGIN { printf "%.2fx", a / b }')"

# The Python module (docs/python.md), pip-installed in build-python/venv
# (scripts/python_test.sh --install): reading the poses against a step, a run
# driven from Python against lsd run, the sweep on 1 and 2 processes.
if [ -n "$default_build" ] && [ -x "$root/build-python/venv/bin/python" ]; then
  echo
  echo "== the Python module (bench/python_bench.py)"
  "$root/build-python/venv/bin/python" "$root/bench/python_bench.py" "$default_build/lsd"
  echo
  echo "== tolerance: against a converged run and fixed steps (bench/tolerance_bench.py; 3-4 minutes)"
  (cd "$root" && build-python/venv/bin/python bench/tolerance_bench.py examples/dynamics/herb.ls 12 0 1024 &&
    build-python/venv/bin/python bench/tolerance_bench.py examples/dynamics/tree10k.ls 1 1 256)
fi


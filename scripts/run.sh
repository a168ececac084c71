#!/usr/bin/env bash
# The main job (`make run`): grow the default example and show it.
# With a display: the interactive viewer. Without one: the picture and the
# string (after LSD_TIME=10 simulated seconds of growth and motion) and its
# trace are written to out/ and their paths printed.
set -euo pipefail
build=${1:-build}
example=${2:-examples/dynamics/herb.ls}
lsd="$build/lsd"
mkdir -p out
name=$(basename "$example" .ls)
if [ -n "${DISPLAY:-}" ] && "$lsd" view --help >/dev/null 2>&1 && [ -z "${LSD_HEADLESS:-}" ]; then
  exec "$lsd" view "$example"
fi
# grow (and, for a living plant, move) for T simulated seconds, then draw the result
T=${LSD_TIME:-10}
"$lsd" run "$example" --time "$T" -o "out/$name.txt" --trace "out/$name.csv"
echo "string:  out/$name.txt ($(tail -n 1 "out/$name.txt" | wc -w) modules after $T simulated seconds)"
echo "trace:   out/$name.csv"
# the picture needs no display: lsd draws it headless (EGL)
if "$lsd" render "$example" --axiom-file "out/$name.txt" -n 0 -o "out/$name.png" --width 800 --height 800; then
  echo "picture: out/$name.png"
else
  echo "picture: not drawn (the error above says why)"
fi

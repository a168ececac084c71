#!/usr/bin/env bash
# The main job (`make run`): grow the default example and show it.
# With a display: the interactive viewer. Without one: the picture and the
# string are written to out/ and their paths printed.
set -euo pipefail
build=${1:-build}
example=${2:-examples/abop/fig1_24a.ls}
lsd="$build/lsd"
mkdir -p out
name=$(basename "$example" .ls)
if [ -n "${DISPLAY:-}" ] && "$lsd" view --help >/dev/null 2>&1 && [ -z "${LSD_HEADLESS:-}" ]; then
  exec "$lsd" view "$example"
fi
"$lsd" derive "$example" -o "out/$name.txt"
echo "string:  out/$name.txt ($(tail -n 1 "out/$name.txt" | wc -w) modules)"
if "$lsd" render "$example" -o "out/$name.png" --width 800 --height 800 2>/dev/null; then
  echo "picture: out/$name.png"
elif command -v xvfb-run >/dev/null && \
     xvfb-run -a -s "-screen 0 1280x800x24" "$lsd" render "$example" -o "out/$name.png" --width 800 --height 800; then
  echo "picture: out/$name.png (drawn off screen)"
else
  echo "picture: not available in this build"
fi

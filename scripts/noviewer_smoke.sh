#!/usr/bin/env bash
# `make noviewer`: lsd built without the OpenGL viewer derives, runs and
# exports, and refuses pictures with a clear message (exit status 1, as when the drawing module is missing).
set -euo pipefail
lsd=${1:?usage: scripts/noviewer_smoke.sh path/to/lsd}
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
fail() { echo "noviewer: $*" >&2; exit 1; }
"$lsd" derive examples/abop/fig1_24a.ls -n 3 -o "$out/a.txt" || fail "derive failed"
[ -s "$out/a.txt" ] || fail "derive wrote nothing"
"$lsd" run examples/dynamics/herb.ls --time 0.5 -o "$out/herb.txt" --quiet || fail "run failed"
"$lsd" export examples/dynamics/herb.ls -o "$out/herb.obj" || fail "export to OBJ failed"
grep -q '^f ' "$out/herb.obj" || fail "the OBJ has no faces"
set +e
msg=$("$lsd" render examples/dynamics/herb.ls -o "$out/herb.png" 2>&1); status=$?
set -e
[ "$status" -eq 1 ] || fail "render without the viewer exited with $status, not 1"
case "$msg" in *"built without the renderer (LSD_VIEWER=OFF)"*) ;; *) fail "render said: $msg" ;; esac
[ ! -e "$out/herb.png" ] || fail "render wrote a picture"
echo "noviewer: lsd without the viewer derives, runs, exports and refuses pictures clearly"

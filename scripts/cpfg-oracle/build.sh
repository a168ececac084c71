#!/bin/bash
# build.sh [DEST] -- builds the reference cpfg from the public AlgorithmicBotany/vlab sources
# (Debian 12); scripts/cpfg-oracle/README.md says what for and how to use it.
#
#   VLAB_GIT=/path/to/vlab/.git scripts/cpfg-oracle/build.sh [DEST]   # a clone (or its bare mirror)
#   VLAB_SRC=/path/to/vlab      scripts/cpfg-oracle/build.sh [DEST]   # an unpacked checkout
#
# DEST defaults to $ORACLE, else ~/cpfg-oracle. VLAB_REF picks the commit of VLAB_GIT (default
# HEAD). GEOM=1 also builds DEST/geom, the patched build with geom.patch. Produces:
#   DEST/src/.binaries/bin/      unmodified cpfg, vlabcpp, preproc and the environment programs
#   DEST/patched/.binaries/bin/  cpfg with patched.patch (the one the project's scripts use)
#   DEST/geom/.binaries/bin/     (GEOM=1) cpfg with patched.patch and geom.patch
set -euo pipefail
DEST=$(mkdir -p "${1:-${ORACLE:-$HOME/cpfg-oracle}}" && cd "${1:-${ORACLE:-$HOME/cpfg-oracle}}" && pwd)
HERE=$(cd "$(dirname "$0")" && pwd)
J=$(nproc)
SUDO=""
[ "$(id -u)" = 0 ] || SUDO=sudo

if [ -z "${VLAB_GIT:-}" ] && [ -z "${VLAB_SRC:-}" ]; then
  echo "build.sh: set VLAB_GIT (a git directory of AlgorithmicBotany/vlab) or VLAB_SRC (a checkout)" >&2
  exit 2
fi

PKGS="qtbase5-dev qt5-qmake libqt5opengl5-dev libglu1-mesa-dev freeglut3-dev bison flex libreadline-dev g++ make"
if ! dpkg -s $PKGS >/dev/null 2>&1; then
  $SUDO apt-get update
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y $PKGS
fi

# vlab's sources, unpacked into DEST/src
rm -rf "$DEST/src"
mkdir -p "$DEST/src"
if [ -n "${VLAB_GIT:-}" ]; then
  git --git-dir="$VLAB_GIT" archive "${VLAB_REF:-HEAD}" | tar -x -C "$DEST/src"
else
  (cd "$VLAB_SRC" && tar -c --exclude=.git .) | tar -x -C "$DEST/src"
fi

# the libraries cpfg links (cpfg.pro: MY_LIBS = image comm misc directoryWatcher)
for d in misc image comm directoryWatcher; do
  (cd "$DEST/src/libs/$d" && qmake -qt=qt5 && make -j"$J")
done
# cpfg itself, its preprocessors (cpfg runs "vlabcpp" on every .l file and view file, "preproc"
# on background scenes) and the environment programs the vlab models name
for d in cpfg vlabcpp PreProc ENVIRO/ecosystem ENVIRO/honda81 ENVIRO/chiba ENVIRO/clover ENVIRO/soil; do
  (cd "$DEST/src/$d" && qmake -qt=qt5 && make -j"$J")
done
ln -sf ecosystem "$DEST/src/.binaries/bin/ecosystemR"   # as vlab's Distribution/makedistr-linux.sh does

# a patched copy: the built tree, the patch, cpfg rebuilt (only the patched files recompile)
patched_copy() {  # patched_copy NAME PATCH...
  local name=$1
  shift
  rm -rf "$DEST/$name"
  cp -a "$DEST/src" "$DEST/$name"
  for p in "$@"; do patch -p1 -d "$DEST/$name" < "$p"; done
  (cd "$DEST/$name/cpfg" && qmake -qt=qt5 && make -j"$J")
}
patched_copy patched "$HERE/patched.patch"
[ "${GEOM:-0}" = 1 ] && patched_copy geom "$HERE/patched.patch" "$HERE/geom.patch"

echo "built: $DEST/src/.binaries/bin and $DEST/patched/.binaries/bin"

#!/bin/bash
# vlab-corpus.sh VLAB_GIT DEST -- unpacks the vlab models the project measures itself on
# (docs/language.md 9.6): the object folders of vlab's main branch (its oofs/, 98 cpfg models)
# and Distribution/oofs/ of its l-studio branch (81 models), side by side in DEST. VLAB_GIT is a
# git directory of AlgorithmicBotany/vlab with both branches (a clone's .git, or a mirror).
# Then: python3 scripts/cpfg_tally.py DEST --cpfg $ORACLE/patched/.binaries/bin --cache DIR
set -euo pipefail
[ $# = 2 ] || { sed -n '2,7p' "$0" >&2; exit 2; }
GIT=$1
DEST=$2
mkdir -p "$DEST"
main=$(git --git-dir="$GIT" rev-parse --verify -q main || git --git-dir="$GIT" rev-parse --verify origin/main)
studio=$(git --git-dir="$GIT" rev-parse --verify -q l-studio || git --git-dir="$GIT" rev-parse --verify origin/l-studio)
git --git-dir="$GIT" archive "$main" oofs | tar -x -C "$DEST"
git --git-dir="$GIT" archive "$studio" Distribution/oofs | tar -x -C "$DEST"
echo "vlab models of main ${main:0:7} and l-studio ${studio:0:7} in $DEST"

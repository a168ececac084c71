#!/usr/bin/env bash
# A sweep on one machine (docs/scaling.md): every row of TABLE.csv as one
# `lsd run` (scripts/sweep-task.sh), as many at once as there are cores, run
# by GNU parallel; then all results in OUTDIR/results.csv
# (scripts/sweep-gather.sh).
#
#   scripts/sweep.sh TABLE.csv OUTDIR FILE.ls [lsd run options...]
#
# JOBS sets how many runs at once (default: one per core). GNU parallel's job
# log, OUTDIR/joblog, has every run's time and exit status; run the same
# command again with RESUME=1 to redo only the runs that did not finish
# (parallel --resume-failed).
set -euo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 TABLE.csv OUTDIR FILE.ls [lsd run options...]" >&2
  exit 2
fi
table=$1 out=$2 file=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
command -v parallel >/dev/null || { echo "$0: GNU parallel is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
[ -r "$table" ] || { echo "$0: cannot read the table '$table'" >&2; exit 2; }
source "$here/sweep-common.sh"
runs=$(table_runs "$table")
mkdir -p "$out"
resume=()
[ "${RESUME:-0}" = 1 ] && resume=(--resume-failed)
# -q: the command's words are passed as they are (paths with spaces);
# {} is the row number. A failed run does not stop the others.
status=0
seq 1 "$runs" | parallel --will-cite -q --jobs "${JOBS:-100%}" --joblog "$out/joblog" "${resume[@]}" \
  "$here/sweep-task.sh" "$table" {} "$out" "$file" "$@" || status=$?
"$here/sweep-gather.sh" "$table" "$out" > "$out/results.csv" || status=1
echo "$out/results.csv: $(( $(wc -l < "$out/results.csv") - 1 )) of $runs runs," \
  "$(awk -F, 'NR > 1 && $2 != 0' "$out/results.csv" | wc -l) of them ended with an error" >&2
exit "$status"

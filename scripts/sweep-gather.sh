#!/usr/bin/env bash
# The results of a sweep in one CSV on standard output (docs/scaling.md):
# the header, then the row of every run of TABLE.csv that OUTDIR holds
# (written by scripts/sweep-task.sh), in the table's order.
#
#   scripts/sweep-gather.sh TABLE.csv OUTDIR > results.csv
#
# Runs without a row yet (not run, still running, killed) are listed on
# standard error, and the exit status is then 1; the CSV has the others.
set -euo pipefail
if [ $# -ne 2 ]; then
  echo "usage: $0 TABLE.csv OUTDIR > results.csv" >&2
  exit 2
fi
table=$1 out=$2
[ -r "$table" ] || { echo "$0: cannot read the table '$table'" >&2; exit 2; }
source "$(dirname "$0")/sweep-common.sh"
runs=$(table_runs "$table")
header=
missing=()
for ((r = 1; r <= runs; ++r)); do
  f=$out/run_$r.row
  if [ ! -f "$f" ]; then
    missing+=("$r")
    continue
  fi
  h='' v=''
  { read -r h || true; read -r v || true; } < "$f"
  if [ -z "$header" ]; then
    header=$h
    printf '%s\n' "$header"
  elif [ "$h" != "$header" ]; then
    echo "$0: $f has other columns than the runs before it:" >&2
    echo "  $h" >&2
    exit 1
  fi
  printf '%s\n' "$v"
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "$0: ${#missing[@]} of $runs runs have no results in $out: ${missing[*]:0:20}" >&2
  exit 1
fi

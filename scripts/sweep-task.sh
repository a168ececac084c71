#!/usr/bin/env bash
# One run of a sweep (docs/scaling.md): row ROW of the table TABLE.csv as one
# `lsd run`, its results in OUTDIR under the row's number.
#
#   scripts/sweep-task.sh TABLE.csv ROW OUTDIR FILE.ls [lsd run options...]
#
# TABLE.csv: a header line of names, then one line per run of comma-separated
# values; a column `seed` becomes --seed, every other column -D NAME=VALUE.
# Lines that are empty or start with '#' are not rows. ROW counts from 1.
#
# Writes OUTDIR/run_ROW.txt (the final string: it resumes the run exactly),
# run_ROW.trace.csv (lsd's trace), run_ROW.log (lsd's messages) and, last,
# run_ROW.row: a header and one line, "run,status,<the row's columns>,<the
# last trace row>", which scripts/sweep-gather.sh puts into one CSV. A run
# that lsd ends with an error still gets its row, with lsd's exit status;
# this script exits with that status too. The lsd executable is $LSD, else
# build/lsd of this checkout, else lsd on the PATH.
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 TABLE.csv ROW OUTDIR FILE.ls [lsd run options...]" >&2
  exit 2
fi
table=$1 row=$2 out=$3 file=$4
shift 4
here=${0%/*}
[ "$here" != "$0" ] || here=.
lsd=${LSD:-}
if [ -z "$lsd" ]; then
  if [ -x "$here/../build/lsd" ]; then lsd=$here/../build/lsd; else lsd=$(command -v lsd || true); fi
fi
[ -n "$lsd" ] || { echo "$0: no lsd executable (build it, or set LSD)" >&2; exit 2; }
[[ $row =~ ^[1-9][0-9]*$ ]] || { echo "$0: ROW must be a number from 1, not '$row'" >&2; exit 2; }
[ -r "$table" ] || { echo "$0: cannot read the table '$table'" >&2; exit 2; }

# (The fewest processes: with runs of a few tens of milliseconds, each one counts.)
source "$here/sweep-common.sh"
header='' values=''
{ read -r header || true; read -r values || true; } < <(table_row "$table" "$row")
[ -n "$values" ] || { echo "$0: '$table' has no row $row" >&2; exit 2; }
IFS=, read -r -a names <<< "$header"
IFS=, read -r -a vals <<< "$values"
if [ ${#names[@]} -ne ${#vals[@]} ]; then
  echo "$0: row $row of '$table' has ${#vals[@]} values for ${#names[@]} columns" >&2
  exit 2
fi
args=()
for k in "${!names[@]}"; do
  if [ "${names[k]}" = seed ]; then args+=(--seed "${vals[k]}"); else args+=(-D "${names[k]}=${vals[k]}"); fi
done

[ -d "$out" ] || mkdir -p "$out"
base=$out/run_$row
if [ -e "$base.row" ] || [ -e "$base.trace.csv" ]; then
  rm -f "$base.row" "$base.trace.csv"  # nothing of an earlier run of this row can pass for this one
fi
status=0
"$lsd" run "$file" "${args[@]}" --trace "$base.trace.csv" -o "$base.txt" "$@" > "$base.log" 2>&1 || status=$?

# The summary row, written whole under its final name (a gatherer never sees half of it).
trace_header=t,step,modules,bodies,kinetic,potential,elastic,tip_x,tip_y,tip_z,substeps
last=
if [ -s "$base.trace.csv" ]; then
  read -r trace_header < "$base.trace.csv"
  last=$(tail -n 1 "$base.trace.csv")
  [ "$last" != "$trace_header" ] || last=
fi
[ -n "$last" ] || last=${trace_header//[^,]/}  # no row of the trace: empty fields
printf 'run,status,%s,%s\n%s,%s,%s,%s\n' "$header" "$trace_header" "$row" "$status" "$values" "$last" > "$base.row.tmp"
mv "$base.row.tmp" "$base.row"
exit "$status"

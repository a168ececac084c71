#!/usr/bin/env bash
#SBATCH --job-name=lsd-sweep
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=1
#SBATCH --mem=1G
#SBATCH --time=01:00:00
#SBATCH --output=slurm-%A_%a.out
# A sweep across a cluster (docs/scaling.md): a Slurm job array in which one
# array task is one `lsd run`, row $SLURM_ARRAY_TASK_ID of TABLE.csv
# (scripts/sweep-task.sh, which writes OUTDIR/run_<row>.*). From the root of
# a checkout on the cluster's shared file system, with lsd built:
#
#   n=$(( $(grep -c -v -e '^\s*$' -e '^#' sweep.csv) - 1 ))
#   job=$(sbatch --parsable --array=1-$n%100 scripts/sweep-slurm.sh sweep.csv out examples/dynamics/herb.ls --time 10)
#   sbatch --dependency=afterany:$job --output=out/gather.log \
#     --wrap "scripts/sweep-gather.sh sweep.csv out > out/results.csv"
#
# (%100: at most 100 tasks at once; the #SBATCH lines above are defaults
# that sbatch options override.) Slurm runs a copy of this script, so it finds
# the checkout through SLURM_SUBMIT_DIR (or LSD_ROOT). Arrays are limited to
# MaxArraySize tasks (1001 by default): for a longer table submit it in parts,
# each with SWEEP_ROW_OFFSET=<rows before it> in its environment
# (sbatch --export=ALL,SWEEP_ROW_OFFSET=1000 --array=1-1000 ...). Runs much
# shorter than Slurm's start of a task (docs/scaling.md) go several to a task:
# SWEEP_ROWS_PER_TASK=k makes task i run rows (i-1)k+1 ... ik, one after another
# (sbatch --export=ALL,SWEEP_ROWS_PER_TASK=20 --array=1-$(( (n + 19) / 20 )) ...).
#
# Without Slurm, the body runs the same with the variable set by hand:
#   SLURM_ARRAY_TASK_ID=3 scripts/sweep-slurm.sh sweep.csv out examples/dynamics/herb.ls --time 10
set -euo pipefail
: "${SLURM_ARRAY_TASK_ID:?not in a Slurm array task (submit with sbatch --array=1-N, or set SLURM_ARRAY_TASK_ID)}"
if [ $# -lt 3 ]; then
  echo "usage: sbatch --array=1-N $0 TABLE.csv OUTDIR FILE.ls [lsd run options...]" >&2
  exit 2
fi
root=${LSD_ROOT:-${SLURM_SUBMIT_DIR:-$(cd "$(dirname "$0")/.." && pwd)}}
table=$1 out=$2 file=$3
shift 3
# Task i runs rows (i - 1) x SWEEP_ROWS_PER_TASK + 1 ... (one by default), after SWEEP_ROW_OFFSET.
per=${SWEEP_ROWS_PER_TASK:-1}
first=$(( (SLURM_ARRAY_TASK_ID - 1) * per + 1 + ${SWEEP_ROW_OFFSET:-0} ))
[ "$per" -eq 1 ] && exec "$root/scripts/sweep-task.sh" "$table" "$first" "$out" "$file" "$@"
source "$root/scripts/sweep-common.sh"
runs=$(table_runs "$table")
status=0
for ((row = first; row < first + per && (row == first || row <= runs); ++row)); do
  "$root/scripts/sweep-task.sh" "$table" "$row" "$out" "$file" "$@" || status=$?
done
exit "$status"

# shellcheck shell=bash
# Sourced by the sweep scripts (docs/scaling.md). A sweep table's lines that
# count are its header and its rows, with blanks and carriage returns
# removed; lines that are empty or start with '#' do not count. One awk
# each: a task reads its row from a table of any length without a loop in bash.
table_awk='{ gsub(/[[:space:]]/, "") } $0 == "" || /^#/ { next }'
# The header, then row $2 (from 1) if the table has it.
table_row() { awk -v r="$2" "$table_awk"' { ++n } n == 1 || n == r + 1 { print } n > r + 1 { exit }' "$1"; }
# The number of rows.
table_runs() { awk "$table_awk"' { ++n } END { print (n > 0 ? n - 1 : 0) }' "$1"; }

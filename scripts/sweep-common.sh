# Sourced by the sweep scripts (docs/scaling.md): the lines of a sweep table
# that count, the header first, with blanks and carriage returns removed.
# Lines that are empty or start with '#' do not count.
table_lines() { sed -e 's/[[:space:]]//g' "$1" | grep -v -e '^$' -e '^#' || true; }
# The number of runs in a table: its lines after the header.
table_runs() { echo $(( $(table_lines "$1" | wc -l) - 1 )); }

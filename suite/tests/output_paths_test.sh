#!/bin/sh
# Where a CI sends a report: --json /dev/stdout into a log (the report follows the table, whole)
# and into a pipe, a FIFO, bash's >(...), a symlink to a shared file (the target updated, the
# link and the mode kept); and outputs that cannot be written (a directory, a path under a
# file) refused with exit 2 naming the option and path before anything is measured.
# Usage: output_paths_test.sh CLGAUGE
clgauge=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
run() { "$clgauge" --only fp32.fma --budget-ms 20 "$@"; }
# The report's schema where the file or log holds a whole one: the lines from "{" to "}", each
# alone on its line, as clgauge writes it (no jq needed).
report() {
  awk '/^\{$/ {on = 1} on {print} /^\}$/ {on = 0; done = 1} END {exit !done}' "$1" |
    sed -n 's/^  "schema": "\([^"]*\)",\{0,1\}$/\1/p'
}

run --json /dev/stdout > log.txt 2>&1 || fail "--json /dev/stdout into a log: exit $?"
[ "$(report log.txt)" = clgauge.report ] || { cat log.txt; fail "no whole report in the log"; }
grep -q '^fp32.fma ' log.txt || grep -q 'fp32.fma' log.txt || fail "no table in the log"
echo "/dev/stdout into a log: table and report"

run --json /dev/stdout 2>/dev/null | cat > piped.txt
[ "$(report piped.txt)" = clgauge.report ] || fail "no report through a pipe"
echo "/dev/stdout into a pipe: report"

mkfifo fifo
cat fifo > fifo.json &
reader=$!
run --json fifo > /dev/null 2>&1 || fail "--json FIFO: exit $?"
wait $reader
[ "$(report fifo.json)" = clgauge.report ] || fail "no report through the FIFO"
[ -p fifo ] || fail "the FIFO was replaced"
echo "FIFO: report, FIFO kept"

if command -v bash > /dev/null; then
  bash -c '"$1" --only fp32.fma --budget-ms 20 --json >(cat > subst.json) > /dev/null 2>&1' \
    sh "$clgauge" || fail "--json >(...): exit $?"
  for i in $(seq 50); do [ "$(report subst.json)" = clgauge.report ] && break; sleep 0.1; done
  [ "$(report subst.json)" = clgauge.report ] || fail "no report through >(...)"
  echo ">(...): report"
fi

mkdir shared
echo '{}' > shared/r.json
chmod 640 shared/r.json
ln -s shared/r.json link.json
run --json link.json > /dev/null 2>&1 || fail "--json symlink: exit $?"
[ -L link.json ] || fail "the symlink was replaced by a file"
[ "$(report shared/r.json)" = clgauge.report ] || fail "the link's target was not written"
[ "$(stat -c %a shared/r.json)" = 640 ] || fail "the target's mode became $(stat -c %a shared/r.json)"
[ -z "$(ls -A shared | grep -v -x r.json)" ] || fail "left in shared/: $(ls -A shared)"
echo "symlink: target written, link and mode kept"

for bad in . log.txt/r.json; do
  run --json "$bad" > bad.log 2>&1
  code=$?
  [ $code -eq 2 ] || { cat bad.log; fail "--json $bad exited $code, not 2"; }
  grep -qF -- "--json $bad:" bad.log || { cat bad.log; fail "--json $bad: the path not named"; }
  grep -q 'fp32.fma' bad.log && { cat bad.log; fail "--json $bad: measured before refusing"; }
  echo "refused before the run: $(grep -F -- "--json $bad:" bad.log)"
done
echo "output paths test: ok"

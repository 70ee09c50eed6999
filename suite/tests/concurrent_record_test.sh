#!/bin/sh
# Two machines recording into one baseline at once (CLGAUGE_MACHINE names each): both
# recordings must be in the file afterwards, the file valid, and nothing but the file and its
# lock left beside it. Without the lock and the re-read before writing, the later writer
# replaces the earlier one's recording.
# Usage: concurrent_record_test.sh CLGAUGE
clgauge=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
for m in ci-a ci-b; do
  CLGAUGE_MACHINE=$m "$clgauge" --record --only fp32.fma --rounds 1 --budget-ms 20 \
    --baselines base > "rec-$m.log" 2>&1 &
  eval "pid_$(echo $m | tr - _)=\$!"
done
wait "$pid_ci_a"; a=$?
wait "$pid_ci_b"; b=$?
[ $a -eq 0 ] && [ $b -eq 0 ] || { cat rec-*.log; echo "FAIL: the recordings exited $a and $b"; exit 1; }
set -- base/*/*.json
[ $# -eq 1 ] && [ -f "$1" ] || { ls -laR base; echo "FAIL: not one baseline file: $*"; exit 1; }
file=$1
# The file as clgauge writes it (two-space indented JSON): each machine listed by its id and
# named by the fp32.fma recording.
for m in ci-a ci-b; do
  grep -q "\"id\": \"$m\"" "$file" && grep -q "\"machine\": \"$m\"" "$file" ||
    { grep -A2 '"machines"' "$file"; echo "FAIL: machine $m's recording is missing"; exit 1; }
done
left=$(ls -A "$(dirname "$file")" | grep -v -x -e "$(basename "$file")" -e ".$(basename "$file").lock")
[ -z "$left" ] || { echo "FAIL: left beside the baseline: $left"; exit 1; }
echo "both recordings landed in $(basename "$file"): ci-a and ci-b"
echo "concurrent record test: ok"

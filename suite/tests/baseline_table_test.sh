#!/bin/sh
# scripts/baseline-table, the reviewer's view of a baseline file. The table shows each
# machine's figure without its id (documents name no machine) unless --names; --diff of a
# file with itself changes nothing, and of a copy with four planted changes (a rate 10%
# down, a dropped recording, a widened tolerance, a removed metric) reports exactly those
# four, each with what to look at; --lines shows the planted rate's line changed and a
# file that is not a baseline as it is; version 1 files are read; a file that is not a
# baseline is an error naming it.
# Usage: baseline_table_test.sh SOURCE_DIR
root=$1
table="$root/scripts/baseline-table"
h100="$root/baselines/nvidia/nvidia-h100-80gb-hbm3.json"
known="$root/baselines/known-failures/pocl-5.0-cpu.json"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$table" "$h100" >"$tmp/table" || fail "the table exited $?"
grep -Eq '^\| fp32\.fma \| [0-9.]+ TFLOP/s \(native; [0-9.]+ TFLOP/s(, [0-9.]+ TFLOP/s)+\) \|$' "$tmp/table" ||
  { grep fp32.fma "$tmp/table"; fail "no fp32.fma row with each machine's figure"; }
machine=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["machines"][0]["id"])' "$h100")
grep -q -- "$machine" "$tmp/table" && fail "the table names machine $machine without --names"
"$table" --names "$h100" | grep -q -- "$machine " || fail "--names does not name machine $machine"

"$table" --diff "$h100" "$h100" >"$tmp/same" || fail "--diff of a file with itself exited $?"
grep -Eq '^0 of [0-9]+ metrics changed$' "$tmp/same" || { cat "$tmp/same"; fail "a file differs from itself"; }

# The planted changes, and the machine whose int32.mad recording is dropped.
dropped=$(python3 - "$h100" "$tmp/planted.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
m = d["metrics"]
m["fp32.fma"]["value"] *= 0.9
gone = m["int32.mad"]["recordings"].pop(0)["machine"]
m["mem.coalesced.read"]["tolerance"] = 0.2
del m["launch.latency"]
json.dump(d, open(sys.argv[2], "w"), indent=1)
print(gone)
PY
) || fail "could not plant the changes"
"$table" --diff "$h100" "$tmp/planted.json" >"$tmp/diff" || fail "--diff exited $?"
cat "$tmp/diff"
expect() { grep -Eq -- "$1" "$tmp/diff" || fail "the diff does not show: $2"; }
expect '^\| fp32\.fma \|.* \| -10\.00% \|.*moved more than the old tolerance \|$' "fp32.fma 10% down"
expect "^\| int32\.mad \|.*dropped $dropped \|$" "int32.mad's recording on $dropped dropped"
expect '^\| mem\.coalesced\.read \|.* -> 20\.0% \|.*tolerance widened \|$' "mem.coalesced.read's tolerance widened"
expect '^\| launch\.latency \| [0-9.]+ us \| - \|.*removed \|$' "launch.latency removed"
expect '^4 of [0-9]+ metrics changed$' "exactly the four planted metrics"

"$table" --lines "$h100" >"$tmp/old.lines" && "$table" --lines "$tmp/planted.json" >"$tmp/new.lines" ||
  fail "--lines exited non-zero"
diff "$tmp/old.lines" "$tmp/new.lines" | grep -q '^> fp32\.fma: ' || fail "--lines hides the fp32.fma change"
"$table" --lines "$known" | cmp -s - "$known" || fail "--lines changed a file that is not a baseline"

# Version 1 files (one machine, no recordings) are still baselines; --lines never fails,
# because a textconv error stops git diff and git log -p on the file's old versions.
v1="$root/suite/tests/data/baseline_v1/nvidia-h200.json"
"$table" "$v1" | grep -Eq '^\| fp32\.fma \| [0-9.]+ TFLOP/s \(native\) \|$' || fail "a version 1 file has no fp32.fma row"
"$table" --diff "$v1" "$tmp/planted.json" >/dev/null || fail "--diff of a version 1 file exited $?"
"$table" --lines "$v1" | grep -q '^fp32\.fma: ' || fail "--lines does not read a version 1 file"
printf '{"schema": "clgauge.baseline", "metrics": [' >"$tmp/broken.json"
"$table" --lines "$tmp/broken.json" | cmp -s - "$tmp/broken.json" || fail "--lines did not pass a broken file through"

"$table" "$known" >/dev/null 2>"$tmp/err" && fail "a known-failure list was read as a baseline"
grep -q "pocl-5.0-cpu.json: schema is 'clgauge.known_failures'" "$tmp/err" ||
  { cat "$tmp/err"; fail "the error does not name the file and the field"; }

# The committed baseline files reach git diff through the textconv (where this is a checkout).
if git -C "$root" rev-parse --git-dir >/dev/null 2>&1; then
  git -C "$root" check-attr diff baselines/nvidia/nvidia-h200.json | grep -q ': diff: clgauge-baseline$' ||
    fail ".gitattributes does not give the baseline files the clgauge-baseline diff"
else
  echo "no git checkout: .gitattributes not checked"
fi
echo "baseline-table test: ok"

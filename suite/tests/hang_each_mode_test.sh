#!/bin/sh
# A kernel that never finishes ends the device's run the same way in every mode that measures
# (run/measure_each.hpp): the table, --check, --record and a sweep each exit 4 (a hang), launch
# nothing after it and name what was not run. The hang is planted (CLGAUGE_TEST_HUNG_KERNEL=1:
# every launch's wait runs out after --timeout 1). The check needs a baseline first, recorded
# here without the plant.
# Usage: hang_each_mode_test.sh CLGAUGE
clgauge=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
only=fp32.fma,int32.mad
notrun='not run: an earlier kernel hung the device'
CLGAUGE_MACHINE=ci-hang "$clgauge" --record --only $only --rounds 1 --budget-ms 20 \
  --tolerance-floor 30 --baselines base > rec.log 2>&1 || { cat rec.log; fail "the recording failed"; }

hung() { # MODE-NAME LOG ARGS...: runs clgauge with the plant, wants exit 4
  name=$1 log=$2
  shift 2
  CLGAUGE_TEST_HUNG_KERNEL=1 "$clgauge" "$@" --timeout 1 > "$log" 2>&1
  code=$?
  cat "$log"
  [ $code -eq 4 ] || fail "$name exited $code on a hung kernel, not 4"
}

hung table table.log --only $only --json table.json
python3 - table.json <<'PY' || fail "the table's report does not say int32.mad was not run"
import json, sys
ms = {m["id"]: m for m in json.load(open(sys.argv[1]))["devices"][0]["metrics"]}
assert ms["fp32.fma"]["status"] == "timeout", ms["fp32.fma"]
assert "not run: an earlier kernel hung" in ms["int32.mad"]["reason"], ms["int32.mad"]
PY

hung check check.log --check --only $only --budget-ms 20 --baselines base --json check.json
grep -q "int32.mad: FAILED: error: $notrun" check.log || fail "--check does not say int32.mad was not run"

hung record record.log --record --only $only --rounds 2 --budget-ms 20 --baselines base
grep -q "int32.mad: $notrun" record.log || fail "--record does not say int32.mad was not run"

hung sweep sweep.log --sweep fma,fma-strided --sweep-short --out sweeps
grep -q "sweep fma-strided: $notrun" sweep.log || fail "a sweep after the hang was run"
echo "hang each mode test: ok"

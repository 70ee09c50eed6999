#!/bin/sh
# clgauge --check --json FILE writes the verdicts through the JSON reporter: each device's
# "check" section holds one verdict per metric, the summary and the baseline file. Recorded
# here on the test device, checked as it is (every verdict passes, exit 0), then with every
# launch doing 8 times the work it counts (fp32.fma's verdict in the file is REGRESSION, exit
# 3); --record still refuses --json. The verdicts, not the gate's precision, are what is
# tested: two rates, recorded with a 30% tolerance floor, since a 2-core CPU device's fp32.fma
# moved 8% and its launch latency 2x between a short recording and its check with the case
# alone on the host; the planted slowdown moves a rate 87.5%.
# Usage: check_json_test.sh CLGAUGE
clgauge=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1
fail() { echo "FAIL: $*"; exit 1; }
only=fp32.fma,int32.mad
CLGAUGE_MACHINE=ci-check "$clgauge" --record --only $only --rounds 1 --budget-ms 20 \
  --tolerance-floor 30 --baselines base > rec.log 2>&1 || { cat rec.log; fail "the recording failed"; }

verdicts() { # FILE: "id verdict" per line, and the summary's regressions
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
assert r["schema"] == "clgauge.report", r["schema"]
d = r["devices"][0]
assert d["mode"] == "check", d["mode"]
c = d["check"]
assert c["baseline"].endswith(".json"), c["baseline"]
for v in c["verdicts"]:
    print(v["id"], v["verdict"], "fails" if v["fails"] else "passes")
print("regressions", c["summary"]["regressions"])
PY
}

"$clgauge" --check --only $only --budget-ms 20 --baselines base --json ok.json > ok.log 2>&1
code=$?
cat ok.log
[ $code -eq 0 ] || fail "--check exited $code on the device that recorded the baseline"
out=$(verdicts ok.json) || fail "ok.json is not a check report"
echo "$out"
[ "$(echo "$out" | grep -c ' passes$')" -eq 2 ] || fail "not two passing verdicts in ok.json"

CLGAUGE_TEST_SLOWDOWN=8 "$clgauge" --check --only fp32.fma --budget-ms 20 --baselines base \
  --json slow.json > slow.log 2>&1
code=$?
[ $code -eq 3 ] || { cat slow.log; fail "a planted slowdown exited $code, not 3"; }
out=$(verdicts slow.json) || fail "slow.json is not a check report"
echo "$out"
echo "$out" | grep -q '^fp32.fma REGRESSION fails$' || fail "slow.json lacks fp32.fma's REGRESSION"
echo "$out" | grep -q '^regressions 1$' || fail "slow.json's summary counts no regression"

"$clgauge" --record --only fp32.fma --baselines base --json rec.json > refused.log 2>&1
code=$?
[ $code -eq 2 ] && grep -q "not to clgauge record" refused.log || { cat refused.log; fail "--record --json exited $code"; }
echo "check json test: ok"

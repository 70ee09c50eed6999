#!/bin/sh
# The perf cases' verdicts measured ahead (perf_verdicts.hpp): a case reports the outcome
# written for it, a planted failing verdict fails it, and a file written under other settings
# is not read (the case measures itself: with no baseline for the device, a skip).
# Usage: perf_verdicts_test.sh PERF_TESTS_BINARY
set -u
bin=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir empty-baselines
export CLGAUGE_BASELINES="$dir/empty-baselines" CLGAUGE_BUDGET_MS= CLGAUGE_TEST_SLOWDOWN= \
  CLGAUGE_ALLOW_FIXED=
settings="device=${CLGAUGE_DEVICE:-};baselines=$dir/empty-baselines;budget_ms=;slowdown=;allow_fixed="
write() { # outcome settings
  printf '{"schema":"clgauge.perf_verdicts","settings":"%s","verdicts":{"fp32.fma":{"outcome":"%s","message":"fp32.fma: planted verdict %s"}}}\n' \
    "$2" "$1" "$1" > verdicts.json
}
run() {
  CLGAUGE_PERF_VERDICTS=verdicts.json "$bin" --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1
  echo $?
}
fail() { echo "perf-verdicts test: $*"; cat out.log; exit 1; }
write fail "$settings"
[ "$(run)" -ne 0 ] && grep -q "planted verdict fail" out.log || fail "a failing verdict did not fail the case"
write pass "$settings"
[ "$(run)" -eq 0 ] && grep -q "planted verdict pass" out.log || fail "a passing verdict was not reported"
write fail "device=another;$settings"
[ "$(run)" -eq 0 ] && ! grep -q "planted verdict" out.log && grep -q "SKIPPED" out.log ||
  fail "a file written under other settings was read"
# perf.measure's side: the outcome is written, the case passes, and a file an interrupted run
# left under the same settings is started afresh, not added to (its verdicts are not this run's).
printf '{"schema":"clgauge.perf_verdicts","settings":"%s","verdicts":{"int32.mad":{"outcome":"pass","message":"stale"}}}\n' \
  "$settings" > verdicts.json
CLGAUGE_PERF_VERDICTS=verdicts.json CLGAUGE_PERF_VERDICTS_WRITE=1 "$bin" \
  --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1 || fail "the writing run failed"
grep -q '"fp32.fma"' verdicts.json && grep -q '"outcome": "skip"' verdicts.json ||
  fail "the writing run wrote no skip verdict: $(cat verdicts.json)"
! grep -q '"int32.mad"' verdicts.json || fail "an earlier run's verdict was kept: $(cat verdicts.json)"
echo "perf-verdicts test: ok"

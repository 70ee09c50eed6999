#!/bin/sh
# The perf cases' verdicts measured ahead (perf_verdicts.hpp, perf_measure_main.cpp): a case
# reports the outcome written for it, a planted failing verdict fails it, and a file written
# under other settings or by another run is not read (the case measures itself: with no
# baseline for the device, a skip), an ended run's folder is removed and a live one's refuses
# the measuring. Two measuring processes share one queue: every entry is measured once. A
# gating run (CLGAUGE_REQUIRE_BASELINE=1) on a device without a baseline fails every case,
# and the summary counts the cases judged per device.
# Usage: perf_verdicts_test.sh PERF_TESTS_BINARY PERF_MEASURE_BINARY
set -u
bin=$1
measure=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir" || exit 1
mkdir empty-baselines
# This script is the run (CLGAUGE_PERF_RUN names it): its verdicts live in verdicts/named-script.
export CLGAUGE_BASELINES="$dir/empty-baselines" CLGAUGE_BUDGET_MS= CLGAUGE_TEST_SLOWDOWN= \
  CLGAUGE_ALLOW_FIXED= CLGAUGE_REQUIRE_BASELINE= CLGAUGE_PERF_VERDICTS=verdicts \
  CLGAUGE_PERF_RUN=script
settings="device=${CLGAUGE_DEVICE:-};baselines=$dir/empty-baselines;budget_ms=;slowdown=;allow_fixed=;require_baseline="
write() { # outcome settings [run folder]
  mkdir -p "verdicts/${3:-named-script}"
  printf '{"schema":"clgauge.perf_verdicts","settings":"%s","verdicts":{"fp32.fma":{"outcome":"%s","message":"fp32.fma: planted verdict %s","device":"7: planted device","judged":true}}}\n' \
    "$2" "$1" "$1" > "verdicts/${3:-named-script}/planted.json"
}
owner() { # folder pid start: the run's owner, as perf_run.cpp writes it
  printf '{"schema":"clgauge.perf_run","owner":%s,"owner_start":%s}\n' "$2" "$3" > "verdicts/$1/run.json"
}
run() {
  "$bin" --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1
  echo $?
}
fail() { echo "perf-verdicts test: $*"; cat out.log; exit 1; }
write fail "$settings"
[ "$(run)" -ne 0 ] && grep -q "planted verdict fail" out.log || fail "a failing verdict did not fail the case"
write pass "$settings"
[ "$(run)" -eq 0 ] && grep -q "planted verdict pass" out.log || fail "a passing verdict was not reported"
grep -q "perf device 7: planted device" out.log || fail "the case did not name its device"
write fail "device=another;$settings"
[ "$(run)" -eq 0 ] && ! grep -q "planted verdict" out.log && grep -q "SKIPPED" out.log ||
  fail "a file written under other settings was read"
rm -rf verdicts

# A verdict belongs to its run: one another run left (killed mid-measure, or beside this one)
# is never reported, whatever its settings; a case of an unnamed run (ctest's child) does not
# read the named run's either.
write pass "$settings" ctest-1-1
[ "$(run)" -eq 0 ] && ! grep -q "planted verdict" out.log && grep -q "SKIPPED" out.log ||
  fail "another run's verdict was read as this run's"
write pass "$settings"
[ "$(env -u CLGAUGE_PERF_RUN "$bin" --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1; echo $?)" -eq 0 ] &&
  ! grep -q "planted verdict" out.log || fail "a case outside the run read its verdict"
# The next measuring removes an ended run's folder; a live run's makes it refuse.
owner ctest-1-1 999999999 1
"$measure" --only fp32.fma > out.log 2>&1 || fail "measuring beside an ended run's folder"
[ ! -e verdicts/ctest-1-1 ] || fail "an ended run's folder was left"
rm -rf verdicts
mkdir -p verdicts/named-live
owner named-live $$ "$(sed 's/.*) //' /proc/$$/stat | cut -d' ' -f20)"
"$measure" --only fp32.fma > out.log 2>&1 && fail "measured beside a live run"
grep -q "another perf run is under way" out.log || fail "the refusal does not say why"
[ -e verdicts/named-live/run.json ] || fail "the live run's folder was removed"
rm -rf verdicts

# The measuring side: two processes drain one queue; each entry is measured once, and a
# process that comes when the queue is empty measures nothing and says so (exit 77: a skip).
only='fp32.fma,int32.mad,mem.coalesced.read,launch.*'
"$measure" --only "$only" > m1.log 2>&1 & p1=$!
"$measure" --only "$only" > m2.log 2>&1 & p2=$!
wait $p1; r1=$?; wait $p2; r2=$?
cat m1.log m2.log > out.log
{ [ $r1 -eq 0 ] || [ $r1 -eq 77 ]; } && { [ $r2 -eq 0 ] || [ $r2 -eq 77 ]; } ||
  fail "a measuring process failed ($r1, $r2)"
wanted=$(grep -c '^skip ' out.log)
[ "$wanted" -ge 4 ] || fail "not every entry was measured"
dup=$(sed -n 's/^skip \([^ ]*\) .*/\1/p' out.log | sort | uniq -d)
[ -z "$dup" ] || fail "measured twice: $dup"
"$measure" --only "$only" > out.log 2>&1; r=$?
[ $r -eq 77 ] && grep -q "nothing left to measure" out.log || fail "a late process measured again ($r)"
"$measure" --summary > out.log 2>&1; r=$?
[ $r -eq 77 ] && grep -q "perf devices: .*: 0 of $wanted cases judged" out.log ||
  fail "the summary of a run without a baseline ($r)"
[ ! -e verdicts/named-script ] || fail "the summary left the verdicts for a later run"

# A gating run: no baseline for the device fails the case, naming the device.
CLGAUGE_REQUIRE_BASELINE=1 "$measure" --only fp32.fma > out.log 2>&1 || fail "gating measure"
CLGAUGE_REQUIRE_BASELINE=1 "$bin" --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1 &&
  fail "a gating run without a baseline passed"
grep -q "judged nothing on device " out.log || fail "the gating failure does not name the device"
# Under CTest resource allocation (a multi-device run) the same, without the variable.
rm -rf verdicts
CTEST_RESOURCE_GROUP_COUNT=1 CTEST_RESOURCE_GROUP_0=gpus CTEST_RESOURCE_GROUP_0_GPUS=id:0,slots:1 \
  "$bin" --gtest_filter='Registry/Perf.MeetsBaseline/fp32_fma' > out.log 2>&1 &&
  fail "a case under resource allocation without a baseline passed"
grep -q "judged nothing on device 0: " out.log || fail "the allocated run's failure does not name device 0"
echo "perf-verdicts test: ok"

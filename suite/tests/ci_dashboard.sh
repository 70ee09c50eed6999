#!/bin/sh
# ci.dashboard: scripts/dashboard.cmake run as CTest runs it on a fleet machine, on this build
# directory (already built, so configure and build are quick) and one small test. With no
# CDash server it must leave the files it would submit; with an unreachable one it must try
# to submit there, and fail saying so.
# Usage: ci_dashboard.sh CTEST SOURCE_DIR BINARY_DIR
set -eu
ctest=$1 src=$2 bin=$3
run() {
  "$ctest" -S "$src/scripts/dashboard.cmake" -DCLGAUGE_DASHBOARD_DIR="$bin" \
    -DCLGAUGE_DASHBOARD_TESTS='^cli\.list_benchmarks$' "$@" 2>&1
}
out=$(run) || { echo "$out"; echo "FAIL: dashboard run without a server failed"; exit 1; }
echo "$out" | tail -5
tag=$(head -n 1 "$bin/Testing/TAG")
for f in Configure.xml Build.xml Test.xml; do
  [ -s "$bin/Testing/$tag/$f" ] || { echo "FAIL: no $bin/Testing/$tag/$f"; exit 1; }
done
grep -q '<Name>cli.list_benchmarks</Name>' "$bin/Testing/$tag/Test.xml" ||
  { echo "FAIL: Test.xml lacks the test"; exit 1; }
echo "$out" | grep -qF "nothing submitted; would submit $bin/Testing/$tag/" ||
  { echo "FAIL: no word on what it would submit"; exit 1; }
# Port 9 (discard) on this machine: nothing listens, the submission must fail loudly.
if out=$(run -DCLGAUGE_CDASH_URL='http://127.0.0.1:9/submit.php?project=clgauge'); then
  echo "$out"; echo "FAIL: a submission to a dead server passed"; exit 1
fi
echo "$out" | grep -qF 'dashboard: submission to http://127.0.0.1:9/submit.php?project=clgauge' &&
  echo "$out" | grep -qF 'Failed to connect to 127.0.0.1 port 9' ||
  { echo "$out"; echo "FAIL: the failed submission was not tried or not reported"; exit 1; }
echo "dashboard: Configure.xml Build.xml Test.xml in Testing/$tag; submission attempted"

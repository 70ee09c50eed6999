#!/bin/sh
# cli.resource_spec: `clgauge --resource-spec` holds the devices under test (the GPUs and
# accelerators, every device on a host without any: all of them here, a CPU-only machine) and
# prints them; every index named holds every device; a run given a CTest allocation
# (CTEST_RESOURCE_GROUP_0_GPUS) uses the allocated device: the same one its id selects on the
# command line. A bad allocation is a clear error.
# Usage: cli_resource_spec.sh CLGAUGE
set -eu
clgauge=$1
"$clgauge" --resource-spec cli_rs.json > cli_rs.log
cat cli_rs.log
devices=$("$clgauge" --list | grep -c 'Device ID')
ids=$(grep -c '"id"' cli_rs.json)
printed=$(grep -cE '^  [0-9]+: ' cli_rs.log)
[ "$ids" -eq "$printed" ] || { echo "FAIL: $ids ids in the spec, $printed printed"; exit 1; }
if [ "$ids" -lt "$devices" ]; then
  grep -q "left out: the CPU devices" cli_rs.log || { echo "FAIL: devices left out unsaid"; exit 1; }
  grep -qE '^  [0-9]+: .*, CPU\]$' cli_rs.log && { echo "FAIL: a CPU held beside a GPU"; exit 1; }
else
  [ "$ids" -eq "$devices" ] || { echo "FAIL: $ids ids in the spec, $devices devices"; exit 1; }
fi
last=$((devices - 1))
"$clgauge" --resource-spec cli_rs_all.json $(seq 0 "$last") > /dev/null
[ "$(grep -c '"id"' cli_rs_all.json)" -eq "$devices" ] ||
  { echo "FAIL: naming every device did not hold every device"; exit 1; }
name() { grep 'Device Name'; }
want=$("$clgauge" --conformance --only fp32.fma "$last" | name)
got=$(CTEST_RESOURCE_GROUP_COUNT=1 CTEST_RESOURCE_GROUP_0=gpus \
      CTEST_RESOURCE_GROUP_0_GPUS="id:$last,slots:1" "$clgauge" --conformance --only fp32.fma | name)
echo "device $last by index:      $want"
echo "device $last by allocation: $got"
[ -n "$got" ] && [ "$got" = "$want" ] || { echo "FAIL: the allocation chose another device"; exit 1; }
if CTEST_RESOURCE_GROUP_0_GPUS=bogus "$clgauge" --conformance --only fp32.fma > cli_rs_bad.log 2>&1; then
  echo "FAIL: a malformed allocation was accepted"; exit 1
fi
grep "CTEST_RESOURCE_GROUP_0_GPUS='bogus'" cli_rs_bad.log
echo "resource spec: $devices device(s), allocation honoured"

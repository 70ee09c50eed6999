#!/bin/sh
# cli.resource_spec: `clgauge --resource-spec` lists every device clgauge sees, and a run
# given a CTest allocation (CTEST_RESOURCE_GROUP_0_GPUS) uses the allocated device: the same
# one its id selects on the command line. A bad allocation is a clear error.
# Usage: cli_resource_spec.sh CLGAUGE
set -eu
clgauge=$1
"$clgauge" --resource-spec cli_rs.json
devices=$("$clgauge" --list | grep -c 'Device ID')
ids=$(grep -c '"id"' cli_rs.json)
[ "$ids" -eq "$devices" ] || { echo "FAIL: $ids ids in the spec, $devices devices"; exit 1; }
last=$((devices - 1))
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

#!/bin/sh
# scripts/kernel-resources on a real report of the test device, made device-independent: every
# metric's kernels are first removed (as on a device whose compiler reports none: "none
# reported"), then one kernel with spills is planted (its registers and spills printed, and
# SPILLS). On NVIDIA the live report has resources of its own; this case reads the same there.
# Usage: kernel_resources_test.sh CLGAUGE SOURCE_DIR
set -u
clgauge=$1
src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
"$clgauge" --conformance --only fp32.fma --json "$dir/kr.json" > /dev/null || exit 1
doctor() { # kernels-json out
  python3 - "$dir/kr.json" "$1" "$2" <<'PY' || exit 1
import json, sys
report, kernels, out = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
j = json.load(open(report))
def walk(x):
    if isinstance(x, dict):
        if "fingerprint" in x and "kernels" in x:
            x["kernels"] = kernels
            x["resources_reported"] = bool(kernels)
        for v in x.values():
            walk(v)
    elif isinstance(x, list):
        for v in x:
            walk(v)
walk(j)
json.dump(j, open(out, "w"))
PY
}
doctor '[]' "$dir/none.json"
doctor '[{"name": "fp32_fma", "registers": 18, "spill_store_bytes": 4, "spill_load_bytes": 8, "stack_bytes": 16, "local_bytes": 0}]' "$dir/planted.json"
"$src/scripts/kernel-resources" "$dir/none.json" || exit 1
"$src/scripts/kernel-resources" "$dir/planted.json" || exit 1

#!/bin/sh
# scripts/drop-recordings on the committed H100 baseline: dropping one of fp64.fma's two
# machines leaves the other's value and tolerance as the pooled ones, touches no other
# metric, and dropping both is refused with the file left as it was.
# Usage: drop_recordings_test.sh SOURCE_DIR
root=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
file=$root/baselines/nvidia/nvidia-h100-80gb-hbm3.json
"$root/scripts/drop-recordings" "$file" "$tmp/one.json" h100-h fp64.fma || { echo "FAIL: drop exited $?"; exit 1; }
python3 - "$file" "$tmp/one.json" <<'PY' || exit 1
import json, sys
before, after = (json.load(open(p))["metrics"] for p in sys.argv[1:3])
m = after["fp64.fma"]
[r] = m["recordings"]
if r["machine"] != "h100-g" or m["value"] != r["value"] or m["tolerance"] != r["tolerance"]:
    sys.exit("FAIL: the pooled figure is not the one machine left's")
if any(before[k] != after[k] for k in before if k != "fp64.fma"):
    sys.exit("FAIL: another metric changed")
PY
if "$root/scripts/drop-recordings" "$file" "$tmp/none.json" h100-g,h100-h fp64.fma 2>"$tmp/err"; then
  echo "FAIL: dropping every recording of fp64.fma was not refused"; exit 1
fi
grep -q "would have no recording left" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: no reason given"; exit 1; }
[ ! -e "$tmp/none.json" ] || { echo "FAIL: a refused drop wrote its output"; exit 1; }
echo "drop-recordings test: ok"

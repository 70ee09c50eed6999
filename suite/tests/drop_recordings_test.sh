#!/bin/sh
# clgauge --drop-recordings on a copy of the committed H100 baseline: dropping one of
# fp64.fma's two machines leaves the other's value and tolerance as the pooled ones and
# touches no other metric; dropping both is refused (exit 2, the reason named) with the file
# byte for byte as it was; without --only it is a usage error.
# Usage: drop_recordings_test.sh SOURCE_DIR CLGAUGE
root=$1
clgauge=$2
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cp "$root/baselines/nvidia/nvidia-h100-80gb-hbm3.json" "$tmp/h100.json"
# fp64.fma's two machines, first and second, as the committed file names them.
set -- $(python3 -c 'import json, sys; print(*(r["machine"] for r in json.load(open(sys.argv[1]))["metrics"]["fp64.fma"]["recordings"]))' "$tmp/h100.json")
[ $# -eq 2 ] || { echo "FAIL: fp64.fma has $# recordings in the committed file, not 2"; exit 1; }
first=$1 second=$2
"$clgauge" --drop-recordings "$second" "$tmp/h100.json" --only fp64.fma || { echo "FAIL: exit $?"; exit 1; }
python3 - "$root/baselines/nvidia/nvidia-h100-80gb-hbm3.json" "$tmp/h100.json" "$first" <<'PY' || exit 1
import json, sys
before, after = (json.load(open(p))["metrics"] for p in sys.argv[1:3])
m = after["fp64.fma"]
[r] = m["recordings"]
if r["machine"] != sys.argv[3] or m["value"] != r["value"] or m["tolerance"] != r["tolerance"]:
    sys.exit("FAIL: the pooled figure is not the one machine left's")
if any(before[k] != after[k] for k in before if k != "fp64.fma"):
    sys.exit("FAIL: another metric changed")
PY
cp "$tmp/h100.json" "$tmp/kept.json"
"$clgauge" --drop-recordings "$first" "$tmp/h100.json" --only fp64.fma 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] || { echo "FAIL: emptying fp64.fma exited $rc, not 2"; exit 1; }
grep -q "would have no recording left" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: no reason given"; exit 1; }
cmp -s "$tmp/h100.json" "$tmp/kept.json" || { echo "FAIL: a refused drop changed the file"; exit 1; }
"$clgauge" --drop-recordings "$first" "$tmp/h100.json" 2>/dev/null
[ $? -eq 2 ] || { echo "FAIL: --drop-recordings without --only was not a usage error"; exit 1; }
echo "drop-recordings test: ok"

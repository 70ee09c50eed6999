#!/bin/sh
# scripts/gate-trial's planted checks, judged with a stand-in for clgauge that reports every
# metric it is asked to check as REGRESSION, except those named in $ESCAPE. On a committed
# baseline file the trial must plant its larger slowdown into every metric and its smaller one
# into the compute, MMA, memory and cache rates, and pass when all are caught; with one metric
# escaping it must fail and name it (exit 3 alone is not enough).
# Usage: gate_trial_test.sh SOURCE_DIR
root=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/clgauge" <<'STUB'
#!/bin/sh
only=
while [ $# -gt 0 ]; do [ "$1" = --only ] && only=$2; shift; done
for id in $(echo "$only" | tr , ' '); do
  case ",$ESCAPE," in *",$id,"*) echo "$id  ok" ;; *) echo "$id   1.00 GB/s   0.90 GB/s  -10.0%   5.0%  REGRESSION" ;; esac
done
exit 3
STUB
chmod +x "$tmp/clgauge"
trial() { CLGAUGE="$tmp/clgauge" "$root/scripts/gate-trial" NVIDIA "$root/baselines/nvidia/nvidia-h200.json" 0; }

out=$(trial) || { echo "$out"; echo "FAIL: every plant caught, yet the trial failed"; exit 1; }
echo "$out"
total=$(python3 -c "import json;print(sum(m.get('status')=='ok' for m in json.load(open('$root/baselines/nvidia/nvidia-h200.json'))['metrics'].values()))")
echo "$out" | grep -Eq "^planted 1.10x \(every metric\): exit 3, $total of $total metrics REGRESSION$" ||
  { echo "FAIL: the 10% plant is not in every one of the $total metrics"; exit 1; }
echo "$out" | grep -Eq '^planted 1.03x \(compute, MMA, memory and cache rates: .*\): exit 3, ([0-9]+) of \1 metrics REGRESSION$' ||
  { echo "FAIL: the 3% plant did not count every metric as caught"; exit 1; }
echo "$out" | grep -Eq '^planted 1.03x .*: exit 3, (1?[0-9]|2[0-9]) of' &&
  { echo "FAIL: the 3% plant is in fewer than 30 metrics"; exit 1; }

out=$(ESCAPE=fp32.fma trial) && { echo "$out"; echo "FAIL: fp32.fma escaped the plant, yet the trial passed"; exit 1; }
echo "$out"
echo "$out" | grep -q 'not caught: fp32.fma' || { echo "FAIL: the escaped metric is not named"; exit 1; }
echo "gate-trial test: ok"

#!/bin/sh
# package.relocated: `cmake --install` into a temporary prefix, the tree moved elsewhere, then
# from a directory outside both trees: the installed CTest file names no build or source path
# and holds the installed labels only; the installed clgauge reads the installed
# share/clgauge/baselines (a known-failure list put there turns a planted crash into an
# expected failure); installed conformance and cli cases pass through ctest. Planted faults:
# the same checks must fail on the tree with a build path written into its CTest file, and
# on the tree with its share/clgauge/baselines gone, where clgauge must name the missing
# directory and never the source tree.
# Usage: package_test.sh CMAKE CTEST BUILD_DIR SOURCE_DIR
cmake=$1 ctest=$2 build=$3 src=$4
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
unset CLGAUGE_BASELINES
"$cmake" --install "$build" --prefix "$tmp/installed" > "$tmp/install.log" 2>&1 ||
  { cat "$tmp/install.log"; echo "FAIL: cmake --install"; exit 1; }
mv "$tmp/installed" "$tmp/moved"
tree=$tmp/moved
tests=$tree/share/clgauge/tests
mkdir "$tmp/work"
cd "$tmp/work" || exit 1

count() { "$ctest" --test-dir "$tests" -N -L "^$1\$" | sed -n 's/^Total Tests: //p'; }

# Why the relocated tree does not work (and status 1), or nothing.
check_tree() {
  if grep -v '^#' "$tests/CTestTestfile.cmake" | grep -F -e "$build" -e "$src"; then
    echo "the installed CTest file names the build or source tree"; return 1
  fi
  for label in conformance perf selftest sweep cli; do
    n=$(count "$label")
    [ "${n:-0}" -gt 0 ] || { echo "no installed $label case"; return 1; }
  done
  for label in unit isa oclgrind ci package; do
    n=$(count "$label")
    [ "${n:-0}" -eq 0 ] || { echo "$n installed $label cases"; return 1; }
  done
  out=$(CLGAUGE_TEST_CRASH=fp32.fma "$tree/bin/clgauge" --conformance --only fp32.fma 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! echo "$out" | grep -q "expected failure: crashed"; then
    echo "$out" | tail -n 5
    echo "the installed clgauge did not read $tree/share/clgauge/baselines (exit $rc)"; return 1
  fi
  # The conformance case with the planted crash: the installed test program reads the
  # installed list and runs the listed path in the installed clgauge.
  CLGAUGE_TEST_CRASH=fp32.fma "$ctest" --test-dir "$tests" --verbose \
    -R 'Conformance.MatchesCpuReference/fp32_fma__native ' > "$tmp/ctest.log" 2>&1
  rc=$?
  "$ctest" --test-dir "$tests" --output-on-failure \
    -R '^cli\.(compare_planted_slowdown|list_benchmarks|known_list_malformed)$' \
    >> "$tmp/ctest.log" 2>&1 || rc=$?
  if [ $rc -ne 0 ] || [ "$(grep -c "100% tests passed, 0 tests failed" "$tmp/ctest.log")" -ne 2 ] ||
     ! grep -q "expected failure: crashed" "$tmp/ctest.log"; then
    tail -n 30 "$tmp/ctest.log"
    echo "the installed cases failed (ctest exit $rc)"; return 1
  fi
  return 0
}

# The installed known-failure lists gain one that lists fp32.fma as crashing on every device.
mkdir -p "$tree/share/clgauge/baselines/known-failures"
cp "$tests/data/known_crash/known-failures/any-device.json" \
   "$tree/share/clgauge/baselines/known-failures/package-test.json" || exit 1

why=$(check_tree) || { echo "$why"; echo "FAIL: the relocated install does not work"; exit 1; }
echo "relocated install: ok"

cp "$tests/CTestTestfile.cmake" "$tmp/kept.cmake"
echo "add_test(planted \"$build/clgauge\" --list)" >> "$tests/CTestTestfile.cmake"
why=$(check_tree) && { echo "FAIL: a CTest file naming the build tree passed"; exit 1; }
# Caught for its own reason, not for another failure of the tree.
case "$why" in *"names the build or source tree"*) ;;
  *) echo "$why"; echo "FAIL: the planted build path was not what failed"; exit 1 ;; esac
echo "planted build path: caught: $(echo "$why" | tail -n 1)"
cp "$tmp/kept.cmake" "$tests/CTestTestfile.cmake"

mv "$tree/share/clgauge/baselines" "$tmp/baselines"
why=$(check_tree) && { echo "FAIL: a tree without share/clgauge/baselines passed"; exit 1; }
case "$why" in *"did not read $tree/share/clgauge/baselines"*) ;;
  *) echo "$why"; echo "FAIL: the missing baselines were not what failed"; exit 1 ;; esac
echo "planted missing baselines: caught: $(echo "$why" | tail -n 1)"
# Without its baselines the installed clgauge says where it looked, and never reads (nor
# offers to record into) the source tree it was built from.
for args in "--conformance --only fp32.fma" "--check --only fp32.fma"; do
  out=$("$tree/bin/clgauge" $args 2>&1)
  if ! echo "$out" | grep -qF "$tree/share/clgauge/baselines" || echo "$out" | grep -qF "$src"; then
    echo "$out" | tail -n 5
    echo "FAIL: clgauge $args without share/clgauge/baselines did not name it, or named $src"; exit 1
  fi
done
echo "missing baselines named: ok"
mv "$tmp/baselines" "$tree/share/clgauge/baselines"
echo "package test: ok"

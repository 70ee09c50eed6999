#!/bin/sh
# package.registration: suite/cmake/install_test_suite.cmake on a stand-in build tree whose
# cases carry what the real ones may (resource groups as -DCLGAUGE_RESOURCE_GROUPS=ON gives
# them, a resource lock, RUN_SERIAL, regexes with quotes, '$' and '\', a shell command with
# ';', an environment, a timeout): ctest must read the installed file back with the same
# cases, labels and properties, the paths moved into the prefix; a case of a label not
# installed is dropped and one that needs the source tree left out. Planted fault: the
# comparison must fail on an installed file whose resource group was changed.
# Usage: package_registration_test.sh CMAKE CTEST SOURCE_DIR
cmake=$1 ctest=$2 root=$3
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
b=$tmp/build s=$tmp/src p=$tmp/prefix
mkdir -p "$b/suite/tests" "$s/suite/tests/data" "$p/bin" "$p/lib/clgauge"
for f in "$b/clgauge" "$b/suite/tests/clgauge_perf_tests" "$p/bin/clgauge" \
         "$p/lib/clgauge/clgauge_perf_tests"; do
  printf '#!/bin/sh\n' > "$f" && chmod +x "$f"
done
cat > "$b/CTestTestfile.cmake" <<CT
add_test(perf.a "$b/suite/tests/clgauge_perf_tests" "--gtest_filter=Registry/Perf.MeetsBaseline/fp32_fma")
set_tests_properties(perf.a PROPERTIES LABELS "perf" RESOURCE_GROUPS "gpus:4" TIMEOUT 300 SKIP_REGULAR_EXPRESSION "\\\\[  SKIPPED \\\\]" WORKING_DIRECTORY "$b/suite/tests")
add_test(cli.b "sh" "-c" "\\"$b/clgauge\\" --compare $s/suite/tests/data/a.json; code=\\\$?; test \\\$code -eq 3")
set_tests_properties(cli.b PROPERTIES LABELS "cli" RESOURCE_GROUPS "2,gpus:1" PASS_REGULAR_EXPRESSION "B \\"regressed\\" \\\\(\\\\\$x\\\\)" ENVIRONMENT "A=1;B=x y")
add_test(conformance.c "$b/clgauge" "--conformance")
set_tests_properties(conformance.c PROPERTIES LABELS "conformance;extra" RESOURCE_LOCK "clgauge_device" RUN_SERIAL TRUE)
add_test(unit.d "$b/clgauge" "--list")
set_tests_properties(unit.d PROPERTIES LABELS "unit")
add_test(cli.e "sh" "$s/suite/tests/needs_source.sh")
set_tests_properties(cli.e PROPERTIES LABELS "cli")
CT
"$cmake" -DCMAKE_INSTALL_PREFIX="$p" -DCLGAUGE_CTEST="$ctest" -DCLGAUGE_BUILD_DIR="$b" \
  -DCLGAUGE_SOURCE_DIR="$s" "-DCLGAUGE_INSTALLED_LABELS=conformance;perf;cli" \
  -DCLGAUGE_TEST_PROGRAMS=clgauge_perf_tests -DCLGAUGE_TEST_FILES=data \
  -P "$root/suite/cmake/install_test_suite.cmake" || { echo "FAIL: install_test_suite.cmake"; exit 1; }
"$ctest" --test-dir "$b" --show-only=json-v1 > "$tmp/built.json" || exit 1

# Compares the installed registration with the built one; prints the differences.
compare() {
  (cd "$tmp" && "$ctest" --test-dir "$p/share/clgauge/tests" --show-only=json-v1 > installed.json) || return 1
  python3 - "$tmp/built.json" "$tmp/installed.json" "$b" "$s" "$p" <<'PY'
import json, sys
built, installed = (json.load(open(f))["tests"] for f in sys.argv[1:3])
b, s, p = sys.argv[3:6]
def moved(text):
    text = text.replace(b + "/suite/tests/clgauge_perf_tests", p + "/lib/clgauge/clgauge_perf_tests")
    text = text.replace(b + "/clgauge", p + "/bin/clgauge")
    return text.replace(s + "/suite/tests/data", p + "/share/clgauge/tests/data")
def props(t):
    return {x["name"]: x["value"] for x in t.get("properties", []) if x["name"] != "WORKING_DIRECTORY"}
want = {t["name"]: t for t in built if t["name"] not in ("unit.d", "cli.e")}
got = {t["name"]: t for t in installed}
errors = []
if sorted(want) != sorted(got):
    errors.append(f"cases {sorted(got)}, expected {sorted(want)}")
for name in sorted(set(want) & set(got)):
    if [moved(a) for a in want[name]["command"]] != got[name].get("command"):
        errors.append(f"{name}: command {got[name].get('command')}")
    if props(want[name]) != props(got[name]):
        errors.append(f"{name}: properties {props(got[name])}, expected {props(want[name])}")
if errors:
    print("\n".join(errors))
sys.exit(1 if errors else 0)
PY
}
compare || { echo "FAIL: the installed registration differs"; exit 1; }
grep -q "^#   cli.e" "$p/share/clgauge/tests/CTestTestfile.cmake" ||
  { echo "FAIL: the case needing the source tree is not named as left out"; exit 1; }
echo "registration round trip: ok"
sed -i 's/RESOURCE_GROUPS "gpus:4"/RESOURCE_GROUPS "gpus:2"/' "$p/share/clgauge/tests/CTestTestfile.cmake"
if why=$(compare); then echo "FAIL: a changed resource group passed"; exit 1; fi
case "$why" in *"properties"*"'slots': 2"*) ;;
  *) echo "$why"; echo "FAIL: the changed resource group was not what failed"; exit 1 ;; esac
echo "planted resource group change: caught: $why"
echo "registration test: ok"

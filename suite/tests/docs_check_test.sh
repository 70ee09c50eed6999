#!/bin/sh
# scripts/check-docs, which keeps README and docs/ a manual: each planted line (a lab machine
# in a command, a GPU UUID, a session story in prose) must be flagged with its file and
# line, while the class `Session` in code and a baseline file's name must not be; a code
# comment that needs the project's history (a seed, issue or session number, a date, a driver
# version, a figure measured on a named GPU, on one line or across a comment block's lines)
# must be flagged too, while the same words in code
# or a string must not; then the repository's own documents and comments must pass.
# Usage: docs_check_test.sh SOURCE_DIR
root=$1
check="$root/scripts/check-docs"
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat >"$tmp/clean.md" <<'MD'
# A manual
`suite/core/` holds `Session`; the H100 file is `baselines/nvidia/nvidia-h100-80gb-hbm3.json`,
an H200-class figure is measured by `clgauge NVIDIA --only fp32.fma`.

    CLGAUGE_MACHINE=rack3-gpu0 scripts/record-baseline NVIDIA
MD
"$check" "$tmp/clean.md" || fail "a clean file was flagged"

planted() { # LINE WHAT: a file of the clean text plus LINE must be flagged as WHAT on line 6
  { cat "$tmp/clean.md"; printf '%s\n' "$1"; } >"$tmp/planted.md"
  out=$("$check" "$tmp/planted.md"); rc=$?
  echo "$out"
  [ $rc -eq 1 ] || fail "'$1' passed (exit $rc)"
  echo "$out" | grep -q "planted.md:6: $2" || fail "'$1' not flagged as $2 on its line"
}
planted '    CLGAUGE_MACHINE=h200-a build/clgauge NVIDIA --record' "a lab machine's name: 'h200-a'"
planted 'On an H100 that recorded nothing (GPU-ff6b5de0), 10 runs passed.' "a GPU's UUID"
planted 'In the ninth session fp64.fma became two pairs of chains.' "a session story: 'session'"
planted 'one lent machine read 4.60 TB/s' "a lent-machine story"

cat >"$tmp/clean.cpp" <<'CPP'
// Reads the kernel's seed and the session's device: why, not when.
/* A block comment that names the H200 and no figure. */
const char* url = "http://example.com/issue 17, seed 003"; // a string is not a comment
int seed = 3; Session session;
CPP
"$check" "$tmp/clean.cpp" || fail "a clean code file was flagged"

planted_code() { # EXT LINE WHAT: a code file of the clean text plus LINE must be flagged
  { cat "$tmp/clean.cpp"; printf '%s\n' "$2"; } >"$tmp/planted.$1"
  out=$("$check" "$tmp/planted.$1"); rc=$?
  echo "$out"
  [ $rc -eq 1 ] || fail "'$2' passed in a .$1 file (exit $rc)"
  echo "$out" | grep -q "planted.$1:5: $3" || fail "'$2' not flagged as $3 on its line"
}
planted_code cpp '// The sawtooth of seed 003.' "a seed number: 'seed 003'"
planted_code cl '/* atomics (issue 17) */' "an issue number: 'issue 17'"
planted_code hpp 'int x; // as found in the ninth session' "a session number"
planted_code cpp '// measured 2026-11-23' "a date: '2026-11-23'"
planted_code cpp '// NVIDIA 580.159.04 builds one at a time' "a driver version: '580.159.04'"
planted_code cpp '// an H200 streams only 4.40 TB/s this way' "a figure measured on a named GPU"
# A figure and its GPU on adjacent lines of one comment block, flagged where the match begins;
# the same words in two comment blocks apart are not one claim.
{ cat "$tmp/clean.cpp"; printf '// the loads run at half rate: an H200\n// streams 4.40 TB/s this way\n'; } >"$tmp/across.cpp"
out=$("$check" "$tmp/across.cpp"); rc=$?
echo "$out"
[ $rc -eq 1 ] && echo "$out" | grep -q "across.cpp:5: a figure measured on a named GPU" ||
  fail "a figure on the line after its GPU's was not flagged (exit $rc)"
{ cat "$tmp/clean.cpp"; printf '// an H200\nint y;\n// streams 4.40 TB/s\n'; } >"$tmp/apart.cpp"
"$check" "$tmp/apart.cpp" || fail "a GPU and a figure in two comment blocks were read as one"
{ printf '#!/bin/sh\necho "seed 003 # not a comment"\n'; printf '# as seed 003 asks\n'; } >"$tmp/planted-script"
out=$("$check" "$tmp/planted-script"); rc=$?
echo "$out"
[ $rc -eq 1 ] && echo "$out" | grep -q "planted-script:3: a seed number" ||
  fail "a script's '# as seed 003 asks' not flagged on line 3 (exit $rc)"
echo "$out" | grep -q "planted-script:2:" && fail "a string in a script was read as a comment"

"$check" || fail "the repository's documents or comments tell a story (above)"
echo "check-docs test: ok"

#!/bin/sh
# scripts/check-docs, which keeps README and docs/ a manual: each planted line (a lab machine
# in a command, a GPU UUID, a session story in prose) must be flagged with its file and
# line, while the class `Session` in code and a baseline file's name must not be; then the
# repository's own documents must pass.
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

"$check" || fail "the repository's documents tell a story (above)"
echo "check-docs test: ok"

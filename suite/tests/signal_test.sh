#!/bin/sh
# A CI's timeout: SIGTERM to the clgauge process it started (a session of its own, as setsid
# gives, so the signal reaches that one process only). The supervisor passes it to the worker,
# waits for it and ends by the signal (status 143); no worker is left, no --json report appears
# later, and the crash journal is gone. Then SIGKILL, which cannot be passed on: the worker must
# still end (it asked to be killed with its parent). A plain run whose work outlasts the signal.
# Usage: signal_test.sh CLGAUGE
clgauge=$1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/journals"
cd "$tmp" || exit 1
fail() { echo "FAIL: $*"; cat run.log 2>/dev/null | tail -n 5; exit 1; }
# The children of process $1, from /proc (no procps needed).
children() { grep -l "^PPid:[[:space:]]*$1\$" /proc/[0-9]*/status 2>/dev/null | cut -d/ -f3; }

# Starts the run in the background; sets pid (clgauge, the supervisor) and worker.
start() {
  rm -f o.json
  TMPDIR=$tmp/journals setsid "$clgauge" --only 'fp32.fma,mem.*' --budget-ms 200 --json o.json \
    > run.log 2>&1 &
  pid=$!
  worker=
  for i in $(seq 100); do
    worker=$(children "$pid" | head -n 1)
    [ -n "$worker" ] && break
    sleep 0.1
  done
  [ -n "$worker" ] || fail "no worker process under clgauge ($pid)"
  sleep 1.5
  [ -e o.json ] && fail "the run ended within 1.5 s: nothing left to interrupt"
  kill -0 "$worker" 2>/dev/null || fail "the worker ended within 1.5 s"
}

# Whether process $1 is gone (not running, not a zombie) within 10 s.
gone() {
  for i in $(seq 100); do
    state=$(sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | cut -c1)
    case "$state" in ""|Z) return 0 ;; esac
    sleep 0.1
  done
  return 1
}

start
kill -TERM "$pid"
wait "$pid"
code=$?
[ $code -eq 143 ] || fail "clgauge exited $code after SIGTERM, not 143"
gone "$worker" || fail "the worker $worker still runs after clgauge ended"
[ -z "$(ls journals | grep clgauge-journal)" ] || fail "the crash journal was left: $(ls journals)"
sleep 1
[ -e o.json ] && fail "o.json was written after clgauge ended"
echo "SIGTERM: exit 143, worker reaped, no report, no journal"

start
kill -KILL "$pid"
wait "$pid"
gone "$worker" || fail "the worker $worker outlived its supervisor killed by SIGKILL"
[ -e o.json ] && fail "o.json was written after clgauge was killed"
echo "SIGKILL: the worker ended with it"
echo "signal test: ok"

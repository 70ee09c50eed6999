// The supervising process of a table run (process/crash_journal.hpp says why there is one): it
// runs the work in child processes, resumes after a child that died inside a benchmark, and
// passes a stop request (SIGTERM, SIGINT, SIGHUP) on to the child instead of orphaning it.
#pragma once
#include <functional>
#include <string>

namespace clgauge {

// Runs `worker(journal_file)` in child processes until one ends without a crash inside a
// benchmark; returns that child's exit status, or `crash_status` when a child died of a
// signal outside any benchmark. The journal is a new temporary file, removed at the end.
// SIGTERM, SIGINT and SIGHUP to this process are passed on to the worker, which is waited
// for; then the journal is removed and this process ends by the same signal (status 128 +
// the signal to a shell). The worker also ends (SIGTERM) when this process dies otherwise.
int run_supervised(const std::function<int(const std::string& journal_file)>& worker,
                   int crash_status);

} // namespace clgauge

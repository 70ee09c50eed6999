// The conductor: a request (conduct/request.hpp) carried out on its devices. The build
// workers start before this process's OpenCL; then each chosen device gets its device box and
// its mode's part (the table judged against the known-failure list, --check, --record, the
// sweeps, or the builds alone), reported to the console and the request's files.
#pragma once
#include "conduct/request.hpp"
#include "types/outcome.hpp"

#include <functional>
#include <string>

namespace clgauge {

struct ConductResult {
    Outcome outcome = Outcome::Ok;
    // A kernel still occupies a device: the process should end without releasing its queue.
    bool device_hung = false;
};

// `journal_file`: the crash journal of a supervised table run (process/supervisor.hpp); empty
// for none. Bad input (a selection of nothing, two devices sharing a baseline file to record)
// throws std::invalid_argument naming it.
ConductResult conduct(const RunRequest& request, const std::string& journal_file);

// Runs `worker(journal_file)`: for a table run in a supervised child process, so that a driver
// that kills the process takes only its benchmark down (process/supervisor.hpp; a child that
// died outside any benchmark gives `crash_status`); for the other modes here, with no journal.
int run_supervised_if_table(const RunRequest& request,
                            const std::function<int(const std::string& journal_file)>& worker,
                            int crash_status);

} // namespace clgauge

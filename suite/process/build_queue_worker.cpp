#include "process/build_queue_worker.hpp"

#include "core/device.hpp"
#include "core/session.hpp"
#include "process/build_workers.hpp"
#include "run/run_all.hpp"

#include <csignal>
#include <iostream>
#include <optional>
#include <sys/prctl.h>
#include <unistd.h>

namespace clgauge {

void serve_build_queue(const std::vector<const Benchmark*>& selection, const RunOptions& opts) {
    // A worker of a run, which waits for it: it ends with the run (a crashed driver, a killed
    // run).
    ::prctl(PR_SET_PDEATHSIG, SIGKILL);
    std::optional<BuildRecord> record = read_build_record(STDIN_FILENO);
    std::vector<DeviceEntry> all;
    while (record) {
        const size_t device = record->device;
        if (all.empty()) all = list_devices();
        if (device < all.size()) {
            Session session(all[device]);
            std::cout << "device " << device << " " << session.facts().name << std::endl;
            BuildProgress progress = build_notices(std::cout, device);
            progress.next = [&]() -> std::optional<size_t> {
                if (!record || record->device != device) return std::nullopt;
                const size_t program = record->program;
                record = read_build_record(STDIN_FILENO);
                return program;
            };
            build_ahead(session, selection, opts, 1, {}, progress);
        }
        // The rest of this device's records are past its programs (or name no device here).
        while (record && record->device == device)
            record = read_build_record(STDIN_FILENO);
    }
}

} // namespace clgauge

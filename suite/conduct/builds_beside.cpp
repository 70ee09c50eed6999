#include "conduct/builds_beside.hpp"

#include <iostream>

namespace clgauge {

BesidePolicy beside_policy(const DeviceFacts& device) {
    if (device.is_cpu()) return {};
    return {.wait = BuildWorkers::WaitFor::Started, .shares_device = false};
}

BuildsBeside::BuildsBeside(Session& session, BuildWorkers* workers, const RunOptions& opts)
    : session_(session), opts_(opts) {
    if (!workers || !builds_with_workers(session.facts(), opts)) return;
    workers_ = workers;
    const size_t device = session.entry.index;
    // Each build is now a hit in the driver's cache, or waited for where a worker builds it
    // (a program no worker is left to build is built on demand); after a failed worker, the
    // run builds ahead in its own threads what the workers did not.
    beside_ = workers->running();
    if (beside_ || workers->failures().empty()) opts_.build_threads = 0;
    const BesidePolicy policy = beside_policy(session.facts());
    if (beside_)
        background_.emplace(BackgroundWork{.hold = [workers] { workers->hold(); },
                                           .release = [workers] { workers->release(); },
                                           .going = [workers] { return workers->going(); },
                                           .shares_device = policy.shares_device});
    session.programs.set_build_observer([this, device, policy](const std::string& key) {
        if (beside_) (void)workers_->wait_built(device, key, policy.wait);
        served_ += workers_->built(device, key) ? 1 : 0;
    });
}

BuildsBeside::~BuildsBeside() {
    if (!workers_) return;
    session_.programs.set_build_observer({});
    if (!beside_) return;
    background_.reset();
    if (!workers_->running())
        if (const std::string failed = workers_->failures(); !failed.empty())
            std::cerr << "clgauge: build workers failed, the run builds what they did not: "
                      << failed << "\n";
}

std::string BuildsBeside::line() const {
    if (!workers_) return "";
    return "build workers: " + std::to_string(workers_->started()) + " processes built " +
           std::to_string(workers_->built(session_.entry.index)) + " programs; the run took " +
           std::to_string(served_) + " of its builds from them";
}

} // namespace clgauge

#include "process/build_pool.hpp"

#include "measure/phase_clock.hpp"
#include "process/worker_command.hpp"

#include <algorithm>
#include <iostream>

namespace clgauge {
namespace {

// A worker that failed costs only time (this process builds what the workers did not), but
// says why.
void report_failed_workers(BuildWorkers& workers) {
    if (const std::string failed = workers.failures(); !failed.empty())
        std::cerr << "clgauge: build workers failed, the run builds what they did not: " << failed
                  << "\n";
}

} // namespace

std::unique_ptr<BuildWorkers> start_build_workers(const std::vector<const Benchmark*>& selection,
                                                  const RunOptions& opts) {
    const unsigned count = build_worker_count(opts);
    if (count == 0) return nullptr;
    const std::vector<std::vector<std::string>> argvs(count, build_worker_command(selection, opts));
    auto workers =
        std::make_unique<BuildWorkers>("/proc/self/exe", argvs, std::max(opts.timeout_s, 120.0));
    if (workers->started() == 0) return nullptr; // the run builds ahead in its own threads
    return workers;
}

void build_with_workers(BuildWorkers& workers, const std::vector<DeviceEntry>& devices,
                        const RunOptions& opts, bool measuring_follows, QueueShare share) {
    std::vector<BuildWorkers::Device> handed;
    for (const auto& d : devices)
        if (builds_with_workers(d.facts, opts)) handed.push_back({d.index, d.facts.name});
    PhaseScope building(Phase::Build);
    workers.hand_out(handed, share);
    if (measuring_follows && !handed.empty()) return; // BuildsBeside waits for each build
    workers.finish();
    if (!handed.empty()) report_failed_workers(workers);
}

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
    if (beside_ || workers->failures().empty()) opts_.build.threads = 0;
    const BesidePolicy policy = beside_policy(session.facts());
    if (beside_)
        background_.emplace(BackgroundWork{.hold = [workers] { workers->hold(); },
                                           .release = [workers] { workers->release(); },
                                           .going = [workers] { return workers->going(); },
                                           .shares_device = policy.shares_device});
    session.programs.set_build_observer([this, device, policy](const std::string& key) {
        if (beside_ && defer_ && policy.wait == BuildWorkers::WaitFor::Started &&
            !put_off_.count(key) && pending(key)) {
            put_off_.insert(key);
            release_background_work(); // as a wait would: the entry's hold ends with it
            throw BuildPending{key};
        }
        if (beside_) (void)workers_->wait_built(device, key, policy.wait);
        served_ += workers_->built(device, key) ? 1 : 0;
    });
}

BuildsBeside::~BuildsBeside() {
    if (!workers_) return;
    session_.programs.set_build_observer({});
    if (!beside_) return;
    background_.reset();
    if (!workers_->running()) report_failed_workers(*workers_);
}

bool BuildsBeside::pending(const std::string& key) const {
    if (!beside_) return false;
    const bool running = workers_->running(); // reads what they said since
    const size_t device = session_.entry.index;
    // Another GPU's workers compile it first (several measuring processes on one host): put
    // off, it becomes a cache hit rather than a second compile here.
    return workers_->building(device, key) ||
           (running && workers_->first_built_elsewhere(device, key));
}

std::string BuildsBeside::line() const {
    if (!workers_) return "";
    return "build workers: " + std::to_string(workers_->started()) + " processes built " +
           std::to_string(workers_->built(session_.entry.index)) + " programs; the run took " +
           std::to_string(served_) + " of its builds from them";
}

} // namespace clgauge

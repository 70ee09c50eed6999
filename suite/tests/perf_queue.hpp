// The perf entries shared by the measuring processes of one ctest run, one process per device
// (several at once under resource allocation): each takes the next entry from a queue kept in
// a file under an flock(2), so a device that finishes early takes more, and the queue runs
// longest first by each entry's cost, so that one long entry does not hold up the run's end
// (or in the order the build workers build: perf_measure_main.cpp). A process may pass over
// entries it cannot measure now (one the host's clock times while another device times one),
// which stay for the next taker.
// Costs are the measuring times of earlier runs: the test folder's own memo, which every run
// updates, else the one committed beside the baselines (perf-costs.json), by device name.
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clgauge::test {

// Entry id -> seconds its measuring took on one kind of device.
using PerfCosts = std::map<std::string, double>;

// The costs of `device_name` in a cost file ({"schema": "clgauge.perf_costs", "devices":
// {NAME: {ID: SECONDS}}}), else those of the file's first device; empty without a usable file.
PerfCosts read_perf_costs(const std::string& path, const std::string& device_name);

// `ids` longest first; ids without a cost keep their order, before those with one (an
// unknown entry may be the longest).
std::vector<std::string> longest_first(const std::vector<std::string>& ids, const PerfCosts& costs);

// `ids` with those `apart` says yes to spread evenly among the others, each group in its own
// order: entries the host's clock times, which one device at a time may measure, so that each
// device's turn falls among the others' device-timed entries rather than in one block.
std::vector<std::string> spread_out(const std::vector<std::string>& ids,
                                    const std::function<bool(const std::string&)>& apart);

class PerfQueue {
  public:
    // The queue in folder `dir` (queue.json, queue.lock), for runs under `settings`.
    PerfQueue(std::string dir, std::string settings);
    // True when the queue exists for these settings and every entry has been taken: a late
    // process learns it without starting OpenCL.
    bool exhausted() const;
    // The next entry in the queue's order that `ready` takes (where given: it is asked in
    // order, under the queue's lock, and the first it says yes to is taken), the others left
    // for the next call of any process; the first call of a run lays the queue out as `order`.
    // nullopt: none taken, and `declined` (where given) says whether entries were left.
    std::optional<std::string> next(const std::vector<std::string>& order,
                                    const std::function<bool(const std::string&)>& ready = {},
                                    bool* declined = nullptr);

  private:
    std::string dir_, settings_;
};

// The entries a measuring process put off because a build worker was still compiling a program
// each asked for (process/build_pool.hpp: BuildPending): each is measured as soon as its
// program is no longer being built, before the next entry is taken, and those still waiting
// when the queue is empty are measured last, in the order they were put off.
class PutOffEntries {
  public:
    void put_off(std::string id, std::string program) {
        entries_.emplace_back(std::move(id), std::move(program));
    }
    // The first entry whose program `building` says is built (no longer building), taken out.
    std::optional<std::string> built(const std::function<bool(const std::string&)>& building);
    // The first entry left, taken out; nullopt when none is.
    std::optional<std::string> next_left();
    size_t size() const { return entries_.size(); }

  private:
    std::vector<std::pair<std::string, std::string>> entries_; // entry, program
};

// Adds `seconds` for `id` on `device_name` to the cost memo at `path` (read, merged and
// rewritten under a lock beside it: measuring processes write at once).
void remember_perf_cost(const std::string& path, const std::string& device_name,
                        const std::string& id, double seconds);

} // namespace clgauge::test

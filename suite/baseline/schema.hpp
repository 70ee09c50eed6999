// Baseline files (schema clgauge.baseline v2): one JSON file per device with, per metric, the
// value the verdict compares (gate statistic), its tolerance, and one recording per machine
// that contributed (its samples and summary), so that a recording on another machine of the
// same kind merges in. Version 1 files (one recording, no machines) are still read.
#pragma once
#include "core/code_identity.hpp"
#include "types/benchmark.hpp"

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace clgauge {

constexpr int kBaselineSchemaVersion = 2;
constexpr int kOldestBaselineSchemaVersion = 1; // read, written as the current version
constexpr size_t kMinBaselineSamples = 9;
// The machine id a version 1 file's recordings get: that file does not say where it was made.
inline constexpr const char* kSchemaV1Machine = "schema-v1";

// A baseline file that cannot be used; the message names the file and the field.
struct BaselineError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

struct BaselineDevice {
    std::string platform, vendor, name, type, pci_bus_id, nv_compute_capability;
    uint32_t vendor_id = 0;
    uint32_t compute_units = 0, max_clock_mhz = 0;
};

// One round of a recording that measured a reference beside its samples: how many of the
// recording's samples it took (in order) and its reference.
struct ReferenceRound {
    size_t samples = 0;
    double reference = 0;
};

// One machine's recording of one metric: its rounds pooled.
struct Recording {
    std::string machine; // BaselineMachine::id
    std::string driver, date, clgauge_version, path;
    unsigned rounds = 0;
    double budget_ms = 0;
    double value = 0; // the gate statistic of `samples` (gate.hpp)
    double median = 0, min = 0, max = 0;
    double tolerance = 0; // from this machine's own spread
    // A rate measured beside the samples that a slower host or clock moves alike
    // (Measurement::reference_rate: the host's memcpy, the SM clock), its median over the
    // rounds; 0: none. A check that measures one too judges the ratio to it as well.
    double reference = 0;
    // Each round's own reference and the own tolerance of the samples' ratios to it, where the
    // recording kept them (empty and 0 in older files: the ratio is to `reference` and
    // `tolerance` covers it): a reference that drifts between rounds (a GPU that warms and
    // clocks down) moves the figure, not the ratio.
    std::vector<ReferenceRound> reference_rounds;
    double ratio_tolerance = 0;
    std::vector<double> samples;
    // The code it measured (fingerprint, options, resources): unknown in files recorded
    // before fingerprints, until clgauge --stamp-code adds it from a report.
    CodeIdentity code;
};

// A machine that contributed recordings: a host, not a device (the device is the file's).
struct BaselineMachine {
    std::string id;            // CLGAUGE_MACHINE, else "host-" + hostname_hash
    std::string hostname_hash; // FNV-1a 64 of the hostname, hex: names no host in the file
    std::string cpu;           // /proc/cpuinfo model name
    std::string first_recorded, last_recorded;
};

struct MetricBaseline {
    Unit unit = Unit::FlopPerSecond;
    bool supported = true; // status "ok"; false: "unsupported" (a capability it lacked)
    std::string path;      // the implementation path that ran
    std::string reason;    // why it was unsupported
    // What the verdict compares: the gate statistic (gate.hpp) pooled over the recordings.
    double value = 0;
    double tolerance = 0; // relative, in (0, 1); covers the machines' spread (pool.hpp)
    // The pooled samples of every recording and their summary, in the metric's unit (a rate,
    // or seconds for latencies); all positive when supported. Derived from `recordings`.
    double median = 0, mad = 0, min = 0, max = 0, mean = 0;
    std::vector<double> samples;
    unsigned rounds = 0;  // independent passes the samples were pooled from
    double budget_ms = 0; // the time budget it was measured with; a check measures alike
    std::string driver, date, clgauge_version; // the newest recording's
    std::vector<Recording> recordings;         // one per machine
};

struct BaselineFile {
    BaselineDevice device;
    std::string driver, device_version, opencl_c_version, date, clgauge_version;
    std::vector<BaselineMachine> machines;         // every machine a recording names
    std::map<std::string, MetricBaseline> metrics; // by benchmark id
};

// Keys in a reading order (schema first, samples last), as the file is also read by people.
nlohmann::ordered_json baseline_to_json(const BaselineFile& f);
// Validates everything the verdict relies on; `file` names the source in errors.
BaselineFile baseline_from_json(const nlohmann::json& j, const std::string& file);
BaselineFile parse_baseline(const std::string& text, const std::string& file);
BaselineFile load_baseline(const std::string& path);                // throws BaselineError
void save_baseline(const std::string& path, const BaselineFile& f); // atomic

// The lock file beside a baseline (".NAME.lock") that every writer holds (base/files.hpp:
// FileLock) from reading the file to writing it, so that two recordings at once both land.
std::string baseline_lock_path(const std::string& path);

} // namespace clgauge

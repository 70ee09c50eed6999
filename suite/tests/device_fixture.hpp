// The device the device-bound suites run on: CLGAUGE_DEVICE, else clgauge's default.
#pragma once
#include "baseline/known_failures.hpp"
#include "types/benchmark.hpp"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace clgauge::test {

// One Session per test process; fails the test (not the process) when no device is usable.
Session& device_session();
// The selected device's facts, without a context: tests that start other clgauge processes
// must not hold the device, which may be in exclusive-process compute mode.
DeviceFacts device_facts_without_context();

// The known-failure list entries (baseline/known_failures.hpp) for the selected device, from
// CLGAUGE_BASELINES or the source tree's baselines/; read once, without a context. A
// malformed list throws KnownFailuresError (naming the file and field).
const std::vector<KnownFailure>& device_known_failures();

// Every (benchmark id, path name) pair of the registry, for parameterized suites.
struct EntryPath {
    std::string id, path;
};
std::vector<EntryPath> all_entry_paths();
std::string test_name(const EntryPath& p); // "fp32_fma__native"
inline void PrintTo(const EntryPath& p, std::ostream* os) {
    *os << p.id << " [" << p.path << "]";
}

} // namespace clgauge::test

namespace clgauge::test {
// Runs benchmark `id` in conformance mode with every `from` in its kernel source replaced by
// `to`. `planted` is set when `from` occurred (a fault that was never planted proves nothing).
Measurement run_with_planted_fault(const std::string& id, const std::string& from,
                                   const std::string& to, bool& planted,
                                   const std::optional<std::string>& path = std::nullopt);
// The same for a benchmark outside the registry (a sweep's kernel variant).
Measurement run_with_planted_fault(const Benchmark& b, const std::string& from,
                                   const std::string& to, bool& planted);
// The self-tests' one assertion: with the fault planted, `id` must fail verification. A skip
// where the path is unsupported; a failure when the pattern is gone from the kernel.
void expect_planted_fault_caught(const std::string& id, const std::string& from,
                                 const std::string& to,
                                 const std::optional<std::string>& path = std::nullopt);
} // namespace clgauge::test

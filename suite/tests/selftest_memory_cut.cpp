// label selftest: a memory entry whose launch is too long for the budget's bound streams a
// prefix of its arrays (LaunchSizing::shrink), counts the bytes of that prefix and verifies
// what the cut launch left; the prefix stays far past the device's cache.
#include "device_fixture.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>
#include <string>

namespace clgauge::test {
namespace {

constexpr size_t kAllocated = size_t(512) << 20;

std::string detail(const Measurement& m, const std::string& key) {
    for (const auto& [k, v] : m.details)
        if (k == key) return v;
    return "";
}

// A budget of 10 ms: its bound lets a launch take 2.5 ms, which no CPU streams 512 MiB in.
RunOptions long_arrays() {
    RunOptions opts = run_options_from_env(Mode::Perf);
    opts.budget.seconds = 0.01;
    opts.launch.array_bytes = kAllocated;
    return opts;
}

TEST(MemoryCut, ALongStreamIsCutAndStillVerifies) {
    Session& s = device_session();
    if (s.facts().global_cache == 0 || 16 * s.facts().global_cache >= kAllocated / 2)
        GTEST_SKIP() << "the device's cache is too large to cut 512 MiB arrays far past it";
    // A reduction (one checksum a work-item) and a store of every unit, each cut.
    int judged = 0;
    for (const char* id : {"mem.strided.read", "mem.coalesced.write"}) {
        const Benchmark* b = find_benchmark(id);
        ASSERT_NE(b, nullptr) << id;
        const Measurement m = run_benchmark(s, *b, long_arrays());
        if (m.status == Status::Unsupported) continue;
        ++judged;
        EXPECT_EQ(m.status, Status::Ok) << id << ": " << m.reason;
        EXPECT_GT(m.verification.checked, 0u) << id << ": nothing was checked";
        const std::string bytes = detail(m, "array_bytes");
        ASSERT_FALSE(bytes.empty()) << id;
        EXPECT_LT(std::stoull(bytes), kAllocated) << id << " was not cut";
        EXPECT_GE(std::stoull(bytes), 16 * s.facts().global_cache)
            << id << " was cut into the cache";
    }
    if (judged == 0) GTEST_SKIP() << "neither entry runs on this device: nothing was cut";
}

} // namespace
} // namespace clgauge::test

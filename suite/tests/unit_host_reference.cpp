// label unit: the host's own copy rate timed beside a pageable copy's samples
// (harness/host_reference.hpp), which the gate holds the copy's ratio to: no device needed.
#include "harness/host_reference.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

TEST(HostReference, TheMedianRateAndWhatItIsReachTheMeasurement) {
    HostReference r(size_t(1) << 20, true);
    for (int i = 0; i < 5; ++i)
        r.time();
    Measurement m;
    r.describe(m);
    EXPECT_GT(m.reference_rate, 1e6) << "a memcpy of 1 MiB moves more than a MB/s";
    EXPECT_EQ(m.reference_what, "the host's memcpy, one thread, 1 MiB");
}

// Off (a CPU device, a conformance run) or never timed: the measurement says nothing of it,
// and the gate judges the figure alone.
TEST(HostReference, NoneTimedSaysNothing) {
    HostReference off(size_t(1) << 20, false);
    off.time();
    Measurement m;
    off.describe(m);
    EXPECT_EQ(m.reference_rate, 0);
    EXPECT_TRUE(m.reference_what.empty());
    HostReference untimed(size_t(1) << 20, true);
    untimed.describe(m);
    EXPECT_EQ(m.reference_rate, 0);
}

} // namespace
} // namespace clgauge

// label unit: when the run's background work (build workers) is held (measure/background_work):
// where it shares the device the figures run on (a CPU device), every timed phase holds it; on
// a GPU only an entry the host's clock times, from its start, before any timed phase; and when
// such an entry claims the host from the other measuring processes (HostClaim): from its first
// timed phase, not its setup, to its end.
#include "fake_background.hpp"
#include "measure/background_work.hpp"
#include "measure/phase_clock.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

TEST(BackgroundWork, OnACpuDeviceEveryTimedPhaseHoldsIt) {
    test::FakeBackground work(true, true);
    {
        const PhaseScope measuring(Phase::Measure);
        EXPECT_TRUE(work.held);
    }
    release_background_work();
    EXPECT_FALSE(work.held);
}

TEST(BackgroundWork, OnAGpuOnlyAHostTimedEntryHoldsIt) {
    test::FakeBackground work(true, false);
    {
        const PhaseScope measuring(Phase::Measure);
        EXPECT_FALSE(work.held) << "a device-timed figure held the workers";
    }
    {
        const HostTimingScope host_timing(true);
        EXPECT_TRUE(work.held) << "a host-timed entry began beside the workers";
        release_background_work(); // a wait for one of its programs lets them go
        const PhaseScope measuring(Phase::Measure);
        EXPECT_TRUE(work.held) << "its timed phase did not hold them again";
    }
    release_background_work();
    const HostTimingScope device_timed(false);
    EXPECT_FALSE(work.held);
}

struct FakeHost {
    int claims = 0;
    bool claimed = false;
    HostClaimScope scope;
    FakeHost()
        : scope({.claim =
                     [this] {
                         ++claims;
                         claimed = true;
                     },
                 .let_go = [this] { claimed = false; }}) {}
};

TEST(HostClaim, AHostTimedEntryClaimsTheHostFromItsFirstTimedPhaseToItsEnd) {
    FakeHost host;
    {
        const HostTimingScope host_timing(true);
        EXPECT_FALSE(host.claimed) << "its setup claimed the host from the other GPUs' timing";
        {
            const PhaseScope calibrating(Phase::Calibrate);
            EXPECT_TRUE(host.claimed) << "its timed phase ran while another GPU could time";
        }
        EXPECT_TRUE(host.claimed) << "let go between its phases, where another GPU may start";
        const PhaseScope measuring(Phase::Measure);
        EXPECT_EQ(host.claims, 1);
    }
    EXPECT_FALSE(host.claimed) << "still held after the entry ended";
}

TEST(HostClaim, ADeviceTimedEntryNeverClaimsIt) {
    FakeHost host;
    const HostTimingScope device_timed(false);
    const PhaseScope measuring(Phase::Measure);
    EXPECT_EQ(host.claims, 0);
}

} // namespace
} // namespace clgauge

// label unit: the device clock held against the host's (measure/clock_check.hpp), the ceiling on
// figures (measure/ceiling.hpp) and the watchdog (measure/watchdog.hpp). No device.
#include "measure/ceiling.hpp"
#include "measure/clock_check.hpp"
#include "measure/timing.hpp"
#include "measure/watchdog.hpp"

#include <chrono>
#include <gtest/gtest.h>
#include <thread>

namespace clgauge {
namespace {

// Launches of `device_ns` each on a clock that runs, `gap_s` apart on the host, each waited
// for `host_s`.
std::vector<ClockSample> running_clock(int n, double host_s, cl_ulong device_ns, double gap_s) {
    std::vector<ClockSample> v;
    double t = 1.0;
    for (int i = 0; i < n; ++i) {
        const cl_ulong start = cl_ulong((t + 2e-6) * 1e9);
        v.push_back({t, t + host_s, start, start + device_ns});
        t += host_s + gap_s;
    }
    return v;
}

TEST(ClockCheck, ARunningClockPasses) {
    EXPECT_FALSE(device_clock_problem(running_clock(10, 5e-3, 4'900'000, 1e-4)));
    // An empty kernel: a microsecond on the device, a slow round trip on the host.
    EXPECT_FALSE(device_clock_problem(running_clock(10, 50e-6, 1'000, 1e-4)));
    EXPECT_FALSE(device_clock_problem({}));
}

TEST(ClockCheck, FakeStampsAreCaught) {
    // Planted: the stamps one driver returns for any kernel (START 2, END 3 ns).
    std::vector<ClockSample> v = running_clock(5, 5.4e-3, 1, 1e-4);
    for (auto& s : v)
        s.start = 2, s.end = 3;
    const auto why = device_clock_problem(v);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("took 1 ns, the host waited 5.400 ms"), std::string::npos) << *why;
}

TEST(ClockCheck, AClockThatStandsStillIsCaught) {
    // Plausible durations, but the clock does not advance between launches.
    std::vector<ClockSample> v = running_clock(5, 2e-3, 1'900'000, 1e-3);
    for (auto& s : v)
        s.start = 1'000'000'000, s.end = 1'001'900'000;
    const auto why = device_clock_problem(v);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("advanced"), std::string::npos) << *why;
    // Launches too close on the host judge nothing by the gap.
    EXPECT_FALSE(device_clock_problem({v[0], v[0]}));
}

TEST(ClockCheck, GrowthMustShowOnTheDeviceClock) {
    EXPECT_TRUE(growth_problem(1e-6, 1e-4, 1.2e-6, 5e-2)); // planted: host 500x, device 1.2x
    EXPECT_FALSE(growth_problem(1e-6, 1e-4, 4e-4, 5e-4));  // both grew
    EXPECT_FALSE(growth_problem(1e-6, 1e-4, 1e-6, 2e-4));  // the host barely grew: no verdict
}

TEST(ClockCheck, TheHostClockStandsInAndSaysWhy) {
    Timings t;
    t.device = summarize({1e-9, 1e-9});
    t.host = summarize({5e-3, 6e-3});
    check_figure_clock(t);
    EXPECT_EQ(t.clock, TimerSource::Host);
    EXPECT_DOUBLE_EQ(t.device.median, 5.5e-3);
    EXPECT_NE(t.clock_note.find("profiling clock"), std::string::npos);
    Timings fine;
    fine.device = summarize({4e-3});
    fine.host = summarize({5e-3});
    check_figure_clock(fine);
    EXPECT_EQ(fine.clock, TimerSource::Device);
}

TEST(ClockCheck, CalibrationIsBoundedByTheHostClock) {
    // Planted: a device clock that says 1 us for any launch, while the host sees the work.
    double work = 1;
    Budget budget;
    budget.seconds = 0.05;
    const auto timed = [&](int, int reps) {
        Timings t;
        t.device = summarize(std::vector<double>(size_t(reps), 1e-6));
        t.host = summarize(std::vector<double>(size_t(reps), work * 1e-4));
        return t;
    };
    const Timings t = calibrate_and_time(
        timed, budget, LaunchSizing{.grow = [&](double factor) { return (work *= factor) > 0; }});
    // One round grew it to a launch the host waits for past the aim; every round would have
    // grown it 1024^12-fold.
    EXPECT_LE(work, 1024.0);
    EXPECT_EQ(t.clock, TimerSource::Host);
    EXPECT_NE(t.clock_note.find("did not follow the work"), std::string::npos) << t.clock_note;
    EXPECT_DOUBLE_EQ(t.device.median, t.host.median);
    EXPECT_EQ(t.device.count(), size_t(budget.min_reps));
}

Benchmark entry(Unit unit, bool within_fp32) {
    Benchmark b;
    b.id = "x.y";
    b.unit = unit;
    b.within_fp32_peak = within_fp32;
    return b;
}

Measurement ok_rate(double work, double seconds) {
    Measurement m;
    m.status = Status::Ok;
    m.work_per_launch = work;
    m.timings.device = summarize({seconds});
    return m;
}

TEST(Ceiling, ABandwidthAboveItsPeakFails) {
    DeviceFacts f;
    const CoreEstimate cores;
    Measurement m = ok_rate(1e9, 1e-9); // planted: 1e18 B/s
    m.details = {{"peak_Bps", "3.35e+12"}, {"peak_basis", "NVIDIA H100: HBM3, 3.35 TB/s"}};
    hold_to_ceiling(entry(Unit::BytePerSecond, false), f, cores, m);
    EXPECT_EQ(m.status, Status::VerifyFailed);
    EXPECT_NE(m.reason.find("NVIDIA H100: HBM3, 3.35 TB/s"), std::string::npos) << m.reason;
    Measurement fine = ok_rate(3e9, 1e-3); // 3 TB/s
    fine.details = m.details;
    hold_to_ceiling(entry(Unit::BytePerSecond, false), f, cores, fine);
    EXPECT_EQ(fine.status, Status::Ok);
}

TEST(Ceiling, ComputeAboveTheFp32PeakFailsWhereThatIsABound) {
    DeviceFacts f;
    f.compute_units = 132;
    f.clock_mhz = 1980;
    CoreEstimate cores;
    cores.lanes_per_cu = 128;
    cores.basis = "NVIDIA sm_90: 128 FP32 lanes/SM";
    cores.bounds_fp32 = true; // 66.9 TFLOP/s
    Measurement over = ok_rate(70e12, 1.0);
    hold_to_ceiling(entry(Unit::FlopPerSecond, true), f, cores, over);
    EXPECT_EQ(over.status, Status::VerifyFailed);
    EXPECT_NE(over.reason.find("132 x 1980 MHz"), std::string::npos) << over.reason;
    Measurement under = ok_rate(66.4e12, 1.0);
    hold_to_ceiling(entry(Unit::FlopPerSecond, true), f, cores, under);
    EXPECT_EQ(under.status, Status::Ok);
    // Not an entry the FP32 peak bounds, or a device whose lanes are an estimate: no ceiling.
    Measurement packed = ok_rate(128e12, 1.0);
    hold_to_ceiling(entry(Unit::FlopPerSecond, false), f, cores, packed);
    EXPECT_EQ(packed.status, Status::Ok);
    cores.bounds_fp32 = false;
    hold_to_ceiling(entry(Unit::FlopPerSecond, true), f, cores, over = ok_rate(70e12, 1.0));
    EXPECT_EQ(over.status, Status::Ok);
}

// A figure above its peak is measured once more: a passing fault gives way to the second
// figure, which says the first; the planted persistent one (work counted that was not done)
// fails both times; a figure within its peak is measured once.
TEST(Ceiling, AboveThePeakIsMeasuredOnceMore) {
    const DeviceFacts f;
    const CoreEstimate cores;
    const auto with_peak = [](Measurement m) {
        m.details = {{"peak_Bps", "3.35e+12"}, {"peak_basis", "HBM3, 3.35 TB/s"}};
        return m;
    };
    const Benchmark b = entry(Unit::BytePerSecond, false);
    int calls = 0;
    const Measurement passing = measure_within_ceiling(b, f, cores, [&] {
        return with_peak(++calls == 1 ? ok_rate(3.6e9, 1e-3) : ok_rate(3.3e9, 1e-3));
    });
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(passing.status, Status::Ok) << passing.reason;
    ASSERT_FALSE(passing.details.empty());
    EXPECT_EQ(passing.details.back().first, "remeasured");
    calls = 0;
    const Measurement persistent = measure_within_ceiling(b, f, cores, [&] {
        ++calls;
        return with_peak(ok_rate(6.6e9, 1e-3)); // planted: twice the work counted
    });
    EXPECT_EQ(calls, 2);
    EXPECT_EQ(persistent.status, Status::VerifyFailed);
    EXPECT_NE(persistent.reason.find("measured twice"), std::string::npos) << persistent.reason;
    calls = 0;
    const Measurement within = measure_within_ceiling(b, f, cores, [&] {
        ++calls;
        return with_peak(ok_rate(3.3e9, 1e-3));
    });
    EXPECT_EQ(calls, 1);
    EXPECT_EQ(within.status, Status::Ok);
}

TEST(Watchdog, FiresWhileTheCallerIsBlocked) {
    // Planted: a wait that never returns, as a driver's status query on a hung kernel.
    EXPECT_EXIT(
        {
            const WatchdogScope watch(0.2, "a planted blocking call");
            for (;;)
                std::this_thread::sleep_for(std::chrono::seconds(1));
        },
        ::testing::ExitedWithCode(kHungExit), "a planted blocking call did not return");
}

TEST(Watchdog, AScopeThatEndsInTimeDoesNotFire) {
    EXPECT_EXIT(
        {
            {
                const WatchdogScope outer(0.1, "outer");
                const WatchdogScope inner(0.1, "inner");
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2500));
            std::fprintf(stderr, "still here\n");
            std::exit(0);
        },
        ::testing::ExitedWithCode(0), "still here");
}

} // namespace
} // namespace clgauge

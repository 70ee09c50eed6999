// A measurement with every field set, and the check that two measurements agree field by
// field: what a round trip through the measurement codec must keep.
#pragma once
#include "types/measurement.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {

inline Measurement full_measurement() {
    Measurement m;
    m.status = Status::VerifyFailed;
    m.reason = "3 of 8 \"words\" wrong";
    m.build_log = "line 1\nline 2";
    m.path = "ptx";
    m.timings.device = summarize({1e-3, 2e-3, 4e-3});
    m.timings.host.median = 5.5e-3;
    m.timings.clock = TimerSource::Host;
    m.timings.clock_note = "the device's stamps did not advance";
    m.timings.warmup_dropped = 3;
    m.reference_rate = 6.2e9;
    m.reference_what = "the host's memcpy, one thread, 64 MiB";
    m.work_per_launch = 1.5e12;
    m.global_size = 4096;
    m.local_size = 256;
    m.verification.checked = 8;
    m.verification.mismatches = 3;
    m.verification.first_mismatch = "item 1";
    m.verification.degenerate = "all zero";
    m.details = {{"repeats", "95"}, {"share", "twice"}}; // by name, in name order
    m.time_is_figure = true;
    m.phases[Phase::Build] = 0.25;
    m.phases[Phase::Measure] = 1.5;
    m.code.fingerprint = "00112233445566ff";
    m.code.build_options = "-DCLG_STEPS=8";
    m.code.resources_reported = true;
    KernelResources k;
    k.kernel = "fma";
    k.registers = 18;
    k.spill_store_bytes = 4;
    k.spill_load_bytes = 8;
    k.stack_bytes = 16;
    k.local_bytes = 1024;
    m.code.kernels = {k, KernelResources{"mad", 20, 0, 0, 0, -1}};
    return m;
}

inline void expect_same_measurement(const Measurement& b, const Measurement& a) {
    EXPECT_EQ(b.status, a.status);
    EXPECT_EQ(b.reason, a.reason);
    EXPECT_EQ(b.build_log, a.build_log);
    EXPECT_EQ(b.path, a.path);
    EXPECT_EQ(b.timings.device.samples, a.timings.device.samples);
    EXPECT_EQ(b.timings.device.median, a.timings.device.median);
    EXPECT_EQ(b.timings.device.min, a.timings.device.min);
    EXPECT_EQ(b.timings.device.max, a.timings.device.max);
    EXPECT_EQ(b.timings.device.mean, a.timings.device.mean);
    EXPECT_EQ(b.timings.device.mad, a.timings.device.mad);
    EXPECT_EQ(b.timings.host.median, a.timings.host.median);
    EXPECT_EQ(b.timings.clock, a.timings.clock);
    EXPECT_EQ(b.timings.clock_note, a.timings.clock_note);
    EXPECT_EQ(b.timings.warmup_dropped, a.timings.warmup_dropped);
    EXPECT_EQ(b.reference_rate, a.reference_rate);
    EXPECT_EQ(b.reference_what, a.reference_what);
    EXPECT_EQ(b.work_per_launch, a.work_per_launch);
    EXPECT_EQ(b.global_size, a.global_size);
    EXPECT_EQ(b.local_size, a.local_size);
    EXPECT_EQ(b.verification.checked, a.verification.checked);
    EXPECT_EQ(b.verification.mismatches, a.verification.mismatches);
    EXPECT_EQ(b.verification.first_mismatch, a.verification.first_mismatch);
    EXPECT_EQ(b.verification.degenerate, a.verification.degenerate);
    EXPECT_EQ(b.details, a.details);
    EXPECT_EQ(b.time_is_figure, a.time_is_figure);
    EXPECT_EQ(b.phases.seconds, a.phases.seconds);
    EXPECT_EQ(b.rate(), a.rate());
    EXPECT_EQ(b.code.fingerprint, a.code.fingerprint);
    EXPECT_EQ(b.code.build_options, a.code.build_options);
    EXPECT_EQ(b.code.resources_reported, a.code.resources_reported);
    ASSERT_EQ(b.code.kernels.size(), a.code.kernels.size());
    for (size_t i = 0; i < a.code.kernels.size(); ++i)
        EXPECT_EQ(describe(b.code.kernels[i]), describe(a.code.kernels[i]));
}

} // namespace clgauge::test

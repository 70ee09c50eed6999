#include "perf_judge.hpp"

#include "base/env.hpp"
#include "baseline/check.hpp"
#include "baseline/match.hpp"
#include "core/ctest_resource_spec.hpp"
#include "device_fixture.hpp"
#include "run/run_all.hpp"

namespace clgauge::test {
namespace {

struct BaselineState {
    std::string dir;
    std::optional<BaselineFile> file;
    std::string error; // an unusable baseline file: every case fails with it
};

const BaselineState& baseline_state(const DeviceFacts& facts) {
    static const BaselineState state = [&] {
        BaselineState s;
        s.dir = baselines_dir();
        try {
            s.file = find_baseline(s.dir, facts);
        } catch (const BaselineError& e) {
            s.error = e.what();
        }
        return s;
    }();
    return state;
}

PerfVerdict judge(const Benchmark& b) {
#ifdef CLGAUGE_NEEDS_ALLOCATION
    // Configured with CLGAUGE_RESOURCE_GROUPS, the perf cases give up RUN_SERIAL for a whole
    // device from CTest; run without a resource spec, ctest -j would time several at once.
    if (!device_from_resource_env()) {
        PerfVerdict v;
        v.outcome = PerfOutcome::Fail;
        v.message = "configured with CLGAUGE_RESOURCE_GROUPS: run ctest with --resource-spec-file "
                    "FILE (write it with clgauge --resource-spec FILE), or perf cases share a "
                    "device";
        return v;
    }
#endif
    Session& s = device_session();
    PerfVerdict v;
    v.device = std::to_string(s.entry.index) + ": " + device_identity(s.facts());
    const BaselineState& base = baseline_state(s.facts());
    if (!base.error.empty()) {
        v.outcome = PerfOutcome::Fail;
        v.message = base.error;
        return v;
    }
    if (!base.file) {
        v.message = how_to_record(base.dir, s.facts());
        if (baseline_required()) {
            v.outcome = PerfOutcome::Fail;
            v.message = b.id + " judged nothing on device " + v.device + ": " + v.message;
        } else {
            v.outcome = PerfOutcome::Skip;
        }
        return v;
    }

    // A metric the baseline lacks gates nothing: its kernel is still run and verified, at
    // conformance size, so a wrong result fails while a full timing is not spent on it.
    const bool recorded = base.file->metrics.count(b.id) > 0;
    const MetricCheck c = check_benchmark_known(
        s, b, *base.file, run_options_from_env(recorded ? Mode::Perf : Mode::Conformance),
        device_known_failures(), allow_fixed_from_env());
    const std::string verdict_text =
        !recorded && c.verdict == Verdict::NotRecorded
            ? b.id + ": not in the baseline (clgauge --record adds it); verified at "
                     "conformance size, not timed"
            : check_line(c);
    v.message = verdict_text + " [" + driver_line(*base.file, s.facts()) + "; " +
                baseline_path(base.dir, s.facts()) + "]";
    // Timed against the baseline: the figures go to a CTest dashboard (ctest -T Test, CDash).
    v.measurements = recorded ? dart_measurements(c) : "";
    if (verdict_fails(c.verdict)) {
        v.outcome = PerfOutcome::Fail;
    } else if (c.verdict == Verdict::Unsupported) {
        v.outcome = PerfOutcome::Skip;
    } else if (c.verdict == Verdict::NotRecorded) {
        // Verified but not timed: a gating run asked for a judgment and got none.
        v.outcome = baseline_required() ? PerfOutcome::Fail : PerfOutcome::Skip;
        if (baseline_required())
            v.message += " -- a gating run needs every metric: record it (clgauge --record "
                         "--only " +
                         b.id + ")";
    } else {
        v.outcome = PerfOutcome::Pass;
    }
    v.judged = c.verdict != Verdict::Unsupported && c.verdict != Verdict::NotRecorded &&
               c.verdict != Verdict::BadBaseline;
    return v;
}

} // namespace

bool baseline_required() {
    return device_from_resource_env().has_value() || env_text("CLGAUGE_REQUIRE_BASELINE") == "1";
}

PerfVerdict measure_and_judge(const Benchmark& b) {
    try {
        return judge(b);
    } catch (const std::exception& e) { // no usable device
        PerfVerdict v;
        v.outcome = PerfOutcome::Fail;
        v.message = e.what();
        return v;
    }
}

} // namespace clgauge::test

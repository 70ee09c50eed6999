#include "baseline/known_judge.hpp"

namespace clgauge {

Outcome known_outcome(const KnownOutcome& o, bool allow_fixed) {
    if (o.last.status == Status::Timeout && o.verdict != KnownVerdict::ExpectedFailure)
        return Outcome::Hung;
    if (!o.fails(allow_fixed)) return Outcome::Ok;
    return o.verdict == KnownVerdict::Fixed ? Outcome::Fixed : Outcome::Failed;
}

TableJudgement judge_table(DeviceReport& report, const std::vector<KnownFailure>& known,
                           bool allow_fixed,
                           const std::function<std::string(const Benchmark&)>& path_of,
                           const std::function<Measurement(const Benchmark&)>& rerun) {
    TableJudgement out;
    for (auto& x : report.results) {
        const Benchmark& b = *x.benchmark;
        const std::string path = !x.measurement.path.empty() ? x.measurement.path : path_of(b);
        bool first = true;
        const KnownOutcome o = judge(known, b.id, path, [&] {
            if (!first) x.measurement = rerun(b);
            first = false;
            return Attempt{x.measurement.status, x.measurement.reason};
        });
        out.outcome = worse(out.outcome, known_outcome(o, allow_fixed));
        if (o.note.empty() || o.verdict == KnownVerdict::Skipped) continue;
        if (out.verdict_lines.empty()) out.verdict_lines = "Known-failure list verdicts:\n";
        out.verdict_lines += "  " + b.id + " [" + path + "]: " + known_verdict_name(o.verdict) +
                             ": " + o.note + "\n";
    }
    return out;
}

void apply_known(MetricCheck& c, const KnownOutcome& k, bool allow_fixed) {
    const auto add = [&](const std::string& more) {
        c.note += (c.note.empty() ? "" : "; ") + more;
    };
    switch (k.verdict) {
    case KnownVerdict::ExpectedFailure:
        c.verdict = Verdict::ExpectedFailure;
        c.note = k.note;
        break;
    case KnownVerdict::Fixed:
        // The verdict FIXED says it once; a FIXED one that is allowed keeps its verdict, and
        // the note says it instead.
        if (known_outcome(k, allow_fixed) == Outcome::Fixed) {
            c.verdict = Verdict::Fixed;
            add(k.note);
        } else {
            add("FIXED: " + k.note);
        }
        break;
    case KnownVerdict::Flaky:
        add("FLAKE: " + k.note);
        break;
    case KnownVerdict::Unexpected:
        if (k.entry) add(k.note);
        break;
    case KnownVerdict::Pass:
    case KnownVerdict::Skipped:
        break;
    }
}

Outcome check_outcome(const MetricCheck& c) {
    Outcome o = Outcome::Ok;
    if (c.status == Status::Timeout && c.verdict != Verdict::ExpectedFailure) o = Outcome::Hung;
    switch (c.verdict) {
    case Verdict::Failed:
        return worse(o, Outcome::Failed);
    case Verdict::Regression:
    case Verdict::Lost:
    case Verdict::Spill:
        return worse(o, Outcome::Regression);
    case Verdict::BadBaseline:
        return worse(o, Outcome::Usage);
    case Verdict::Fixed:
        return worse(o, Outcome::Fixed);
    default:
        return o;
    }
}

std::string known_lists_line(Outcome o, const std::string& baselines_dir,
                             const DeviceFacts& facts) {
    if (o != Outcome::Failed && o != Outcome::Hung) return "";
    const std::string note = known_lists_note(baselines_dir, facts);
    return note.empty() ? note : note + "\n";
}

} // namespace clgauge

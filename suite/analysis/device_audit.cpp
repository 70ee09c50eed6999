#include "analysis/device_audit.hpp"

#include "core/build_time_memo.hpp"
#include "run/measure_each.hpp"
#include "run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <semaphore>
#include <thread>

namespace clgauge {
namespace {

// The audit of `m`'s program binaries (those of the kernel the claim names).
WorkAudit audit_measurement(const Benchmark& b, const Measurement& m, const RunOptions& opts,
                            const NvidiaAssembler& tools) {
    const CountedInstruction* counted = counted_on(b.counted, m.path);
    if (!counted) return not_audited(b, m.path, "path " + m.path + " has no counted instruction");
    std::string why;
    const auto claim = loop_claim(b, m.path, opts, &why);
    if (!claim) return not_audited(b, m.path, why);
    if (m.code.device_code.empty())
        return not_audited(b, m.path, "the driver gave no program binary");
    std::string logs;
    for (const std::string& binary : m.code.device_code) {
        if (binary.find(".entry " + claim->kernel + "(") == std::string::npos) continue;
        const AssembledPtx a = assemble_ptx(tools, binary);
        if (!a.ok) {
            logs += a.log;
            continue;
        }
        const auto f = a.functions.find(claim->kernel);
        if (f != a.functions.end()) return audit_function(b, *counted, *claim, f->second);
    }
    WorkAudit failed = not_audited(b, m.path,
                                   "no program binary of kernel " + claim->kernel +
                                       " could be assembled" + (logs.empty() ? "" : ": " + logs));
    failed.verdict = AuditVerdict::Fail;
    return failed;
}

// The positions of the entries in `selection` the audit assembles, those whose programs compile
// longest first (core/build_time_memo.hpp), then the others in order: assembling an entry's
// code is the driver's compile again, and the longest one, started first, ends while the rest
// run instead of after them.
std::vector<size_t> longest_assemblies_first(Session& session,
                                             const std::vector<const Benchmark*>& selection,
                                             const RunOptions& opts) {
    std::vector<size_t> audited, others;
    std::vector<std::optional<double>> seconds;
    const std::string device = session.facts().name;
    for (size_t i = 0; i < selection.size(); ++i) {
        const Benchmark& b = *selection[i];
        const PathChoice choice = choose_path(b, session.caps, opts.forced_path);
        if (!choice.path || !counted_on(b.counted, choice.path->name)) {
            others.push_back(i);
            continue;
        }
        const auto key =
            session.programs.discover([&] { (void)b.run(session, b, *choice.path, opts); });
        audited.push_back(i);
        seconds.push_back(key ? recall_build_seconds(*key, device) : std::nullopt);
    }
    session.programs.forget_discovered();
    std::vector<size_t> order;
    for (size_t k : longest_builds_first(seconds))
        order.push_back(audited[k]);
    order.insert(order.end(), others.begin(), others.end());
    return order;
}

} // namespace

DeviceAudit audit_device(Session& session, const std::vector<const Benchmark*>& selection,
                         const RunOptions& opts, const NvidiaAssembler& tools,
                         ProgressLine* progress, unsigned assemblers) {
    session.programs.keep_device_code(true);
    const auto start = std::chrono::steady_clock::now();
    DeviceAudit audit;
    audit.assemblers = std::max(assemblers, 1u);
    audit.rows.resize(selection.size());
    // Each entry's binaries are assembled (ptxas, nvdisasm: most of the audit's time) on the
    // host's other cores while the next entry runs; at most `assemblers` at once.
    std::counting_semaphore<> free_slots(audit.assemblers);
    {
        std::vector<std::jthread> assembling;
        EachMeasured loop;
        loop.count = selection.size();
        loop.order = longest_assemblies_first(session, selection, opts);
        loop.name = [&](size_t i) { return selection[i]->id; };
        loop.measure = [&](size_t i) {
            const Benchmark& b = *selection[i];
            const PathChoice choice = choose_path(b, session.caps, opts.forced_path);
            WorkAudit& row = audit.rows[i];
            if (!choice.path) {
                row = not_audited(b, "", "unsupported: " + choice.unsupported_reason);
                return Status::Unsupported;
            }
            if (!counted_on(b.counted, choice.path->name)) {
                std::string why = "path " + choice.path->name + " has no counted instruction";
                (void)loop_claim(b, choice.path->name, opts, &why);
                row = not_audited(b, choice.path->name, why);
                return Status::Ok;
            }
            Measurement m = run_benchmark(session, b, opts);
            const Status status = m.status;
            if (status != Status::Ok) {
                row = not_audited(b, m.path, std::string(status_name(status)) + ": " + m.reason);
                if (is_failure(status)) row.verdict = AuditVerdict::Fail;
                return status;
            }
            free_slots.acquire();
            ++audit.assembled;
            assembling.emplace_back([&row, &b, &opts, &tools, &free_slots, m = std::move(m)] {
                try {
                    row = audit_measurement(b, m, opts, tools);
                } catch (const std::exception& e) {
                    row = not_audited(b, m.path, std::string("assembly failed: ") + e.what());
                    row.verdict = AuditVerdict::Fail;
                }
                free_slots.release();
            });
            return status;
        };
        loop.not_run = [&](size_t i) {
            audit.rows[i] = not_audited(*selection[i], "", kNotRunAfterHang);
            audit.rows[i].verdict = AuditVerdict::Fail;
        };
        audit.hung = measure_each(loop, progress);
    } // every assembly joined
    for (const WorkAudit& row : audit.rows)
        (row.verdict == AuditVerdict::Pass   ? audit.passed
         : row.verdict == AuditVerdict::Fail ? audit.failed
                                             : audit.not_audited)++;
    audit.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return audit;
}

void print_audit(std::ostream& out, const DeviceAudit& audit) {
    out << "Work audit: the counted instruction in each kernel's timed loop, per work-item and "
           "trip (executed / counted)\n";
    for (const WorkAudit& a : audit.rows) {
        char line[256];
        if (a.verdict == AuditVerdict::NotAudited)
            std::snprintf(line, sizeof line, "  %-11s %-30s", audit_verdict_name(a.verdict),
                          (a.id + (a.path.empty() ? "" : " [" + a.path + "]")).c_str());
        else
            std::snprintf(line, sizeof line, "  %-11s %-30s %5zu in loop  %10g / %-10g  %.3f",
                          audit_verdict_name(a.verdict), (a.id + " [" + a.path + "]").c_str(),
                          a.in_loop, a.executed, a.counted, a.ratio());
        out << line << "  " << a.what << (a.what.empty() ? "" : "; ") << a.reason << "\n";
    }
    char took[160];
    std::snprintf(took, sizeof took,
                  " (%.1f s: %zu entries' code assembled, at most %u assemblers at once)",
                  audit.seconds, audit.assembled, audit.assemblers);
    out << "audit: " << audit.passed << " passed, " << audit.failed << " failed, "
        << audit.not_audited << " not audited" << took << "\n";
}

nlohmann::json audit_to_json(const DeviceAudit& audit) {
    nlohmann::json entries = nlohmann::json::array();
    for (const WorkAudit& a : audit.rows)
        entries.push_back({{"id", a.id},
                           {"path", a.path},
                           {"kernel", a.kernel},
                           {"instruction", a.instruction},
                           {"what", a.what},
                           {"verdict", audit_verdict_name(a.verdict)},
                           {"in_loop", a.in_loop},
                           {"executed", a.executed},
                           {"counted", a.counted},
                           {"ratio", a.ratio()},
                           {"reason", a.reason}});
    return {{"passed", audit.passed},
            {"failed", audit.failed},
            {"seconds", audit.seconds},
            {"assembled", audit.assembled},
            {"assemblers", audit.assemblers},
            {"not_audited", audit.not_audited},
            {"entries", entries}};
}

} // namespace clgauge

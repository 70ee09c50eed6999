#include "perf_verdicts.hpp"

#include "core/env.hpp"
#include "core/files.hpp"

#include <nlohmann/json.hpp>

namespace clgauge::test {
namespace {

const char* outcome_name(PerfOutcome o) {
    switch (o) {
    case PerfOutcome::Pass:
        return "pass";
    case PerfOutcome::Fail:
        return "fail";
    case PerfOutcome::Skip:
        return "skip";
    }
    return "?";
}

std::optional<PerfOutcome> outcome_from(const std::string& s) {
    for (PerfOutcome o : {PerfOutcome::Pass, PerfOutcome::Fail, PerfOutcome::Skip})
        if (s == outcome_name(o)) return o;
    return std::nullopt;
}

nlohmann::json read_json(const std::string& path) {
    const std::optional<std::string> text = read_file_text(path);
    return text ? nlohmann::json::parse(*text, nullptr, false) : nlohmann::json(nullptr);
}

} // namespace

std::string PerfVerdictFile::settings_now() {
    return "device=" + env_text("CLGAUGE_DEVICE") + ";baselines=" + env_text("CLGAUGE_BASELINES") +
           ";budget_ms=" + env_text("CLGAUGE_BUDGET_MS") +
           ";slowdown=" + env_text("CLGAUGE_TEST_SLOWDOWN") +
           ";allow_fixed=" + env_text("CLGAUGE_ALLOW_FIXED");
}

PerfVerdictFile perf_verdict_file() {
    PerfVerdictFile f;
    f.path = env_text("CLGAUGE_PERF_VERDICTS");
    f.writing = !f.path.empty() && env_text("CLGAUGE_PERF_VERDICTS_WRITE") == "1";
    return f;
}

std::map<std::string, PerfVerdict> read_perf_verdicts(const std::string& path) {
    std::map<std::string, PerfVerdict> verdicts;
    const nlohmann::json j = read_json(path);
    if (!j.is_object() || j.value("schema", "") != "clgauge.perf_verdicts" ||
        j.value("settings", "") != PerfVerdictFile::settings_now() || !j.contains("verdicts") ||
        !j["verdicts"].is_object())
        return verdicts;
    for (const auto& [id, v] : j["verdicts"].items()) {
        if (!v.is_object()) continue;
        const auto outcome = outcome_from(v.value("outcome", ""));
        if (!outcome) continue;
        verdicts[id] = {*outcome, v.value("message", ""), v.value("measurements", "")};
    }
    return verdicts;
}

void write_perf_verdict(const std::string& path, const std::string& id, const PerfVerdict& v) {
    // The file is this process's: its first verdict starts it afresh, so verdicts an
    // interrupted run left (under the same settings) are never reported as this run's.
    static bool started = false;
    nlohmann::json j = started ? read_json(path) : nlohmann::json(nullptr);
    started = true;
    if (!j.is_object() || j.value("settings", "") != PerfVerdictFile::settings_now())
        j = {{"schema", "clgauge.perf_verdicts"},
             {"settings", PerfVerdictFile::settings_now()},
             {"verdicts", nlohmann::json::object()}};
    j["verdicts"][id] = {{"outcome", outcome_name(v.outcome)},
                         {"message", v.message},
                         {"measurements", v.measurements}};
    write_output_file(path, j.dump(1) + "\n");
}

} // namespace clgauge::test

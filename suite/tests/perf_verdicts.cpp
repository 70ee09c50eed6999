#include "perf_verdicts.hpp"

#include "base/env.hpp"
#include "base/files.hpp"

#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

namespace clgauge::test {
namespace {

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

std::string perf_verdict_settings() {
    return "device=" + env_text("CLGAUGE_DEVICE") + ";baselines=" + env_text("CLGAUGE_BASELINES") +
           ";budget_ms=" + env_text("CLGAUGE_BUDGET_MS") +
           ";slowdown=" + env_text("CLGAUGE_TEST_SLOWDOWN") +
           ";allow_fixed=" + env_text("CLGAUGE_ALLOW_FIXED") +
           ";require_baseline=" + env_text("CLGAUGE_REQUIRE_BASELINE");
}

std::string perf_verdict_dir() {
    return env_text("CLGAUGE_PERF_VERDICTS");
}

std::map<std::string, PerfVerdict> read_perf_verdicts(const std::string& dir) {
    std::map<std::string, PerfVerdict> verdicts;
    std::error_code ec;
    for (const auto& file : std::filesystem::directory_iterator(dir, ec)) {
        if (file.path().extension() != ".json") continue;
        const nlohmann::json j = read_json(file.path().string());
        if (!j.is_object() || j.value("schema", "") != "clgauge.perf_verdicts" ||
            j.value("settings", "") != perf_verdict_settings() || !j.contains("verdicts") ||
            !j["verdicts"].is_object())
            continue;
        for (const auto& [id, v] : j["verdicts"].items()) {
            if (!v.is_object()) continue;
            const auto outcome = outcome_from(v.value("outcome", ""));
            if (!outcome) continue;
            verdicts[id] = {*outcome,
                            v.value("message", ""),
                            v.value("measurements", ""),
                            v.value("device", ""),
                            v.value("judged", false),
                            v.value("seconds", 0.0)};
        }
    }
    return verdicts;
}

PerfVerdictWriter::PerfVerdictWriter(const std::string& dir, const std::string& name)
    : path_((std::filesystem::path(dir) / (name + ".json")).string()) {
    std::filesystem::create_directories(dir);
}

void PerfVerdictWriter::write(const std::string& id, const PerfVerdict& v) {
    // Rewritten whole from this process's own verdicts: a file an interrupted run left under
    // the same name is never reported as this run's.
    written_[id] = v;
    nlohmann::json verdicts = nlohmann::json::object();
    for (const auto& [key, w] : written_)
        verdicts[key] = {{"outcome", outcome_name(w.outcome)},
                         {"message", w.message},
                         {"measurements", w.measurements},
                         {"device", w.device},
                         {"judged", w.judged},
                         {"seconds", w.seconds}};
    const nlohmann::json j = {{"schema", "clgauge.perf_verdicts"},
                              {"settings", perf_verdict_settings()},
                              {"verdicts", verdicts}};
    write_output_file(path_, j.dump(1) + "\n");
}

} // namespace clgauge::test

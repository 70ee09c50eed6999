#include "baseline/check_json.hpp"

#include "baseline/gate.hpp"

namespace clgauge {

namespace {
const char* code_match_word(CodeMatch c) {
    switch (c) {
    case CodeMatch::Same:
        return "same";
    case CodeMatch::Changed:
        return "changed";
    case CodeMatch::Unknown:
        break;
    }
    return "unknown";
}
} // namespace

nlohmann::json checks_to_json(const std::string& file, const BaselineFile& f,
                              const DeviceFacts& facts, const std::vector<MetricCheck>& checks) {
    nlohmann::json verdicts = nlohmann::json::array();
    for (const auto& c : checks)
        verdicts.push_back({{"id", c.id},
                            {"unit", unit_name(c.unit)},
                            {"verdict", verdict_name(c.verdict)},
                            {"fails", verdict_fails(c.verdict)},
                            {"status", status_name(c.status)},
                            {"path", c.path},
                            {"statistic", gate_statistic(c.unit)},
                            {"baseline", c.baseline},
                            {"measured", c.measured},
                            {"change", c.change},
                            {"tolerance", c.tolerance},
                            {"smallest_caught", c.catches},
                            {"judged_against", c.against},
                            {"ratio_to", c.ratio_to},
                            {"ratio_change", c.ratio_change},
                            {"p_value", c.p_value},
                            {"proposed", c.proposed},
                            {"attempts", c.attempts},
                            {"code", code_match_word(c.code)},
                            {"code_text", c.code_text},
                            {"fingerprint", c.fingerprint},
                            {"note", c.note},
                            {"line", check_line(c)}});
    const CheckSummary s = summarize_checks(checks);
    return {{"baseline", file},
            {"driver", driver_line(f, facts)},
            {"summary",
             {{"ok", s.ok},
              {"stale", s.stale},
              {"regressions", s.regressions},
              {"lost", s.lost},
              {"failed", s.failed},
              {"bad_baseline", s.bad},
              {"skipped", s.skipped},
              {"expected_failures", s.expected},
              {"fixed", s.fixed},
              {"spills", s.spills}}},
            {"sensitivity",
             {{"target", kSensitivityTarget},
              {"blind", blind_metrics(checks)},
              {"line", sensitivity_line(checks)}}},
            {"verdicts", verdicts}};
}

} // namespace clgauge

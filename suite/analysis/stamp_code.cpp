#include "analysis/stamp_code.hpp"

#include "baseline/code_check.hpp"

#include <set>

namespace clgauge::analysis {

namespace {

const ReportDevice& device_named(const ReportFile& r, const std::string& name,
                                 const std::string& file) {
    for (const auto& d : r.devices)
        if (d.name == name) return d;
    std::string names;
    for (const auto& d : r.devices)
        names += (names.empty() ? "\"" : ", \"") + d.name + "\"";
    throw ReportFileError(r.file + ": devices: no device \"" + name + "\" (the device of " + file +
                          "); the report has " + (names.empty() ? "none" : names));
}

} // namespace

StampOutcome stamp_code(BaselineFile& f, const std::string& file, const ReportFile& r) {
    const ReportDevice& d = device_named(r, f.device.name, file);
    if (d.mode != "perf")
        throw ReportFileError(r.file + ": " + d.field + ".mode: is \"" + d.mode +
                              "\"; a check builds perf kernels, so stamp from a perf run (no "
                              "--conformance)");
    std::set<std::string> drivers;
    for (const auto& [id, m] : f.metrics)
        for (const auto& rec : m.recordings)
            drivers.insert(rec.driver);
    if (!drivers.count(d.driver)) {
        std::string listed;
        for (const auto& v : drivers)
            listed += (listed.empty() ? "" : ", ") + v;
        throw ReportFileError(r.file + ": " + d.field + ".device.driver: is \"" + d.driver +
                              "\" but " + file + " was recorded with " + listed +
                              "; the code of another driver need not be the recorded one");
    }
    BaselineFile out = f;
    StampOutcome o;
    for (auto& [id, m] : out.metrics) {
        if (!m.supported) continue;
        const ReportMetric* rm = nullptr;
        for (const auto& x : d.metrics)
            if (x.id == id) rm = &x;
        const char* why = !rm                        ? "not in the report"
                          : rm->status != Status::Ok ? "not ok in the report"
                          : rm->path != m.path       ? "ran another path in the report"
                          : !rm->code.known()        ? "the report has no fingerprint for it"
                                                     : nullptr;
        if (why) {
            o.skipped.push_back(id + ": " + why);
            continue;
        }
        size_t n = 0;
        for (auto& rec : m.recordings)
            if (rec.driver == d.driver) {
                rec.code = rm->code;
                ++n;
            }
        if (n == 0) {
            o.skipped.push_back(id + ": no recording with driver " + d.driver);
            continue;
        }
        o.stamped.push_back(id + ": " + short_fingerprint(rm->code.fingerprint) + " (" +
                            std::to_string(n) + (n == 1 ? " recording)" : " recordings)"));
    }
    f = std::move(out);
    return o;
}

} // namespace clgauge::analysis

#include "baseline/known_failures.hpp"

#include "base/clipped_text.hpp"
#include "base/env.hpp"
#include "base/json_fields.hpp"

#include "registry/registry.hpp"
#include "types/results.hpp"

#include <algorithm>
#include <filesystem>
#include <initializer_list>
#include <utility>

namespace clgauge {

namespace {
using Reader = JsonFields<KnownFailuresError>;

// Every kind with its name in the file: expected_name, the reader and its error message.
constexpr std::pair<Expected, const char*> kExpectedNames[] = {
    {Expected::WrongResult, "wrong-result"},
    {Expected::Crash, "crash"},
    {Expected::BuildFailure, "build-failure"},
    {Expected::Hang, "hang"},
    {Expected::Error, "error"},
    {Expected::Flake, "flake"}};
static_assert(std::size(kExpectedNames) == size_t(Expected::Flake) + 1, "one row for every kind");

// A glob that must match the whole text; "" in a pattern field means "any".
bool pattern_matches(const std::string& pattern, const std::string& text) {
    return pattern.empty() || glob_match(pattern, text);
}

// Whether some benchmark matching `ids` has a path matching `path`.
bool names_a_path(const std::string& ids, const std::string& path) {
    for (const Benchmark* b : select_benchmarks(ids))
        for (const auto& p : b->paths)
            if (glob_match(path, p.name)) return true;
    return false;
}

// A misspelt optional field ("reason_contain") would silently widen what an entry excuses.
void check_fields(const Reader& r, const nlohmann::json& j,
                  std::initializer_list<const char*> allowed) {
    for (const auto& [key, value] : j.items())
        if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
            r.fail(key, "unknown field");
}

KnownFailure read_entry(const Reader& r, const nlohmann::json& j, const std::string& where) {
    check_fields(
        r, j,
        {"id", "path", "expect", "reason_contains", "env", "runs", "reason", "link", "reproducer"});
    KnownFailure e;
    e.where = where;
    e.id = r.str("id");
    if (e.id.empty()) r.fail("id", "must not be empty (a benchmark id or a glob over ids)");
    e.path = r.str("path");
    if (e.path.empty()) r.fail("path", "must not be empty (a path name, or \"*\")");
    // An entry naming no benchmark (a typo, a renamed id) would excuse nothing, silently.
    for (const auto& alt : unmatched_alternatives(e.id))
        r.fail("id", "\"" + alt + "\" matches no benchmark id (clgauge --list-benchmarks)");
    if (!names_a_path(e.id, e.path))
        r.fail("path", "\"" + e.path + "\" matches no path of \"" + e.id +
                           "\" (clgauge --list-benchmarks)");
    const std::string expect = r.str("expect");
    const auto* found = std::find_if(std::begin(kExpectedNames), std::end(kExpectedNames),
                                     [&](const auto& x) { return expect == x.second; });
    if (found == std::end(kExpectedNames)) {
        std::string names;
        for (const auto& [kind, name] : kExpectedNames)
            names += (names.empty() ? "" : ", ") + std::string(name);
        r.fail("expect", "is \"" + expect + "\"; one of " + names);
    }
    e.expect = found->first;
    e.reason = r.str("reason");
    if (e.reason.empty()) r.fail("reason", "must say why it fails");
    e.link = r.str("link", false);
    e.reproducer = r.str("reproducer", false);
    if (e.link.empty() && e.reproducer.empty())
        r.fail("link", "an entry needs a link or a reproducer");
    e.reason_contains = r.str("reason_contains", false);
    if (r.has("runs")) {
        if (e.expect != Expected::Flake) r.fail("runs", "only a flake is re-run");
        e.runs = r.count("runs");
        if (e.runs < 2) r.fail("runs", "a flake needs at least 2 runs in all");
    }
    if (r.has("env")) {
        const auto& env = r.at("env");
        if (!env.is_object()) r.fail("env", "must be an object of variable: glob");
        for (const auto& [k, v] : env.items()) {
            if (!v.is_string()) r.fail("env." + k, "must be a string, got " + v.dump());
            e.env[k] = v.get<std::string>();
        }
    }
    return e;
}
} // namespace

const char* expected_name(Expected e) {
    for (const auto& [kind, name] : kExpectedNames)
        if (kind == e) return name;
    return "?";
}

Status expected_status(Expected e) {
    switch (e) {
    case Expected::WrongResult:
        return Status::VerifyFailed;
    case Expected::Crash:
        return Status::Crashed;
    case Expected::BuildFailure:
        return Status::BuildFailed;
    case Expected::Hang:
        return Status::Timeout;
    case Expected::Error:
        return Status::Error;
    case Expected::Flake:
        break;
    }
    return Status::Ok;
}

KnownFailureList parse_known_failures(const std::string& text, const std::string& file) {
    const nlohmann::json j = parse_json<KnownFailuresError>(text, file);
    const Reader top(j, file, "");
    if (top.str("schema") != "clgauge.known_failures")
        top.fail("schema", "must be \"clgauge.known_failures\", got \"" + top.str("schema") + "\"");
    const auto& v = top.at("schema_version");
    if (!v.is_number_integer() || v.get<long long>() != kKnownFailuresSchemaVersion)
        top.fail("schema_version", "is " + v.dump() + "; this clgauge reads version " +
                                       std::to_string(kKnownFailuresSchemaVersion));
    check_fields(top, j, {"schema", "schema_version", "about", "match", "entries"});
    KnownFailureList list;
    list.file = file;
    const Reader match = top.object("match");
    check_fields(match, top.at("match"), {"platform", "device", "driver"});
    list.platform = match.str("platform", false);
    list.device = match.str("device");
    list.driver = match.str("driver");
    if (list.device.empty()) match.fail("device", "must not be empty (a glob, \"*\" for any)");
    if (list.driver.empty()) match.fail("driver", "must not be empty (a glob, \"*\" for any)");
    const auto& entries = top.at("entries");
    if (!entries.is_array()) top.fail("entries", "must be an array of entries");
    for (size_t i = 0; i < entries.size(); ++i) {
        const std::string key = "entries[" + std::to_string(i) + "]";
        list.entries.push_back(
            read_entry(top.element("entries", i), entries[i], file + ": " + key));
    }
    return list;
}

KnownFailureList load_known_failures(const std::string& path) {
    return parse_known_failures(read_text<KnownFailuresError>(path), path);
}

bool list_applies(const KnownFailureList& l, const DeviceFacts& f) {
    return pattern_matches(l.platform, f.platform) && pattern_matches(l.device, f.name) &&
           pattern_matches(l.driver, f.driver);
}

bool entry_applies(const KnownFailure& e) {
    for (const auto& [name, pattern] : e.env) {
        const std::string v = env_text(name.c_str());
        if (pattern.empty() ? !v.empty() : !glob_match(pattern, v)) return false;
    }
    return true;
}

std::vector<KnownFailure> known_failures_for(const std::string& baselines_dir,
                                             const DeviceFacts& facts) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(baselines_dir) / "known-failures";
    std::vector<KnownFailure> out;
    if (!fs::is_directory(dir)) return out;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".json") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& p : files) {
        // Every list is validated, not only the ones for this device: a typo must not wait
        // for the device it names.
        const KnownFailureList l = load_known_failures(p.string());
        if (!list_applies(l, facts)) continue;
        for (const auto& e : l.entries)
            if (entry_applies(e)) out.push_back(e);
    }
    return out;
}

std::string known_lists_note(const std::string& baselines_dir, const DeviceFacts& facts) {
    namespace fs = std::filesystem;
    const fs::path dir = fs::path(baselines_dir) / "known-failures";
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return "";
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.path().extension() == ".json") files.push_back(e.path());
    if (files.empty()) return "";
    std::sort(files.begin(), files.end());
    const auto quoted = [](const std::string& s) { return "'" + clipped(s, 80) + "'"; };
    std::string lists;
    for (const auto& p : files) {
        const KnownFailureList l = load_known_failures(p.string());
        if (list_applies(l, facts)) return "";
        lists += (lists.empty() ? "" : "; ") + p.filename().string() + " (platform " +
                 quoted(l.platform.empty() ? "*" : l.platform) + ", device " + quoted(l.device) +
                 ", driver " + quoted(l.driver) + ")";
    }
    return "No known-failure list applies to this device (platform " + quoted(facts.platform) +
           ", device " + quoted(facts.name) + ", driver " + quoted(facts.driver) +
           "): every failure is unexpected. Lists in " + dir.string() + ": " + lists;
}

const KnownFailure* find_known(const std::vector<KnownFailure>& list, const std::string& id,
                               const std::string& path) {
    for (const auto& e : list)
        if (glob_match(e.id, id) && glob_match(e.path, path)) return &e;
    return nullptr;
}

const char* known_verdict_name(KnownVerdict v) {
    switch (v) {
    case KnownVerdict::Pass:
        return "pass";
    case KnownVerdict::Skipped:
        return "skipped";
    case KnownVerdict::ExpectedFailure:
        return "expected failure";
    case KnownVerdict::Flaky:
        return "FLAKE";
    case KnownVerdict::Fixed:
        return "FIXED";
    case KnownVerdict::Unexpected:
        return "UNEXPECTED FAILURE";
    }
    return "?";
}

bool KnownOutcome::fails(bool allow_fixed) const {
    return verdict == KnownVerdict::Unexpected || (verdict == KnownVerdict::Fixed && !allow_fixed);
}

bool allow_fixed_from_env() {
    return env_text("CLGAUGE_ALLOW_FIXED") == "1";
}

namespace {
std::string failure_text(const Attempt& a) {
    return std::string(status_name(a.status)) + (a.reason.empty() ? "" : ": " + a.reason);
}
bool matches_entry(const KnownFailure& e, const Attempt& a) {
    return a.status == expected_status(e.expect) &&
           (e.reason_contains.empty() || a.reason.find(e.reason_contains) != std::string::npos);
}
std::string listed(const KnownFailure& e) {
    return "listed as " + std::string(expected_name(e.expect)) + " in " + e.where + " (" +
           e.reason + ")";
}
} // namespace

KnownOutcome judge(const std::vector<KnownFailure>& list, const std::string& id,
                   const std::string& path, const std::function<Attempt()>& once) {
    KnownOutcome o;
    o.last = once();
    o.entry = find_known(list, id, path);
    const bool failed = is_failure(o.last.status);
    if (o.last.status == Status::Unsupported) {
        o.verdict = KnownVerdict::Skipped;
        o.note = "unsupported: " + o.last.reason;
        return o;
    }
    if (!o.entry) {
        o.verdict = failed ? KnownVerdict::Unexpected : KnownVerdict::Pass;
        if (failed) o.note = failure_text(o.last) + " (not on the known-failure list)";
        return o;
    }
    const KnownFailure& e = *o.entry;
    if (e.expect == Expected::Flake) {
        const Attempt first = o.last;
        while (is_failure(o.last.status) && o.last.status != Status::Crashed &&
               o.last.status != Status::Timeout && o.runs < e.runs) {
            ++o.runs;
            o.last = once();
        }
        if (!is_failure(first.status)) {
            o.verdict = KnownVerdict::Pass;
        } else if (!is_failure(o.last.status)) {
            o.verdict = KnownVerdict::Flaky;
            o.note = "failed (" + failure_text(first) + "), passed on run " +
                     std::to_string(o.runs) + " of " + std::to_string(e.runs) + "; " + listed(e);
        } else {
            o.verdict = KnownVerdict::Unexpected;
            o.note = "failed all " + std::to_string(o.runs) + " runs (" + failure_text(o.last) +
                     ")" +
                     (o.last.status == Status::Crashed || o.last.status == Status::Timeout
                          ? " (a crash or a hang is not re-run)"
                          : "") +
                     "; " + listed(e);
        }
        return o;
    }
    if (!failed) {
        o.verdict = KnownVerdict::Fixed;
        o.note = "passed but is " + listed(e) +
                 ": remove the entry (or allow fixed ones: --allow-fixed, CLGAUGE_ALLOW_FIXED=1)";
    } else if (matches_entry(e, o.last)) {
        o.verdict = KnownVerdict::ExpectedFailure;
        o.note = failure_text(o.last) + "; " + listed(e);
    } else {
        o.verdict = KnownVerdict::Unexpected;
        o.note =
            failure_text(o.last) + ", not the failure " + listed(e) +
            (e.reason_contains.empty() ? "" : ", reason containing \"" + e.reason_contains + "\"");
    }
    return o;
}

} // namespace clgauge

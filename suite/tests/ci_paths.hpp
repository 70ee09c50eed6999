// Which registry paths CI runs: the conformance label forces every path of every entry on each
// CI device (.ci/run: PoCL 3.1, then Intel's OpenCL CPU runtime), so a path runs in CI when one
// of them meets all its needs. Every other path must be listed in docs/ci.md, "Paths no CI
// device runs", with what checks it instead.
#pragma once
#include "types/benchmark.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace clgauge::test {

// A CI device and the needs it meets (checked against the device itself by the conformance
// case CiDevices.NeedsMatchThisDevice, so that this table cannot drift from what CI runs on).
struct CiDevice {
    const char* name;     // as docs/ci.md calls it
    const char* platform; // CL_PLATFORM_NAME, as CLGAUGE_DEVICE names it in .ci/run
    std::vector<Need> met;
};

inline const std::vector<CiDevice>& ci_devices() {
    static const std::vector<CiDevice> v = {
        {"PoCL 3.1",
         "Portable Computing Language",
         {Need::Fp64, Need::OpenCLC20, Need::OpenCLC30, Need::Int64Atomics,
          Need::AtomicsDeviceScope, Need::AtomicsWorkGroupScope, Need::Images}},
        {"Intel's OpenCL CPU runtime",
         "Intel(R) OpenCL",
         {Need::Fp64, Need::Fp16, Need::KhrSubgroups, Need::IntelSubgroups, Need::IntelBlockIO,
          Need::IntDot4x8, Need::OpenCLC20, Need::OpenCLC30, Need::Int64Atomics,
          Need::AtomicsDeviceScope, Need::AtomicsWorkGroupScope, Need::FloatAtomicAddGlobal,
          Need::FloatAtomicAddLocal, Need::Images}},
    };
    return v;
}

inline bool meets_all(const CiDevice& d, const ImplPath& p) {
    return std::all_of(p.needs.begin(), p.needs.end(), [&](Need n) {
        return std::find(d.met.begin(), d.met.end(), n) != d.met.end();
    });
}

// One line per need where `d`'s table row and the device's capabilities `caps` disagree.
inline std::vector<std::string> need_mismatches(const CiDevice& d, const Capabilities& caps) {
    std::vector<std::string> v;
    for (int i = 0; i <= int(Need::Images); ++i) {
        const Need n = Need(i);
        const bool listed = std::find(d.met.begin(), d.met.end(), n) != d.met.end();
        const auto why = unmet(n, caps);
        if (listed && why)
            v.push_back(std::string(d.name) + ": need \"" + need_name(n) +
                        "\" is listed as met in ci_paths.hpp, but " + *why);
        if (!listed && !why)
            v.push_back(std::string(d.name) + ": need \"" + need_name(n) +
                        "\" is met, but ci_paths.hpp does not list it");
    }
    return v;
}

// A row of docs/ci.md's listing: entries (an fnmatch pattern), a path name, what covers it.
struct ListedPath {
    std::string entries, path, covered_by;
};

// The rows of the table under the heading "## Paths no CI device runs" in `markdown`: lines
// "| `pattern` | `path` | covered by |", up to the next heading.
inline std::vector<ListedPath> listed_paths(const std::string& markdown) {
    static const std::regex row(R"(^\| `([^`]+)` \| `([^`]+)` \| (.*[^ ]) *\|$)");
    std::vector<ListedPath> v;
    std::istringstream in(markdown);
    std::string line;
    bool inside = false;
    while (std::getline(in, line)) {
        if (line.rfind("## ", 0) == 0) inside = line == "## Paths no CI device runs";
        std::smatch m;
        if (inside && std::regex_match(line, m, row)) v.push_back({m[1], m[2], m[3]});
    }
    return v;
}

inline bool lists(const ListedPath& l, const std::string& id, const std::string& path) {
    return l.path == path && fnmatch(l.entries.c_str(), id.c_str(), 0) == 0;
}

// "id [path]: why" for each path that no CI device runs and `listed` does not name, and for
// each listed path that a CI device does run (a stale row would hide that it runs).
inline std::vector<std::string> ci_path_faults(const std::vector<Benchmark>& entries,
                                               const std::vector<CiDevice>& devices,
                                               const std::vector<ListedPath>& listed) {
    std::vector<std::string> v;
    for (const Benchmark& b : entries)
        for (const ImplPath& p : b.paths) {
            const auto runs = std::find_if(devices.begin(), devices.end(),
                                           [&](const CiDevice& d) { return meets_all(d, p); });
            const auto row = std::find_if(listed.begin(), listed.end(), [&](const ListedPath& l) {
                return lists(l, b.id, p.name);
            });
            if (runs == devices.end() && row == listed.end())
                v.push_back(b.id + " [" + p.name +
                            "]: no CI device runs it and docs/ci.md does not list it");
            if (runs != devices.end() && row != listed.end())
                v.push_back(b.id + " [" + p.name + "]: runs on " + runs->name +
                            " in CI, yet docs/ci.md lists it as not run (`" + row->entries + "`)");
        }
    return v;
}

} // namespace clgauge::test

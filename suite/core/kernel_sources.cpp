#include "core/kernel_sources.hpp"

#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace clgauge {
namespace {
std::string expand(const std::string& name, std::set<std::string>& seen) {
    const auto& files = embedded_kernel_files();
    auto it = files.find(name);
    if (it == files.end()) throw std::runtime_error("no embedded kernel file '" + name + "'");
    if (!seen.insert(name).second) return {}; // each header once, like #pragma once
    static const std::regex include_line(R"re(^\s*#\s*include\s*"([^"]+)"\s*$)re");
    std::istringstream in(it->second);
    std::ostringstream out;
    std::string line;
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_match(line, m, include_line))
            out << expand("include/" + m[1].str(), seen);
        else
            out << line << '\n';
    }
    return out.str();
}
} // namespace

std::string kernel_source(const std::string& name) {
    std::set<std::string> seen;
    return expand(name, seen);
}
} // namespace clgauge

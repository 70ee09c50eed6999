#include "analysis/sass_listing.hpp"

#include <algorithm>
#include <regex>
#include <sstream>

namespace clgauge {

std::map<std::string, SassFunction> parse_sass_listing(const std::string& text) {
    static const std::regex section(R"(^\s*\.section\s+\.text\.([A-Za-z_0-9$.]+),)");
    static const std::regex label(R"(^\s*(\.L_x_\d+):)");
    static const std::regex instruction(R"(^\s*/\*[0-9a-f]+\*/\s+(.*?)\s*;)");
    std::map<std::string, SassFunction> functions;
    std::istringstream in(text);
    std::string line, current;
    std::smatch m;
    while (std::getline(in, line)) {
        if (std::regex_search(line, m, section))
            current = m[1].str();
        else if (current.empty())
            continue;
        else if (std::regex_search(line, m, label))
            functions[current].push_back({true, m[1].str()});
        else if (std::regex_search(line, m, instruction))
            functions[current].push_back({false, m[1].str()});
    }
    return functions;
}

std::vector<SassLoop> sass_loops(const SassFunction& f, const std::string& branch_regex) {
    const std::regex branch(branch_regex);
    std::map<std::string, size_t> labels;
    for (size_t i = 0; i < f.size(); ++i)
        if (f[i].label) labels.emplace(f[i].text, i);
    // A label several branches go back to is one loop, up to the last of them.
    std::map<size_t, size_t> last_branch;
    std::smatch m;
    for (size_t i = 0; i < f.size(); ++i) {
        if (f[i].label || !std::regex_search(f[i].text, m, branch)) continue;
        const auto l = labels.find(m[m.size() - 1].str());
        if (l != labels.end() && l->second < i) last_branch[l->second] = i;
    }
    std::vector<SassLoop> loops;
    for (const auto& [first, last] : last_branch)
        loops.push_back({first, last});
    return loops;
}

SassFunction amdgcn_function(const std::string& code) {
    SassFunction f;
    std::istringstream in(code);
    std::string line;
    while (std::getline(in, line)) {
        if (line.empty()) continue;
        if (line.back() == ':')
            f.push_back({true, line.substr(0, line.size() - 1)});
        else
            f.push_back({false, line});
    }
    return f;
}

size_t count_instructions(const SassFunction& f, const std::string& regex, size_t first,
                          size_t last) {
    const std::regex re(regex);
    size_t n = 0;
    for (size_t i = first; i < f.size() && i <= last; ++i)
        if (!f[i].label && std::regex_search(f[i].text, re)) ++n;
    return n;
}

} // namespace clgauge

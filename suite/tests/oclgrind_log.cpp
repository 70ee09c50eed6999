#include "oclgrind_log.hpp"

#include <regex>
#include <sstream>

namespace clgauge::test {

namespace {

bool indented(const std::string& s) {
    return !s.empty() && (s[0] == '\t' || s[0] == ' ');
}

std::string trim(const std::string& s) {
    const size_t b = s.find_first_not_of(" \t\r");
    if (b == std::string::npos) return "";
    return s.substr(b, s.find_last_not_of(" \t\r") - b + 1);
}

// The value after "Key: " on an indented detail line, or empty.
std::string field(const std::string& detail, const std::string& key) {
    const std::string t = trim(detail);
    return t.rfind(key + ": ", 0) == 0 ? trim(t.substr(key.size() + 2)) : "";
}

void add(std::vector<OclgrindFinding>& out, OclgrindFinding f) {
    if (f.headline.empty()) return;
    for (auto& g : out)
        if (g.headline == f.headline && g.kernel == f.kernel && g.line == f.line) {
            ++g.count;
            return;
        }
    f.count = 1;
    out.push_back(std::move(f));
}

} // namespace

std::vector<OclgrindFinding> parse_oclgrind_log(const std::string& log) {
    static const std::regex address("0x[0-9a-fA-F]+");
    static const std::regex at_line("At line ([0-9]+)");
    static const std::regex suppressing("^Oclgrind: [0-9]+ errors generated");
    std::vector<OclgrindFinding> out;
    OclgrindFinding current;
    std::istringstream in(log);
    std::string raw;
    while (std::getline(in, raw)) {
        if (trim(raw).empty()) continue;
        if (!indented(raw)) {
            add(out, std::move(current));
            current = {};
            if (std::regex_search(raw, suppressing)) continue;
            current.headline = std::regex_replace(trim(raw), address, "0x..");
            continue;
        }
        if (current.headline.empty()) continue;
        std::smatch m;
        if (std::string k = field(raw, "Kernel"); !k.empty() && current.kernel.empty())
            current.kernel = k;
        else if (std::string fn = field(raw, "Function"); !fn.empty() && current.kernel.empty())
            current.kernel = fn;
        else if (std::string e = field(raw, "Error"); !e.empty() && current.line.empty())
            current.line = e;
        else if (std::regex_search(raw, m, at_line) && current.line.empty())
            current.line = "line " + m[1].str();
    }
    add(out, std::move(current));
    return out;
}

std::string describe(const std::vector<OclgrindFinding>& findings) {
    std::ostringstream os;
    for (const auto& f : findings) {
        os << f.count << "x " << f.headline;
        if (!f.kernel.empty() || !f.line.empty())
            os << " (" << (f.kernel.empty() ? "" : "kernel " + f.kernel)
               << (f.kernel.empty() || f.line.empty() ? "" : ", ") << f.line << ")";
        os << "\n";
    }
    return os.str();
}

} // namespace clgauge::test

#include "core/kernel_resources.hpp"

#include <map>
#include <regex>
#include <sstream>

namespace clgauge {

namespace {

// "<N> bytes <what>" in a line, or -1.
long bytes_of(const std::string& line, const std::string& what) {
    const std::regex re("(\\d+) bytes " + what);
    std::smatch m;
    return std::regex_search(line, m, re) ? std::stol(m[1]) : -1;
}

struct Properties {
    long stack = -1, stores = -1, loads = -1;
};

bool is_resource_line(const std::string& line) {
    static const std::regex re("^\\s*(ptxas\\b.*|\\d+ bytes stack frame.*)$");
    return std::regex_match(line, re);
}

} // namespace

std::vector<KernelResources> parse_ptxas_resources(const std::string& log) {
    static const std::regex entry_re("Compiling entry function '([^']+)'");
    static const std::regex props_re("Function properties for ([^\\s]+)");
    static const std::regex used_re("Used (\\d+) registers");
    std::vector<KernelResources> kernels;
    std::map<std::string, Properties> properties;
    std::string current, props_for;
    auto kernel_named = [&](const std::string& name) -> KernelResources& {
        for (auto& k : kernels)
            if (k.kernel == name) return k;
        kernels.push_back({});
        kernels.back().kernel = name;
        return kernels.back();
    };
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_search(line, m, entry_re)) {
            current = m[1];
            (void)kernel_named(current);
        } else if (std::regex_search(line, m, props_re)) {
            props_for = m[1];
        } else if (line.find("bytes stack frame") != std::string::npos && !props_for.empty()) {
            properties[props_for] = {bytes_of(line, "stack frame"), bytes_of(line, "spill stores"),
                                     bytes_of(line, "spill loads")};
        } else if (std::regex_search(line, m, used_re)) {
            // A driver that leaves out the "Compiling entry function" line still names the
            // kernel in its properties line.
            const std::string& name = current.empty() ? props_for : current;
            if (name.empty()) continue;
            KernelResources& k = kernel_named(name);
            k.registers = std::stol(m[1]);
            k.local_bytes = std::max(0L, bytes_of(line, "smem"));
        }
    }
    for (auto& k : kernels)
        if (const auto p = properties.find(k.kernel); p != properties.end()) {
            k.stack_bytes = p->second.stack;
            k.spill_store_bytes = p->second.stores;
            k.spill_load_bytes = p->second.loads;
        }
    return kernels;
}

std::string without_resource_report(const std::string& log) {
    std::istringstream in(log);
    std::string out;
    for (std::string line; std::getline(in, line);)
        if (!is_resource_line(line) && !line.empty()) out += line + "\n";
    return out;
}

std::string describe(const KernelResources& k) {
    auto n = [](long v) { return v < 0 ? std::string("?") : std::to_string(v); };
    return k.kernel + ": " + n(k.registers) + " registers, " + std::to_string(k.spill_bytes()) +
           " B spilled (" + n(k.spill_store_bytes) + " stores, " + n(k.spill_load_bytes) +
           " loads), " + n(k.stack_bytes) + " B stack, " + n(k.local_bytes) + " B local";
}

} // namespace clgauge

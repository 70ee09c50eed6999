#include "baseline/machine.hpp"

#include "base/env.hpp"

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <unistd.h>

namespace clgauge {

namespace {
std::string cpu_model() {
    std::ifstream in("/proc/cpuinfo");
    for (std::string line; std::getline(in, line);)
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            if (colon == std::string::npos) break;
            const auto start = line.find_first_not_of(" \t", colon + 1);
            return start == std::string::npos ? "" : line.substr(start);
        }
    return "unknown";
}
} // namespace

BaselineMachine this_machine(const DeviceFacts& facts) {
    BaselineMachine m;
    char host[256] = {};
    if (::gethostname(host, sizeof host - 1) != 0) host[0] = '\0';
    m.hostname_hash = fnv1a64_hex(host);
    m.cpu = cpu_model();
    const std::string named = env_text("CLGAUGE_MACHINE");
    m.id = !named.empty()           ? named
           : facts.uuid.size() >= 8 ? "gpu-" + facts.uuid.substr(0, 8)
                                    : "host-" + m.hostname_hash.substr(0, 8);
    return m;
}

} // namespace clgauge

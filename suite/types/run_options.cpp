#include "types/run_options.hpp"

#include "base/env.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace clgauge {

MemTune parse_mem_tune(const std::string& text) {
    MemTune t;
    std::istringstream in(text);
    std::string kv;
    while (std::getline(in, kv, ',')) {
        const auto eq = kv.find('=');
        const std::string k = kv.substr(0, eq);
        if (k == "tile" && eq != std::string::npos && kv.substr(eq + 1) == "grid") {
            t.tile = 0;
            continue;
        }
        const char* digits = eq == std::string::npos ? "" : kv.c_str() + eq + 1;
        char* end = nullptr;
        const unsigned long v = std::strtoul(digits, &end, 10);
        // A whole positive number: "unroll=4x" is refused, not read as 4.
        if (end == digits || *end != '\0' || v == 0)
            throw std::invalid_argument("CLGAUGE_MEM_TUNE: bad item '" + kv + "'");
        if (k == "vec")
            t.vec = unsigned(v);
        else if (k == "unroll")
            t.unroll = unsigned(v);
        else if (k == "wgs")
            t.wgs = unsigned(v);
        else if (k == "local")
            t.local = v;
        else if (k == "tile")
            t.tile = unsigned(v);
        else if (k == "covers")
            t.covers = unsigned(v);
        else
            throw std::invalid_argument("CLGAUGE_MEM_TUNE: unknown key '" + k + "'");
    }
    return t;
}

RunOptions run_options_from_env(Mode mode) {
    RunOptions o;
    o.mode = mode;
    o.budget.seconds =
        double(env_integer("CLGAUGE_BUDGET_MS", kDefaultBudgetMs, kMinBudgetMs, kMaxBudgetMs)) /
        1000.0;
    o.test.slowdown = static_cast<unsigned>(env_integer("CLGAUGE_TEST_SLOWDOWN", 1, 1, 1000));
    if (const long mib = env_integer("CLGAUGE_MEM_MIB", 0, 1, 1 << 20))
        o.launch.array_bytes = size_t(mib) << 20;
    if (const long stride = env_integer("CLGAUGE_MEM_STRIDE", 0, 1, 1 << 20))
        o.launch.stride = unsigned(stride);
    o.build.threads = unsigned(env_integer("CLGAUGE_BUILD_THREADS", 0, 0, 256));
    if (!env_text("CLGAUGE_BUILD_WORKERS").empty())
        o.build.workers = unsigned(env_integer("CLGAUGE_BUILD_WORKERS", 0, 0, 64));
    o.launch.mem_tune = parse_mem_tune(env_text("CLGAUGE_MEM_TUNE"));
    if (const long mib = env_integer("CLGAUGE_XFER_MIB", 0, 1, 1 << 20))
        o.launch.transfer_bytes = size_t(mib) << 20;
    return o;
}

unsigned build_threads_per_core() {
    if (!env_text("CLGAUGE_BUILD_THREADS").empty())
        return unsigned(env_integer("CLGAUGE_BUILD_THREADS", 0, 0, 256));
    return std::clamp(std::thread::hardware_concurrency(), 1u, 16u);
}

} // namespace clgauge

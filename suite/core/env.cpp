#include "core/env.hpp"

#include <cstdlib>
#include <stdexcept>
#include <string>

namespace clgauge {

long env_integer(const char* name, long fallback, long lo, long hi) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    char* end = nullptr;
    const long x = std::strtol(v, &end, 10);
    if (*end || x < lo || x > hi)
        throw std::invalid_argument(std::string(name) + "='" + v + "' must be an integer in [" +
                                    std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return x;
}

std::string env_text(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

} // namespace clgauge

#include "base/env.hpp"

#include <cerrno>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace clgauge {

long env_integer(const char* name, long fallback, long lo, long hi) {
    const char* v = std::getenv(name);
    if (!v || !*v) return fallback;
    const std::optional<long> x = decimal_integer(v);
    if (!x || *x < lo || *x > hi)
        throw std::invalid_argument(std::string(name) + "='" + v + "' must be an integer in [" +
                                    std::to_string(lo) + ", " + std::to_string(hi) + "]");
    return *x;
}

std::optional<long> decimal_integer(const std::string& text, bool* out_of_range) {
    if (out_of_range) *out_of_range = false;
    const size_t digits = text.rfind('-', 0) == 0 ? 1 : 0;
    if (text.size() == digits) return std::nullopt;
    for (size_t i = digits; i < text.size(); ++i)
        if (text[i] < '0' || text[i] > '9') return std::nullopt;
    if (text[digits] == '0' && text.size() > digits + 1) return std::nullopt;
    errno = 0;
    const long x = std::strtol(text.c_str(), nullptr, 10);
    if (errno == ERANGE) {
        if (out_of_range) *out_of_range = true;
        return std::nullopt;
    }
    return x;
}

std::string env_text(const char* name) {
    const char* v = std::getenv(name);
    return v ? std::string(v) : std::string();
}

} // namespace clgauge

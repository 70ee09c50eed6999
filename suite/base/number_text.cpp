#include "base/number_text.hpp"

#include <cstdio>

namespace clgauge {

std::string number_text(double v, const char* format) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

std::string seconds_text(double s) {
    char buf[32];
    if (s >= 1)
        std::snprintf(buf, sizeof buf, "%.3f s", s);
    else if (s >= 1e-3)
        std::snprintf(buf, sizeof buf, "%.3f ms", s * 1e3);
    else if (s >= 1e-6)
        std::snprintf(buf, sizeof buf, "%.2f us", s * 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f ns", s * 1e9);
    return buf;
}

} // namespace clgauge

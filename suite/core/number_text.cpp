#include "core/number_text.hpp"

#include <cstdio>

namespace clgauge {

std::string number_text(double v, const char* format) {
    char buf[64];
    std::snprintf(buf, sizeof buf, format, v);
    return buf;
}

} // namespace clgauge

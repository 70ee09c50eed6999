#include "report/format.hpp"

#include "base/number_text.hpp"

#include <cmath>
#include <cstdio>

namespace clgauge {

std::string format_rate(double v, Unit unit) {
    static const char* prefixes[] = {"", "K", "M", "G", "T", "P", "E"};
    char buf[64];
    if (unit == Unit::Seconds) return seconds_text(v);
    int p = 0;
    double x = v;
    if (unit == Unit::BytePerSecond) { // bandwidth reads best in GB/s
        x = v / 1e9;
        std::snprintf(buf, sizeof buf, "%.2f GB/s", x);
        return buf;
    }
    while (std::fabs(x) >= 1000.0 && p < 6) {
        x /= 1000.0;
        ++p;
    }
    const char* u = unit == Unit::FlopPerSecond ? "FLOPs/s" : "OPs/s";
    std::snprintf(buf, sizeof buf, "%.3f %s%s", x, prefixes[p], u);
    return buf;
}

std::string format_ratio(double r) {
    char buf[32];
    if (!(r > 0) || !std::isfinite(r)) return "";
    if (r >= 0.95) {
        if (r < 9.5 && std::fabs(r - std::round(r)) > 0.15)
            std::snprintf(buf, sizeof buf, "%.1fx", r);
        else
            std::snprintf(buf, sizeof buf, "%.0fx", r);
    } else if (std::fabs(r - 2.0 / 3.0) < 0.04) {
        return "2/3";
    } else if (r >= 0.5) { // "1/1" would hide a 20% gap
        std::snprintf(buf, sizeof buf, "%.1fx", r);
    } else {
        std::snprintf(buf, sizeof buf, "1/%.0f", 1.0 / r);
    }
    return buf;
}

std::string format_percent(double fraction, bool with_sign) {
    char buf[32];
    std::snprintf(buf, sizeof buf, with_sign ? "%+.1f%%" : "%.1f%%", 100.0 * fraction);
    return buf;
}

std::string format_significant(double v, int digits) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.*g", digits, v);
    return buf;
}

} // namespace clgauge

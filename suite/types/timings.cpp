#include "types/timings.hpp"

namespace clgauge {

const char* timer_source_name(TimerSource s) {
    return s == TimerSource::Host ? "host" : "device";
}

} // namespace clgauge

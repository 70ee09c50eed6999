#include "types/benchmark.hpp"

namespace clgauge {

const char* unit_name(Unit u) {
    switch (u) {
    case Unit::FlopPerSecond:
        return "FLOP/s";
    case Unit::OpPerSecond:
        return "OP/s";
    case Unit::BytePerSecond:
        return "B/s";
    case Unit::Seconds:
        return "s";
    }
    return "?";
}

} // namespace clgauge

#include "types/benchmark.hpp"

#include <iterator>

namespace clgauge {

const char* unit_name(Unit u) {
    static constexpr const char* kNames[] = {"FLOP/s", "OP/s", "B/s", "s"};
    static_assert(std::size(kNames) == size_t(Unit::Seconds) + 1, "a name for every unit");
    return kNames[size_t(u)];
}

} // namespace clgauge

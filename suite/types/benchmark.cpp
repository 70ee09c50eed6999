#include "types/benchmark.hpp"

#include <iterator>

namespace clgauge {

const char* unit_name(Unit u) {
    static constexpr const char* kNames[] = {"FLOP/s", "OP/s", "B/s", "s"};
    static_assert(std::size(kNames) == size_t(Unit::Seconds) + 1, "a name for every unit");
    return kNames[size_t(u)];
}

std::optional<Unit> unit_from_name(const std::string& name) {
    for (Unit u : {Unit::FlopPerSecond, Unit::OpPerSecond, Unit::BytePerSecond, Unit::Seconds})
        if (name == unit_name(u)) return u;
    return std::nullopt;
}

} // namespace clgauge

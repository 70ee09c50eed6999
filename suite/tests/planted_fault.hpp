// The self-tests' planted faults as data: one row a case, run by the one parameterized test
// in selftest_planted_faults.cpp. A family's selftest_*_faults.cpp lists its rows and
// instantiates them with INSTANTIATE_PLANTED_FAULTS.
#pragma once
#include "device_fixture.hpp"

#include <gtest/gtest.h>
#include <optional>
#include <string>
#include <vector>

namespace clgauge::test {

struct PlantedFault {
    std::string name;                // the case's name: what the fault does
    std::vector<std::string> ids;    // the entries it is planted in; each must fail
    std::optional<std::string> path; // the path it is planted on; the device's best if unset
    std::string from, to;            // the kernel text replaced, and its replacement
};
inline void PrintTo(const PlantedFault& f, std::ostream* os) {
    *os << f.name;
}

class PlantedFaultCase : public ::testing::TestWithParam<PlantedFault> {};

inline std::string planted_fault_name(const ::testing::TestParamInfo<PlantedFault>& info) {
    return info.param.name;
}

} // namespace clgauge::test

#define INSTANTIATE_PLANTED_FAULTS(family, rows)                                                   \
    INSTANTIATE_TEST_SUITE_P(family, PlantedFaultCase, ::testing::ValuesIn(rows),                  \
                             planted_fault_name)

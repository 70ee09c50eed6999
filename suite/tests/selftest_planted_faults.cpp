// label selftest: runs every planted-fault row (planted_fault.hpp) of the families'
// selftest_*_faults.cpp: with the fault planted, each of the row's entries must fail
// conformance (a skip where the device lacks the path).
#include "planted_fault.hpp"

namespace clgauge::test {
namespace {

TEST_P(PlantedFaultCase, IsCaught) {
    const PlantedFault& f = GetParam();
    for (const std::string& id : f.ids)
        expect_planted_fault_caught(id, f.from, f.to, f.path);
}

} // namespace
} // namespace clgauge::test

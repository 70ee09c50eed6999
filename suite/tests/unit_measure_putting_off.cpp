// label unit: the loop that puts an entry off while a build worker compiles its program
// (run/run_all.hpp: measure_putting_off): each position measured once, those that threw
// BuildPending after the others, in order, and nothing after `stop` says so.
#include "run/run_all.hpp"

#include <gtest/gtest.h>
#include <set>
#include <vector>

namespace clgauge {
namespace {

TEST(MeasurePuttingOff, AnEntryPutOffIsMeasuredAfterTheOthers) {
    std::set<size_t> pending = {0, 2};
    std::vector<size_t> measured;
    measure_putting_off(4, [&](size_t i) {
        if (pending.erase(i)) throw BuildPending{"k" + std::to_string(i)};
        measured.push_back(i);
    });
    EXPECT_EQ(measured, (std::vector<size_t>{1, 3, 0, 2}));
}

TEST(MeasurePuttingOff, StopEndsItPutOffEntriesToo) {
    std::vector<size_t> measured;
    bool put_off = false;
    measure_putting_off(
        4,
        [&](size_t i) {
            if (i == 0 && !put_off) {
                put_off = true;
                throw BuildPending{"k0"};
            }
            measured.push_back(i);
        },
        [&] { return measured.size() == 2; }); // the second measured one "hung"
    EXPECT_EQ(measured, (std::vector<size_t>{1, 2})) << "measured on after the stop";
}

} // namespace
} // namespace clgauge

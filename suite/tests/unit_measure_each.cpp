// label unit: the one loop over what a run measures on a device (run/measure_each.hpp) and its
// progress line: each position measured once, those that threw BuildPending after the others,
// and after a hang nothing launched, every later position passed over as not run.
#include "core/program_cache.hpp"
#include "run/measure_each.hpp"

#include <gtest/gtest.h>
#include <set>
#include <sstream>
#include <vector>

namespace clgauge {
namespace {

EachMeasured counting(size_t n, std::vector<size_t>& measured, std::vector<size_t>& not_run,
                      const std::function<Status(size_t)>& status) {
    EachMeasured loop;
    loop.count = n;
    loop.name = [](size_t i) { return "e" + std::to_string(i); };
    loop.measure = [&measured, status](size_t i) {
        const Status s = status(i);
        measured.push_back(i);
        return s;
    };
    loop.not_run = [&not_run](size_t i) { not_run.push_back(i); };
    return loop;
}

TEST(MeasureEach, AnEntryPutOffIsMeasuredAfterTheOthers) {
    std::set<size_t> pending = {0, 2};
    std::vector<size_t> measured, not_run;
    const bool hung = measure_each(counting(4, measured, not_run,
                                            [&](size_t i) {
                                                if (pending.erase(i))
                                                    throw BuildPending{"k" + std::to_string(i)};
                                                return Status::Ok;
                                            }),
                                   nullptr);
    EXPECT_FALSE(hung);
    EXPECT_EQ(measured, (std::vector<size_t>{1, 3, 0, 2}));
    EXPECT_TRUE(not_run.empty());
}

// A failure is the entry's own; a timeout leaves the device untrusted: nothing after it is
// launched, an entry put off before it included, and each is passed over, in order.
TEST(MeasureEach, AfterAHangNothingIsLaunchedAndTheRestAreNotRun) {
    std::vector<size_t> measured, not_run;
    bool put_off = false;
    const bool hung = measure_each(counting(5, measured, not_run,
                                            [&](size_t i) {
                                                if (i == 0 && !put_off) {
                                                    put_off = true;
                                                    throw BuildPending{"k0"};
                                                }
                                                if (i == 1) return Status::VerifyFailed;
                                                return i == 3 ? Status::Timeout : Status::Ok;
                                            }),
                                   nullptr);
    EXPECT_TRUE(hung);
    EXPECT_EQ(measured, (std::vector<size_t>{1, 2, 3})) << "launched after the hang";
    EXPECT_EQ(not_run, (std::vector<size_t>{4, 0}));
}

TEST(MeasureEach, TheOrderGivenIsTheOrderMeasured) {
    std::vector<size_t> measured, not_run;
    EachMeasured loop = counting(3, measured, not_run, [](size_t) { return Status::Ok; });
    loop.order = {2, 0, 1};
    EXPECT_FALSE(measure_each(loop, nullptr));
    EXPECT_EQ(measured, (std::vector<size_t>{2, 0, 1}));
}

// The line names the entry being measured, with its stage, and is gone when the loop ends.
TEST(MeasureEach, TheProgressLineIsShownAndCleared) {
    std::ostringstream out;
    std::vector<size_t> measured, not_run;
    ProgressLine line(&out);
    EachMeasured loop = counting(2, measured, not_run, [](size_t) { return Status::Ok; });
    loop.stage = "round 2/3";
    measure_each(loop, &line);
    const std::string text = out.str();
    EXPECT_NE(text.find("\r[round 2/3, 1/2] e0"), std::string::npos) << text;
    EXPECT_NE(text.find("\r[round 2/3, 2/2] e1"), std::string::npos) << text;
    EXPECT_EQ(text.substr(text.size() - 1), "\r") << "the line was not cleared";
    line.clear();
    EXPECT_EQ(out.str().size(), text.size()) << "cleared twice";
}

} // namespace
} // namespace clgauge

// The queue the perf.measure processes of one ctest run share (perf_queue.hpp): longest first
// by recorded cost, each entry handed out once, and the cost memo merged, not overwritten.
#include "perf_queue.hpp"
#include "test_dir.hpp"

#include <fstream>
#include <future>
#include <gtest/gtest.h>
#include <set>

namespace clgauge::test {
namespace {

TEST(PerfQueue, LongestFirstWithUnknownCostsAhead) {
    const PerfCosts costs = {
        {"fp32.fma", 0.4}, {"atomic.global.cmpxchg.u32", 19.5}, {"mem.coalesced.read", 1.2}};
    EXPECT_EQ(longest_first({"fp32.fma", "new.entry", "mem.coalesced.read",
                             "atomic.global.cmpxchg.u32", "other.new"},
                            costs),
              (std::vector<std::string>{"new.entry", "other.new", "atomic.global.cmpxchg.u32",
                                        "mem.coalesced.read", "fp32.fma"}));
}

TEST(PerfQueue, HandsOutEachEntryOnceInTheFirstCallersOrder) {
    const auto dir = fresh_test_dir("perf-queue");
    PerfQueue a(dir.string(), "settings"), b(dir.string(), "settings");
    EXPECT_FALSE(a.exhausted());
    EXPECT_EQ(a.next({"x", "y", "z"}), "x");
    EXPECT_EQ(b.next({"z", "y", "x"}), "y"); // the queue's order, not the late caller's
    EXPECT_EQ(a.next({"x", "y", "z"}), "z");
    EXPECT_EQ(b.next({"x", "y", "z"}), std::nullopt);
    EXPECT_TRUE(b.exhausted());
    // Another run's settings: its queue is laid out afresh.
    PerfQueue c(dir.string(), "other settings");
    EXPECT_FALSE(c.exhausted());
    EXPECT_EQ(c.next({"x"}), "x");
    std::filesystem::remove_all(dir);
}

// Entries one device at a time may measure are spread through the order, not left in one
// block where several devices would wait on each other: two among six land at the second and
// fifth places, and every entry is there once, each group in its order.
TEST(PerfQueue, HostTimedEntriesAreSpreadThroughTheOrder) {
    const std::vector<std::string> ids = {"a", "b", "c", "d", "x1", "x2"};
    const auto order = spread_out(ids, [](const std::string& id) { return id[0] == 'x'; });
    EXPECT_EQ(order, (std::vector<std::string>{"a", "x1", "b", "c", "x2", "d"}));
    const auto none = spread_out(ids, [](const std::string&) { return false; });
    EXPECT_EQ(none, ids);
    const auto all = spread_out(ids, [](const std::string&) { return true; });
    EXPECT_EQ(all, ids);
}

// An entry a process passes over (a host-timed one while another device times one) stays in
// the queue for the next taker, in its place; a process that passes over everything left is
// told that entries remain. The planted twin: a queue that took what it was asked about would
// lose "y" to the process that declined it.
TEST(PerfQueue, AnEntryPassedOverStaysForTheNextTaker) {
    const auto dir = fresh_test_dir("perf-queue");
    PerfQueue a(dir.string(), "settings"), b(dir.string(), "settings");
    const std::vector<std::string> order = {"x", "y", "z"};
    auto not_y = [](const std::string& id) { return id != "y"; };
    EXPECT_EQ(a.next(order, not_y), "x");
    EXPECT_EQ(a.next(order, not_y), "z") << "y was not passed over";
    bool declined = false;
    EXPECT_EQ(a.next(order, not_y, &declined), std::nullopt);
    EXPECT_TRUE(declined) << "y was taken by the process that declined it";
    EXPECT_FALSE(a.exhausted());
    EXPECT_EQ(b.next(order, {}, &declined), "y");
    EXPECT_FALSE(declined);
    EXPECT_EQ(b.next(order, {}, &declined), std::nullopt);
    EXPECT_FALSE(declined) << "nothing is left, yet entries are said to remain";
    EXPECT_TRUE(b.exhausted());
    std::filesystem::remove_all(dir);
}

TEST(PerfQueue, AnEntryPutOffIsMeasuredOnceItsProgramIsBuilt) {
    PutOffEntries put_off;
    std::set<std::string> building = {"p-long", "p-mid"};
    auto is_building = [&](const std::string& p) { return building.count(p) > 0; };
    put_off.put_off("mma.i2", "p-long");
    put_off.put_off("mma.i4", "p-mid");
    EXPECT_FALSE(put_off.built(is_building)) << "taken while its program was being built";
    building.erase("p-mid");
    EXPECT_EQ(put_off.built(is_building), "mma.i4") << "not taken once its program was built";
    EXPECT_FALSE(put_off.built(is_building));
    EXPECT_EQ(put_off.size(), 1u);
    EXPECT_EQ(put_off.next_left(), "mma.i2") << "one still waiting is not measured last";
    EXPECT_FALSE(put_off.next_left());
}

TEST(PerfQueue, ProcessesAtOnceTakeEveryEntryExactlyOnce) {
    const auto dir = fresh_test_dir("perf-queue");
    std::vector<std::string> ids;
    for (int i = 0; i < 200; ++i)
        ids.push_back("e" + std::to_string(i));
    auto drain = [&] {
        PerfQueue q(dir.string(), "s");
        std::vector<std::string> got;
        while (const auto id = q.next(ids))
            got.push_back(*id);
        return got;
    };
    auto f1 = std::async(std::launch::async, drain), f2 = std::async(std::launch::async, drain);
    std::multiset<std::string> all;
    for (auto* f : {&f1, &f2})
        for (const auto& id : f->get())
            all.insert(id);
    EXPECT_EQ(all.size(), ids.size());
    EXPECT_EQ(std::set<std::string>(all.begin(), all.end()).size(), ids.size());
    std::filesystem::remove_all(dir);
}

TEST(PerfQueue, CostMemoKeepsOtherDevicesAndEntries) {
    const auto dir = fresh_test_dir("perf-costs");
    std::filesystem::create_directories(dir);
    const std::string memo = (dir / "costs.json").string();
    EXPECT_TRUE(read_perf_costs(memo, "NVIDIA H200").empty());
    remember_perf_cost(memo, "NVIDIA H200", "fp32.fma", 0.4);
    remember_perf_cost(memo, "NVIDIA H200", "mem.coalesced.read", 1.25);
    remember_perf_cost(memo, "NVIDIA H100 80GB HBM3", "fp32.fma", 0.5);
    remember_perf_cost(memo, "NVIDIA H200", "fp32.fma", 0.45);
    EXPECT_EQ(read_perf_costs(memo, "NVIDIA H200"),
              (PerfCosts{{"fp32.fma", 0.45}, {"mem.coalesced.read", 1.25}}));
    EXPECT_EQ(read_perf_costs(memo, "NVIDIA H100 80GB HBM3"), (PerfCosts{{"fp32.fma", 0.5}}));
    // A device the memo lacks is ordered by another device's costs rather than by none.
    EXPECT_FALSE(read_perf_costs(memo, "NVIDIA B200").empty());
    std::ofstream(memo) << "not json";
    EXPECT_TRUE(read_perf_costs(memo, "NVIDIA H200").empty());
    std::filesystem::remove_all(dir);
}

// A measuring process killed while it rewrote the memo leaves its temporary file; the next
// writer, holding the memo's lock, removes it, and nothing else.
TEST(PerfQueue, CostMemoRemovesAKilledWritersTemporaryFile) {
    const auto dir = fresh_test_dir("perf-costs");
    std::filesystem::create_directories(dir);
    const std::string memo = (dir / "costs.json").string();
    const auto left = dir / ".costs.json.Ab3dEf", other = dir / ".costs.json.lock.Ab3dEf";
    std::ofstream(left) << "{";
    std::ofstream(other) << "kept";
    remember_perf_cost(memo, "NVIDIA H200", "fp32.fma", 0.4);
    EXPECT_FALSE(std::filesystem::exists(left)) << "the killed writer's file was left";
    EXPECT_TRUE(std::filesystem::exists(other)) << "a file of another name was removed";
    EXPECT_EQ(read_perf_costs(memo, "NVIDIA H200"), (PerfCosts{{"fp32.fma", 0.4}}));
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace clgauge::test

// label unit: the sub-group lane map, geometry choices and CPU model: no device needed.
#include "harness/lane_map.hpp"
#include "harness/subgroup.hpp"
#include "reference/subgroup.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

namespace clgauge {
namespace {

// A map as a device with consecutive sub-groups of `max` lanes would record it.
std::vector<uint32_t> consecutive_map(size_t groups, size_t local, uint32_t max) {
    std::vector<uint32_t> w;
    for (size_t g = 0; g < groups; ++g)
        for (size_t l = 0; l < local; ++l) {
            const uint32_t sid = uint32_t(l / max), lane = uint32_t(l % max);
            const uint32_t size = std::min<uint32_t>(max, uint32_t(local - sid * max));
            w.insert(w.end(), {sid, lane, size, max});
        }
    return w;
}

TEST(LaneMap, PartialLastSubGroup) {
    const LaneMap m = parse_lane_map(consecutive_map(3, 41, 16), 41);
    ASSERT_TRUE(m.ok()) << m.error;
    EXPECT_EQ(m.subgroups.size(), 9u);
    EXPECT_EQ(m.per_group, 3u);
    EXPECT_EQ(m.sizes, (std::set<uint32_t>{9, 16}));
    EXPECT_EQ(m.subgroups[2].gid, (std::vector<uint32_t>{32, 33, 34, 35, 36, 37, 38, 39, 40}));
    EXPECT_EQ(m.subgroups[4].region, (1u * 3 + 1) * 32);
    EXPECT_EQ(m.subgroup_of[50], 3u); // work-group 1, sub-group 0
    EXPECT_EQ(m.lane_of[50], 9u);
}

// PoCL on a CPU offers sub-groups of up to 512 lanes: nothing may assume 128 or a power of 2.
TEST(LaneMap, WideAndOddSizes) {
    for (uint32_t max : {1u, 3u, 7u, 100u, 129u, 512u}) {
        const size_t local = 2 * max + max / 2 + 1;
        const LaneMap m = parse_lane_map(consecutive_map(2, local, max), local);
        ASSERT_TRUE(m.ok()) << max << ": " << m.error;
        EXPECT_EQ(*m.sizes.rbegin(), max);
        EXPECT_EQ(m.max_size, max);
    }
}

TEST(LaneMap, ScrambledLanesAreFollowed) {
    // One work-group of 8 whose lanes run backwards: the map, not an assumption, decides.
    std::vector<uint32_t> w;
    for (uint32_t l = 0; l < 8; ++l)
        w.insert(w.end(), {0, 7 - l, 8, 8});
    const LaneMap m = parse_lane_map(w, 8);
    ASSERT_TRUE(m.ok()) << m.error;
    EXPECT_EQ(m.subgroups[0].gid, (std::vector<uint32_t>{7, 6, 5, 4, 3, 2, 1, 0}));
}

TEST(LaneMap, InconsistentMapsAreRejected) {
    auto broken = [](auto edit) {
        auto w = consecutive_map(2, 32, 16);
        edit(w);
        return parse_lane_map(w, 32);
    };
    EXPECT_FALSE(broken([](auto& w) { w[1 * 4 + 1] = 0; }).ok());  // lane 0 twice
    EXPECT_FALSE(broken([](auto& w) { w[5 * 4 + 2] = 15; }).ok()); // size disagrees
    EXPECT_FALSE(broken([](auto& w) { w[5 * 4 + 0] = 2; }).ok());  // id beyond 32/16
    EXPECT_FALSE(broken([](auto& w) { w[5 * 4 + 3] = 32; }).ok()); // max disagrees
    EXPECT_FALSE(broken([](auto& w) { w[5 * 4 + 1] = 16; }).ok()); // lane >= size
    EXPECT_NE(broken([](auto& w) { w[1 * 4 + 1] = 0; }).error.find("lane already taken"),
              std::string::npos);
    EXPECT_FALSE(parse_lane_map(std::vector<uint32_t>(4 * 30), 16).ok()); // 30 items, groups of 16
}

TEST(SubgroupGeometry, LocalSizesIncludePartialAndSingle) {
    const auto v = subgroup_local_sizes(16, 1024);
    EXPECT_EQ(v, (std::vector<size_t>{64, 41, 1}));
    for (size_t e : {1u, 3u, 8u, 32u, 64u, 512u})
        for (size_t n : subgroup_local_sizes(e, 4096)) {
            EXPECT_LE(n, 4096u);
            EXPECT_GE(n, 1u);
        }
    EXPECT_NE(subgroup_local_sizes(32, 1024)[1] % 32, 0u); // partial last sub-group
    EXPECT_EQ(subgroup_local_sizes(512, 256), (std::vector<size_t>{256, 1}));
}

TEST(SubgroupGeometry, OfferedSizesAreSpread) {
    std::vector<size_t> many(512);
    std::iota(many.begin(), many.end(), 1);
    const auto v = pick_subgroup_sizes(many, 8);
    EXPECT_EQ(v.size(), 8u);
    EXPECT_EQ(v.front(), 1u);
    EXPECT_EQ(v.back(), 512u);
    EXPECT_TRUE(std::is_sorted(v.begin(), v.end()));
    EXPECT_EQ(pick_subgroup_sizes({32, 16, 8, 16}, 8), (std::vector<size_t>{8, 16, 32}));
}

ref::subgroup::SubGroup make_group(uint32_t n, uint32_t first_gid) {
    ref::subgroup::SubGroup g;
    g.max_size = n;
    for (uint32_t k = 0; k < n; ++k)
        g.gid.push_back(first_gid + k);
    return g;
}

TEST(SubgroupReference, ExactFloatsSumInAnyOrder) {
    // 4096 lanes of k/256: forwards, backwards and pairwise sums agree bit for bit.
    std::vector<float> v(4096);
    for (uint32_t i = 0; i < v.size(); ++i)
        v[i] = ref::subgroup::exact_f32(ref::rand(7, i, 2) | 0xfff00000u * (i & 1));
    float fwd = 0, bwd = 0;
    for (float x : v)
        fwd += x;
    for (auto it = v.rbegin(); it != v.rend(); ++it)
        bwd += *it;
    std::vector<float> tree = v;
    while (tree.size() > 1) {
        std::vector<float> next;
        for (size_t i = 0; i + 1 < tree.size(); i += 2)
            next.push_back(tree[i] + tree[i + 1]);
        tree = next;
    }
    EXPECT_EQ(fwd, bwd);
    EXPECT_EQ(fwd, tree[0]);
}

TEST(SubgroupReference, SingleLaneChainsStayAlive) {
    // In a sub-group of one lane every operation returns the lane's own value; the chains
    // must still give a different word to every work-item after many steps.
    std::set<uint32_t> shuffled, reduced, broadcast;
    for (uint32_t gid = 0; gid < 64; ++gid) {
        uint32_t out[3] = {};
        const auto g = make_group(1, gid);
        ref::subgroup::shuffle(1, 4096, g, out);
        shuffled.insert(out[0]);
        ref::subgroup::reduce_add(1, 4096, g, out);
        reduced.insert(out[1]);
        ref::subgroup::broadcast(1, 4096, g, out);
        broadcast.insert(out[1]);
    }
    EXPECT_EQ(shuffled.size(), 64u);
    EXPECT_EQ(reduced.size(), 64u);
    EXPECT_GT(broadcast.size(), 32u); // y keeps 23 random bits per step
}

TEST(SubgroupReference, ShuffleXorWithoutPartnerTakesComplement) {
    // Size 3: lane 2 has no partner for mask 1 (2 ^ 1 = 3); after one step the model must use ~x.
    const auto g = make_group(3, 0);
    uint32_t out[3];
    ref::subgroup::shuffle_xor(5, 1, g, out);
    const uint32_t m = (ref::rand(5, 0, 17) * 5u + 3u) & 3u;
    for (uint32_t k = 0; k < 3; ++k) {
        const uint32_t x = ref::rand(5, k, 0);
        const uint32_t v = (k ^ m) < 3 ? ref::rand(5, k ^ m, 0) : ~x;
        EXPECT_EQ(out[k], x * ref::subgroup::kM1 + ref::subgroup::rotl(v, 13)) << k;
    }
}

TEST(SubgroupReference, BlockWritesStayInTheRegion) {
    auto g = make_group(9, 0);
    g.max_size = 16;
    g.region = 32;
    std::vector<uint32_t> mem(96, 0xdeadbeefu);
    ref::subgroup::block_write(3, 64, g, mem);
    size_t written = 0;
    for (size_t w = 0; w < mem.size(); ++w) {
        const bool inside = w >= 32 && w < 64 && ((w - 32) % 16) < 9;
        if (mem[w] != 0xdeadbeefu) {
            EXPECT_TRUE(inside) << w;
            ++written;
        }
    }
    EXPECT_EQ(written, 18u); // both offsets (0 and the max size) were used
}

} // namespace
} // namespace clgauge

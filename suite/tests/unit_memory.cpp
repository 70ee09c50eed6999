// label unit: the memory, stream, transfer and launch references, the bandwidth table and the
// link estimate.
#include "core/memory_peak.hpp"
#include "measure/verify.hpp"
#include "reference/block.hpp"
#include "reference/launch.hpp"
#include "reference/stream.hpp"
#include "reference/transfer.hpp"
#include "report/console.hpp"
#include "types/benchmark.hpp"

#include <bit>
#include <gtest/gtest.h>
#include <set>

namespace clgauge {
namespace {

constexpr uint32_t kSeed = 0x5eed2026u;

uint32_t sum_of_words(const ref::MemLaunch& l, size_t words) {
    uint32_t s = 0;
    for (size_t i = 0; i < words; ++i)
        s += ref::mem_word(l.seed, uint32_t(i), 0);
    return s;
}

// Every read pattern visits every word exactly once across its work-items: the checksums add
// up to the sum of the whole array, and no two items cover the same words.
TEST(MemoryReference, ReadPatternsCoverEveryWordOnce) {
    for (unsigned vec : {1u, 4u, 16u}) {
        const ref::MemLaunch l{kSeed, 1000, 96, vec, 0};
        uint32_t total = 0;
        for (size_t g = 0; g < l.items; ++g)
            total += uint32_t(ref::coalesced_read(l, g));
        EXPECT_EQ(total, sum_of_words(l, l.n * vec)) << "vec " << vec;
    }
    for (unsigned tile : {1u, 2u, 16u}) {
        const size_t local = 32, groups = 5;
        const ref::MemLaunch l{kSeed, groups * local * tile, groups * local, 4, 0, local, tile};
        uint32_t total = 0;
        std::set<uint64_t> seen;
        for (size_t g = 0; g < l.items; ++g) {
            total += uint32_t(ref::coalesced_read(l, g));
            seen.insert(ref::coalesced_read(l, g));
        }
        EXPECT_EQ(total, sum_of_words(l, l.n * 4)) << "tile " << tile;
        EXPECT_GT(seen.size(), l.items - 2) << "tile " << tile;
    }
    for (unsigned stride : {1u, 2u, 8u, 32u}) {
        const ref::MemLaunch l{kSeed, 64 * 40, 24, 1, stride};
        uint32_t total = 0;
        for (size_t g = 0; g < l.items; ++g)
            total += uint32_t(ref::strided_read(l, g));
        EXPECT_EQ(total, sum_of_words(l, l.n)) << "stride " << stride;
    }
    const ref::MemLaunch m{kSeed, 16 * 50, 50, 1, 16};
    uint32_t total = 0;
    for (size_t g = 0; g < m.items; ++g)
        total += uint32_t(ref::misaligned_read(m, g));
    EXPECT_EQ(total, sum_of_words(m, m.n));
}

TEST(MemoryReference, ChecksumsAreDistinctAndSensitive) {
    const ref::MemLaunch l{kSeed, 4096, 256, 8, 0};
    std::set<uint64_t> seen;
    for (size_t g = 0; g < l.items; ++g)
        seen.insert(ref::coalesced_read(l, g));
    EXPECT_GT(seen.size(), 250u);
    // One unit fewer (a dropped remainder) changes the last items' sums.
    ref::MemLaunch shorter = l;
    shorter.n -= 1;
    EXPECT_NE(ref::coalesced_read(l, (l.n - 1) % l.items),
              ref::coalesced_read(shorter, (l.n - 1) % l.items));
    // The block read's lanes are a one-word coalesced read over groups x work-group size.
    const ref::MemLaunch b{kSeed, 256 * 40, 256 * 3, 1, 0};
    EXPECT_EQ(ref::block_read(b, 300), ref::coalesced_read(b, 300));
}

TEST(MemoryReference, WritePatternDiffersEveryWord) {
    const ref::MemLaunch l{kSeed, 1 << 16, 0, 1, 0};
    std::set<uint64_t> seen;
    for (size_t i = 0; i < l.n; ++i)
        seen.insert(ref::pattern_word(l, i));
    EXPECT_EQ(seen.size(), l.n);
    EXPECT_NE(ref::pattern_word(l, 5), ref::pattern_word({kSeed + 1, l.n, 0, 1, 0}, 5));
}

TEST(StreamReference, ValuesAreExactIeeeResults) {
    const ref::MemLaunch l{kSeed, 1000, 0, 1, 0};
    const float a = ref::StreamData<float>::at(kSeed, 7, 0),
                b = ref::StreamData<float>::at(kSeed, 7, 1),
                c = ref::StreamData<float>::at(kSeed, 7, 2),
                s = ref::StreamData<float>::scalar(kSeed);
    EXPECT_GE(a, 1.0f);
    EXPECT_LT(a, 2.0f);
    EXPECT_GE(s, 0.5f);
    EXPECT_LT(s, 1.0f);
    EXPECT_EQ(ref::stream_copy<float>(l, 7), std::bit_cast<uint32_t>(a));
    EXPECT_EQ(ref::stream_scale<float>(l, 7), std::bit_cast<uint32_t>(s * a));
    EXPECT_EQ(ref::stream_add<float>(l, 7), std::bit_cast<uint32_t>(a + b));
    EXPECT_EQ(ref::stream_triad<float>(l, 7), std::bit_cast<uint32_t>(std::fma(b, c, a)));
    EXPECT_EQ(ref::stream_init<float>(l, 7), std::bit_cast<uint32_t>(s * 7.0f));
    // fma and a separately rounded multiply-add differ on some elements: the check can tell.
    size_t differ = 0;
    for (size_t i = 0; i < 1000; ++i) {
        const float x = ref::StreamData<float>::at(kSeed, i, 0),
                    y = ref::StreamData<float>::at(kSeed, i, 1),
                    z = ref::StreamData<float>::at(kSeed, i, 2);
        volatile float prod = y * z;
        differ += std::bit_cast<uint32_t>(float(prod + x)) != ref::stream_triad<float>(l, i);
    }
    EXPECT_GT(differ, 10u);
    const ref::MemLaunch d{kSeed, 1000, 10, 1, 0};
    const double sum = std::bit_cast<double>(ref::stream_read<double>(d, 3));
    EXPECT_GT(sum, 100.0);
    EXPECT_LT(sum, 200.0);
}

TEST(TransferReference, StreamsDifferAndLaunchWordsAreDistinct) {
    size_t same = 0;
    for (uint32_t i = 0; i < 1000; ++i)
        same += ref::sent_word(kSeed, i) == ref::received_word(kSeed, i);
    EXPECT_LT(same, 2u);
    std::set<uint32_t> seen;
    for (uint32_t i = 0; i < 1000; ++i)
        seen.insert(ref::launch_word(kSeed, i));
    EXPECT_EQ(seen.size(), 1000u);
}

TEST(MemoryPeak, KnownDevicesByName) {
    DeviceFacts f;
    f.type = CL_DEVICE_TYPE_GPU;
    f.global_mem = 141ull << 30;
    f.name = "NVIDIA H200";
    ASSERT_TRUE(memory_peak(f));
    EXPECT_DOUBLE_EQ(memory_peak(f)->bytes_per_second, 4.8e12);
    f.name = "NVIDIA H100 80GB HBM3";
    EXPECT_DOUBLE_EQ(memory_peak(f)->bytes_per_second, 3.35e12);
    f.name = "NVIDIA H100 NVL";
    EXPECT_DOUBLE_EQ(memory_peak(f)->bytes_per_second, 3.9e12);
    f.name = "NVIDIA A100-SXM4-80GB";
    EXPECT_DOUBLE_EQ(memory_peak(f)->bytes_per_second, 2.039e12);
    f.name = "Intel(R) Arc(TM) A770 Graphics";
    f.global_mem = 8127ull << 20;
    EXPECT_DOUBLE_EQ(memory_peak(f)->bytes_per_second, 0.512e12);
    f.name = "Some Future GPU";
    EXPECT_FALSE(memory_peak(f));
    f.name = "NVIDIA H200";
    f.type = CL_DEVICE_TYPE_CPU;
    EXPECT_FALSE(memory_peak(f)); // host memory is not in the table
}

TEST(LinkEstimate, GenerationFromPerDirectionRate) {
    EXPECT_NEAR(pcie_bytes_per_second(5, 16), 63.0e9, 0.1e9);
    EXPECT_NEAR(pcie_bytes_per_second(3, 16), 15.75e9, 0.05e9);
    EXPECT_NEAR(pcie_bytes_per_second(2, 16), 8.0e9, 0.01e9);
    double x16[7] = {};
    for (int g = 1; g <= 6; ++g)
        x16[g] = pcie_bytes_per_second(g, 16);
    EXPECT_EQ(ref::pcie_generation_for(55e9, x16), 5);
    EXPECT_EQ(ref::pcie_generation_for(26e9, x16), 4);
    EXPECT_EQ(ref::pcie_generation_for(13e9, x16), 3);
    EXPECT_EQ(ref::pcie_generation_for(8.5e9, x16), 3); // an Arc A770 in a Gen3 x16 slot
    EXPECT_EQ(ref::pcie_generation_for(400e9, x16), 0);
}

TEST(Console, LongIdsKeepTheValueAndTheNote) {
    Benchmark b;
    b.id = "xfer.bidir.pageable";
    b.label = "PCIe bidir";
    b.unit = Unit::BytePerSecond;
    Measurement m;
    m.status = Status::Ok;
    m.work_per_launch = 110e9;
    m.timings.device.median = 1.0;
    m.details = {{"label_note", "Gen5 x16"}, {"share", "87%"}};
    const std::string row = result_row({&b, m}, 0);
    EXPECT_NE(row.find("xfer.bidir.pageable"), std::string::npos) << row;
    EXPECT_NE(row.find("(Gen5 x16)"), std::string::npos) << row;
    EXPECT_NE(row.find("110.00 GB/s"), std::string::npos) << row;
    EXPECT_NE(row.find("(87%)"), std::string::npos) << row;
    EXPECT_LE(row.size(), 75u) << row;
}

TEST(Measurement, LatencyFigureIsTheMedianTime) {
    Measurement m;
    m.status = Status::Ok;
    m.timings.device.median = 12e-6;
    m.work_per_launch = 1;
    EXPECT_DOUBLE_EQ(m.rate(), 1.0 / 12e-6);
    m.time_is_figure = true;
    EXPECT_DOUBLE_EQ(m.rate(), 12e-6);
}

} // namespace
} // namespace clgauge

// label selftest: read_items reads back what a check samples, from the device, in the order of
// the sample: each item's own words where the sample is a few of many (a perf check), the
// whole buffer where it is all of them; 4- and 8-byte words.
#include "device_fixture.hpp"
#include "harness/launch.hpp"
#include "measure/verify.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

namespace clgauge::test {
namespace {

// A buffer of `items` items of `per_item` words of `wb` bytes, word k holding a hash of k.
std::vector<uint64_t> hashed_words(size_t count, size_t wb) {
    std::vector<uint64_t> w(count);
    for (size_t k = 0; k < count; ++k) {
        const uint64_t h = (k + 1) * 0x9e3779b97f4a7c15ull;
        w[k] = wb == 8 ? h : h >> 32;
    }
    return w;
}

void check_reads(size_t wb) {
    Session& s = device_session();
    constexpr size_t kItems = 100003, kPerItem = 3;
    const auto words = hashed_words(kItems * kPerItem, wb);
    std::vector<unsigned char> raw(words.size() * wb);
    for (size_t k = 0; k < words.size(); ++k)
        std::memcpy(raw.data() + k * wb, &words[k], wb);
    const cl::Buffer buf(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, raw.size(),
                         raw.data());
    for (const size_t sample : {size_t(37), kItems}) {
        const auto items = sample_items(kItems, sample);
        ASSERT_EQ(items.size() == kItems, sample == kItems);
        const auto got = read_items(s, buf, items, kItems, kPerItem, wb);
        ASSERT_EQ(got.size(), items.size() * kPerItem);
        size_t differ = 0;
        for (size_t i = 0; i < items.size(); ++i)
            for (size_t w = 0; w < kPerItem; ++w)
                differ += got[i * kPerItem + w] != words[items[i] * kPerItem + w];
        EXPECT_EQ(differ, 0u) << "sample of " << sample << ", " << wb << "-byte words";
    }
}

TEST(ReadItems, SampledAndWholeReadsHoldTheDevicesWords4) {
    check_reads(4);
}

TEST(ReadItems, SampledAndWholeReadsHoldTheDevicesWords8) {
    check_reads(8);
}

} // namespace
} // namespace clgauge::test

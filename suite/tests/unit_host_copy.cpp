// label unit: the transfer routes' pooled host copy moves every byte, whatever the size and
// however many copies in a row one pool makes.
#include "base/host_copy.hpp"

#include <cstdint>
#include <gtest/gtest.h>
#include <numeric>
#include <vector>

namespace clgauge {
namespace {

TEST(HostCopyPool, CopiesEveryByteOfEverySize) {
    constexpr size_t piece = HostCopyPool::kPieceBytes;
    const std::vector<size_t> sizes = {0,     1,         4095,           piece - 1,
                                       piece, piece + 1, 3 * piece + 17, 33 * piece + 4096};
    std::vector<uint8_t> src(sizes.back());
    std::iota(src.begin(), src.end(), uint8_t(7));
    for (unsigned threads : {1u, 3u, 8u}) {
        HostCopyPool pool(threads);
        EXPECT_EQ(pool.threads(), threads);
        for (int round = 0; round < 3; ++round) // one pool, many copies: its generations
            for (size_t bytes : sizes) {
                std::vector<uint8_t> dst(bytes + 1, 0xee);
                pool.copy(dst.data(), src.data(), bytes);
                EXPECT_TRUE(std::equal(dst.begin(), dst.begin() + bytes, src.begin()))
                    << bytes << " bytes, " << threads << " threads";
                EXPECT_EQ(dst[bytes], 0xee) << "wrote past " << bytes << " bytes";
            }
    }
}

} // namespace
} // namespace clgauge

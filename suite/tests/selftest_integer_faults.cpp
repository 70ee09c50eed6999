// label selftest: planted faults in the integer families (dp4a, sum, mod, tnn) must fail
// conformance. Faults in a path the device lacks (ptx, khr) are skips here and checked on
// a device that has it.
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

void expect_caught(const std::string& id, const std::string& path, const std::string& from,
                   const std::string& to) {
    expect_planted_fault_caught(id, from, to, path);
}

// Unsigned bytes where the variant says signed.
TEST(PlantedFault, Dp4aEmulatedUnsignedInsteadOfSigned) {
    expect_caught("dp4a.s8", "emulated", "convert_int4(as_char4(a)) * convert_int4(as_char4(b))",
                  "convert_int4(as_uchar4(a)) * convert_int4(as_uchar4(b))");
}
TEST(PlantedFault, Dp4aPtxUnsignedInsteadOfSigned) {
    expect_caught("dp4a.s8", "ptx", "dp4a.s32.s32", "dp4a.u32.u32");
}
TEST(PlantedFault, Dp4aPtxMixedSignsSwapped) {
    expect_caught("dp4a.su8", "ptx", "dp4a.s32.u32", "dp4a.u32.s32");
}
TEST(PlantedFault, Dp4aKhrUnsignedInsteadOfSigned) {
    expect_caught("dp4a.s8", "khr", "dot(as_char4(a), as_char4(b))",
                  "dot(as_uchar4(a), as_uchar4(b))");
}
TEST(PlantedFault, Dp4aEmulatedLaneDropped) {
    expect_caught("dp4a.u8", "emulated", "return p.x + p.y + p.z + p.w;",
                  "return p.x + p.y + p.z;");
}

// A rotation by a wrong amount (13 -> 12 in Sum0; 2 -> 3 in the Sbox).
TEST(PlantedFault, SumWrongRotation) {
    expect_caught("sum.sha256", "native", "rotate(x, 32u - 13u)", "rotate(x, 32u - 12u)");
}
TEST(PlantedFault, SboxWrongRotation) {
    expect_caught("sum.sbox", "native", "rotate(x, 2u)", "rotate(x, 3u)");
}

// The Proth step with its sign flipped: hi(x) + lo(x) * A.
TEST(PlantedFault, ModProthSignFlip) {
    expect_caught("mod.proth", "native", "(int)as_short2(v).s1 - (int)as_ushort2(v).s0",
                  "(int)as_short2(v).s1 + (int)as_ushort2(v).s0");
}
// The low half read as signed: still congruent-looking arithmetic, different bits.
TEST(PlantedFault, ModProthSignedLowHalf) {
    expect_caught("mod.proth", "native", "(int)as_ushort2(v).s0", "(int)as_short2(v).s0");
}

// Popcount of the wrong plane: c- counted lane-swapped (the total dot product is unchanged,
// only the split between the +1 and -1 trits of a is wrong).
TEST(PlantedFault, TnnPopcountOfWrongPlane) {
    expect_caught("tnn.popcount", "native", "popcount(r1)", "popcount(r1.s10)");
}
// c- built from the same planes as c+.
TEST(PlantedFault, TnnProductPlanesNotSwapped) {
    expect_caught("tnn.popcount", "native", "r1 = x & y.s10;", "r1 = x & y;");
}

} // namespace
} // namespace clgauge::test

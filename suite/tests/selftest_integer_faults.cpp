// label selftest: planted faults in the integer families (dp4a, sum, mod, tnn) must fail
// conformance. Faults in a path the device lacks (ptx, khr, amd) are skips here and checked on
// a device that has it.
#include "planted_fault.hpp"

namespace clgauge::test {
namespace {

const PlantedFault kFaults[] = {
    // Unsigned bytes where the variant says signed.
    {"Dp4aEmulatedUnsignedInsteadOfSigned",
     {"dp4a.s8"},
     "emulated",
     "convert_int4(as_char4(a)) * convert_int4(as_char4(b))",
     "convert_int4(as_uchar4(a)) * convert_int4(as_uchar4(b))"},
    {"Dp4aPtxUnsignedInsteadOfSigned", {"dp4a.s8"}, "ptx", "dp4a.s32.s32", "dp4a.u32.u32"},
    {"Dp4aPtxMixedSignsSwapped", {"dp4a.su8"}, "ptx", "dp4a.s32.u32", "dp4a.u32.s32"},
    {"Dp4aAmdUnsignedInsteadOfSigned",
     {"dp4a.s8"},
     "amd",
     "__builtin_amdgcn_sdot4((int)(a), (int)(b), (int)(c), false)",
     "__builtin_amdgcn_udot4(a, b, c, false)"},
    {"Dp4aKhrUnsignedInsteadOfSigned",
     {"dp4a.s8"},
     "khr",
     "dot(as_char4(a), as_char4(b))",
     "dot(as_uchar4(a), as_uchar4(b))"},
    {"Dp4aEmulatedLaneDropped",
     {"dp4a.u8"},
     "emulated",
     "return p.x + p.y + p.z + p.w;",
     "return p.x + p.y + p.z;"},
    // A rotation by a wrong amount (13 -> 12 in Sum0; 2 -> 3 in the Sbox).
    {"SumWrongRotation", {"sum.sha256"}, "native", "rotate(x, 32u - 13u)", "rotate(x, 32u - 12u)"},
    {"SboxWrongRotation", {"sum.sbox"}, "native", "rotate(x, 2u)", "rotate(x, 3u)"},
    // The Proth step with its sign flipped: hi(x) + lo(x) * A.
    {"ModProthSignFlip",
     {"mod.proth"},
     "native",
     "(int)as_short2(v).s1 - (int)as_ushort2(v).s0",
     "(int)as_short2(v).s1 + (int)as_ushort2(v).s0"},
    // The low half read as signed: still congruent-looking arithmetic, different bits.
    {"ModProthSignedLowHalf",
     {"mod.proth"},
     "native",
     "(int)as_ushort2(v).s0",
     "(int)as_short2(v).s0"},
    // Popcount of the wrong plane: c- counted lane-swapped (the total dot product is unchanged,
    // only the split between the +1 and -1 trits of a is wrong).
    {"TnnPopcountOfWrongPlane", {"tnn.popcount"}, "native", "popcount(r1)", "popcount(r1.s10)"},
    // c- built from the same planes as c+.
    {"TnnProductPlanesNotSwapped", {"tnn.popcount"}, "native", "r1 = x & y.s10;", "r1 = x & y;"},
};
INSTANTIATE_PLANTED_FAULTS(Integer, kFaults);

} // namespace
} // namespace clgauge::test

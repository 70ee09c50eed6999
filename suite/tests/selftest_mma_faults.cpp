// label selftest: planted faults in the MMA kernels must fail conformance. Each fault is
// planted on one path; paths the device lacks (ptx on a CPU) are skips with the reason.
#include "planted_fault.hpp"

namespace clgauge::test {
namespace {

// B read as its transpose: the kernel fetches element (n, k) where (k, n) belongs.
const char* kB = "CLG_B_ELEM(seed, tile, k, n)";
const char* kBt = "CLG_B_ELEM(seed, tile, n, k)";
// Every MMA starts from a zero accumulator instead of C.
const char* kAcc = "CLG_MMA_ACC(acc[t], acc[t],";
const char* kNoAcc = "CLG_MMA_ACC(acc[t], clg_acc_zero(),";
// The sparse metadata maps of kernels/include/clgauge_mma_ptx.h (16-bit and 8-bit).
const char* kMeta16 = "(clg_sparse_nibble(seed, tile, g, 4u * t + c) << (4u * c))";
const char* kMeta16Fault = "(clg_sparse_nibble(seed, tile, g + 8u, 4u * t + c) << (4u * c))";
const char* kMeta8 = "g + 8u * (t & 1u), 8u * (t >> 1) + c";
const char* kMeta8Fault = "g + 8u * (t >> 1), 8u * (t & 1u) + c";

const PlantedFault kFaults[] = {
    {"EmulatedTransposedB", {"mma.h", "mma.i8"}, "emulated", kB, kBt},
    {"EmulatedAccumulatorDropped", {"mma.bf", "mma.i4"}, "emulated", kAcc, kNoAcc},
    {"EmulatedI8SignednessSwapped", {"mma.i8"}, "emulated", "(int)(char)", "(int)(uchar)"},
    // Each lane's C element (m, n) summed over the B column of lane n + 1.
    {"EmulatedWrongBColumn",
     {"mma.f8"},
     "emulated",
     "sg[n * CLG_SHARE_WORDS + CLG_SHARE_B + w]",
     "sg[((n + 1u) % CLG_EMU_N) * CLG_SHARE_WORDS + CLG_SHARE_B + w]"},
    // The same on the sub-group built from warp shuffles (checked on an NVIDIA GPU).
    {"EmulatedPtxWrongBroadcastLane",
     {"mma.f8"},
     "emulated-ptx",
     "clg_sg_broadcast_u32((B).w[w_], n_)",
     "clg_sg_broadcast_u32((B).w[w_], (n_ + 1u) % CLG_EMU_N)"},
    // The fp8 chain's sign flips on A alone: a flipped pair adds -A*B where it adds A*B.
    {"EmulatedFp8SignsFlippedInAOnly",
     {"mma.f8", "mma.b8"},
     "emulated",
     "CLG_MMA_ACC(acc[t], acc[t], fa, clg_xor_b(b[t], flip));",
     "CLG_MMA_ACC(acc[t], acc[t], fa, b[t]);"},
    {"EmulatedTernaryPlanesSwapped",
     {"mma.i2"},
     "emulated",
     "popcount(ap & bp) + popcount(am & bm)",
     "popcount(ap & bm) + popcount(am & bm)"},
    {"EmulatedTf32NotTruncated",
     {"mma.tf"},
     "emulated",
     "as_float(b & 0xffffe000u)",
     "as_float(b)"},
    {"EmulatedMxScaleIgnored",
     {"mma.f4"},
     "emulated",
     "(clg_e8m0_to_f32(lw[CLG_SHARE_SA + m]) * clg_e8m0_to_f32(lw[CLG_SHARE_SB + n]))",
     "1.0f"},
    {"EmulatedPtxMxScaleIgnored",
     {"mma.f4"},
     "emulated-ptx",
     "(clg_e8m0_to_f32((A).s[m]) * clg_e8m0_to_f32((B).s[n]))",
     "1.0f"},
    // On AMD's MFMA path (checked on a gfx908 or gfx90a).
    {"MfmaTransposedB", {"mma.i8"}, "mfma", kB, kBt},
    // The same faults on the tensor-core paths (checked on an NVIDIA GPU).
    {"PtxTransposedB", {"mma.h", "mma.i8"}, "ptx", kB, kBt},
    {"PtxAccumulatorDropped", {"mma.h", "mma.i8", "mma.f8"}, "ptx", kAcc, kNoAcc},
    {"PtxF16AccumulatorDropped", {"mma.f8", "mma.b8"}, "ptx-f16", kAcc, kNoAcc},
    {"PtxI8SignednessSwapped", {"mma.i8"}, "ptx", ".s32.s8.s8.s32", ".s32.u8.u8.s32"},
    {"PtxTernaryNegativeDropped",
     {"mma.i2"},
     "ptx",
     "(uint)(c.c[i] - c.c[4u + i])",
     "(uint)c.c[i]"},
    // Sparse A: each fault on the local-memory emulation of mma.sp.sync (any device) and on
    // the tensor cores (an NVIDIA GPU). Row g's metadata nibbles taken from row g + 8:
    {"SparseMetadataRowsSwapped",
     {"mma.sp.h", "mma.sp.bf", "mma.sp.tf"},
     "emulated",
     kMeta16,
     kMeta16Fault},
    {"PtxSparseMetadataRowsSwapped", {"mma.sp.h"}, "ptx", kMeta16, kMeta16Fault},
    // The 8-bit map's lanes read as rows and chunks swapped (lane t: row g + 8 * (t / 2)).
    {"SparseI8MetadataLanesSwapped", {"mma.sp.i8"}, "emulated", kMeta8, kMeta8Fault},
    {"PtxSparseI8MetadataLanesSwapped", {"mma.sp.i8"}, "ptx", kMeta8, kMeta8Fault},
    // The two kept elements of a chunk stored in each other's place.
    {"SparseKeptPairSwapped",
     {"mma.sp.h", "mma.sp.i8"},
     "emulated",
     "CLG_SPARSE_INDEX(nib, cc % CLG_SPARSE_KEPT)",
     "CLG_SPARSE_INDEX(nib, (cc + 1u) % CLG_SPARSE_KEPT)"},
    // tf32's nibble read as an element index, not in 16-bit units (0xe would keep element 0).
    {"SparseTf32IndexInElements",
     {"mma.sp.tf"},
     "emulated",
     "#define CLG_SPARSE_INDEX(nib, slot) (((nib) & 3u) >> 1)",
     "#define CLG_SPARSE_INDEX(nib, slot) ((nib) & 1u)"},
    // And on Intel DPAS (checked on an Intel GPU with sub-groups of 16).
    {"DpasTransposedB", {"mma.i8", "mma.h"}, "dpas", kB, kBt},
    {"DpasAccumulatorDropped", {"mma.i8", "mma.bf"}, "dpas", kAcc, kNoAcc},
};
INSTANTIATE_PLANTED_FAULTS(Mma, kFaults);

} // namespace
} // namespace clgauge::test

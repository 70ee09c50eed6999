// The contract of every NVIDIA path (suite/tests/isa_ptx_contracts.cpp checks them).
#include "isa_ptx_contract.hpp"

#include <algorithm>
#include <stdexcept>

namespace clgauge::isa {
namespace {

// Each kind of shfl.sync the PTX holds must be a SHFL of that kind.
const std::vector<SassExpect> kShfl = {{R"(\bSHFL\.IDX\b)", R"(shfl\.sync\.idx)", 0},
                                       {R"(\bSHFL\.BFLY\b)", R"(shfl\.sync\.bfly)", 0},
                                       {R"(\bSHFL\.DOWN\b)", R"(shfl\.sync\.down)", 0}};

std::vector<SassExpect> shfl_and(SassExpect main) {
    std::vector<SassExpect> v = kShfl;
    v.push_back(main);
    return v;
}

const char* kMma = R"(\bmma\.sync\b)";
const char* kMmaSp = R"(\bmma\.sp\.sync\b)";
const char* kEmulatedMma = "the mma emulated on warps: every shfl.sync a SHFL (its tiles are "
                           "private arrays, so local memory is expected)";

PtxContract emulated_ptx(const char* entry) {
    return {entry, "emulated-ptx", "sm_90",     shfl_and({R"(\bSHFL\.IDX\b)", nullptr, 1}),
            {},    false,          kEmulatedMma};
}

} // namespace

const std::vector<PtxContract>& ptx_contracts() {
    static const std::vector<PtxContract> v = {
        {"fp64.fma",
         "native",
         "sm_90",
         {{R"(\bDFMA\b)", R"(\bfma\.rn\.f64\b)", 4096}},
         {},
         true,
         "the fp64 chain is DFMA, 4 per step, all in registers"},
        {"fp16.fma",
         "ptx",
         "sm_90",
         {{R"(\bHFMA2(\.MMA)?\b)", R"(\bfma\.rn\.f16x2\b)", 1024}},
         {R"(\bHMUL2\b)", R"(\bHADD2\b)"},
         true,
         "each fma.rn.f16x2 one HFMA2"},
        {"fp16.fma",
         "nvhalf",
         "sm_90",
         {{R"(\bHFMA2(\.MMA)?\b)", R"(\bfma\.rn\.f16x2\b)", 1024}},
         {R"(\bHMUL2\b)", R"(\bHADD2\b)"},
         true,
         "half2 a*b+c contracted to HFMA2, never split into HMUL2 + HADD2"},
        {"int16.mad",
         "wide",
         "sm_90",
         {{R"(\bIMAD )", nullptr, 2048}},
         {},
         true,
         "two 16-bit lanes per 32-bit IMAD, 4 per step"},
        {"dp4a.s8",
         "ptx",
         "sm_90",
         {{R"(\bIDP\.4A\.S8\.S8\b)", R"(\bdp4a\.s32\.s32\b)", 256}},
         {},
         true,
         "each dp4a.s32.s32 one IDP.4A.S8.S8"},
        {"dp4a.u8",
         "ptx",
         "sm_90",
         {{R"(\bIDP\.4A\.U8\.U8\b)", R"(\bdp4a\.u32\.u32\b)", 256}},
         {},
         true,
         "each dp4a.u32.u32 one IDP.4A.U8.U8"},
        {"dp4a.su8",
         "ptx",
         "sm_90",
         {{R"(\bIDP\.4A\.S8\.U8\b)", R"(\bdp4a\.s32\.u32\b)", 256}},
         {},
         true,
         "each dp4a.s32.u32 one IDP.4A.S8.U8"},
        {"subgroup.broadcast",
         "ptx",
         "sm_90",
         shfl_and({R"(\bSHFL\.IDX\b)", nullptr, 1}),
         {},
         true,
         "broadcast is shfl.sync.idx"},
        {"subgroup.reduce_add",
         "ptx",
         "sm_90",
         shfl_and({R"(\bSHFL\.(BFLY|DOWN)\b)", nullptr, 1}),
         {},
         true,
         "reduce_add is a shfl.sync tree"},
        {"subgroup.shuffle",
         "ptx",
         "sm_90",
         shfl_and({R"(\bSHFL\.IDX\b)", nullptr, 1}),
         {},
         true,
         "shuffle is shfl.sync.idx"},
        {"subgroup.shuffle_xor",
         "ptx",
         "sm_90",
         shfl_and({R"(\bSHFL\.BFLY\b)", nullptr, 1}),
         {},
         true,
         "shuffle_xor is shfl.sync.bfly"},
        {"subgroup.block_read",
         "ptx",
         "sm_90",
         {{R"(\bLDG\.E\b)", R"(\bld\.global\b)", 1}},
         {},
         true,
         "each lane's global load one LDG"},
        {"subgroup.block_write",
         "ptx",
         "sm_90",
         {{R"(\bSTG\.E\b)", R"(\bst\.global\b)", 1}},
         {},
         true,
         "each lane's global store one STG"},
        {"mem.block.read",
         "ptx",
         "sm_90",
         shfl_and({R"(\bLDG\.E\b)", R"(\bld\.global\b)", 4}),
         {},
         true,
         "global loads as LDG, the lane map by shfl.sync"},
        {"mem.block.write",
         "ptx",
         "sm_90",
         shfl_and({R"(\bSTG\.E\b)", R"(\bst\.global\b)", 4}),
         {},
         true,
         "global stores as STG, the lane map by shfl.sync"},
        {"atomic.global.distinct.f32",
         "ptx",
         "sm_90",
         {{R"(\bREDG?\.E\.ADD\.F32\b)", R"(\bred\.global\.add\.f32\b)", 1}},
         {},
         true,
         "each red.global.add.f32 one float RED"},
        {"atomic.global.contended.f32",
         "ptx",
         "sm_90",
         {{R"(\bREDG?\.E\.ADD\.F32\b)", R"(\bred\.global\.add\.f32\b)", 1}},
         {},
         true,
         "each red.global.add.f32 one float RED"},
        {"mma.h",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.16816\.F32 )", kMma, 132}},
         {},
         true,
         "each mma.sync f16 one HMMA.16816.F32"},
        {"mma.bf",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.16816\.F32\.BF16 )", kMma, 132}},
         {},
         true,
         "each mma.sync bf16 one HMMA.16816.F32.BF16"},
        {"mma.tf",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.1688\.F32\.TF32 )", kMma, 132}},
         {},
         true,
         "each mma.sync tf32 one HMMA.1688.F32.TF32"},
        {"mma.f8",
         "ptx",
         "sm_89",
         {{R"(\bQMMA\.16832\.F32\.E4M3\.E4M3 )", kMma, 132}},
         {},
         true,
         "each mma.sync e4m3 one QMMA where fp8 mma.sync is native (sm_89)"},
        // ptxas spills part of clang's PTX (building the e5m2 tiles): no local-memory promise.
        {"mma.b8",
         "ptx",
         "sm_89",
         {{R"(\bQMMA\.16832\.F32\.E5M2\.E5M2 )", kMma, 132}},
         {},
         false,
         "each mma.sync e5m2 one QMMA where fp8 mma.sync is native (sm_89)"},
        // sm_90 has no fp8 mma.sync: ptxas decodes each to f16 (F2FP...UNPACK_B) for two
        // HMMA.16816.F32 and adds them to C. With operands the same every step it made the
        // products once and the chain FP32 adds (24 HMMA for 132 mma.sync): the per-step sign
        // flips of kernels/mma.cl keep every product in the loop.
        {"mma.f8",
         "ptx-f16",
         "sm_90",
         {{R"(\bHMMA\.16816\.F32 )", kMma, 264, 2},
          {R"(\bF2FP\.F16\.E4M3\.UNPACK_B\b)", kMma, 1056, 8}},
         {},
         true,
         "E4M3 decoded to f16 every step: each mma.sync two HMMA.16816.F32 and eight F2FP "
         "unpacks, none computed once for the chain"},
        // ptxas spills part of this kernel (clang's PTX): no local-memory promise.
        {"mma.b8",
         "ptx-f16",
         "sm_90",
         {{R"(\bHMMA\.16816\.F32 )", kMma, 264, 2},
          {R"(\bF2FP\.F16\.E5M2\.UNPACK_B\b)", kMma, 1056, 8}},
         {},
         false,
         "E5M2 decoded to f16 every step: each mma.sync two HMMA.16816.F32 and eight F2FP "
         "unpacks, none computed once for the chain"},
        {"mma.f4",
         "ptx-f16",
         "sm_90",
         {{R"(\bHMMA\.16816\.F32 )", kMma, 264}},
         {},
         true,
         "E2M1 decoded to f16: each mma.sync one HMMA.16816.F32"},
        {"mma.i8",
         "ptx",
         "sm_90",
         {{R"(\bIMMA\.16832\.S8\.S8 )", kMma, 132}},
         {},
         true,
         "each mma.sync s8 one IMMA.16832.S8.S8"},
        {"mma.i4",
         "ptx",
         "sm_80",
         {{R"(\bIMMA\.16864\.S4\.S4 )", kMma, 132}},
         {},
         true,
         "each mma.sync s4 one IMMA.16864.S4.S4 where it is native (sm_80)"},
        {"mma.i4",
         "ptx",
         "sm_90",
         {{R"(\bCALL\.REL\b)", kMma, 132}, {R"(\bIMMA\.16832\.S8\.S8 )", nullptr, 1}},
         {},
         true,
         "sm_90 has no s4 tensor instruction: ptxas calls its emulation on IMMA.16832.S8.S8 "
         "once per mma.sync"},
        // ptxas spills part of this kernel (clang's PTX): no local-memory promise.
        {"mma.i2",
         "ptx",
         "sm_90",
         {{R"(\bBMMA\.168256\.AND\.POPC )", kMma, 528}},
         {},
         false,
         "each mma.sync b1 and.popc one BMMA.168256.AND.POPC"},
        {"mma.sp.h",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.SP\.16832\.F32 )", kMmaSp, 132}},
         {},
         true,
         "each mma.sp.sync f16 one HMMA.SP.16832.F32"},
        {"mma.sp.bf",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.SP\.16832\.F32\.BF16 )", kMmaSp, 132}},
         {},
         true,
         "each mma.sp.sync bf16 one HMMA.SP.16832.F32.BF16"},
        {"mma.sp.tf",
         "ptx",
         "sm_90",
         {{R"(\bHMMA\.SP\.16816\.F32\.TF32 )", kMmaSp, 132}},
         {},
         true,
         "each mma.sp.sync tf32 one HMMA.SP.16816.F32.TF32"},
        {"mma.sp.i8",
         "ptx",
         "sm_90",
         {{R"(\bIMMA\.SP\.16864\.S8\.S8 )", kMmaSp, 132}},
         {},
         true,
         "each mma.sp.sync s8 one IMMA.SP.16864.S8.S8"},
        emulated_ptx("mma.h"),
        emulated_ptx("mma.bf"),
        emulated_ptx("mma.tf"),
        emulated_ptx("mma.f8"),
        emulated_ptx("mma.b8"),
        emulated_ptx("mma.f4"),
        emulated_ptx("mma.i8"),
        emulated_ptx("mma.i4"),
        emulated_ptx("mma.i2"),
    };
    return v;
}

const PtxContract& ptx_contract(const std::string& entry, const std::string& path,
                                const std::string& arch) {
    for (const PtxContract& c : ptx_contracts())
        if (c.entry == entry && c.path == path && c.arch == arch) return c;
    throw std::runtime_error("no ISA contract for " + entry + " [" + path + "] " + arch);
}

std::vector<std::string> paths_without_contract(const std::vector<Benchmark>& entries) {
    std::vector<std::string> v;
    for (const Benchmark& b : entries)
        for (const ImplPath& p : b.paths) {
            const bool nvidia = std::any_of(p.needs.begin(), p.needs.end(), [](Need n) {
                return n == Need::InlinePtx || n == Need::NvSm61 || n == Need::NvSm80 ||
                       n == Need::NvSm89 || n == Need::NvFp8Mma;
            });
            const bool covered = std::any_of(
                ptx_contracts().begin(), ptx_contracts().end(),
                [&](const PtxContract& c) { return c.entry == b.id && c.path == p.name; });
            if (nvidia && !covered) v.push_back(b.id + " [" + p.name + "]");
        }
    return v;
}

} // namespace clgauge::isa

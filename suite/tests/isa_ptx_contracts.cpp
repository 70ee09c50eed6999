// label isa: every NVIDIA path compiled offline as the device would build it (clang-15 to
// PTX, NVIDIA's ptxas for an sm_ architecture, nvdisasm) and held to its contract: the PTX
// instruction the path exists for became the SASS instruction it stands for (dp4a -> IDP.4A,
// mma.sync f16 -> HMMA.16816.F32, s8 -> IMMA.16832.S8.S8, shfl.sync -> SHFL, ...), and the
// chains live in registers. sm_90 is the H100/H200 (their driver compiles for sm_90a, which
// has the same mma.sync and shfl; clgauge has no wgmma). Where sm_90 has no native form of an
// instruction (fp8 and s4 mma.sync), the contract is checked where it has one (sm_89, sm_80)
// and what sm_90 makes of it is a finding, checked below. Skips, saying what to install,
// where the tools are missing (scripts/setup-cuda-isa).
#include "isa_entry_kernel.hpp"
#include "isa_ptx_contract.hpp"

#include "core/kernel_sources.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>

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
const char* kEmulatedMma = "the mma emulated on warps: every shfl.sync a SHFL (its tiles are "
                           "private arrays, so local memory is expected)";

PtxContract emulated_ptx(const char* entry) {
    return {entry, "emulated-ptx", "sm_90",     shfl_and({R"(\bSHFL\.IDX\b)", nullptr, 1}),
            {},    false,          kEmulatedMma};
}

const std::vector<PtxContract>& contracts() {
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
        // Spills about 450 bytes of clang's PTX (building the e5m2 tiles): no local-memory promise.
        {"mma.b8",
         "ptx",
         "sm_89",
         {{R"(\bQMMA\.16832\.F32\.E5M2\.E5M2 )", kMma, 132}},
         {},
         false,
         "each mma.sync e5m2 one QMMA where fp8 mma.sync is native (sm_89)"},
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
        // ptxas spills about 100 bytes of this kernel (clang's PTX): no local-memory promise.
        {"mma.i2",
         "ptx",
         "sm_90",
         {{R"(\bBMMA\.168256\.AND\.POPC )", kMma, 528}},
         {},
         false,
         "each mma.sync b1 and.popc one BMMA.168256.AND.POPC"},
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

class PtxContracts : public ::testing::TestWithParam<size_t> {
  protected:
    void SetUp() override {
        tools_ = find_nv_tools();
        if (!tools_.missing.empty()) GTEST_SKIP() << tools_.missing;
    }
    NvTools tools_;
};

TEST_P(PtxContracts, Holds) {
    const PtxContract& c = contracts()[GetParam()];
    const EntryKernel k = entry_kernel(registry_entry(c.entry), c.path);
    const PtxBuild b = build_for_sm(tools_, kernel_source(k.file), k.options, c.arch);
    const std::vector<std::string> v = contract_violations(c, b, k.kernels.front());
    for (const std::string& s : v)
        ADD_FAILURE() << s;
    if (v.empty()) {
        const SassKernel& s = b.kernels.at(k.kernels.front());
        std::cout << c.entry << " [" << c.path << "] " << c.arch << ":";
        for (const SassExpect& e : c.expect)
            std::cout << " " << count_lines(s.code, e.sass) << " x " << e.sass;
        std::cout << "; stack " << s.stack_bytes << " bytes, spills " << s.spill_store_bytes
                  << " bytes\n";
    }
}

std::string contract_name(const ::testing::TestParamInfo<size_t>& info) {
    const PtxContract& c = contracts()[info.param];
    std::string n = std::string(c.entry) + "_" + c.path + "_" + c.arch;
    std::replace_if(
        n.begin(), n.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); },
        '_');
    return n;
}

INSTANTIATE_TEST_SUITE_P(Nvidia, PtxContracts, ::testing::Range<size_t>(0, contracts().size()),
                         contract_name);

// A path for NVIDIA (inline PTX, or an sm_ need) without a contract would go unchecked.
TEST(PtxContractTable, EveryNvidiaPathHasAContract) {
    for (const Benchmark& b : registry())
        for (const Path& p : b.paths) {
            const bool nvidia = std::any_of(p.needs.begin(), p.needs.end(), [](Need n) {
                return n == Need::InlinePtx || n == Need::NvSm61 || n == Need::NvSm80 ||
                       n == Need::NvSm89;
            });
            if (!nvidia) continue;
            const bool covered =
                std::any_of(contracts().begin(), contracts().end(), [&](const PtxContract& c) {
                    return c.entry == b.id && c.path == p.name;
                });
            EXPECT_TRUE(covered) << b.id << " [" << p.name
                                 << "] is an NVIDIA path without an ISA contract "
                                    "(suite/tests/isa_ptx_contracts.cpp)";
        }
}

} // namespace
} // namespace clgauge::isa

// label isa: planted faults proving the PTX contracts (isa_ptx_contract_table.cpp) fail when
// the thing they guard breaks: a kernel source mutated the way a wrong edit would, or built
// the way a wrong target would.
#include "isa_entry_kernel.hpp"
#include "isa_ptx_contract.hpp"

#include "core/kernel_sources.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

#include <iostream>

namespace clgauge::isa {
namespace {

class PtxFault : public ::testing::Test {
  protected:
    void SetUp() override {
        tools_ = find_nv_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
    }

    // The contract's kernel built from `source` (the embedded one when empty), with extra
    // OpenCL C options; the contract's violations, all in one text.
    std::string violations(const PtxContract& c, std::string source = "",
                           const std::string& more_options = "") {
        const EntryKernel k = entry_kernel(registry_entry(c.entry), c.path);
        if (source.empty()) source = kernel_source(k.file);
        const PtxBuild b = build_for_sm(tools_, source, k.options + " " + more_options, c.arch);
        std::string all;
        for (const std::string& v : contract_violations(c, b, k.kernels.front()))
            all += v + "\n";
        return all;
    }

    NvTools tools_;
};

// `text` with every `from` replaced by `to`; `from` must occur, or the fault planted nothing.
std::string planted(std::string text, const std::string& from, const std::string& to) {
    size_t n = 0;
    for (size_t at = text.find(from); at != std::string::npos;
         at = text.find(from, at + to.size())) {
        text.replace(at, from.size(), to);
        ++n;
    }
    EXPECT_GT(n, 0u) << "the kernel source no longer holds '" << from << "'";
    return text;
}

TEST_F(PtxFault, DotProductWrittenAsAMultiplyAddHasNoIdp4a) {
    const PtxContract& c = ptx_contract("dp4a.s8", "ptx", "sm_90");
    const std::string v =
        violations(c, planted(kernel_source("dp4a.cl"), "dp4a.s32.s32 %0, %1, %2, %3;",
                              "mad.lo.u32 %0, %1, %2, %3;"));
    EXPECT_NE(v.find("IDP\\.4A\\.S8\\.S8"), std::string::npos) << v;
    std::cout << v;
}

TEST_F(PtxFault, WrongMmaShapeIsRejectedByPtxas) {
    const PtxContract& c = ptx_contract("mma.i8", "ptx", "sm_90");
    const std::string v =
        violations(c, planted(kernel_source("mma.cl"), "m16n8k32.row.col.s32.s8.s8.s32",
                              "m16n8k16.row.col.s32.s8.s8.s32"));
    EXPECT_NE(v.find("did not assemble"), std::string::npos) << v;
    EXPECT_NE(v.find("Argument vector size mismatch"), std::string::npos) << v;
    std::cout << v.substr(0, 600) << "\n";
}

TEST_F(PtxFault, Fp8MmaForSm80IsRejectedByPtxas) {
    PtxContract c = ptx_contract("mma.f8", "ptx", "sm_89");
    c.arch = "sm_80";
    const std::string v = violations(c);
    EXPECT_NE(v.find("requires .target sm_89"), std::string::npos) << v;
    std::cout << v.substr(0, 600) << "\n";
}

TEST_F(PtxFault, Fp64ChainWithAValueInLocalMemory) {
    // The negated constant through a private (volatile) array: a frame in local memory.
    const std::string v =
        violations(ptx_contract("fp64.fma", "native", "sm_90"),
                   planted(kernel_source("fma.cl"), "const double nc = -c;",
                           "volatile double slot[1]; slot[0] = -c; const double nc = slot[0];"));
    EXPECT_NE(v.find("uses local memory"), std::string::npos) << v;
    std::cout << v;
}

TEST_F(PtxFault, HalfFmaNotContractedIsSplit) {
    const std::string v =
        violations(ptx_contract("fp16.fma", "nvhalf", "sm_90"), "", "-ffp-contract=off");
    EXPECT_NE(v.find("HMUL2"), std::string::npos) << v;
    std::cout << v;
}

TEST_F(PtxFault, ShuffleXorWrittenAsIndexedShuffleHasNoButterfly) {
    const PtxContract& c = ptx_contract("subgroup.shuffle_xor", "ptx", "sm_90");
    const std::string v = violations(
        c, planted(kernel_source("subgroup.cl"), "shfl.sync.bfly.b32", "shfl.sync.idx.b32"));
    EXPECT_NE(v.find("SHFL\\.BFLY"), std::string::npos) << v;
    std::cout << v;
}

TEST_F(PtxFault, BrokenContractNamesItself) {
    // The control: the unmutated kernels hold (or the faults above would prove nothing).
    EXPECT_EQ(violations(ptx_contract("dp4a.s8", "ptx", "sm_90")), "");
    EXPECT_EQ(violations(ptx_contract("mma.i8", "ptx", "sm_90")), "");
}

// The fp8 chain as it was: the same A and B every step. sm_90's ptxas then decodes and
// multiplies them once (24 HMMA for 132 mma.sync) and times FP32 adds on the accumulators; the
// ptx-f16 contract must see it.
TEST_F(PtxFault, Fp8ChainWithTheSameOperandsEveryStepIsComputedOnce) {
    for (const char* entry : {"mma.f8", "mma.b8"}) {
        const PtxContract& c = ptx_contract(entry, "ptx-f16", "sm_90");
        const std::string v = violations(
            c, planted(kernel_source("mma.cl"),
                       "const uint flip = CLG_SIGNS_WORD & (0u - (((r + 1u) >> i) & 1u));",
                       "const uint flip = 0u;"));
        EXPECT_NE(v.find("match \\bHMMA\\.16816\\.F32 , wanted 264"), std::string::npos)
            << entry << ":\n"
            << v;
        std::cout << v;
    }
}

} // namespace
} // namespace clgauge::isa

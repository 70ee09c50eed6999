// label isa: every NVIDIA path compiled offline as the device would build it (clang-15 to
// PTX, NVIDIA's ptxas for an sm_ architecture, nvdisasm) and held to its contract: the PTX
// instruction the path exists for became the SASS instruction it stands for (dp4a -> IDP.4A,
// mma.sync f16 -> HMMA.16816.F32, s8 -> IMMA.16832.S8.S8, shfl.sync -> SHFL, ...), and the
// chains live in registers. sm_90 is the H100/H200 (their driver compiles for sm_90a, which
// has the same mma.sync and shfl; clgauge has no wgmma). Where sm_90 has no native form of an
// instruction (fp8 and s4 mma.sync), the contract is checked where it has one (sm_89, sm_80)
// and another holds what sm_90 makes of it (fp8 decoded to f16 for HMMA, s4 a call to an
// IMMA emulation). Skips, saying what to install,
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

class PtxContracts : public ::testing::TestWithParam<size_t> {
  protected:
    void SetUp() override {
        tools_ = find_nv_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
    }
    NvTools tools_;
};

TEST_P(PtxContracts, Holds) {
    const PtxContract& c = ptx_contracts()[GetParam()];
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
    const PtxContract& c = ptx_contracts()[info.param];
    std::string n = std::string(c.entry) + "_" + c.path + "_" + c.arch;
    std::replace_if(
        n.begin(), n.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); },
        '_');
    return n;
}

INSTANTIATE_TEST_SUITE_P(Nvidia, PtxContracts, ::testing::Range<size_t>(0, ptx_contracts().size()),
                         contract_name);

// A path for NVIDIA without a contract would go unchecked.
TEST(PtxContractTable, EveryNvidiaPathHasAContract) {
    for (const std::string& p : paths_without_contract(registry()))
        ADD_FAILURE() << p
                      << " is an NVIDIA path without an ISA contract "
                         "(suite/tests/isa_ptx_contract_table.cpp)";
}

// The planted fault: an entry with a new inline-PTX path, and one whose path has a contract.
TEST(PtxContractTable, NewPtxPathWithoutAContractIsNamed) {
    Benchmark b = registry_entry("dp4a.s8");
    b.paths.push_back({"ptx-new", {Need::InlinePtx}, "-DCLG_PATH_PTX"});
    const std::vector<std::string> missing = paths_without_contract({b});
    ASSERT_EQ(missing.size(), 1u);
    EXPECT_EQ(missing.front(), "dp4a.s8 [ptx-new]");
}

} // namespace
} // namespace clgauge::isa

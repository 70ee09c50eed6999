// label isa: the AMD paths compiled offline by clang-15's AMDGPU target for the gfx
// architectures that have their instructions, and held to their contract (the dot4 built-ins
// are v_dot4 instructions, one a step and chain; the MFMA built-in one v_mfma per MMA; no
// scratch memory), with planted faults.
// No AMD device is needed or used; on every device here the amd paths are unsupported.
#include "isa_amdgcn.hpp"
#include "isa_entry_kernel.hpp"
#include "isa_ptx_contract.hpp"

#include "core/kernel_sources.hpp"
#include "registry/registry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

namespace clgauge::isa {
namespace {

struct AmdContract {
    const char* entry;
    const char* path;
    const char* gfx;
    const char* isa;   // regex over one instruction line
    unsigned at_least; // lines that must match
    const char* why;
};

// 128 steps of two dependent dot products (suite/benchmarks/dp4a.cpp). gfx90a (MI200) and
// gfx940 (MI300) have both dot4 forms; v_dot4c is the accumulating encoding of the same op.
const AmdContract kContracts[] = {
    {"dp4a.s8", "amd", "gfx90a", R"(^v_dot4c?_i32_i8(_e32|_e64)?\s)", 256,
     "sdot4 is v_dot4_i32_i8"},
    {"dp4a.u8", "amd", "gfx90a", R"(^v_dot4_u32_u8(_e32|_e64)?\s)", 256, "udot4 is v_dot4_u32_u8"},
    {"dp4a.s8", "amd", "gfx940", R"(^v_dot4c?_i32_i8(_e32|_e64)?\s)", 256,
     "sdot4 is v_dot4_i32_i8"},
    {"dp4a.u8", "amd", "gfx940", R"(^v_dot4_u32_u8(_e32|_e64)?\s)", 256, "udot4 is v_dot4_u32_u8"},
    // 4 tiles x (2 x 16 steps + 1) MFMAs (suite/benchmarks/mma.cpp).
    {"mma.i8", "mfma", "gfx90a", R"(^v_mfma_i32_16x16x16i8\s)", 132,
     "each MMA one v_mfma_i32_16x16x16i8"},
    {"mma.i8", "mfma", "gfx908", R"(^v_mfma_i32_16x16x16i8\s)", 132,
     "each MMA one v_mfma_i32_16x16x16i8"},
};

// Every way the build breaks the contract; empty when it holds.
std::vector<std::string> violations(const AmdContract& c, const AmdBuild& b,
                                    const std::string& kernel) {
    const std::string where =
        std::string(c.entry) + " [" + c.path + "] " + kernel + " for " + c.gfx + ": ";
    if (!b.compiled) return {where + "did not compile:\n" + b.log};
    const auto k = b.kernels.find(kernel);
    if (k == b.kernels.end() || k->second.code.empty()) return {where + "no code for the kernel"};
    std::vector<std::string> v;
    if (const size_t n = count_lines(k->second.code, c.isa); n < c.at_least)
        v.push_back(where + std::to_string(n) + " lines match " + c.isa + ", wanted " +
                    std::to_string(c.at_least) + " (" + c.why + ")");
    if (k->second.private_bytes)
        v.push_back(where + "uses " + std::to_string(k->second.private_bytes) +
                    " bytes of scratch per work-item");
    return v;
}

class AmdIsa : public ::testing::Test {
  protected:
    void SetUp() override {
        tools_ = find_amd_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
    }
    // `c`'s kernel built from `source` (the embedded one when empty) for `gfx` (c's when
    // empty): its violations, all in one text.
    std::string check(const AmdContract& c, std::string source = "", std::string gfx = "") {
        const EntryKernel k = entry_kernel(registry_entry(c.entry), c.path);
        if (source.empty()) source = kernel_source(k.file);
        AmdContract at = c;
        if (!gfx.empty()) at.gfx = gfx.c_str();
        const AmdBuild b = build_for_gfx(tools_, source, k.options, at.gfx);
        std::string all;
        for (const std::string& s : violations(at, b, k.kernels.front()))
            all += s + "\n";
        if (all.empty())
            std::cout << c.entry << " [" << c.path << "] " << at.gfx << ": "
                      << count_lines(b.kernels.at(k.kernels.front()).code, c.isa) << " x " << c.isa
                      << ", no scratch\n";
        return all;
    }
    AmdTools tools_;
};

TEST_F(AmdIsa, ContractsHold) {
    for (const AmdContract& c : kContracts)
        EXPECT_EQ(check(c), "");
}

// "id [path]" of each path of `entries` that needs an AMD instruction and has no contract.
std::vector<std::string> amd_paths_without_contract(const std::vector<Benchmark>& entries) {
    std::vector<std::string> v;
    for (const Benchmark& b : entries)
        for (const ImplPath& p : b.paths)
            if (std::any_of(p.needs.begin(), p.needs.end(),
                            [](Need n) { return n == Need::AmdDot4 || n == Need::AmdMfmaI8; }) &&
                std::none_of(
                    std::begin(kContracts), std::end(kContracts),
                    [&](const AmdContract& c) { return c.entry == b.id && c.path == p.name; }))
                v.push_back(b.id + " [" + p.name + "]");
    return v;
}

TEST(AmdIsaTable, EveryAmdPathHasAContract) {
    for (const std::string& p : amd_paths_without_contract(registry()))
        ADD_FAILURE() << p << " needs an AMD instruction but has no ISA contract";
}

// Planted: an entry given an AMD path the table does not know.
TEST(AmdIsaTable, NewAmdPathWithoutAContractIsNamed) {
    Benchmark b = registry_entry("dp4a.su8");
    b.paths.push_back({"amd", {Need::AmdDot4}, "-DCLG_PATH_AMD"});
    EXPECT_EQ(amd_paths_without_contract({b}), std::vector<std::string>{"dp4a.su8 [amd]"});
}

// Planted: the signed dot product written with the unsigned built-in.
TEST_F(AmdIsa, SignedDotWrittenUnsignedHasNoSignedDot4) {
    std::string src = kernel_source("dp4a.cl");
    const std::string from = "__builtin_amdgcn_sdot4((int)(a), (int)(b), (int)(c), false)";
    const size_t at = src.find(from);
    ASSERT_NE(at, std::string::npos) << "dp4a.cl no longer holds " << from;
    src.replace(at, from.size(), "__builtin_amdgcn_udot4(a, b, c, false)");
    const std::string v = check(kContracts[0], src);
    EXPECT_NE(v.find("v_dot4c?_i32_i8("), std::string::npos) << v;
    std::cout << v;
}

// Planted: a GPU without the dot1 instructions (gfx900, MI25) must refuse the built-in.
TEST_F(AmdIsa, Dot4ForGfx900IsRejected) {
    const std::string v = check(kContracts[0], "", "gfx900");
    EXPECT_NE(v.find("needs target feature dot1-insts"), std::string::npos) << v;
    std::cout << v.substr(0, 400) << "\n";
}

// Planted: gfx940 (MI300) has no 16x16x16 i8 MFMA; the compiler must refuse the kernel.
TEST_F(AmdIsa, Mfma16x16x16I8ForGfx940IsRejected) {
    const AmdContract& c = kContracts[4];
    ASSERT_STREQ(c.path, "mfma");
    const std::string v = check(c, "", "gfx940");
    EXPECT_NE(v.find("did not compile"), std::string::npos) << v;
    EXPECT_NE(v.find("mfma.i32.16x16x16"), std::string::npos) << v;
    std::cout << v.substr(0, 400) << "\n";
}

} // namespace
} // namespace clgauge::isa

// label isa: the work audit offline. Every NVIDIA path whose figure counts an instruction is
// compiled as the device would build it (clang-15 to PTX, NVIDIA's ptxas, nvdisasm), and the
// counted instruction in its timed loop must do exactly the work per work-item and trip the
// entry's figure counts (analysis/work_audit.hpp). Planted faults (a chain with loop-invariant
// operands, a result that is never stored, an FMA split into a multiply and an add) must fail
// it. clgauge --audit does the same on a GPU with the driver's own PTX.
#include "isa_amdgcn.hpp"
#include "isa_entry_kernel.hpp"
#include "isa_nvptx.hpp"
#include "isa_ptx_contract.hpp"

#include "analysis/work_audit.hpp"
#include "core/kernel_sources.hpp"
#include "registry/registry.hpp"
#include "run/runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <iostream>

namespace clgauge::isa {
namespace {

// What NVIDIA's OpenCL on an H100 offers the path choice: fp64, inline PTX, -cl-std up to 3.0;
// no cl_khr_fp16, sub-groups or integer dot product.
Capabilities nvidia_sm90() {
    Capabilities c;
    c.opencl_c_major = 3;
    c.opencl_c_minor = 0;
    c.fp64 = true;
    c.inline_ptx = true;
    c.int64_atomics = true;
    c.images = true;
    c.nv_cc = 90;
    return c;
}

// The architectures the path is compiled for: its ISA contracts', else sm_90.
std::vector<std::string> archs_of(const std::string& entry, const std::string& path) {
    std::vector<std::string> v;
    for (const PtxContract& c : ptx_contracts())
        if (c.entry == entry && c.path == path && std::find(v.begin(), v.end(), c.arch) == v.end())
            v.push_back(c.arch);
    if (v.empty()) v.push_back("sm_90");
    return v;
}

struct AuditCase {
    std::string entry, path, arch;
};

void PrintTo(const AuditCase& c, std::ostream* os) {
    *os << c.entry << " [" << c.path << "] " << c.arch;
}

std::vector<AuditCase> audit_cases() {
    std::vector<AuditCase> v;
    for (const Benchmark& b : registry())
        for (const CountedInstruction& c : b.counted)
            for (const std::string& arch :
                 c.sass.empty() ? std::vector<std::string>{} : archs_of(b.id, c.path))
                v.push_back({b.id, c.path, arch});
    return v;
}

// The audit of `entry`'s path `path` compiled for `arch`, its kernel text passed through
// `filter` (a planted fault) first.
WorkAudit audit_offline(const NvTools& tools, const std::string& entry, const std::string& path,
                        const std::string& arch,
                        const std::function<std::string(std::string)>& filter = {}) {
    const Benchmark& b = registry_entry(entry);
    const EntryKernel k = entry_kernel(b, path);
    std::string why;
    const auto claim = loop_claim(b, path, RunOptions{}, &why);
    if (!claim) throw std::runtime_error(entry + ": " + why);
    const std::string source = filter ? filter(kernel_source(k.file)) : kernel_source(k.file);
    const PtxBuild built = build_for_sm(tools, source, k.options, arch);
    if (!built.assembled) throw std::runtime_error(built.log);
    const auto functions = parse_sass_listing(built.sass);
    const auto f = functions.find(claim->kernel);
    if (f == functions.end()) throw std::runtime_error("no SASS of kernel " + claim->kernel);
    return audit_function(b, *counted_on(b.counted, path), *claim, f->second);
}

class WorkAuditOffline : public ::testing::TestWithParam<AuditCase> {
  protected:
    void SetUp() override {
        tools_ = find_nv_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
    }
    NvTools tools_;
};

TEST_P(WorkAuditOffline, LoopDoesTheCountedWork) {
    const AuditCase& c = GetParam();
    const WorkAudit a = audit_offline(tools_, c.entry, c.path, c.arch);
    EXPECT_EQ(a.verdict, AuditVerdict::Pass)
        << c.entry << " [" << c.path << "] " << c.arch << ": " << a.reason;
    std::cout << c.entry << " [" << c.path << "] " << c.arch << ": " << a.in_loop << " x " << a.what
              << " = " << a.executed << " / " << a.counted << " per work-item and trip ("
              << a.reason << ")\n";
}

std::string case_name(const ::testing::TestParamInfo<AuditCase>& info) {
    std::string n = info.param.entry + "_" + info.param.path + "_" + info.param.arch;
    std::replace_if(
        n.begin(), n.end(), [](char ch) { return !std::isalnum(static_cast<unsigned char>(ch)); },
        '_');
    return n;
}

INSTANTIATE_TEST_SUITE_P(Nvidia, WorkAuditOffline, ::testing::ValuesIn(audit_cases()), case_name);

// The AMD side: each counted row with an AMDGPU instruction, compiled by clang-15 for gfx90a
// (MI200: dot4, v_fmac_f32, v_fma_f64) and audited the same way.
std::vector<AuditCase> amd_cases() {
    std::vector<AuditCase> v;
    for (const Benchmark& b : registry())
        for (const CountedInstruction& c : b.counted)
            if (!c.amdgcn.empty()) v.push_back({b.id, c.path, "gfx90a"});
    return v;
}

class WorkAuditAmd : public ::testing::TestWithParam<AuditCase> {
  protected:
    void SetUp() override {
        tools_ = find_amd_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
    }
    AmdTools tools_;
};

TEST_P(WorkAuditAmd, LoopDoesTheCountedWork) {
    const AuditCase& c = GetParam();
    const Benchmark& b = registry_entry(c.entry);
    const EntryKernel k = entry_kernel(b, c.path);
    const auto claim = loop_claim(b, c.path, RunOptions{}, nullptr);
    ASSERT_TRUE(claim);
    const AmdBuild built = build_for_gfx(tools_, kernel_source(k.file), k.options, c.arch);
    ASSERT_TRUE(built.compiled) << built.log;
    ASSERT_EQ(built.kernels.count(claim->kernel), 1u) << "no code of kernel " << claim->kernel;
    const CountedInstruction& row = *counted_on(b.counted, c.path);
    const WorkAudit a =
        audit_function(b, row, *claim, amdgcn_function(built.kernels.at(claim->kernel).code),
                       row.amdgcn, kAmdgcnBranch);
    EXPECT_EQ(a.verdict, AuditVerdict::Pass)
        << c.entry << " [" << c.path << "] " << c.arch << ": " << a.reason;
    std::cout << c.entry << " [" << c.path << "] " << c.arch << ": " << a.in_loop << " x "
              << row.amdgcn << " = " << a.executed << " / " << a.counted << " (" << a.reason
              << ")\n";
}

INSTANTIATE_TEST_SUITE_P(Amd, WorkAuditAmd, ::testing::ValuesIn(amd_cases()), case_name);

// A text with its first `from` replaced by `to`; throws where `from` is absent, so that a
// fault whose kernel changed fails loudly instead of planting nothing.
std::function<std::string(std::string)> replace_first(std::string from, std::string to) {
    return [from, to](std::string text) {
        const size_t at = text.find(from);
        if (at == std::string::npos) throw std::runtime_error("fault site not found: " + from);
        return text.replace(at, from.size(), to);
    };
}

const char* kFp32Steps = "            x = CLG_FMA(y, c, x);\n            y = CLG_FMA(x, nc, y);";

class WorkAuditFaults : public ::testing::Test {
  protected:
    void SetUp() override {
        tools_ = find_nv_tools();
        CLGAUGE_ISA_NEEDS_TOOLS(tools_.missing);
        // The unfaulted kernel passes: a fault's failure is the fault's.
        ASSERT_EQ(audit_offline(tools_, "fp32.fma", "native", "sm_90").verdict, AuditVerdict::Pass);
    }
    void expect_fails(const std::function<std::string(std::string)>& fault) {
        const WorkAudit a = audit_offline(tools_, "fp32.fma", "native", "sm_90", fault);
        EXPECT_EQ(a.verdict, AuditVerdict::Fail) << a.reason;
        std::cout << "planted fault: " << a.reason << "\n";
    }
    NvTools tools_;
};

// The chain's operands do not change in the loop: the compiler computes it once.
TEST_F(WorkAuditFaults, LoopInvariantOperandsFail) {
    expect_fails(replace_first(kFp32Steps, "            x = CLG_FMA(c, c, nc);\n"
                                           "            y = CLG_FMA(nc, c, c);"));
}

// Nothing stores the chain's result: the compiler drops it.
TEST_F(WorkAuditFaults, ResultNeverStoredFails) {
    expect_fails(replace_first("out[gid] = (uint2)(as_uint(x), as_uint(y));",
                               "out[gid] = (uint2)(seed, repeats);"));
}

// Each FMA a multiply and an add, contraction off: FMUL + FADD, no FFMA.
TEST_F(WorkAuditFaults, FmaSplitIntoMultiplyAndAddFails) {
    expect_fails(replace_first("#define CLG_FMA(a, b, c) fma(a, b, c)",
                               "#pragma OPENCL FP_CONTRACT OFF\n"
                               "#define CLG_FMA(a, b, c) ((a) * (b) + (c))"));
}

// "id [path]" of each entry NVIDIA would run through a timed loop of counted work (a chain or
// an MMA) whose path has no counted instruction: its figure would go unaudited.
std::vector<std::string> unaudited_loops(const std::vector<Benchmark>& entries) {
    std::vector<std::string> v;
    const Capabilities caps = nvidia_sm90();
    for (const Benchmark& b : entries) {
        const PathChoice choice = choose_path(b, caps);
        if (!choice.path) continue;
        if (!loop_claim(b, choice.path->name, RunOptions{}, nullptr)) continue;
        if (!counted_on(b.counted, choice.path->name))
            v.push_back(b.id + " [" + choice.path->name + "]");
    }
    return v;
}

TEST(WorkAuditTable, EveryNvidiaLoopHasACountedInstruction) {
    for (const std::string& p : unaudited_loops(registry()))
        ADD_FAILURE() << p
                      << " runs a timed loop on NVIDIA without a counted instruction "
                         "(EntryHeader::counted, types/counted_work.hpp)";
}

// The planted fault: an entry whose counted instruction is taken away is named.
TEST(WorkAuditTable, EntryWithoutCountedInstructionIsNamed) {
    Benchmark b = registry_entry("fp32.fma");
    b.counted.clear();
    EXPECT_EQ(unaudited_loops({b}), std::vector<std::string>{"fp32.fma [native]"});
}

} // namespace
} // namespace clgauge::isa

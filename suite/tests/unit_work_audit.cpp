// label unit: the work audit's reading of SASS (analysis/sass_listing.hpp), its verdict
// (analysis/work_audit.hpp) and the per-path issue ceiling (measure/ceiling.hpp), on listings and
// devices written here: no tools, no device. The isa label audits the real kernels.
#include "analysis/sass_listing.hpp"
#include "analysis/work_audit.hpp"
#include "measure/ceiling.hpp"

#include <gtest/gtest.h>

namespace clgauge {
namespace {

// nvdisasm -c's shape: a section per function, labels, an address per instruction. The loop
// holds `ffma` FFMAs, and a register move dressed as HFMA2.MMA.
std::string listing(int ffma) {
    std::string s = "\t.section\t.text.chain,\"ax\",@progbits\n"
                    "        /*0000*/                   LDC R1, c[0x0][0x28] ;\n"
                    "        /*0010*/                   HFMA2.MMA R4, -RZ, RZ, 0, 0 ;\n"
                    ".L_x_0:\n";
    for (int i = 0; i < ffma; ++i)
        s += "        /*0020*/                   FFMA R2, R3, R4, R2 ;\n";
    s += "        /*0030*/                   IADD3 R5, R5, 0x1, RZ ;\n"
         "        /*0040*/              @!P0 BRA `(.L_x_0) ;\n"
         "        /*0050*/                   STG.E.64 desc[UR4][R6.64], R2 ;\n"
         "        /*0060*/                   EXIT ;\n"
         ".L_x_1:\n"
         "        /*0070*/                   BRA `(.L_x_1);\n";
    return s;
}

Benchmark chain_entry() {
    Benchmark b;
    b.id = "x.fma";
    b.unit = Unit::FlopPerSecond;
    b.counted = {{"native", R"(\bFFMA\b)", 2, Pipe::Fp32Fma, "FFMA, 2 FLOP each"}};
    return b;
}

TEST(SassListing, ReadsLabelsInstructionsAndLoops) {
    const auto f = parse_sass_listing(listing(4));
    ASSERT_EQ(f.count("chain"), 1u);
    const SassFunction& chain = f.at("chain");
    const auto loops = sass_loops(chain);
    // The chain's loop; the closing `BRA` to itself is a loop of no counted work.
    ASSERT_EQ(loops.size(), 2u);
    EXPECT_EQ(count_instructions(chain, R"(\bFFMA\b)", loops[0].first, loops[0].last), 4u);
    EXPECT_EQ(count_instructions(chain, R"(\bFFMA\b)", loops[1].first, loops[1].last), 0u);
}

TEST(WorkAudit, TheLoopsWorkMatchesTheClaim) {
    const Benchmark b = chain_entry();
    const auto chain = parse_sass_listing(listing(4)).at("chain");
    const WorkAudit a = audit_function(b, b.counted[0], {"chain", 8, "2 steps x 4"}, chain);
    EXPECT_EQ(a.verdict, AuditVerdict::Pass) << a.reason;
    EXPECT_EQ(a.in_loop, 4u);
    EXPECT_DOUBLE_EQ(a.ratio(), 1.0);
}

// Planted: the claim counts twice the FFMAs the loop holds (a step hoisted or merged).
TEST(WorkAudit, ALoopWithLessWorkThanCountedFails) {
    const Benchmark b = chain_entry();
    const auto chain = parse_sass_listing(listing(2)).at("chain");
    const WorkAudit a = audit_function(b, b.counted[0], {"chain", 8, "2 steps x 4"}, chain);
    EXPECT_EQ(a.verdict, AuditVerdict::Fail);
    EXPECT_DOUBLE_EQ(a.ratio(), 0.5);
    EXPECT_NE(a.reason.find("2 in the timed loop do 4"), std::string::npos) << a.reason;
}

// Planted: no FFMA left in any loop (the chain computed once, or dropped).
TEST(WorkAudit, NoCountedInstructionInALoopFails) {
    const Benchmark b = chain_entry();
    const auto chain = parse_sass_listing(listing(0)).at("chain");
    const WorkAudit a = audit_function(b, b.counted[0], {"chain", 8, "2 steps x 4"}, chain);
    EXPECT_EQ(a.verdict, AuditVerdict::Fail);
    EXPECT_NE(a.reason.find("hoisted out of the loop or removed"), std::string::npos) << a.reason;
}

TEST(WorkAudit, AMoveIsNotAnFma) {
    const auto chain = parse_sass_listing(listing(1)).at("chain");
    EXPECT_EQ(count_instructions(chain, R"(\bHFMA2(\.MMA)?\b(?!.*-RZ, RZ))"), 0u);
}

DeviceFacts h100() {
    DeviceFacts f;
    f.vendor = "NVIDIA Corporation";
    f.vendor_id = 0x10de;
    f.compute_units = 132;
    f.clock_mhz = 1980;
    f.nv_cc_major = 9;
    f.nv_cc_minor = 0;
    return f;
}

Measurement ok_rate(double work, double seconds, const std::string& path) {
    Measurement m;
    m.status = Status::Ok;
    m.path = path;
    m.work_per_launch = work;
    m.timings.device = summarize({seconds});
    return m;
}

TEST(IssueCeiling, APathIsBoundByItsCountedInstructionsRate) {
    Benchmark dfma = chain_entry();
    dfma.counted = {{"native", R"(\bDFMA\b)", 2, Pipe::Fp64Fma, "DFMA, 2 FLOP each"}};
    const auto c = issue_ceiling(dfma, "native", h100());
    ASSERT_TRUE(c);
    EXPECT_NEAR(c->rate, 64.0 * 2 * 132 * 1980e6, 1e6); // 33.45 TFLOP/s
    EXPECT_NE(c->basis.find("64 DFMA lanes/clock/SM"), std::string::npos) << c->basis;
    // Planted: an fp64 figure at the FP32 rate, under the FP32 peak but above DFMA's.
    Measurement over = ok_rate(66e12, 1.0, "native");
    hold_to_ceiling(dfma, h100(), CoreEstimate{}, over);
    EXPECT_EQ(over.status, Status::VerifyFailed);
    EXPECT_NE(over.reason.find("DFMA"), std::string::npos) << over.reason;
    Measurement fine = ok_rate(33.3e12, 1.0, "native");
    hold_to_ceiling(dfma, h100(), CoreEstimate{}, fine);
    EXPECT_EQ(fine.status, Status::Ok) << fine.reason;
}

TEST(IssueCeiling, NoneWithoutAPublishedRateOrOffNvidia) {
    Benchmark b = chain_entry();
    DeviceFacts ampere = h100();
    ampere.nv_cc_major = 8;
    EXPECT_FALSE(issue_ceiling(b, "native", ampere));
    DeviceFacts cpu;
    cpu.compute_units = 2;
    cpu.clock_mhz = 3000;
    EXPECT_FALSE(issue_ceiling(b, "native", cpu));
    b.counted[0].pipe = Pipe::None;
    EXPECT_FALSE(issue_ceiling(b, "native", h100()));
    EXPECT_FALSE(issue_ceiling(chain_entry(), "ptx", h100())); // no row for that path
}

} // namespace
} // namespace clgauge

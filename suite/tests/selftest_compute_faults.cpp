// label selftest: planted faults in the fma and mad kernels must fail conformance.
#include "device_fixture.hpp"

#include <gtest/gtest.h>

namespace clgauge::test {
namespace {

void expect_caught(const std::string& id, const std::string& from, const std::string& to) {
    expect_planted_fault_caught(id, from, to);
}

// FMA split into a separately rounded multiply and add; contraction is switched off so the
// compiler cannot fuse it back.
const char* kFma = "#define CLG_FMA(a, b, c) fma(a, b, c)";
const char* kSplit = "#pragma OPENCL FP_CONTRACT OFF\n#define CLG_FMA(a, b, c) ((a) * (b) + (c))";

TEST(PlantedFault, Fp32FmaSplitIntoMulAdd) {
    expect_caught("fp32.fma", kFma, kSplit);
}
TEST(PlantedFault, Fp64FmaSplitIntoMulAdd) {
    expect_caught("fp64.fma", kFma, kSplit);
}
TEST(PlantedFault, Fp32ChainStepDropped) {
    expect_caught("fp32.fma", "y = CLG_FMA(x, nc, y);", "");
}
TEST(PlantedFault, Fp16ChainStepDropped) {
    expect_caught("fp16.fma", "y = CLG_HFMA2(x, nc, y);", "");
}
TEST(PlantedFault, Int32ChainStepDropped) {
    expect_caught("int32.mad", "y = x * nc + y;", "");
}
TEST(PlantedFault, Int64ChainStepDropped) {
    expect_caught("int64.mad", "y = x * nc + y;", "");
}
TEST(PlantedFault, Int16MultiplyBecomesAdd) {
    expect_planted_fault_caught("int16.mad", "x = y * c + x;", "x = y + c + x;", "native");
}
TEST(PlantedFault, Int16WideLaneMultiplyBecomesAdd) {
    expect_planted_fault_caught("int16.mad", "x1 = y1 * c1 + x1;", "x1 = y1 + c1 + x1;", "wide");
}

} // namespace
} // namespace clgauge::test

// label selftest: planted faults in the fma and mad kernels must fail conformance.
#include "planted_fault.hpp"

namespace clgauge::test {
namespace {

// FMA split into a separately rounded multiply and add; contraction is switched off so the
// compiler cannot fuse it back.
const char* kFma = "#define CLG_FMA(a, b, c) fma(a, b, c)";
const char* kSplit = "#pragma OPENCL FP_CONTRACT OFF\n#define CLG_FMA(a, b, c) ((a) * (b) + (c))";

const PlantedFault kFaults[] = {
    {"Fp32FmaSplitIntoMulAdd", {"fp32.fma"}, {}, kFma, kSplit},
    {"Fp64FmaSplitIntoMulAdd", {"fp64.fma"}, {}, kFma, kSplit},
    {"Fp32ChainStepDropped", {"fp32.fma"}, {}, "y = CLG_FMA(x, nc, y);", ""},
    {"Fp16ChainStepDropped", {"fp16.fma"}, {}, "y = CLG_HFMA2(x, nc, y);", ""},
    {"Int32ChainStepDropped", {"int32.mad"}, {}, "y = x * nc + y;", ""},
    {"Int64ChainStepDropped", {"int64.mad"}, {}, "y = x * nc + y;", ""},
    {"Int16MultiplyBecomesAdd", {"int16.mad"}, "native", "x = y * c + x;", "x = y + c + x;"},
    {"Int16WideLaneMultiplyBecomesAdd",
     {"int16.mad"},
     "wide",
     "x1 = y1 * c1 + x1;",
     "x1 = y1 + c1 + x1;"},
};
INSTANTIATE_PLANTED_FAULTS(Compute, kFaults);

} // namespace
} // namespace clgauge::test

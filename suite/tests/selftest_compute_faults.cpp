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
    // fp64's second pair of chains: a step dropped, then the pair not stored at all.
    {"Fp64SecondPairStepDropped", {"fp64.fma"}, {}, "y1 = CLG_FMA(x1, nc, y1);", ""},
    {"Fp64SecondPairNotStored",
     {"fp64.fma"},
     {},
     "as_ulong(x1), as_ulong(y1))",
     "as_ulong(x0), as_ulong(y0))"},
    // fp64's inputs are made by arithmetic (kernels/fma.cl): one that loses the sign.
    {"Fp64InputSignLost",
     {"fp64.fma"},
     {},
     "return v * (double)(1 - 2 * (int)(lo & 1u));",
     "return v;"},
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

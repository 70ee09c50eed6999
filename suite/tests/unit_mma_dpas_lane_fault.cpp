// label unit: planted fault for MmaDpasModel.*KernelMatchesReference. CMake writes a copy of
// kernels/mma.cl and its DPAS header with CLG_LANE() one lane off (suite/tests/CMakeLists.txt)
// and this file runs it through the same host model: no device runs the DPAS path in CI, so
// the model must see a wrong lane mapping.
#ifndef CLG_MMA_CL
#error "CLG_MMA_CL names the planted copy of kernels/mma.cl (suite/tests/CMakeLists.txt)"
#endif
#define CLG_FMT_S8
#include "mma_dpas_model.hpp"

#include <iostream>

TEST(MmaDpasModel, KernelWithItsLaneOffByOneIsCaught) {
    std::string first;
    const size_t bad =
        clgauge::test::dpas_model::kernel_mismatches(clgauge::ref::mma::Format::S8, first);
    EXPECT_GT(bad, 0u) << "the DPAS kernel with CLG_LANE() ^ 1 matched the reference";
    std::cout << bad << " elements unlike the reference, the first " << first << "\n";
}

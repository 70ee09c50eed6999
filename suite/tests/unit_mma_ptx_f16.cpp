// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_F16, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_F16
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, F16FragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::F16);
}

// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_TF32, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_TF32
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, TF32FragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::TF32);
}

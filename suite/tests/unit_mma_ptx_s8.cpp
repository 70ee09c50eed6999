// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_S8, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_S8
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, S8FragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::S8);
}

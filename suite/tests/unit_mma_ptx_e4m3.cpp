// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_E4M3, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_E4M3
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, E4M3FragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::E4M3);
}

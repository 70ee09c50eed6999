// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_E2M1, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_E2M1
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, E2M1FragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::E2M1);
}

// label unit: the NVIDIA mma.sync fragment code of kernels/mma.cl for CLG_FMT_TERNARY, through
// the host model of the instruction (mma_ptx_model.hpp).
#define CLG_FMT_TERNARY
#include "mma_ptx_model.hpp"

TEST(MmaPtxModel, TernaryFragmentsMatchReference) {
    clgauge::test::ptx_model::check(clgauge::ref::mma::Format::Ternary);
}

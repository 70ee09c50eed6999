// label unit: the Intel DPAS fragment code of kernels/mma.cl for CLG_FMT_S4, through the
// host model of the built-in (mma_dpas_model.hpp).
#define CLG_FMT_S4
#include "mma_dpas_model.hpp"

TEST(MmaDpasModel, S4FragmentsMatchReference) {
    clgauge::test::dpas_model::check(clgauge::ref::mma::Format::S4);
}

// label unit: the Intel DPAS fragment code of kernels/mma.cl for CLG_FMT_F16, through the
// host model of the built-in (mma_dpas_model.hpp).
#define CLG_FMT_F16
#include "mma_dpas_model.hpp"

TEST(MmaDpasModel, F16FragmentsMatchReference) {
    clgauge::test::dpas_model::check(clgauge::ref::mma::Format::F16);
}

// The whole kernel on four sub-groups: lanes, sub-groups, the chain and the stores.
TEST(MmaDpasModel, F16KernelMatchesReference) {
    std::string first;
    EXPECT_EQ(clgauge::test::dpas_model::kernel_mismatches(clgauge::ref::mma::Format::F16, first),
              0u)
        << first;
}

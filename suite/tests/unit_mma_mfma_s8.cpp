// label unit: the AMD MFMA fragment code of kernels/mma.cl (CLG_FMT_S8), through the host
// model of v_mfma_i32_16x16x16i8 (mma_mfma_model.hpp).
#define CLG_FMT_S8
#include "mma_mfma_model.hpp"

TEST(MmaMfmaModel, S8FragmentsMatchReference) {
    clgauge::test::mfma_model::check(clgauge::ref::mma::Format::S8);
}

// label unit: capabilities remembered on disk (core/capability_memo.hpp) come back whole, and
// a file that is not one is probed again, never half-read.
#include "core/capability_memo.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <unistd.h>

namespace clgauge {
namespace {

class CapabilityMemo : public ::testing::Test {
  protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() /
               ("clgauge-capmemo-" + std::to_string(::getpid()));
        std::filesystem::remove_all(dir_);
        ::setenv("CLGAUGE_CACHE_DIR", dir_.c_str(), 1);
    }
    void TearDown() override {
        ::unsetenv("CLGAUGE_CACHE_DIR");
        std::filesystem::remove_all(dir_);
    }
    std::filesystem::path dir_;
};

// Every field away from its default, so that one the codec drops comes back different.
Capabilities everything() {
    Capabilities c;
    c.extensions = {"cl_khr_fp16", "cl_khr_subgroups"};
    c.opencl_c_features = {"__opencl_c_subgroups"};
    c.opencl_c_major = 3;
    c.opencl_c_minor = 0;
    c.fp64 = c.fp16 = c.khr_subgroups = c.intel_subgroups = c.intel_block_io = true;
    c.inline_ptx = c.int_dot_4x8 = c.amd_dot4 = c.amd_mfma_i8 = c.intel_dpas = true;
    c.int64_atomics = c.c11_atomics_device_scope = c.c11_atomics_work_group_scope = true;
    c.float_atomic_add_global = c.float_atomic_add_local = c.images = true;
    c.image_gap = "CL_UNORM_INT8";
    c.intel_subgroup_sizes = {8, 16, 32};
    c.nv_cc = 90;
    c.probe_notes = {"a note"};
    return c;
}

TEST_F(CapabilityMemo, RemembersEveryField) {
    remember_capabilities("k1", everything());
    const auto back = recall_capabilities("k1");
    ASSERT_TRUE(back);
    EXPECT_TRUE(*back == everything());
    EXPECT_FALSE(recall_capabilities("k2")); // another device or driver: probed anew
}

// Planted: a memo cut short (a process killed while writing elsewhere) is not trusted.
TEST_F(CapabilityMemo, AFileCutShortIsProbedAgain) {
    remember_capabilities("k1", everything());
    const auto path = dir_ / "capabilities" / "k1.json";
    ASSERT_TRUE(std::filesystem::exists(path));
    std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
    EXPECT_FALSE(recall_capabilities("k1"));
}

} // namespace
} // namespace clgauge

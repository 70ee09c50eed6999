// What the device's compiler says each kernel uses: registers, spills, stack and local memory.
// Only NVIDIA reports them here (-cl-nv-verbose puts ptxas's report into the build log); on a
// device that says nothing the list is empty, and every reader says "none reported".
#pragma once
#include <algorithm>
#include <string>
#include <vector>

namespace clgauge {

struct KernelResources {
    std::string kernel;
    // -1: the compiler's report did not say (ptxas omits smem for a kernel without local data).
    long registers = -1;
    long spill_store_bytes = -1, spill_load_bytes = -1;
    long stack_bytes = -1; // per work-item stack frame (private arrays, spills)
    long local_bytes = -1; // OpenCL local memory per work-group (ptxas "smem")
    long spill_bytes() const {
        return std::max(0L, spill_store_bytes) + std::max(0L, spill_load_bytes);
    }
};

// The kernels of a ptxas-style report (ptxas -v, the NVIDIA driver's -cl-nv-verbose log), in
// the order compiled. Tolerant of prefixes ("ptxas info    :", "ptxas         .", none): a
// kernel is an "entry function"; its "Function properties" and "Used N registers" lines follow.
std::vector<KernelResources> parse_ptxas_resources(const std::string& log);

// The log without the resource report's lines: what is left is what the compiler said
// otherwise (warnings), for the place a person looks for warnings.
std::string without_resource_report(const std::string& log);

// "k: 18 registers, 0 B spilled (0 stores, 0 loads), 0 B stack, 1024 B local"
std::string describe(const KernelResources& k);

} // namespace clgauge

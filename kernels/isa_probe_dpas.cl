// DPAS probe for the `isa` test (suite/tests/isa_ocloc.cpp): Intel's offline compiler must
// turn each cl_intel_subgroup_matrix_multiply_accumulate built-in into `dpas` instructions.
// Sub-group size 16 (Xe-HPC, e.g. pvc): A is short8 per work-item, B int8, C 8 rows.
// Not run on any device; build with -Dcl_intel_subgroup_matrix_multiply_accumulate (the
// Debian 12 ocloc declares the built-ins only then).
#pragma OPENCL EXTENSION cl_intel_subgroups : enable

#ifdef cl_intel_subgroup_matrix_multiply_accumulate
__attribute__((intel_reqd_sub_group_size(16))) kernel void
isa_dpas_i8(global int8* c, const global short8* a, const global int8* b) {
    const size_t i = get_global_id(0);
    c[i] = intel_sub_group_i8_i8_matrix_mad_k32(a[i], b[i], c[i]);
}

__attribute__((intel_reqd_sub_group_size(16))) kernel void
isa_dpas_f16(global float8* c, const global short8* a, const global int8* b) {
    const size_t i = get_global_id(0);
    c[i] = intel_sub_group_f16_f16_matrix_mad_k16(a[i], b[i], c[i]);
}

__attribute__((intel_reqd_sub_group_size(16))) kernel void
isa_dpas_bf16(global float8* c, const global short8* a, const global int8* b) {
    const size_t i = get_global_id(0);
    c[i] = intel_sub_group_bf16_bf16_matrix_mad_k16(a[i], b[i], c[i]);
}
#endif

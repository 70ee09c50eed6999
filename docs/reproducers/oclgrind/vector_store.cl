// Oclgrind 21.10 with --uninitialized reports "Uninitialized value written to global memory"
// for this valid kernel: both lanes of the stored vector are defined. With the optimizer on
// (the default), LLVM turns the vector store into a store of an undef <2 x i32> followed by
// two scalar stores of the lanes, and Oclgrind reports the first store. With
// --build-options -cl-opt-disable nothing is reported.
//   oclgrind-kernel --uninitialized vector_store.sim                                  # 4 reports
//   oclgrind-kernel --uninitialized --build-options -cl-opt-disable vector_store.sim  # none
kernel void vector_store(global uint2* out) {
    const uint g = get_global_id(0);
    out[g] = (uint2)(g, 3u * g);
}

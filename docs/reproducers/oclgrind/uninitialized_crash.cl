// Oclgrind 21.10 with --uninitialized crashes (SIGSEGV) on this valid kernel when it is
// optimized (the default); with --build-options -cl-opt-disable it runs and reports nothing.
// The helper is kernels/tnn.cl's clg_tnn_negate without the rotate; written inline in the
// kernel body it does not crash. mem.coalesced.read crashed the same plugin the same way
// (not reduced further).
//   oclgrind-kernel --uninitialized uninitialized_crash.sim                                 # SIGSEGV
//   oclgrind-kernel --uninitialized --build-options -cl-opt-disable uninitialized_crash.sim # runs
inline ushort2 negate(ushort2 v, ushort2 acc) {
    const ushort m = acc.s0 ^ acc.s1;
    const ushort t = (v.s0 ^ v.s1) & m;
    return v ^ (ushort2)(t, t);
}

kernel void uninitialized_crash(global uint* out, const uint seed) {
    const uint g = get_global_id(0);
    ushort2 y = as_ushort2(g * seed);
    y = negate(y, as_ushort2(g));
    out[g] = as_uint(y);
}

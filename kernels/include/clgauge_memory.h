// Data of the memory and transfer families. Input arrays are filled on the device from the
// full hash (non-compressible, and recomputed by the CPU for every check, so a wrong fill
// fails too); write kernels store a cheaper pattern so their stores, not the ALUs, bound them.
// reference/mem_data.hpp is the CPU twin.
#ifndef CLGAUGE_MEMORY_H
#define CLGAUGE_MEMORY_H
#include "clgauge_inputs.h"

// Word i of an input array filled from stream k.
inline uint clg_mem_word(uint seed, uint i, uint k) { return clg_rand(seed, i, k); }
// Floats in [1,2) with a random mantissa: sums and products stay finite and normal.
inline uint clg_mem_f32_bits(uint seed, uint i, uint k) {
    return 0x3f800000u | (clg_rand(seed, i, k) >> 9);
}
inline ulong clg_mem_f64_bits(uint seed, uint i, uint k) {
    return 0x3ff0000000000000ul | clg_f64_mantissa(clg_rand(seed, i, k), clg_rand(seed, i, k + 8u));
}

// Pattern word i of a write kernel: one multiply-add and one xor, every word different.
inline uint clg_mem_key(uint seed) { return clg_hash(seed ^ 0x51ed270bu); }
inline uint clg_mem_pattern(uint key, uint i) { return (i * 0x9e3779b9u) ^ key; }

// The fills, in every program that includes this header (a program's compiled code is what
// its baselines' fingerprints name); on a CPU device launched from kernels/transfer.cl's.
kernel void clg_fill_u32(global uint* p, const uint n, const uint seed, const uint k) {
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        p[i] = clg_mem_word(seed, i, k);
}
kernel void clg_fill_f32(global uint* p, const uint n, const uint seed, const uint k) {
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        p[i] = clg_mem_f32_bits(seed, i, k);
}
kernel void clg_fill_f64(global ulong* p, const uint n, const uint seed, const uint k) {
    for (uint i = get_global_id(0); i < n; i += get_global_size(0))
        p[i] = clg_mem_f64_bits(seed, i, k);
}

#endif

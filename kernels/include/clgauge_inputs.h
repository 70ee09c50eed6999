// Deterministic inputs from (seed, work-item, stream). reference/inputs.hpp mirrors this
// bit for bit, so the CPU reproduces every value a kernel starts from.
#ifndef CLGAUGE_INPUTS_H
#define CLGAUGE_INPUTS_H

inline uint clg_hash(uint x) {
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

// 32 random bits for work-item `item`, input stream `k` (streams >= 16 hold uniform constants).
inline uint clg_rand(uint seed, uint item, uint k) {
    return clg_hash(clg_hash(seed ^ (k * 0x9e3779b9u)) + item);
}

// Uniform constant `k` (k >= 16) of a chain. The chain harness passes the seed as a
// build-time literal too (-DCLG_SEED), so the constants fold into the instructions'
// immediate operands: an NVIDIA HFMA2 that reads its multiplier from a third register
// issues at half rate (baselines/nvidia/NOTES.md).
inline uint clg_const(uint seed, uint k) {
#ifdef CLG_SEED
    return clg_rand(CLG_SEED, 0, k);
#else
    return clg_rand(seed, 0, k);
#endif
}

// Float bits in +-[2,4): far from zero, denormals and overflow.
inline uint clg_f32_bits_2_4(uint r) { return 0x40000000u | (r >> 9) | ((r & 1u) << 31); }
// Float bits in [0.5,1): a multiplier with a full random mantissa.
inline uint clg_f32_bits_half_1(uint r) { return 0x3f000000u | (r >> 9); }
inline ushort clg_f16_bits_2_4(uint r) { return (ushort)(0x4000u | (r >> 22) | ((r & 1u) << 15)); }
inline ushort clg_f16_bits_half_1(uint r) { return (ushort)(0x3800u | (r >> 22)); }
inline ulong clg_f64_mantissa(uint hi, uint lo) { return ((ulong)hi << 20) | (ulong)(lo >> 12); }
inline ulong clg_f64_bits_2_4(uint hi, uint lo) {
    return 0x4000000000000000ul | clg_f64_mantissa(hi, lo) | ((ulong)(lo & 1u) << 63);
}
inline ulong clg_f64_bits_half_1(uint hi, uint lo) {
    return 0x3fe0000000000000ul | clg_f64_mantissa(hi, lo);
}

#endif

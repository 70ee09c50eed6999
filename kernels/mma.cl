// Matrix multiply-accumulate throughput (OpenCL-Benchmark's MMA.* rows) on three kinds of paths:
// an emulation on sub-groups (each lane one element of a dot product, then broadcast and
// reduce_add), NVIDIA tensor cores through inline PTX mma.sync, and Intel DPAS.
//
// Contract (suite/harness/mma.hpp): kernel void mma(global uint* out, uint seed, uint repeats).
// Each sub-group (warp) owns CLG_MMA_TILES tiles, tile = group * CLG_MMA_TILES + t. It builds
// A (M x K), B (K x N), NB (B with sign bits flipped for float formats, B itself for integer
// formats) and C0 from (seed, tile) in registers, runs repeats * CLG_STEPS pairs
// { C = A*B + C; C = A*NB + C } and one more C = A*B + C, and stores C row-major at
// out[tile * M * N ...] (fp32 or int32 bits). reference/mma.hpp reproduces it.
// fp8 (CLG_SIGNS_WORD): in pair i of repeat r, when bit i of r + 1 is set, the pair multiplies
// A and B (and NB) with every sign bit flipped. (-a)(-b) = ab exactly, so C is the same, but
// the operands change with r: no compiler can compute a product once for the whole chain
// (sm_90's ptxas did, for fp8 it decodes to f16, and the loop became FP32 adds).
//
// Build options: one format -DCLG_FMT_{F16,BF16,TF32,E4M3,E5M2,E2M1,S8,S4,TERNARY}; one path
// -DCLG_MMA_EMU (with a sub-group layer define, -DCLG_MMA_SG=<lanes>), -DCLG_MMA_PTX,
// -DCLG_MMA_DPAS or -DCLG_MMA_MFMA; -DCLG_STEPS, -DCLG_MMA_TILES. -DCLG_MMA_SPARSE (ptx path,
// f16, bf16, tf32, s8): A is 2:4 (tf32 1:2) sparse and each MMA is mma.sp.sync, or with -DCLG_PTX_EMU that
// instruction emulated in local memory from the same fragments (kernels/include/
// clgauge_mma_sp_emu.h), so that a device without tensor cores checks the lane and metadata maps.
#ifndef CLGAUGE_INPUTS_H // (a host-side test includes it first)
#include "clgauge_inputs.h"
#endif

#ifndef CLG_STEPS
#define CLG_STEPS 4
#endif
#ifndef CLG_MMA_TILES
#define CLG_MMA_TILES 1
#endif
#ifndef CLG_UNROLL
#define CLG_UNROLL _Pragma("unroll")
#endif

// ---- formats: element width, float layout (sign bit, stored mantissa bits, bias) ----
#if defined(CLG_FMT_F16)
#define CLG_EBITS 16
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 15
#define CLG_MANT 10
#define CLG_BIAS 15
#elif defined(CLG_FMT_BF16)
#define CLG_EBITS 16
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 15
#define CLG_MANT 7
#define CLG_BIAS 127
#elif defined(CLG_FMT_TF32)
#define CLG_EBITS 32
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 31
#define CLG_MANT 23
#define CLG_BIAS 127
#elif defined(CLG_FMT_E4M3)
#define CLG_EBITS 8
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 7
#define CLG_MANT 3
#define CLG_BIAS 7
#define CLG_SIGNS_WORD 0x80808080u // the sign bits of a fragment word (4 elements, every path)
#elif defined(CLG_FMT_E5M2)
#define CLG_EBITS 8
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 7
#define CLG_MANT 2
#define CLG_BIAS 15
#define CLG_SIGNS_WORD 0x80808080u
#elif defined(CLG_FMT_E2M1)
#define CLG_EBITS 4
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 3
#define CLG_MANT 1
#define CLG_BIAS 1
#elif defined(CLG_FMT_S8)
#define CLG_EBITS 8
#elif defined(CLG_FMT_S4)
#define CLG_EBITS 4
#elif defined(CLG_FMT_TERNARY)
#define CLG_EBITS 2
#else
#error "no CLG_FMT_* format selected"
#endif

#ifdef CLG_FLOAT_FMT
#define CLG_ACC_T float
#define CLG_NEG_MASK (1u << CLG_SIGN_BIT)
#define CLG_ACC_FROM_BITS(b) as_float(b)
#else
#define CLG_ACC_T int
#define CLG_NEG_MASK 0u
#define CLG_ACC_FROM_BITS(b) as_int(b)
#endif

// ---- deterministic tiles (mirrors reference/mma.hpp) ----
#define CLG_WHICH_A 0u
#define CLG_WHICH_B 1u
#define CLG_WHICH_C 2u
#define CLG_WHICH_SA 3u
#define CLG_WHICH_SB 4u
#define CLG_WHICH_SPARSITY 5u

inline uint clg_tile_rand(uint seed, uint tile, uint which, uint r, uint c) {
    return clg_rand(seed, tile, (which << 24) | (r << 12) | c);
}
inline bool clg_special_tile(uint tile) { return (tile & 3u) == 3u; }

#ifdef CLG_FLOAT_FMT
#if defined(CLG_FMT_F16)
constant uint clg_specials[] = {0x0000, 0x8000, 0x7bff, 0xfbff, 0x0400,
                                0x8400, 0x7c00, 0xfc00, 0x7e00};
#elif defined(CLG_FMT_BF16)
constant uint clg_specials[] = {0x0000, 0x8000, 0x7f7f, 0xff7f, 0x0080,
                                0x8080, 0x7f80, 0xff80, 0x7fc0};
#elif defined(CLG_FMT_TF32)
constant uint clg_specials[] = {0x00000000u, 0x80000000u, 0x7f7fe000u, 0xff7fe000u, 0x00800000u,
                                0x80800000u, 0x7f800000u, 0xff800000u, 0x7fc00000u};
#elif defined(CLG_FMT_E4M3)
constant uint clg_specials[] = {0x00, 0x80, 0x7e, 0xfe, 0x08, 0x88, 0x7f};
#elif defined(CLG_FMT_E5M2)
constant uint clg_specials[] = {0x00, 0x80, 0x7b, 0xfb, 0x04, 0x84, 0x7c, 0xfc, 0x7e};
#elif defined(CLG_FMT_E2M1)
constant uint clg_specials[] = {0x0, 0x8, 0x7, 0xf, 0x2, 0xa, 0x1};
#endif
#define CLG_N_SPECIALS (sizeof(clg_specials) / sizeof(clg_specials[0]))

inline uint clg_normal_bits(uint rnd, int shift) {
    const uint sign = ((rnd >> 3) & 1u) << CLG_SIGN_BIT;
    if ((rnd & 7u) == 0) return sign;
    const uint e = (rnd >> 4) & 1u, sig = (rnd >> 5) & 1u;
#ifdef CLG_FMT_TF32
    const uint junk = (rnd >> 16) & 0x1fffu; // in the 13 bits tf32 ignores
#else
    const uint junk = 0u;
#endif
    return sign | ((uint)(CLG_BIAS + (int)e + shift) << CLG_MANT) | (sig << (CLG_MANT - 1)) | junk;
}
#endif

// Element (r, c) of A (row, k) or B (k, column) as format bits; k_dim is the tile's K.
inline uint clg_elem(uint seed, uint tile, uint which, uint r, uint c, uint k_dim) {
    const uint rnd = clg_tile_rand(seed, tile, which, r, c);
#if defined(CLG_FMT_S8)
    return rnd & 0xffu;
#elif defined(CLG_FMT_S4)
    return rnd & 0xfu;
#elif defined(CLG_FMT_TERNARY)
    const uint t = rnd & 3u;
    return t == 3u ? 0u : t;
#else
    if (clg_special_tile(tile) && which == CLG_WHICH_A && c == (r * 5u + tile) % k_dim)
        return clg_specials[(rnd >> 8) % (uint)CLG_N_SPECIALS];
#if defined(CLG_FMT_E2M1)
    const int shift = 0;
#else
    const int shift = (clg_special_tile(tile) && which == CLG_WHICH_B) ? -2 : 0;
#endif
    return clg_normal_bits(rnd, shift);
#endif
}
// The kernels read B only through this macro (a self-test transposes it).
#define CLG_B_ELEM(s_, t_, k_, n_) clg_elem(s_, t_, CLG_WHICH_B, k_, n_, CLG_MMA_K)

inline uint clg_scale_bits(uint seed, uint tile, uint which, uint rc, uint kb) {
    if (clg_special_tile(tile) && which == CLG_WHICH_SA && rc == 1u) return 0xffu;
    return 126u + clg_tile_rand(seed, tile, which, rc, kb) % 3u;
}

#ifdef CLG_MMA_SPARSE // (only there: a constant table would change every dense kernel's binary)
// Sparse A (reference/mma.hpp): the metadata nibble of chunk `chunk` of row `row`, two 2-bit
// indices in 16-bit units. 2:4, four elements a chunk and two kept; tf32 1:2, two elements and
// one kept (0x4: element 0, 0xe: element 1).
#ifdef CLG_FMT_TF32
#define CLG_SPARSE_CHUNK 2u // elements a chunk
#define CLG_SPARSE_KEPT 1u  // of them kept
inline uint clg_sparse_nibble(uint seed, uint tile, uint row, uint chunk) {
    return (clg_tile_rand(seed, tile, CLG_WHICH_SPARSITY, row, chunk) & 1u) ? 0xeu : 0x4u;
}
// K within its chunk of kept element `slot` of a chunk with nibble `nib`.
#define CLG_SPARSE_INDEX(nib, slot) (((nib) & 3u) >> 1)
#else
#define CLG_SPARSE_CHUNK 4u
#define CLG_SPARSE_KEPT 2u
constant uint clg_sparse_nibbles[6] = {0x4u, 0x8u, 0xcu, 0x9u, 0xdu, 0xeu};
inline uint clg_sparse_nibble(uint seed, uint tile, uint row, uint chunk) {
    return clg_sparse_nibbles[clg_tile_rand(seed, tile, CLG_WHICH_SPARSITY, row, chunk) % 6u];
}
#define CLG_SPARSE_INDEX(nib, slot) (((nib) >> (2u * (slot))) & 3u)
#endif
#endif

inline uint clg_c0_bits(uint seed, uint tile, uint m, uint n) {
    const uint rnd = clg_tile_rand(seed, tile, CLG_WHICH_C, m, n);
#ifdef CLG_FLOAT_FMT
    return as_uint((float)((int)(rnd & 1023u) - 512) * 0.25f);
#else
    return rnd;
#endif
}

// ---- decoders for devices without the formats (the emulation): bits -> float ----
inline float clg_f16_to_f32(uint h) {
    const uint s = (h & 0x8000u) << 16, e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
    if (e == 0x1fu) return as_float(s | 0x7f800000u | (m << 13));
    if (e != 0) return as_float(s | ((e + 112u) << 23) | (m << 13));
    return as_float(s) + (s ? -1.0f : 1.0f) * (float)m * 0x1p-24f; // subnormal, exact
}
inline float clg_e4m3_to_f32(uint b) {
    const uint s = (b & 0x80u) << 24, e = (b >> 3) & 15u, m = b & 7u;
    if (e == 15u && m == 7u) return as_float(0x7fc00000u | s);
    if (e != 0) return as_float(s | ((e + 120u) << 23) | (m << 20));
    return (s ? -1.0f : 1.0f) * (float)m * 0x1p-9f;
}
inline float clg_e2m1_to_f32(uint b) {
    const uint e = (b >> 1) & 3u, m = b & 1u;
    const float v = e == 0 ? 0.5f * (float)m : as_float(((e + 126u) << 23) | (m << 22));
    return (b & 8u) ? -v : v;
}
inline float clg_e8m0_to_f32(uint s) {
    return s == 0xffu ? as_float(0x7fc00000u) : as_float(s == 0 ? 0x00400000u : s << 23);
}
inline float clg_decode(uint b) {
#if defined(CLG_FMT_F16)
    return clg_f16_to_f32(b);
#elif defined(CLG_FMT_BF16)
    return as_float(b << 16);
#elif defined(CLG_FMT_TF32)
    return as_float(b & 0xffffe000u); // tf32: truncation, the low 13 bits do not count
#elif defined(CLG_FMT_E4M3)
    return clg_e4m3_to_f32(b);
#elif defined(CLG_FMT_E5M2)
    return clg_f16_to_f32(b << 8);
#elif defined(CLG_FMT_E2M1)
    return clg_e2m1_to_f32(b);
#else
    return 0.0f;
#endif
}
#define CLG_S8(x) ((int)(char)(x))

// =====================================================================================
#if defined(CLG_MMA_EMU)
#include "clgauge_mma_emu.h"
#elif defined(CLG_MMA_PTX)
#include "clgauge_mma_ptx.h"
#elif defined(CLG_MMA_DPAS)
#include "clgauge_mma_dpas.h"
#elif defined(CLG_MMA_MFMA)
#include "clgauge_mma_mfma.h"
#else
#error "no CLG_MMA_* path selected"
#endif

// =====================================================================================
#ifdef CLG_UNROLL_STEPS // fully unrolled MMA loops on the hardware paths
#define CLG_STEP_UNROLL CLG_UNROLL
#else
#define CLG_STEP_UNROLL
#endif
#ifndef CLG_KERNEL_ATTR
#define CLG_KERNEL_ATTR
#endif
#ifndef CLG_MMA_SETUP // a path's local memory, where it has some
#define CLG_MMA_SETUP()
#endif
// -DCLG_SM_CLOCK (the tensor-core paths, inline PTX): a fourth argument, clock[0..1], gathers
// the SM cycles and nanoseconds of every warp-group's chain over all launches, the clock the
// chains ran at (kernels/include/clgauge_sm_clock.h). A GPU that warms and clocks down moves
// the figure with it; a slower compiler moves the figure alone.
#ifdef CLG_SM_CLOCK
#include "clgauge_sm_clock.h"
#define CLG_CLOCK_ARG , global ulong *clock
#else
#define CLG_CLOCK_ARG
#endif
CLG_KERNEL_ATTR kernel void mma(global uint* out, const uint seed, const uint repeats CLG_CLOCK_ARG) {
    CLG_SG_SETUP();
    CLG_MMA_SETUP();
    const uint lane = CLG_LANE();
    const uint group = CLG_GROUP();
    clg_frag_a a[CLG_MMA_TILES];
    clg_frag_b b[CLG_MMA_TILES], nb[CLG_MMA_TILES];
    clg_acc acc[CLG_MMA_TILES];
CLG_UNROLL
    for (uint t = 0; t < CLG_MMA_TILES; ++t) {
        const uint tile = group * CLG_MMA_TILES + t;
        a[t] = clg_load_a(seed, tile, lane);
        b[t] = clg_load_b(seed, tile, lane, 0u);
        nb[t] = clg_load_b(seed, tile, lane, CLG_NEG_MASK);
        acc[t] = clg_load_c(seed, tile, lane);
    }
#ifdef CLG_SM_CLOCK
    const clg_sm_stamp chain_begin = clg_sm_now(a[0].r[0]);
#endif
    for (uint r = 0; r < repeats; ++r) {
CLG_STEP_UNROLL
        for (uint i = 0; i < CLG_STEPS; ++i) {
#ifdef CLG_SIGNS_WORD
            const uint flip = CLG_SIGNS_WORD & (0u - (((r + 1u) >> i) & 1u));
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t) {
                const clg_frag_a fa = clg_xor_a(a[t], flip);
                CLG_MMA_ACC(acc[t], acc[t], fa, clg_xor_b(b[t], flip));
            }
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t) {
                const clg_frag_a fa = clg_xor_a(a[t], flip);
                CLG_MMA_ACC(acc[t], acc[t], fa, clg_xor_b(nb[t], flip));
            }
#else
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t)
                CLG_MMA_ACC(acc[t], acc[t], a[t], b[t]);
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t)
                CLG_MMA_ACC(acc[t], acc[t], a[t], nb[t]);
#endif
        }
    }
#ifdef CLG_SM_CLOCK
    // After the chain: the stamp takes its last accumulator.
    if (get_local_id(0) == 0) clg_sm_accumulate(clock, chain_begin, clg_sm_now(as_uint(acc[0].c[0])));
#endif
CLG_UNROLL
    for (uint t = 0; t < CLG_MMA_TILES; ++t) {
        CLG_MMA_ACC(acc[t], acc[t], a[t], b[t]);
        clg_store_c(out, group * CLG_MMA_TILES + t, lane, acc[t]);
    }
}

// Matrix multiply-accumulate throughput (seed 000's MMA.* rows) on three kinds of paths:
// an emulation on sub-groups (each lane one element of a dot product, then broadcast and
// reduce_add), NVIDIA tensor cores through inline PTX mma.sync, and Intel DPAS.
//
// Contract (suite/harness/mma.hpp): kernel void mma(global uint* out, uint seed, uint repeats).
// Each sub-group (warp) owns CLG_MMA_TILES tiles, tile = group * CLG_MMA_TILES + t. It builds
// A (M x K), B (K x N), NB (B with sign bits flipped for float formats, B itself for integer
// formats) and C0 from (seed, tile) in registers, runs repeats * CLG_STEPS pairs
// { C = A*B + C; C = A*NB + C } and one more C = A*B + C, and stores C row-major at
// out[tile * M * N ...] (fp32 or int32 bits). reference/mma.hpp reproduces it.
//
// Build options: one format -DCLG_FMT_{F16,BF16,TF32,E4M3,E5M2,E2M1,S8,S4,TERNARY}; one path
// -DCLG_MMA_EMU (with a sub-group layer define, -DCLG_MMA_SG=<lanes>), -DCLG_MMA_PTX or
// -DCLG_MMA_DPAS; -DCLG_STEPS, -DCLG_MMA_TILES.
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
#elif defined(CLG_FMT_E5M2)
#define CLG_EBITS 8
#define CLG_FLOAT_FMT
#define CLG_SIGN_BIT 7
#define CLG_MANT 2
#define CLG_BIAS 15
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
// Emulation on a sub-group of CLG_MMA_SG lanes: an 8 x 8 x (CLG_MMA_SG * words) tile. Lane l
// holds the 32-bit word l of every A row (CLG_PER_WORD elements of K); lane n < 8 holds
// column n of B, all CLG_MMA_SG words; lane l owns C elements l, l + SG, ... (row-major).
// One MMA: for each column n the lanes fetch their B word by sub-group broadcasts from lane n,
// then each lane forms its part of the dot product for each row and reduce_add sums it.
#include "clgauge_subgroup.h"

#define CLG_EMU_M 8u
#define CLG_EMU_N 8u
#define CLG_PER_WORD (32 / CLG_EBITS)
#define CLG_MMA_K (CLG_MMA_SG * CLG_PER_WORD)
#define CLG_C_PER_LANE ((CLG_EMU_M * CLG_EMU_N + CLG_MMA_SG - 1) / CLG_MMA_SG)

typedef struct {
    uint w[CLG_EMU_M];
#ifdef CLG_FMT_E2M1
    uint s[CLG_EMU_M]; // E8M0 scale of row m for this lane's K block
#endif
} clg_frag_a;
typedef struct {
    uint w[CLG_MMA_SG];
#ifdef CLG_FMT_E2M1
    uint s[CLG_EMU_N]; // E8M0 scale of column n for this lane's K block
#endif
} clg_frag_b;
typedef struct {
    CLG_ACC_T c[CLG_C_PER_LANE];
} clg_acc;

inline clg_acc clg_acc_zero(void) {
    clg_acc z;
    for (uint i = 0; i < CLG_C_PER_LANE; ++i)
        z.c[i] = 0;
    return z;
}

// K index of element e of word w.
#define CLG_WORD_K(w, e) ((w) * CLG_PER_WORD + (e))

// Word w of A row `rc` (is_a) or of B column `rc`.
inline uint clg_pack(uint seed, uint tile, bool is_a, uint rc, uint w, uint flip) {
    uint word = 0;
    for (uint e = 0; e < CLG_PER_WORD; ++e) {
        const uint k = CLG_WORD_K(w, e), n = rc;
        const uint bits = is_a ? clg_elem(seed, tile, CLG_WHICH_A, rc, k, CLG_MMA_K)
                               : CLG_B_ELEM(seed, tile, k, n);
#if defined(CLG_FMT_TERNARY)
        word |= ((bits & 1u) << e) | ((bits >> 1) << (16u + e)); // planes (x+, x-)
#else
        word |= (bits ^ flip) << (e * CLG_EBITS);
#endif
    }
    return word;
}

inline clg_frag_a clg_load_a(uint seed, uint tile, uint lane) {
    clg_frag_a a;
    for (uint m = 0; m < CLG_EMU_M; ++m) {
        a.w[m] = clg_pack(seed, tile, true, m, lane, 0u);
#ifdef CLG_FMT_E2M1
        a.s[m] = clg_scale_bits(seed, tile, CLG_WHICH_SA, m, CLG_WORD_K(lane, 0) / 32u);
#endif
    }
    return a;
}
inline clg_frag_b clg_load_b(uint seed, uint tile, uint lane, uint flip) {
    clg_frag_b b;
    const uint n = lane < CLG_EMU_N ? lane : 0u;
    for (uint w = 0; w < CLG_MMA_SG; ++w)
        b.w[w] = lane < CLG_EMU_N ? clg_pack(seed, tile, false, n, w, flip) : 0u;
#ifdef CLG_FMT_E2M1
    for (uint c = 0; c < CLG_EMU_N; ++c)
        b.s[c] = clg_scale_bits(seed, tile, CLG_WHICH_SB, c, CLG_WORD_K(lane, 0) / 32u);
#endif
    return b;
}
inline clg_acc clg_load_c(uint seed, uint tile, uint lane) {
    clg_acc c;
    for (uint i = 0; i < CLG_C_PER_LANE; ++i) {
        const uint e = lane + i * CLG_MMA_SG;
        const uint bits =
            e < CLG_EMU_M * CLG_EMU_N ? clg_c0_bits(seed, tile, e / CLG_EMU_N, e % CLG_EMU_N) : 0u;
        c.c[i] = CLG_ACC_FROM_BITS(bits);
    }
    return c;
}
inline void clg_store_c(global uint* out, uint tile, uint lane, clg_acc c) {
    for (uint i = 0; i < CLG_C_PER_LANE; ++i) {
        const uint e = lane + i * CLG_MMA_SG;
        if (e < CLG_EMU_M * CLG_EMU_N) out[tile * CLG_EMU_M * CLG_EMU_N + e] = as_uint(c.c[i]);
    }
}

// This lane's part of the dot product of A row word `aw` and B column word `bw`.
#if defined(CLG_FMT_S8)
inline int clg_dot_word(uint aw, uint bw) {
    int d = 0;
    for (uint e = 0; e < 4u; ++e)
        d += CLG_S8(aw >> (8u * e)) * CLG_S8(bw >> (8u * e));
    return d;
}
#elif defined(CLG_FMT_S4)
inline int clg_dot_word(uint aw, uint bw) {
    int d = 0;
    for (uint e = 0; e < 8u; ++e)
        d += ((int)(aw << (28u - 4u * e)) >> 28) * ((int)(bw << (28u - 4u * e)) >> 28);
    return d;
}
#elif defined(CLG_FMT_TERNARY)
// Seed 000's TNN: a ternary dot is popc(a+ & b+) + popc(a- & b-) - popc(a+ & b-) - popc(a- & b+).
inline int clg_dot_word(uint aw, uint bw) {
    const uint ap = aw & 0xffffu, am = aw >> 16, bp = bw & 0xffffu, bm = bw >> 16;
    return (int)(popcount(ap & bp) + popcount(am & bm)) -
           (int)(popcount(ap & bm) + popcount(am & bp));
}
#else
inline float clg_dot_word(uint aw, uint bw) {
    float d = 0.0f;
    for (uint e = 0; e < CLG_PER_WORD; ++e) {
        const uint mask = (uint)((1ul << CLG_EBITS) - 1ul);
        d += clg_decode((aw >> (e * CLG_EBITS)) & mask) * clg_decode((bw >> (e * CLG_EBITS)) & mask);
    }
    return d;
}
#endif

#ifdef CLG_FLOAT_FMT
#define CLG_SG_REDUCE(x) clg_sg_reduce_add_f32(x)
#define CLG_ACC_ADD(c, s) ((c) + (s))
#else
#define CLG_SG_REDUCE(x) clg_sg_reduce_add_i32(x)
// C0 is any int32 and C wraps (as the tensor cores' s32 accumulators do): added as uint,
// since signed overflow is undefined in OpenCL C.
#define CLG_ACC_ADD(c, s) as_int(as_uint(c) + as_uint(s))
#endif
#ifdef CLG_FMT_E2M1
#define CLG_PART(A, m, bw, B, n)                                                                   \
    (clg_dot_word((A).w[m], bw) * (clg_e8m0_to_f32((A).s[m]) * clg_e8m0_to_f32((B).s[n])))
#else
#define CLG_PART(A, m, bw, B, n) clg_dot_word((A).w[m], bw)
#endif

// dst = A * B + src on the sub-group. A statement, so that the layer's operations are used
// in the kernel body (the emulated layer keeps its scratch there).
#define CLG_MMA_ACC(dst, src, A, B)                                                                \
    do {                                                                                           \
        clg_acc clg_c_ = (src);                                                                    \
        for (uint n_ = 0; n_ < CLG_EMU_N; ++n_) {                                                  \
            uint bw_ = 0;                                                                          \
            for (uint w_ = 0; w_ < CLG_MMA_SG; ++w_) {                                             \
                const uint x_ = clg_sg_broadcast_u32((B).w[w_], n_);                               \
                bw_ = lane == w_ ? x_ : bw_;                                                       \
            }                                                                                      \
            for (uint m_ = 0; m_ < CLG_EMU_M; ++m_) {                                              \
                const CLG_ACC_T s_ = CLG_SG_REDUCE(CLG_PART(A, m_, bw_, B, n_));                   \
                const uint e_ = m_ * CLG_EMU_N + n_;                                               \
                const uint i_ = e_ / CLG_MMA_SG;                                                   \
                const CLG_ACC_T sum_ = CLG_ACC_ADD(clg_c_.c[i_], s_);                              \
                clg_c_.c[i_] = lane == e_ % CLG_MMA_SG ? sum_ : clg_c_.c[i_];                      \
            }                                                                                      \
        }                                                                                          \
        dst = clg_c_;                                                                              \
    } while (0)

#define CLG_LANE() clg_sg_lane()
#define CLG_GROUP()                                                                                \
    (get_group_id(0) * (get_local_size(0) / CLG_MMA_SG) + clg_sg_id())

// =====================================================================================
#elif defined(CLG_MMA_PTX)
// NVIDIA tensor cores, mma.sync on a warp; fragments per the PTX ISA ("Matrix Fragments for
// mma.m16n8k*"): groupID g = lane / 4, t = lane % 4, E elements of w bits per 32-bit register,
// lower elements in lower bits. A register r: row g + 8 * (r % 2), k = t * E + e + K/2 * (r / 2);
// B register r: k = t * E + e + K/2 * r, column g; C element i: row g + 8 * (i / 2),
// column 2 * t + i % 2.
#define CLG_PTX_M 16u
#define CLG_PTX_N 8u

#if defined(CLG_FMT_F16)
#define CLG_MMA_K 16u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
#elif defined(CLG_FMT_BF16)
#define CLG_MMA_K 16u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32"
#elif defined(CLG_FMT_TF32)
#define CLG_MMA_K 8u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32"
#elif defined(CLG_FMT_E4M3)
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32"
#elif defined(CLG_FMT_E5M2)
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32"
#elif defined(CLG_FMT_S8)
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32"
#elif defined(CLG_FMT_S4)
#define CLG_MMA_K 64u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k64.row.col.s32.s4.s4.s32"
#elif defined(CLG_FMT_TERNARY)
// Ternary as two bit planes on the b1 tensor-core MMA: 4 b1 MMAs per m16n8k256 ternary MMA,
// into a positive and a negative accumulator (C = pos - neg when stored).
#define CLG_MMA_K 256u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k256.row.col.s32.b1.b1.s32.and.popc"
#elif defined(CLG_FMT_E2M1)
// No E2M1 mma.sync before sm_100: each element times its E8M0 scale is decoded (exactly) to
// fp16 once, and an m16n8k32 MX tile is two m16n8k16 f16 MMAs.
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32"
#endif

#if defined(CLG_FMT_E2M1)
#define CLG_REG_BITS 16u // fp16 in the registers
#define CLG_REG_K 16u    // K of one instruction
#define CLG_A_REGS 8u    // k 0..15 in r[0..3], k 16..31 in r[4..7]
#define CLG_B_REGS 4u
#elif defined(CLG_FMT_TERNARY)
#define CLG_REG_BITS 1u
#define CLG_REG_K 256u
#define CLG_A_REGS 8u // plane x+ in r[0..3], x- in r[4..7]
#define CLG_B_REGS 4u
#else
#define CLG_REG_BITS CLG_EBITS
#define CLG_REG_K CLG_MMA_K
#define CLG_A_REGS 4u
#define CLG_B_REGS 2u
#endif
#define CLG_REG_E (32u / CLG_REG_BITS)

#ifdef CLG_FMT_TERNARY
#define CLG_C_REGS 8u // pos in c[0..3], neg in c[4..7]
#else
#define CLG_C_REGS 4u
#endif

typedef struct {
    uint r[CLG_A_REGS];
} clg_frag_a;
typedef struct {
    uint r[CLG_B_REGS];
} clg_frag_b;
typedef struct {
    CLG_ACC_T c[CLG_C_REGS];
} clg_acc;

inline clg_acc clg_acc_zero(void) {
    clg_acc z;
CLG_UNROLL
    for (uint i = 0; i < CLG_C_REGS; ++i)
        z.c[i] = 0;
    return z;
}

#ifdef CLG_FMT_E2M1
// E2M1 * 2^(s - 127) as fp16 bits; exact for the scales the tiles use (126..128), NaN for
// the NaN scale.
inline uint clg_e2m1_scaled_f16(uint b, uint s) {
    if (s == 0xffu) return 0x7e00u;
    const uint sign = (b & 8u) << 12, e = (b >> 1) & 3u, m = b & 1u;
    if (e == 0 && m == 0) return sign;
    // value = 2^(e-1) * (1 + m/2) for e > 0, 2^-1 for the subnormal (e = 0, m = 1)
    const int exp2 = (e == 0 ? -1 : (int)e - 1) + (int)s - 127;
    const uint mant = e == 0 ? 0u : m << 9;
    return sign | ((uint)(exp2 + 15) << 10) | mant;
}
#define CLG_REG_ELEM_A(seed, tile, row, k)                                                         \
    clg_e2m1_scaled_f16(clg_elem(seed, tile, CLG_WHICH_A, row, k, CLG_MMA_K),                      \
                        clg_scale_bits(seed, tile, CLG_WHICH_SA, row, 0u))
#define CLG_REG_ELEM_B(seed, tile, k, n, flip)                                                     \
    clg_e2m1_scaled_f16(CLG_B_ELEM(seed, tile, k, n) ^ (flip),                                     \
                        clg_scale_bits(seed, tile, CLG_WHICH_SB, n, 0u))
#else
#define CLG_REG_ELEM_A(seed, tile, row, k) clg_elem(seed, tile, CLG_WHICH_A, row, k, CLG_MMA_K)
#define CLG_REG_ELEM_B(seed, tile, k, n, flip) (CLG_B_ELEM(seed, tile, k, n) ^ (flip))
#endif

inline clg_frag_a clg_load_a(uint seed, uint tile, uint lane) {
    clg_frag_a a;
    const uint g = lane >> 2, t = lane & 3u;
    CLG_UNROLL
    for (uint r = 0; r < CLG_A_REGS; ++r) {
        const uint row = g + 8u * (r & 1u);
#if defined(CLG_FMT_TERNARY)
        const uint plane = r >> 2; // 0: x+, 1: x-
        const uint kbase = t * CLG_REG_E + (CLG_REG_K / 2u) * ((r >> 1) & 1u);
#elif defined(CLG_FMT_E2M1)
        const uint kbase = (r >> 2) * 16u + t * CLG_REG_E + 8u * ((r >> 1) & 1u);
#else
        const uint kbase = t * CLG_REG_E + (CLG_REG_K / 2u) * (r >> 1);
#endif
        uint word = 0;
        CLG_UNROLL
        for (uint e = 0; e < CLG_REG_E; ++e) {
            const uint bits = CLG_REG_ELEM_A(seed, tile, row, kbase + e);
#if defined(CLG_FMT_TERNARY)
            word |= ((bits >> plane) & 1u) << e;
#else
            word |= bits << (e * CLG_REG_BITS);
#endif
        }
        a.r[r] = word;
    }
    return a;
}
inline clg_frag_b clg_load_b(uint seed, uint tile, uint lane, uint flip) {
    clg_frag_b b;
    const uint g = lane >> 2, t = lane & 3u;
    CLG_UNROLL
    for (uint r = 0; r < CLG_B_REGS; ++r) {
#if defined(CLG_FMT_TERNARY)
        const uint plane = r >> 1;
        const uint kbase = t * CLG_REG_E + (CLG_REG_K / 2u) * (r & 1u);
#elif defined(CLG_FMT_E2M1)
        const uint kbase = (r >> 1) * 16u + t * CLG_REG_E + 8u * (r & 1u);
#else
        const uint kbase = t * CLG_REG_E + (CLG_REG_K / 2u) * r;
#endif
        uint word = 0;
        CLG_UNROLL
        for (uint e = 0; e < CLG_REG_E; ++e) {
            const uint k = kbase + e, n = g;
            const uint bits = CLG_REG_ELEM_B(seed, tile, k, n, flip);
#if defined(CLG_FMT_TERNARY)
            word |= ((bits >> plane) & 1u) << e;
#else
            word |= bits << (e * CLG_REG_BITS);
#endif
        }
        b.r[r] = word;
    }
    return b;
}
inline clg_acc clg_load_c(uint seed, uint tile, uint lane) {
    clg_acc c = clg_acc_zero();
    const uint g = lane >> 2, t = lane & 3u;
    CLG_UNROLL
    for (uint i = 0; i < 4u; ++i) {
        c.c[i] = CLG_ACC_FROM_BITS(clg_c0_bits(seed, tile, g + 8u * (i >> 1), 2u * t + (i & 1u)));
    }
    return c;
}
inline void clg_store_c(global uint* out, uint tile, uint lane, clg_acc c) {
    const uint g = lane >> 2, t = lane & 3u;
    CLG_UNROLL
    for (uint i = 0; i < 4u; ++i) {
        const uint row = g + 8u * (i >> 1), col = 2u * t + (i & 1u);
#if defined(CLG_FMT_TERNARY)
        const uint v = (uint)(c.c[i] - c.c[4u + i]);
#elif defined(CLG_FLOAT_FMT)
        const uint v = as_uint(c.c[i]);
#else
        const uint v = (uint)c.c[i];
#endif
        out[tile * CLG_PTX_M * CLG_PTX_N + row * CLG_PTX_N + col] = v;
    }
}

// One mma.sync on 4 A, 2 B and 4 C registers (a host-side test defines its own model of it).
#ifdef CLG_PTX_MMA4
#elif defined(CLG_FLOAT_FMT)
#define CLG_PTX_MMA4(d, c, a0, a1, a2, a3, b0, b1)                                                 \
    asm(CLG_PTX_OP " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"                     \
        : "=f"(d[0]), "=f"(d[1]), "=f"(d[2]), "=f"(d[3])                                           \
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "f"(c[0]), "f"(c[1]), "f"(c[2]),   \
          "f"(c[3]))
#else
#define CLG_PTX_MMA4(d, c, a0, a1, a2, a3, b0, b1)                                                 \
    asm(CLG_PTX_OP " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%10,%11,%12,%13};"                     \
        : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                                           \
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(c[0]), "r"(c[1]), "r"(c[2]),   \
          "r"(c[3]))
#endif

inline clg_acc clg_mma_ptx(clg_acc c, clg_frag_a a, clg_frag_b b) {
    clg_acc d;
#if defined(CLG_FMT_TERNARY)
    CLG_ACC_T p[4], q[4];
    CLG_PTX_MMA4(p, c.c, a.r[0], a.r[1], a.r[2], a.r[3], b.r[0], b.r[1]); // pos += a+ . b+
    CLG_PTX_MMA4(d.c, p, a.r[4], a.r[5], a.r[6], a.r[7], b.r[2], b.r[3]); // pos += a- . b-
    CLG_PTX_MMA4(q, (c.c + 4), a.r[0], a.r[1], a.r[2], a.r[3], b.r[2], b.r[3]); // neg += a+ . b-
    CLG_PTX_MMA4((d.c + 4), q, a.r[4], a.r[5], a.r[6], a.r[7], b.r[0], b.r[1]); // neg += a- . b+
#elif defined(CLG_FMT_E2M1)
    CLG_ACC_T p[4];
    CLG_PTX_MMA4(p, c.c, a.r[0], a.r[1], a.r[2], a.r[3], b.r[0], b.r[1]);
    CLG_PTX_MMA4(d.c, p, a.r[4], a.r[5], a.r[6], a.r[7], b.r[2], b.r[3]);
#else
    CLG_PTX_MMA4(d.c, c.c, a.r[0], a.r[1], a.r[2], a.r[3], b.r[0], b.r[1]);
#endif
    return d;
}
#define CLG_MMA_ACC(dst, src, A, B) dst = clg_mma_ptx(src, A, B)
#define CLG_SG_SETUP()
#define CLG_LANE() (get_local_id(0) & 31u)
#define CLG_GROUP() (get_global_id(0) >> 5)
#define CLG_UNROLL_STEPS

// =====================================================================================
#elif defined(CLG_MMA_DPAS)
// Intel DPAS (cl_intel_subgroup_matrix_multiply_accumulate) on sub-groups of 16, one 8 x 16 x K
// tile per call (repeat count 8), fragments per the extension: lane n holds column n of B as
// 8 ints (32 / w elements each, lower k in lower bits) and column n of C (rows 0..7); row i of
// A is spread over the lanes, lane l holding the 16 bits that follow 16 * l in the row.
#define CLG_DPAS_M 8u
#define CLG_DPAS_N 16u
#if defined(CLG_FMT_S8)
#define CLG_MMA_K 32u
#define CLG_DPAS(a, b, c) intel_sub_group_i8_i8_matrix_mad_k32(a, b, c)
#elif defined(CLG_FMT_S4)
#define CLG_MMA_K 64u
#define CLG_DPAS(a, b, c) intel_sub_group_i4_i4_matrix_mad_k64(a, b, c)
#elif defined(CLG_FMT_F16)
#define CLG_MMA_K 16u
#define CLG_DPAS(a, b, c) intel_sub_group_f16_f16_matrix_mad_k16(a, b, c)
#elif defined(CLG_FMT_BF16)
#define CLG_MMA_K 16u
#define CLG_DPAS(a, b, c) intel_sub_group_bf16_bf16_matrix_mad_k16(a, b, c)
#else
#error "cl_intel_subgroup_matrix_multiply_accumulate has no built-in for this format"
#endif
#define CLG_A_PER_LANE (16u / CLG_EBITS)
#define CLG_B_PER_INT (32u / CLG_EBITS)

#ifdef CLG_FLOAT_FMT
#define CLG_ACC_V float8
#else
#define CLG_ACC_V int8
#endif
typedef struct {
    short8 r;
} clg_frag_a;
typedef struct {
    int8 r;
} clg_frag_b;
typedef struct {
    CLG_ACC_V c;
} clg_acc;

inline clg_acc clg_acc_zero(void) {
    clg_acc z;
    z.c = (CLG_ACC_V)(0);
    return z;
}
inline clg_frag_a clg_load_a(uint seed, uint tile, uint lane) {
    ushort rows[8];
    for (uint i = 0; i < CLG_DPAS_M; ++i) {
        uint bits = 0;
        for (uint e = 0; e < CLG_A_PER_LANE; ++e)
            bits |= clg_elem(seed, tile, CLG_WHICH_A, i, lane * CLG_A_PER_LANE + e, CLG_MMA_K)
                    << (e * CLG_EBITS);
        rows[i] = (ushort)bits;
    }
    clg_frag_a a;
    a.r = as_short8(vload8(0, rows));
    return a;
}
inline clg_frag_b clg_load_b(uint seed, uint tile, uint lane, uint flip) {
    uint w[8];
    const uint n = lane;
    for (uint j = 0; j < 8u; ++j) {
        uint bits = 0;
        for (uint e = 0; e < CLG_B_PER_INT; ++e) {
            const uint k = j * CLG_B_PER_INT + e;
            bits |= (CLG_B_ELEM(seed, tile, k, n) ^ flip) << (e * CLG_EBITS);
        }
        w[j] = bits;
    }
    clg_frag_b b;
    b.r = as_int8(vload8(0, w));
    return b;
}
inline clg_acc clg_load_c(uint seed, uint tile, uint lane) {
    uint c[8];
    for (uint i = 0; i < CLG_DPAS_M; ++i)
        c[i] = clg_c0_bits(seed, tile, i, lane);
    clg_acc acc;
#ifdef CLG_FLOAT_FMT
    acc.c = as_float8(vload8(0, c));
#else
    acc.c = as_int8(vload8(0, c));
#endif
    return acc;
}
inline void clg_store_c(global uint* out, uint tile, uint lane, clg_acc acc) {
    uint c[8];
    vstore8(as_uint8(acc.c), 0, c);
    for (uint i = 0; i < CLG_DPAS_M; ++i)
        out[tile * CLG_DPAS_M * CLG_DPAS_N + i * CLG_DPAS_N + lane] = c[i];
}
#define CLG_MMA_ACC(dst, src, A, B) (dst).c = CLG_DPAS((A).r, (B).r, (src).c)
#define CLG_SG_SETUP()
#define CLG_LANE() get_sub_group_local_id()
#define CLG_GROUP() (get_global_id(0) / 16u)
#define CLG_UNROLL_STEPS
#define CLG_KERNEL_ATTR __attribute__((intel_reqd_sub_group_size(16)))

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
CLG_KERNEL_ATTR kernel void mma(global uint* out, const uint seed, const uint repeats) {
    CLG_SG_SETUP();
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
    for (uint r = 0; r < repeats; ++r) {
CLG_STEP_UNROLL
        for (uint i = 0; i < CLG_STEPS; ++i) {
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t)
                CLG_MMA_ACC(acc[t], acc[t], a[t], b[t]);
CLG_STEP_UNROLL
            for (uint t = 0; t < CLG_MMA_TILES; ++t)
                CLG_MMA_ACC(acc[t], acc[t], a[t], nb[t]);
        }
    }
CLG_UNROLL
    for (uint t = 0; t < CLG_MMA_TILES; ++t) {
        CLG_MMA_ACC(acc[t], acc[t], a[t], b[t]);
        clg_store_c(out, group * CLG_MMA_TILES + t, lane, acc[t]);
    }
}

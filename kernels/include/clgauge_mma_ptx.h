// The NVIDIA path of kernels/mma.cl (-DCLG_MMA_PTX), included by it alone: tensor cores
// through inline PTX. It relies on mma.cl's formats and tiles, and defines the fragments
// and CLG_MMA_ACC its kernel uses.
// NVIDIA tensor cores, mma.sync on a warp; fragments per the PTX ISA ("Matrix Fragments for
// mma.m16n8k*"): groupID g = lane / 4, t = lane % 4, E elements of w bits per 32-bit register,
// lower elements in lower bits. A register r: row g + 8 * (r % 2), k = t * E + e + K/2 * (r / 2);
// B register r: k = t * E + e + K/2 * r, column g; C element i: row g + 8 * (i / 2),
// column 2 * t + i % 2.
#define CLG_PTX_M 16u
#define CLG_PTX_N 8u

#if defined(CLG_MMA_SPARSE)
// Sparse A (mma.sp.sync, "Matrix fragments for multiply-accumulate operation with sparse
// matrix A"): A holds the kept half of each row in the layout of the dense A of half the K;
// B is dense, 4 registers; one metadata register a lane, sparsity selector 0.
#if defined(CLG_FMT_F16)
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32"
#elif defined(CLG_FMT_BF16)
#define CLG_MMA_K 32u
#define CLG_PTX_OP "mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32"
#elif defined(CLG_FMT_TF32)
#define CLG_MMA_K 16u
#define CLG_PTX_OP "mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32"
#elif defined(CLG_FMT_S8)
#define CLG_MMA_K 64u
#define CLG_PTX_OP "mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32"
#else
#error "CLG_MMA_SPARSE is for f16, bf16, tf32 and s8"
#endif
#elif defined(CLG_FMT_F16)
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

#if defined(CLG_MMA_SPARSE)
#define CLG_REG_BITS CLG_EBITS
#define CLG_REG_K (CLG_MMA_K / 2u) // the compressed A's K; B's registers step by half of it
#define CLG_A_REGS 4u
#define CLG_B_REGS 4u
#elif defined(CLG_FMT_E2M1)
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
#ifdef CLG_MMA_SPARSE
    uint e; // this lane's metadata register
#endif
} clg_frag_a;
typedef struct {
    uint r[CLG_B_REGS];
} clg_frag_b;
typedef struct {
    CLG_ACC_T c[CLG_C_REGS];
} clg_acc;

// Every word of a fragment XOR `m` (the fp8 chain's sign flips, kernels/mma.cl).
inline clg_frag_a clg_xor_a(clg_frag_a a, uint m) {
CLG_UNROLL
    for (uint r = 0; r < CLG_A_REGS; ++r)
        a.r[r] ^= m;
    return a;
}
inline clg_frag_b clg_xor_b(clg_frag_b b, uint m) {
CLG_UNROLL
    for (uint r = 0; r < CLG_B_REGS; ++r)
        b.r[r] ^= m;
    return b;
}

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

#ifdef CLG_MMA_SPARSE
// Compressed element cc of A row `row`: kept element cc % KEPT of chunk cc / KEPT.
inline uint clg_sparse_a(uint seed, uint tile, uint row, uint cc) {
    const uint chunk = cc / CLG_SPARSE_KEPT;
    const uint nib = clg_sparse_nibble(seed, tile, row, chunk);
    const uint k = CLG_SPARSE_CHUNK * chunk + CLG_SPARSE_INDEX(nib, cc % CLG_SPARSE_KEPT);
    return clg_elem(seed, tile, CLG_WHICH_A, row, k, CLG_MMA_K);
}
// The metadata register of `lane` (groupID g, threadID_in_group t), as the tensor cores decode
// it (tools/cuda-mma-sp checks the maps on the hardware). 16-bit m16n8k32 and tf32 m16n8k16:
// lanes t = 0, 1 hold chunks 4t .. 4t + 3, row g in bits 0-15 and row g + 8 in bits 16-31.
// 8-bit, m16n8k64: lane t holds row g + 8 * (t % 2), chunks 8 * (t / 2) .. + 7. Nibble c at
// bits 4c.
inline uint clg_sparse_meta(uint seed, uint tile, uint lane) {
    const uint g = lane >> 2, t = lane & 3u;
    uint e = 0;
#if CLG_EBITS != 8
    if (t < 2u)
        for (uint c = 0; c < 4u; ++c)
            e |= (clg_sparse_nibble(seed, tile, g, 4u * t + c) << (4u * c)) |
                 (clg_sparse_nibble(seed, tile, g + 8u, 4u * t + c) << (16u + 4u * c));
#else
    for (uint c = 0; c < 8u; ++c)
        e |= clg_sparse_nibble(seed, tile, g + 8u * (t & 1u), 8u * (t >> 1) + c) << (4u * c);
#endif
    return e;
}
#endif

inline clg_frag_a clg_load_a(uint seed, uint tile, uint lane) {
    clg_frag_a a;
#ifdef CLG_MMA_SPARSE
    a.e = clg_sparse_meta(seed, tile, lane);
#endif
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
#ifdef CLG_MMA_SPARSE
            const uint bits = clg_sparse_a(seed, tile, row, kbase + e);
#else
            const uint bits = CLG_REG_ELEM_A(seed, tile, row, kbase + e);
#endif
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

// One mma.sp.sync on 4 A, 4 B and 4 C registers and the metadata register.
// The accumulators' register class ("f" or "r") is pasted into the constraints.
#if defined(CLG_PTX_MMA_SP) || !defined(CLG_MMA_SPARSE)
#else
#ifdef CLG_FLOAT_FMT
#define CLG_ACC_REG "f"
#else
#define CLG_ACC_REG "r"
#endif
#define CLG_PTX_MMA_SP(d, c, a, b, e)                                                              \
    asm(CLG_PTX_OP " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0x0;"   \
        : "=" CLG_ACC_REG(d[0]), "=" CLG_ACC_REG(d[1]), "=" CLG_ACC_REG(d[2]),                     \
          "=" CLG_ACC_REG(d[3])                                                                    \
        : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]),  \
          CLG_ACC_REG(c[0]), CLG_ACC_REG(c[1]), CLG_ACC_REG(c[2]), CLG_ACC_REG(c[3]), "r"(e))
#endif

#ifndef CLG_PTX_EMU
inline clg_acc clg_mma_ptx(clg_acc c, clg_frag_a a, clg_frag_b b) {
    clg_acc d;
#if defined(CLG_MMA_SPARSE)
    CLG_PTX_MMA_SP(d.c, c.c, a.r, b.r, a.e);
#elif defined(CLG_FMT_TERNARY)
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
#else
#include "clgauge_mma_sp_emu.h"
#endif
#define CLG_SG_SETUP()
#define CLG_LANE() (get_local_id(0) & 31u)
#define CLG_GROUP() (get_global_id(0) >> 5)
#define CLG_UNROLL_STEPS

// The AMD path of kernels/mma.cl (-DCLG_MMA_MFMA), included by it alone: v_mfma_i32_16x16x16i8
// (gfx908, gfx90a) on a wavefront of 64, one 16 x 16 x 16 tile per instruction. It relies on
// mma.cl's formats and tiles, and defines the fragments and CLG_MMA_ACC its kernel uses.
// Operands as AMD's matrix instruction layout gives them for this instruction: lane l holds
// row l % 16 of A and column l % 16 of B, each at K positions 4 * (l / 16) .. + 3 (one byte
// each, lower k in lower bits), and column l % 16 of C at rows 4 * (l / 16) .. + 3.
// Not yet run on an AMD GPU: the host model (suite/tests/mma_mfma_model.hpp) checks this code
// against that layout, and ctest -L isa that it compiles to v_mfma_i32_16x16x16i8.
#if !defined(CLG_FMT_S8)
#error "the MFMA path has only the s8 format"
#endif
#define CLG_MMA_K 16u
#define CLG_MFMA_M 16u
#define CLG_MFMA_N 16u
#define CLG_MFMA_LANES 64u
#ifndef CLG_MFMA
#define CLG_MFMA(a, b, c) __builtin_amdgcn_mfma_i32_16x16x16i8((int)(a), (int)(b), c, 0, 0, 0)
#endif

typedef struct {
    uint r;
} clg_frag_a;
typedef struct {
    uint r;
} clg_frag_b;
typedef struct {
    int4 c;
} clg_acc;

inline clg_acc clg_acc_zero(void) {
    clg_acc z;
    z.c = (int4)(0);
    return z;
}
inline clg_frag_a clg_load_a(uint seed, uint tile, uint lane) {
    const uint m = lane % 16u;
    uint bits = 0;
    for (uint e = 0; e < 4u; ++e)
        bits |= clg_elem(seed, tile, CLG_WHICH_A, m, 4u * (lane / 16u) + e, CLG_MMA_K) << (8u * e);
    clg_frag_a a;
    a.r = bits;
    return a;
}
inline clg_frag_b clg_load_b(uint seed, uint tile, uint lane, uint flip) {
    const uint n = lane % 16u;
    uint bits = 0;
    for (uint e = 0; e < 4u; ++e) {
        const uint k = 4u * (lane / 16u) + e;
        bits |= (CLG_B_ELEM(seed, tile, k, n) ^ flip) << (8u * e);
    }
    clg_frag_b b;
    b.r = bits;
    return b;
}
inline clg_acc clg_load_c(uint seed, uint tile, uint lane) {
    uint c[4];
    for (uint r = 0; r < 4u; ++r)
        c[r] = clg_c0_bits(seed, tile, 4u * (lane / 16u) + r, lane % 16u);
    clg_acc acc;
    acc.c = as_int4(vload4(0, c));
    return acc;
}
inline void clg_store_c(global uint* out, uint tile, uint lane, clg_acc acc) {
    uint c[4];
    vstore4(as_uint4(acc.c), 0, c);
    for (uint r = 0; r < 4u; ++r)
        out[tile * CLG_MFMA_M * CLG_MFMA_N + (4u * (lane / 16u) + r) * CLG_MFMA_N + lane % 16u] =
            c[r];
}
#define CLG_MMA_ACC(dst, src, A, B) (dst).c = CLG_MFMA((A).r, (B).r, (src).c)
#define CLG_SG_SETUP()
#define CLG_LANE() ((uint)get_local_id(0) % CLG_MFMA_LANES)
#define CLG_GROUP() ((uint)get_global_id(0) / CLG_MFMA_LANES)
#define CLG_UNROLL_STEPS

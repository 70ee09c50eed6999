// The emulated path of kernels/mma.cl (-DCLG_MMA_EMU), included by it alone: the MMA on a
// sub-group built from the sub-group layer. It relies on mma.cl's formats, tiles and
// decoders, and defines the fragments and CLG_MMA_ACC its kernel uses.
// Emulation on a sub-group of CLG_MMA_SG lanes: an 8 x 8 x (CLG_MMA_SG * words) tile. Lane l
// holds the 32-bit word l of every A row (CLG_PER_WORD elements of K); lane n < 8 holds
// column n of B, all CLG_MMA_SG words; lane l owns C elements l, l + SG, ... (row-major).
// One MMA: for each column n the lanes fetch their B word by sub-group broadcasts from lane n,
// then each lane forms its part of the dot product for each row and reduce_add sums it; on
// the local-memory layer (CLG_SG_EMU) the lanes share their words once instead (below).
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

// Every element word of a fragment XOR `m` (the fp8 chain's sign flips, kernels/mma.cl).
inline clg_frag_a clg_xor_a(clg_frag_a a, uint m) {
    for (uint i = 0; i < CLG_EMU_M; ++i)
        a.w[i] ^= m;
    return a;
}
inline clg_frag_b clg_xor_b(clg_frag_b b, uint m) {
    for (uint w = 0; w < CLG_MMA_SG; ++w)
        b.w[w] ^= m;
    return b;
}

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
// OpenCL-Benchmark's TNN: a ternary dot is
// popc(a+ & b+) + popc(a- & b-) - popc(a+ & b-) - popc(a- & b+).
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

#if defined(CLG_SG_EMU)
// On the local-memory layer every broadcast and reduce_add is two barriers, 384 an MMA, and a
// driver that makes one function of a work-group (PoCL) compiles each region between them at
// the kernel's first launch: seconds a kernel. So here an MMA shares its operands once: each
// lane writes its A words and (lanes < 8) its B column to local memory, and after one barrier
// each lane sums its own C elements over the lanes' words in lane order, the sums reduce_add
// forms; a second barrier frees the memory for the next MMA.
#define CLG_SHARE_B CLG_EMU_M                     // B column words, lanes < CLG_EMU_N
#define CLG_SHARE_SA (CLG_SHARE_B + CLG_MMA_SG)   // E2M1: this lane's A row scales
#define CLG_SHARE_SB (CLG_SHARE_SA + CLG_EMU_M)   // E2M1: this lane's B column scales
#ifdef CLG_FMT_E2M1
#define CLG_SHARE_WORDS (CLG_SHARE_SB + CLG_EMU_N)
#else
#define CLG_SHARE_WORDS CLG_SHARE_SA
#endif
#define CLG_MMA_SETUP() local uint clg_mma_share_[CLG_SG_EMU_MAX_WG * CLG_SHARE_WORDS]

// Lane w's part of C element (m, n): its word of A row m times its word of B column n.
inline CLG_ACC_T clg_share_part(local const uint* sg, uint w, uint m, uint n) {
    local const uint* lw = sg + w * CLG_SHARE_WORDS;
    const uint bw = sg[n * CLG_SHARE_WORDS + CLG_SHARE_B + w];
#ifdef CLG_FMT_E2M1
    return clg_dot_word(lw[m], bw) *
           (clg_e8m0_to_f32(lw[CLG_SHARE_SA + m]) * clg_e8m0_to_f32(lw[CLG_SHARE_SB + n]));
#else
    return clg_dot_word(lw[m], bw);
#endif
}

// c + A * B on the sub-group of `lane`; every work-item of the work-group calls it.
inline clg_acc clg_mma_shared(local uint* share, uint lane, clg_acc c, clg_frag_a a,
                              clg_frag_b b) {
    local const uint* sg = share + clg_sg_id() * CLG_MMA_SG * CLG_SHARE_WORDS;
    local uint* mine = share + (clg_sg_id() * CLG_MMA_SG + clg_sg_lane()) * CLG_SHARE_WORDS;
    for (uint m = 0; m < CLG_EMU_M; ++m)
        mine[m] = a.w[m];
    if (lane < CLG_EMU_N)
        for (uint w = 0; w < CLG_MMA_SG; ++w)
            mine[CLG_SHARE_B + w] = b.w[w];
#ifdef CLG_FMT_E2M1
    for (uint m = 0; m < CLG_EMU_M; ++m)
        mine[CLG_SHARE_SA + m] = a.s[m];
    for (uint n = 0; n < CLG_EMU_N; ++n)
        mine[CLG_SHARE_SB + n] = b.s[n];
#endif
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint lanes = clg_sg_size();
    for (uint i = 0; i < CLG_C_PER_LANE; ++i) {
        const uint e = lane + i * CLG_MMA_SG;
        if (e < CLG_EMU_M * CLG_EMU_N) {
            const uint m = e / CLG_EMU_N, n = e % CLG_EMU_N;
            CLG_ACC_T s = clg_share_part(sg, 0u, m, n);
            for (uint w = 1u; w < lanes; ++w)
                s = CLG_ACC_ADD(s, clg_share_part(sg, w, m, n));
            c.c[i] = CLG_ACC_ADD(c.c[i], s);
        }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return c;
}
#define CLG_MMA_ACC(dst, src, A, B) ((dst) = clg_mma_shared(clg_mma_share_, lane, (src), (A), (B)))
#else
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
#endif

#define CLG_LANE() clg_sg_lane()
#define CLG_GROUP()                                                                                \
    (get_group_id(0) * (get_local_size(0) / CLG_MMA_SG) + clg_sg_id())

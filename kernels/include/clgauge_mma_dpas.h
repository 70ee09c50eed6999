// The Intel path of kernels/mma.cl (-DCLG_MMA_DPAS), included by it alone: DPAS through
// cl_intel_subgroup_matrix_multiply_accumulate. It relies on mma.cl's formats and tiles,
// and defines the fragments and CLG_MMA_ACC its kernel uses.
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

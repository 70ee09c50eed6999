// mma.sp.sync emulated in local memory (-DCLG_MMA_PTX -DCLG_MMA_SPARSE -DCLG_PTX_EMU), included
// by clgauge_mma_ptx.h alone: the fragments are the ptx path's own, so a CPU device checks the
// lane and metadata maps that the tensor cores read. Each lane of a warp of 32 work-items writes
// its registers to local memory; after a barrier each lane forms its four D elements from the
// warp's registers, located by the PTX ISA's fragment tables (below, written from the tables,
// not from the loaders); a second barrier frees the memory. Every work-item of the work-group
// calls it.
#define CLG_EMU_WORDS 13u // a.r[0..3], b.r[0..3], a.e, c[0..3] of one lane
#define CLG_EMU_B 4u
#define CLG_EMU_E 8u
#define CLG_EMU_C 9u
#define CLG_MMA_SETUP() local uint clg_mma_share_[CLG_PTX_EMU_WG * CLG_EMU_WORDS]
#define CLG_EMU_MASK ((uint)((1ul << CLG_EBITS) - 1ul))
#define CLG_EMU_HALF (CLG_REG_K / 2u) // compressed K (A) and K (B) a register pair covers

// Compressed A element (row, cc): lane g * 4 + t with g = row % 8, t = (cc % HALF) / E;
// register row / 8 + 2 * (cc / HALF); element cc % E.
inline uint clg_emu_a(local const uint* w, uint row, uint cc) {
    const uint lane = (row & 7u) * 4u + (cc % CLG_EMU_HALF) / CLG_REG_E;
    const uint reg = (row >> 3) + 2u * (cc / CLG_EMU_HALF);
    return (w[lane * CLG_EMU_WORDS + reg] >> ((cc % CLG_REG_E) * CLG_EBITS)) & CLG_EMU_MASK;
}
// B element (k, n): lane n * 4 + (k % HALF) / E, register k / HALF, element k % E.
inline uint clg_emu_b(local const uint* w, uint k, uint n) {
    const uint lane = n * 4u + (k % CLG_EMU_HALF) / CLG_REG_E;
    return (w[lane * CLG_EMU_WORDS + CLG_EMU_B + k / CLG_EMU_HALF] >>
            ((k % CLG_REG_E) * CLG_EBITS)) &
           CLG_EMU_MASK;
}
// The metadata nibble of A row `row`, chunk `chunk`, selector 0.
inline uint clg_emu_nibble(local const uint* w, uint row, uint chunk) {
#if CLG_EBITS != 8
    const uint lane = (row & 7u) * 4u + chunk / 4u, shift = 4u * (chunk % 4u) + 16u * (row >> 3);
#else
    const uint lane = (row & 7u) * 4u + 2u * (chunk / 8u) + (row >> 3), shift = 4u * (chunk % 8u);
#endif
    return (w[lane * CLG_EMU_WORDS + CLG_EMU_E] >> shift) & 15u;
}

#ifdef CLG_FLOAT_FMT
#define CLG_EMU_PRODUCT(a, b) (clg_decode(a) * clg_decode(b))
#define CLG_EMU_ADD(c, p) ((c) + (p))
#define CLG_EMU_BITS(x) as_uint(x)
#else
#define CLG_EMU_PRODUCT(a, b) (CLG_S8(a) * CLG_S8(b))
#define CLG_EMU_ADD(c, p) as_int(as_uint(c) + as_uint(p)) // int32 wrap, as the tensor cores
#define CLG_EMU_BITS(x) as_uint(x)
#endif

inline clg_acc clg_mma_sp_emu(local uint* share, clg_acc c, clg_frag_a a, clg_frag_b b) {
    const uint me = (uint)get_local_id(0), lane = me & 31u;
    local uint* mine = share + me * CLG_EMU_WORDS;
    for (uint r = 0; r < 4u; ++r) {
        mine[r] = a.r[r];
        mine[CLG_EMU_B + r] = b.r[r];
        mine[CLG_EMU_C + r] = CLG_EMU_BITS(c.c[r]);
    }
    mine[CLG_EMU_E] = a.e;
    barrier(CLK_LOCAL_MEM_FENCE);
    local const uint* w = share + (me & ~31u) * CLG_EMU_WORDS;
    const uint g = lane >> 2, t = lane & 3u;
    clg_acc d;
    for (uint i = 0; i < 4u; ++i) {
        // C and D element i of a lane: row g + 8 * (i / 2), column 2t + i % 2.
        const uint row = g + 8u * (i >> 1), col = 2u * t + (i & 1u);
        CLG_ACC_T s = CLG_ACC_FROM_BITS(w[lane * CLG_EMU_WORDS + CLG_EMU_C + i]);
        for (uint chunk = 0; chunk < CLG_MMA_K / CLG_SPARSE_CHUNK; ++chunk) {
            const uint nib = clg_emu_nibble(w, row, chunk);
            for (uint slot = 0; slot < CLG_SPARSE_KEPT; ++slot) {
                // The PTX ISA's indices count 16-bit units: a tf32 element is two of them.
                const uint k = CLG_SPARSE_CHUNK * chunk +
                               ((nib >> (2u * slot)) & 3u) / (CLG_EBITS == 32 ? 2u : 1u);
                const uint cc = CLG_SPARSE_KEPT * chunk + slot;
                s = CLG_EMU_ADD(s, CLG_EMU_PRODUCT(clg_emu_a(w, row, cc), clg_emu_b(w, k, col)));
            }
        }
        d.c[i] = s;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    return d;
}
#define CLG_MMA_ACC(dst, src, A, B) ((dst) = clg_mma_sp_emu(clg_mma_share_, (src), (A), (B)))

// The portable sub-group layer: one name per operation, four implementations, selected by
// exactly one define that the host picks from the capability snapshot (a path's options):
//   CLG_SG_KHR    cl_khr_subgroups / __opencl_c_subgroups (build with -cl-std=CL2.0 or CL3.0);
//                 shuffles from cl_khr_subgroup_shuffle, else (or with CLG_SG_KHR_NO_SHUFFLE)
//                 from broadcasts
//   CLG_SG_INTEL  cl_intel_subgroups; CLG_SG_REQD_SIZE=N adds intel_reqd_sub_group_size(N)
//                 to kernels declared with CLG_SG_KERNEL_ATTR
//   CLG_SG_PTX    NVIDIA inline PTX: %laneid, shfl.sync; warps of 32 consecutive work-items
//   CLG_SG_EMU    local memory and barriers, for devices with none: a sub-group is
//                 CLG_SG_EMU_SIZE (16) consecutive work-items; the work-group may hold at most
//                 CLG_SG_EMU_MAX_WG (1024) work-items; a last partial sub-group is allowed
// With none of them defined the header declares nothing, so a family file can hold kernels
// that need no sub-groups.
//
// Every kernel using the layer starts with `CLG_SG_SETUP();` (the emulation's scratch).
// Every operation is collective: all work-items of the work-group reach each call in the
// same order. A helper function that calls the layer takes CLG_SG_PARAMS as its first
// parameter and is called with CLG_SG_ARGS (the emulation passes its scratch through).
// Results that the sub-group model leaves undefined (a source lane >= clg_sg_size()) are
// some defined value here, never an out-of-bounds access.
#ifndef CLGAUGE_SUBGROUP_H
#define CLGAUGE_SUBGROUP_H

#if defined(CLG_SG_KHR) + defined(CLG_SG_INTEL) + defined(CLG_SG_PTX) + defined(CLG_SG_EMU) > 1
#error "clgauge_subgroup.h: define exactly one of CLG_SG_KHR, CLG_SG_INTEL, CLG_SG_PTX, CLG_SG_EMU"
#endif
#if defined(CLG_SG_KHR) || defined(CLG_SG_INTEL) || defined(CLG_SG_PTX) || defined(CLG_SG_EMU)
#define CLG_SG_PATH 1
#endif

#ifdef CLG_SG_PATH
inline uint clg_sg_local_linear_id_(void) {
    return (uint)(get_local_id(0) +
                  get_local_size(0) * (get_local_id(1) + get_local_size(1) * get_local_id(2)));
}
inline uint clg_sg_local_items_(void) {
    return (uint)(get_local_size(0) * get_local_size(1) * get_local_size(2));
}
#endif

#if defined(CLG_SG_REQD_SIZE) && defined(CLG_SG_INTEL)
#define CLG_SG_KERNEL_ATTR __attribute__((intel_reqd_sub_group_size(CLG_SG_REQD_SIZE)))
#else
#define CLG_SG_KERNEL_ATTR
#endif

// ---------------------------------------------------------------------------------------
#if defined(CLG_SG_KHR) || defined(CLG_SG_INTEL)
#ifdef CLG_SG_KHR
#pragma OPENCL EXTENSION cl_khr_subgroups : enable
#else
#pragma OPENCL EXTENSION cl_intel_subgroups : enable
#endif
#define CLG_SG_SETUP() ((void)0)
#define CLG_SG_PARAMS int clg_sg_unused_
#define CLG_SG_ARGS 0

inline uint clg_sg_lane(void) {
    return get_sub_group_local_id();
}
inline uint clg_sg_size(void) {
    return get_sub_group_size();
}
inline uint clg_sg_id(void) {
    return get_sub_group_id();
}
inline uint clg_sg_max_size(void) {
    return get_max_sub_group_size();
}
inline uint clg_sg_broadcast_u32(uint x, uint lane) {
    return sub_group_broadcast(x, lane);
}
inline float clg_sg_broadcast_f32(float x, uint lane) {
    return sub_group_broadcast(x, lane);
}
inline uint clg_sg_reduce_add_u32(uint x) {
    return sub_group_reduce_add(x);
}
inline int clg_sg_reduce_add_i32(int x) {
    return sub_group_reduce_add(x);
}
inline float clg_sg_reduce_add_f32(float x) {
    return sub_group_reduce_add(x);
}

#if defined(CLG_SG_INTEL)
inline uint clg_sg_shuffle_u32(uint x, uint src) {
    return intel_sub_group_shuffle(x, src);
}
inline uint clg_sg_shuffle_xor_u32(uint x, uint m) {
    return intel_sub_group_shuffle_xor(x, m);
}
#ifndef CLG_SG_INTEL_NO_BLOCK_IO
// Intel block I/O is undefined for a partial sub-group and a block write needs 16-byte
// alignment: those cases take the plain per-lane access, which has the same meaning.
// (Compiled out for kernels that use no block I/O: PoCL 5.0 emits these unused inline
// functions and then cannot link the built-ins it does not have.)
inline uint clg_sg_block_read_u32(const global uint* p) {
    if (get_sub_group_size() == get_max_sub_group_size()) return intel_sub_group_block_read(p);
    return p[get_sub_group_local_id()];
}
inline void clg_sg_block_write_u32(global uint* p, uint v) {
    if (get_sub_group_size() == get_max_sub_group_size() && ((size_t)p & 15) == 0)
        intel_sub_group_block_write(p, v);
    else
        p[get_sub_group_local_id()] = v;
}
#endif // CLG_SG_INTEL_NO_BLOCK_IO
#else // khr
#if defined(cl_khr_subgroup_shuffle) && !defined(CLG_SG_KHR_NO_SHUFFLE)
inline uint clg_sg_shuffle_u32(uint x, uint src) {
    return sub_group_shuffle(x, src);
}
inline uint clg_sg_shuffle_xor_u32(uint x, uint m) {
    return sub_group_shuffle_xor(x, m);
}
#else
// cl_khr_subgroups alone has no shuffle: every lane is broadcast once and each work-item
// keeps the one it asked for (correct for any index, slow by design). CLG_SG_KHR_NO_SHUFFLE
// (the khr-broadcast path) builds it where the device has shuffles, so that it runs somewhere.
inline uint clg_sg_shuffle_u32(uint x, uint src) {
    uint r = x;
    const uint n = get_sub_group_size();
    for (uint j = 0; j < n; ++j) {
        const uint v = sub_group_broadcast(x, j);
        if (j == src) r = v;
    }
    return r;
}
inline uint clg_sg_shuffle_xor_u32(uint x, uint m) {
    return clg_sg_shuffle_u32(x, get_sub_group_local_id() ^ m);
}
#endif
// No khr block I/O exists: the meaning, p[lane], is the whole operation.
inline uint clg_sg_block_read_u32(const global uint* p) {
    return p[get_sub_group_local_id()];
}
inline void clg_sg_block_write_u32(global uint* p, uint v) {
    p[get_sub_group_local_id()] = v;
}
#endif

// ---------------------------------------------------------------------------------------
#elif defined(CLG_SG_PTX)
#define CLG_SG_SETUP() ((void)0)
#define CLG_SG_PARAMS int clg_sg_unused_
#define CLG_SG_ARGS 0

inline uint clg_sg_lane(void) {
    uint lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
}
// NVIDIA forms warps from 32 consecutive linear local ids; the last one may be partial.
inline uint clg_sg_id(void) {
    return clg_sg_local_linear_id_() >> 5;
}
inline uint clg_sg_size(void) {
    return min(32u, clg_sg_local_items_() - (clg_sg_id() << 5));
}
inline uint clg_sg_max_size(void) {
    return 32u;
}
// Members of this warp: all 32 lanes, or the low lanes of a partial last warp.
inline uint clg_sg_ptx_mask_(void) {
    const uint n = clg_sg_size();
    return n >= 32u ? 0xffffffffu : ((1u << n) - 1u);
}
inline uint clg_sg_ptx_idx_(uint x, uint src) {
    uint r;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, %3;"
                 : "=r"(r)
                 : "r"(x), "r"(src), "r"(clg_sg_ptx_mask_()));
    return r;
}
inline uint clg_sg_ptx_bfly_(uint x, uint m) {
    uint r;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, %3;"
                 : "=r"(r)
                 : "r"(x), "r"(m), "r"(clg_sg_ptx_mask_()));
    return r;
}
inline uint clg_sg_ptx_down_(uint x, uint d) {
    uint r;
    asm volatile("shfl.sync.down.b32 %0, %1, %2, 0x1f, %3;"
                 : "=r"(r)
                 : "r"(x), "r"(d), "r"(clg_sg_ptx_mask_()));
    return r;
}
inline uint clg_sg_broadcast_u32(uint x, uint lane) {
    return clg_sg_ptx_idx_(x, lane);
}
inline float clg_sg_broadcast_f32(float x, uint lane) {
    return as_float(clg_sg_ptx_idx_(as_uint(x), lane));
}
inline uint clg_sg_shuffle_u32(uint x, uint src) {
    return clg_sg_ptx_idx_(x, src);
}
inline uint clg_sg_shuffle_xor_u32(uint x, uint m) {
    return clg_sg_ptx_bfly_(x, m);
}
// A full warp reduces by butterflies (every lane ends with the sum); a partial warp by a
// tree towards lane 0 that skips absent lanes, then a broadcast of lane 0.
#define CLG_SG_PTX_REDUCE(NAME, T, TO_U, FROM_U)                                                   \
    inline T NAME(T x) {                                                                           \
        const uint n = clg_sg_size();                                                              \
        if (n == 32u) {                                                                            \
            for (uint o = 16u; o > 0u; o >>= 1)                                                    \
                x += FROM_U(clg_sg_ptx_bfly_(TO_U(x), o));                                         \
            return x;                                                                              \
        }                                                                                          \
        const uint lane = clg_sg_lane();                                                           \
        for (uint o = 16u; o > 0u; o >>= 1) {                                                      \
            const T v = FROM_U(clg_sg_ptx_down_(TO_U(x), o));                                      \
            if (lane + o < n) x += v;                                                              \
        }                                                                                          \
        return FROM_U(clg_sg_ptx_idx_(TO_U(x), 0u));                                               \
    }
CLG_SG_PTX_REDUCE(clg_sg_reduce_add_u32, uint, (uint), (uint))
CLG_SG_PTX_REDUCE(clg_sg_reduce_add_f32, float, as_uint, as_float)
#undef CLG_SG_PTX_REDUCE
// Summed as uint: the same bits, without signed overflow.
inline int clg_sg_reduce_add_i32(int x) {
    return as_int(clg_sg_reduce_add_u32(as_uint(x)));
}
inline uint clg_sg_block_read_u32(const global uint* p) {
    return p[clg_sg_lane()];
}
inline void clg_sg_block_write_u32(global uint* p, uint v) {
    p[clg_sg_lane()] = v;
}

// ---------------------------------------------------------------------------------------
#elif defined(CLG_SG_EMU)
#ifndef CLG_SG_EMU_SIZE
#define CLG_SG_EMU_SIZE 16
#endif
#ifndef CLG_SG_EMU_MAX_WG
#define CLG_SG_EMU_MAX_WG 1024
#endif
#define CLG_SG_SETUP() local uint clg_sg_scratch_[CLG_SG_EMU_MAX_WG]
#define CLG_SG_PARAMS local uint* clg_sg_scratch_
#define CLG_SG_ARGS clg_sg_scratch_

inline uint clg_sg_lane(void) {
    return clg_sg_local_linear_id_() % CLG_SG_EMU_SIZE;
}
inline uint clg_sg_id(void) {
    return clg_sg_local_linear_id_() / CLG_SG_EMU_SIZE;
}
inline uint clg_sg_size(void) {
    return min((uint)CLG_SG_EMU_SIZE, clg_sg_local_items_() - clg_sg_id() * CLG_SG_EMU_SIZE);
}
inline uint clg_sg_max_size(void) {
    return CLG_SG_EMU_SIZE;
}

// Each work-item publishes x and reads the slot of lane `src` of its own sub-group; a source
// outside the sub-group reads the work-item's own slot.
inline uint clg_sg_emu_exchange_(local uint* s, uint x, uint src) {
    const uint lid = clg_sg_local_linear_id_();
    const uint base = lid - clg_sg_lane();
    s[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint r = s[base + (src < clg_sg_size() ? src : clg_sg_lane())];
    barrier(CLK_LOCAL_MEM_FENCE);
    return r;
}
// Sums in lane order, so every lane of the sub-group gets the same bits.
inline uint clg_sg_emu_reduce_u32_(local uint* s, uint x) {
    const uint lid = clg_sg_local_linear_id_();
    const uint base = lid - clg_sg_lane();
    const uint n = clg_sg_size();
    s[lid] = x;
    barrier(CLK_LOCAL_MEM_FENCE);
    uint acc = s[base];
    for (uint i = 1u; i < n; ++i)
        acc += s[base + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    return acc;
}
inline float clg_sg_emu_reduce_f32_(local uint* s, float x) {
    const uint lid = clg_sg_local_linear_id_();
    const uint base = lid - clg_sg_lane();
    const uint n = clg_sg_size();
    s[lid] = as_uint(x);
    barrier(CLK_LOCAL_MEM_FENCE);
    float acc = as_float(s[base]);
    for (uint i = 1u; i < n; ++i)
        acc += as_float(s[base + i]);
    barrier(CLK_LOCAL_MEM_FENCE);
    return acc;
}
#define clg_sg_broadcast_u32(x, lane) clg_sg_emu_exchange_(clg_sg_scratch_, (x), (lane))
#define clg_sg_broadcast_f32(x, lane)                                                              \
    as_float(clg_sg_emu_exchange_(clg_sg_scratch_, as_uint((float)(x)), (lane)))
#define clg_sg_shuffle_u32(x, src) clg_sg_emu_exchange_(clg_sg_scratch_, (x), (src))
#define clg_sg_shuffle_xor_u32(x, m) clg_sg_emu_exchange_(clg_sg_scratch_, (x), clg_sg_lane() ^ (m))
#define clg_sg_reduce_add_u32(x) clg_sg_emu_reduce_u32_(clg_sg_scratch_, (x))
#define clg_sg_reduce_add_i32(x) as_int(clg_sg_emu_reduce_u32_(clg_sg_scratch_, as_uint((int)(x))))
#define clg_sg_reduce_add_f32(x) clg_sg_emu_reduce_f32_(clg_sg_scratch_, (x))
inline uint clg_sg_block_read_u32(const global uint* p) {
    return p[clg_sg_lane()];
}
inline void clg_sg_block_write_u32(global uint* p, uint v) {
    p[clg_sg_lane()] = v;
}
#endif

#endif

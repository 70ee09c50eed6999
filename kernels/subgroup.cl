// Sub-group operations through the portable layer (include/clgauge_subgroup.h), each as a
// chain: every step's result feeds the next step's operands, so nothing can be hoisted, and
// the stored words depend on every step. reference/subgroup.hpp replays the same chains per
// sub-group from the lane map that sg_lane_map records on the device.
// Kernel contract (suite/harness/subgroup.hpp): kernel void NAME(global uint* out,
// const global uint* in, uint seed, uint repeats), 1-D launches, repeats * CLG_SG_STEPS steps.
// Build options: one of -DCLG_SG_KHR/-DCLG_SG_INTEL/-DCLG_SG_PTX/-DCLG_SG_EMU, optionally
// -DCLG_SG_REQD_SIZE=N (intel), -DCLG_SG_STEPS=N.
#include "clgauge_inputs.h"
#include "clgauge_subgroup.h"

#ifndef CLG_SG_STEPS
#define CLG_SG_STEPS 8
#endif
// Odd multipliers. A received value enters rotated (x * M + rotate(v, 13)): in a sub-group
// of one lane v is x itself, and x * (M + 1) would reach zero within 32 steps.
#define CLG_SG_M1 0x2c9277b5u
#define CLG_SG_M2 0x9e3779b1u

// A float that any summation order adds exactly: k / 256 with |k| <= 2048, so sums of up to
// 4096 lanes need at most 24 significant bits.
inline float clg_sg_exact_f32(uint r) {
    return (float)((int)(r >> 20) - 2048) * 0.00390625f; // exactly 2^-8
}
// A uniform index in [0, n) from 32 random bits.
inline uint clg_sg_pick(uint r, uint n) {
    return mul_hi(r, n);
}
// Per step, the sub-group's block read offset in its region of 2 * max-size words: a
// multiple of 4 words (16 bytes) and at most the max size.
inline uint clg_sg_block_offset(uint t, uint max_size) {
    return clg_sg_pick(t * 0x9e3779b9u, max_size / 4u + 1u) * 4u;
}
// Block writes use offset 0 or max-size only: then a word is only ever written by one lane,
// since writes of different work-items are unordered without a barrier.
inline uint clg_sg_write_offset(uint t, uint max_size) {
    return clg_sg_pick(t * 0x9e3779b9u, 2u) * max_size;
}

#ifdef CLG_SG_PATH

// The lane -> sub-group map as the device really uses it.
CLG_SG_KERNEL_ATTR
kernel void sg_lane_map(global uint* out, const global uint* in, const uint seed,
                        const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint sid = clg_sg_id();
    const uint lane = clg_sg_lane();
    const uint size = clg_sg_size();
    const uint max_size = clg_sg_max_size();
    out[gid * 4u + 0u] = sid;
    out[gid * 4u + 1u] = lane;
    out[gid * 4u + 2u] = size;
    out[gid * 4u + 3u] = max_size;
}

// Per step: a u32 broadcast from a lane chosen by the previous broadcast, and an f32
// broadcast from another lane. Stores (x, y).
CLG_SG_KERNEL_ATTR
kernel void sg_broadcast(global uint* out, const global uint* in, const uint seed,
                         const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint n = clg_sg_size();
    uint x = clg_rand(seed, gid, 0);
    uint y = 0x3f800000u | (clg_rand(seed, gid, 1) >> 9);
    uint b = clg_rand(seed, 0, 16);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            const uint lane = clg_sg_pick(b, n);
            b = clg_sg_broadcast_u32(x, lane);
            const float f = clg_sg_broadcast_f32(as_float(y), clg_sg_pick(b * CLG_SG_M2, n));
            x = x * CLG_SG_M1 + rotate(b, 13u);
            y = 0x3f800000u | ((y * CLG_SG_M1 + rotate(as_uint(f), 13u)) >> 9);
        }
    }
    out[gid * 2u + 0u] = x;
    out[gid * 2u + 1u] = y;
}

// Per step: u32, i32 and f32 reductions of values the previous sums decide. Stores
// (u, v, bits of the last f32 sum).
CLG_SG_KERNEL_ATTR
kernel void sg_reduce_add(global uint* out, const global uint* in, const uint seed,
                          const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    uint u = clg_rand(seed, gid, 0);
    uint v = clg_rand(seed, gid, 1);
    float f = clg_sg_exact_f32(clg_rand(seed, gid, 2));
    float sf = 0.0f;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            const uint su = clg_sg_reduce_add_u32(u);
            const int si = clg_sg_reduce_add_i32(as_int(v));
            sf = clg_sg_reduce_add_f32(f);
            u = u * CLG_SG_M1 + rotate(su, 13u);
            v = v * CLG_SG_M2 + rotate(as_uint(si), 17u);
            f = clg_sg_exact_f32((as_uint(sf) * CLG_SG_M1) ^ u);
        }
    }
    out[gid * 3u + 0u] = u;
    out[gid * 3u + 1u] = v;
    out[gid * 3u + 2u] = as_uint(sf);
}

// Per step: every lane reads the lane its own value names. Stores x.
CLG_SG_KERNEL_ATTR
kernel void sg_shuffle(global uint* out, const global uint* in, const uint seed,
                       const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint n = clg_sg_size();
    uint x = clg_rand(seed, gid, 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            const uint v = clg_sg_shuffle_u32(x, clg_sg_pick(x, n));
            x = x * CLG_SG_M1 + rotate(v, 13u);
        }
    }
    out[gid] = x;
}

// Per step: a butterfly exchange with a uniform mask that walks every value below the next
// power of two of the size (m -> 5m + 3 has full period). A lane whose partner does not
// exist (partial sub-group) takes ~x instead. Stores x.
CLG_SG_KERNEL_ATTR
kernel void sg_shuffle_xor(global uint* out, const global uint* in, const uint seed,
                           const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint n = clg_sg_size();
    const uint lane = clg_sg_lane();
    const uint span = 1u << (32u - clz(n - 1u));
    uint x = clg_rand(seed, gid, 0);
    uint m = clg_rand(seed, 0, 17);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            m = (m * 5u + 3u) & (span - 1u);
            const uint v = clg_sg_shuffle_xor_u32(x, m);
            x = x * CLG_SG_M1 + rotate(((lane ^ m) < n) ? v : ~x, 13u);
        }
    }
    out[gid] = x;
}

// The sub-group's region: 2 * max-size words, one region per sub-group of the launch.
inline uint clg_sg_region(void) {
    const uint max_size = clg_sg_max_size();
    const uint groups = (clg_sg_local_items_() + max_size - 1u) / max_size;
    return ((uint)get_group_id(0) * groups + clg_sg_id()) * 2u * max_size;
}

// The block kernels are built only for block entries: a device may offer sub-groups
// without block I/O (Need::IntelBlockIO), and one missing built-in fails the whole program.
#ifdef CLG_SG_BLOCK_KERNELS
// Per step: a block read at a step-dependent offset of the sub-group's region of `in`.
// Stores x.
CLG_SG_KERNEL_ATTR
kernel void sg_block_read(global uint* out, const global uint* in, const uint seed,
                          const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint max_size = clg_sg_max_size();
    const uint region = clg_sg_region();
    uint x = clg_rand(seed, gid, 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            const uint o = clg_sg_block_offset(r * CLG_SG_STEPS + i, max_size);
            x = x * CLG_SG_M1 + clg_sg_block_read_u32(in + region + o);
        }
    }
    out[gid] = x;
}

// Per step: a block write of x at a step-dependent offset of the sub-group's region of
// `out`; later steps overwrite earlier ones. The whole buffer is the result.
CLG_SG_KERNEL_ATTR
kernel void sg_block_write(global uint* out, const global uint* in, const uint seed,
                           const uint repeats) {
    CLG_SG_SETUP();
    const uint gid = get_global_id(0);
    const uint max_size = clg_sg_max_size();
    const uint region = clg_sg_region();
    uint x = clg_rand(seed, gid, 0);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_SG_STEPS; ++i) {
            const uint o = clg_sg_write_offset(r * CLG_SG_STEPS + i, max_size);
            clg_sg_block_write_u32(out + region + o, x);
            x = x * CLG_SG_M1 + CLG_SG_M2;
        }
    }
}

#endif // CLG_SG_BLOCK_KERNELS

#endif

// DP4A throughput: 4x8-bit dot products accumulated into 32 bits (wrapping), in two chains
// that depend on each other every step: x = dp4a(y, cx, x); y = dp4a(x, cy, y). Each step
// moves one chain by a function of the other, so the map is a bijection: no two work-items
// collapse onto one value over any number of steps. The multipliers take the extreme byte
// values on every lane; some chains start with accumulators next to INT_MAX / INT_MIN.
// Paths (build options): -DCLG_PATH_KHR (cl_khr_integer_dot_product built-ins),
// -DCLG_PATH_PTX (NVIDIA inline PTX dp4a), -DCLG_PATH_AMD (AMD dot4 built-ins), none of them:
// portable char4 arithmetic (emulated).
#include "clgauge_inputs.h"

#ifndef CLG_STEPS
#define CLG_STEPS 512
#endif

// Emulated: each lane widened to 32 bits, multiplied and summed.
inline uint clg_dot_ss(uint a, uint b) {
    const int4 p = convert_int4(as_char4(a)) * convert_int4(as_char4(b));
    return (uint)(p.x + p.y + p.z + p.w);
}
inline uint clg_dot_uu(uint a, uint b) {
    const uint4 p = convert_uint4(as_uchar4(a)) * convert_uint4(as_uchar4(b));
    return p.x + p.y + p.z + p.w;
}
inline uint clg_dot_su(uint a, uint b) {
    const int4 p = convert_int4(as_char4(a)) * convert_int4(as_uchar4(b));
    return (uint)(p.x + p.y + p.z + p.w);
}

#if defined(CLG_PATH_KHR)
#define CLG_DP4A_SS(a, b, c) ((uint)dot(as_char4(a), as_char4(b)) + (c))
#define CLG_DP4A_UU(a, b, c) (dot(as_uchar4(a), as_uchar4(b)) + (c))
#define CLG_DP4A_SU(a, b, c) ((uint)dot(as_char4(a), as_uchar4(b)) + (c))

#elif defined(CLG_PATH_PTX)
// dp4a.atype.btype d, a, b, c: a's bytes extended as atype, b's as btype; d = c + a.b.
inline uint clg_dp4a_ss(uint a, uint b, uint c) {
    uint d;
    asm("dp4a.s32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
inline uint clg_dp4a_uu(uint a, uint b, uint c) {
    uint d;
    asm("dp4a.u32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
inline uint clg_dp4a_su(uint a, uint b, uint c) {
    uint d;
    asm("dp4a.s32.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
    return d;
}
#define CLG_DP4A_SS(a, b, c) clg_dp4a_ss(a, b, c)
#define CLG_DP4A_UU(a, b, c) clg_dp4a_uu(a, b, c)
#define CLG_DP4A_SU(a, b, c) clg_dp4a_su(a, b, c)

#elif defined(CLG_PATH_AMD)
// AMD's dot1 instructions (v_dot4_i32_i8, v_dot4_u32_u8; gfx906 and newer), no clamping
// (wrapping, as the other paths). They have no signed x unsigned form: dp4a.su8 has no amd
// path, and its kernel here is the emulated one.
#define CLG_DP4A_SS(a, b, c) ((uint)__builtin_amdgcn_sdot4((int)(a), (int)(b), (int)(c), false))
#define CLG_DP4A_UU(a, b, c) __builtin_amdgcn_udot4(a, b, c, false)
#define CLG_DP4A_SU(a, b, c) (clg_dot_su(a, b) + (c))

#else
#define CLG_DP4A_SS(a, b, c) (clg_dot_ss(a, b) + (c))
#define CLG_DP4A_UU(a, b, c) (clg_dot_uu(a, b) + (c))
#define CLG_DP4A_SU(a, b, c) (clg_dot_su(a, b) + (c))
#endif

// Mirrors reference/dp4a.hpp: multiplier lanes and start words.
constant uchar clg_dp4a_lane_values[8] = {0x80, 0x7f, 0x00, 0x01, 0xff, 0x5a, 0xa5, 0x3c};
constant uint clg_dp4a_start_words[8] = {0x80808080u, 0x7f7f7f7fu, 0x00000000u, 0x01010101u,
                                         0xffffffffu, 0x807f01ffu, 0x7f80ff01u, 0x80ff7f00u};

inline uint clg_dp4a_multiplier(uint seed, uint gid, uint k) {
    const uint r = clg_rand(seed, gid, 2 + k);
    uint w = 0;
    for (uint lane = 0; lane < 4; ++lane)
        w |= (uint)clg_dp4a_lane_values[(r >> (3 * lane)) & 7] << (8 * lane);
    return w;
}

inline uint clg_dp4a_start(uint seed, uint gid, uint k) {
    const uint r = clg_rand(seed, gid, k);
    const uint kind = (r >> 29) & 3u;
    if (kind == 0) return clg_dp4a_start_words[(r >> 26) & 7];
    if (kind == 1)
        return (r & 1u) ? 0x7fffffffu - ((r >> 20) & 0xffu) : 0x80000000u + ((r >> 20) & 0xffu);
    return r;
}

// signs: 0 signed x signed, 1 unsigned x unsigned, 2 signed x unsigned. A constant at each
// call, so the selection folds away after inlining.
inline uint clg_dp4a(uint a, uint b, uint c, const int signs) {
    if (signs == 0) return CLG_DP4A_SS(a, b, c);
    if (signs == 1) return CLG_DP4A_UU(a, b, c);
    return CLG_DP4A_SU(a, b, c);
}

inline uint2 clg_dp4a_chains(uint seed, uint gid, uint repeats, const int signs) {
    uint x = clg_dp4a_start(seed, gid, 0);
    uint y = clg_dp4a_start(seed, gid, 1);
    const uint cx = clg_dp4a_multiplier(seed, gid, 0);
    const uint cy = clg_dp4a_multiplier(seed, gid, 1);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint i = 0; i < CLG_STEPS; ++i) {
            x = clg_dp4a(y, cx, x, signs);
            y = clg_dp4a(x, cy, y, signs);
        }
    }
    return (uint2)(x, y);
}

kernel void dp4a_s8(global uint2* out, const uint seed, const uint repeats) {
    out[get_global_id(0)] = clg_dp4a_chains(seed, (uint)get_global_id(0), repeats, 0);
}
kernel void dp4a_u8(global uint2* out, const uint seed, const uint repeats) {
    out[get_global_id(0)] = clg_dp4a_chains(seed, (uint)get_global_id(0), repeats, 1);
}
kernel void dp4a_su8(global uint2* out, const uint seed, const uint repeats) {
    out[get_global_id(0)] = clg_dp4a_chains(seed, (uint)get_global_id(0), repeats, 2);
}

// Memory bandwidth: OpenCL-Benchmark's patterns, vector widths and strides.
// Harness contract (suite/harness/memory.hpp): every kernel takes
//   (global out, global const a, global const b, global const c, uint n, uint param, uint seed)
// where n counts units of the kernel's type. Read kernels store one checksum word per
// work-item: the sum (mod 2^32) of every word it read, which the CPU recomputes from the
// hash the arrays were filled with. Write kernels store clg_mem_pattern of each word index.
// Build options: -DCLG_VEC=<1,2,4,8,16> words per unit, -DCLG_UNROLL=<n> loads in flight,
// -DCLG_TILE=<k>: the coalesced kernels work on tiles instead of a grid-stride loop.
#include "clgauge_memory.h"

#ifndef CLG_VEC
#define CLG_VEC 1
#endif
#ifndef CLG_UNROLL
#define CLG_UNROLL 1
#endif

#define CLG_CAT_(a, b) a##b
#define CLG_CAT(a, b) CLG_CAT_(a, b)
#if CLG_VEC == 1
typedef uint vecu;
#define CLG_LANES 0u
#define CLG_LSUM(v) (v)
#else
typedef CLG_CAT(uint, CLG_VEC) vecu;
#if CLG_VEC == 2
#define CLG_LANES (uint2)(0u, 1u)
#define CLG_LSUM(v) ((v).s0 + (v).s1)
#elif CLG_VEC == 4
#define CLG_LANES (uint4)(0u, 1u, 2u, 3u)
#define CLG_LSUM(v) clg_sum4(v)
#elif CLG_VEC == 8
#define CLG_LANES (uint8)(0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u)
#define CLG_LSUM(v) clg_sum4((v).lo + (v).hi)
#elif CLG_VEC == 16
#define CLG_LANES (uint16)(0u, 1u, 2u, 3u, 4u, 5u, 6u, 7u, 8u, 9u, 10u, 11u, 12u, 13u, 14u, 15u)
#define CLG_LSUM(v) clg_sum4((v).lo.lo + (v).lo.hi + (v).hi.lo + (v).hi.hi)
#else
#error "CLG_VEC must be 1, 2, 4, 8 or 16"
#endif
#endif

inline uint clg_sum4(uint4 v) { return (v.s0 + v.s1) + (v.s2 + v.s3); }

// The pattern of the CLG_VEC words of unit i: word w = i * CLG_VEC + lane.
inline vecu clg_pattern_unit(uint key, uint i) {
    return ((vecu)(i * (CLG_VEC * 0x9e3779b9u)) + CLG_LANES * 0x9e3779b9u) ^ key;
}

#ifdef CLG_TILE
// Coalesced, tiled: work-group w covers the CLG_TILE * local consecutive units from
// w * CLG_TILE * local, its work-items side by side on each row of the tile. Many small
// tiles let the GPU hand work to whichever compute unit is free, so none idles at the end
// as it can when a grid-stride loop splits the array evenly up front. n is a whole number
// of tiles.
inline uint clg_tile_first(void) {
    return get_group_id(0) * (CLG_TILE * get_local_size(0)) + get_local_id(0);
}
kernel void mem_coalesced_read(global uint* out, global const vecu* restrict a,
                               global const uint* b, global const uint* c, const uint n,
                               const uint param, const uint seed) {
    const uint first = clg_tile_first(), L = get_local_size(0);
    vecu acc = (vecu)(0u);
#pragma unroll
    for (uint j = 0; j < CLG_TILE; ++j)
        acc += a[first + j * L];
    out[get_global_id(0)] = CLG_LSUM(acc);
}

kernel void mem_coalesced_write(global vecu* out, global const uint* a, global const uint* b,
                                global const uint* c, const uint n, const uint param,
                                const uint seed) {
    const uint first = clg_tile_first(), L = get_local_size(0);
    const uint key = clg_mem_key(seed);
#pragma unroll
    for (uint j = 0; j < CLG_TILE; ++j)
        out[first + j * L] = clg_pattern_unit(key, first + j * L);
}
#else
// Coalesced: a grid-stride loop, consecutive work-items on consecutive units, CLG_UNROLL
// independent wide loads in flight per work-item.
kernel void mem_coalesced_read(global uint* out, global const vecu* restrict a,
                               global const uint* b, global const uint* c, const uint n,
                               const uint param, const uint seed) {
    const uint g = get_global_id(0), G = get_global_size(0);
    vecu acc = (vecu)(0u);
    uint i = g;
    if (n >= (CLG_UNROLL - 1) * G) {
        const uint last = n - (CLG_UNROLL - 1) * G;
        for (; i < last; i += CLG_UNROLL * G) {
#pragma unroll
            for (uint u = 0; u < CLG_UNROLL; ++u)
                acc += a[i + u * G];
        }
    }
    for (; i < n; i += G)
        acc += a[i];
    out[g] = CLG_LSUM(acc);
}

kernel void mem_coalesced_write(global vecu* out, global const uint* a, global const uint* b,
                                global const uint* c, const uint n, const uint param,
                                const uint seed) {
    const uint g = get_global_id(0), G = get_global_size(0);
    const uint key = clg_mem_key(seed);
    uint i = g;
    if (n >= (CLG_UNROLL - 1) * G) {
        const uint last = n - (CLG_UNROLL - 1) * G;
        for (; i < last; i += CLG_UNROLL * G) {
#pragma unroll
            for (uint u = 0; u < CLG_UNROLL; ++u)
                out[i + u * G] = clg_pattern_unit(key, i + u * G);
        }
    }
    for (; i < n; i += G)
        out[i] = clg_pattern_unit(key, i);
}
#endif

// Misaligned (OpenCL-Benchmark's pattern): work-item g walks its own `param` consecutive
// words, so the work-items of one sub-group touch `param`-word-apart addresses at once.
kernel void mem_misaligned_read(global uint* out, global const uint* restrict a,
                                global const uint* b, global const uint* c, const uint n,
                                const uint param, const uint seed) {
    const uint g = get_global_id(0);
    if (g >= n / param) return;
    uint acc = 0;
    for (uint j = 0; j < param; ++j)
        acc += a[g * param + j];
    out[g] = acc;
}

kernel void mem_misaligned_write(global uint* out, global const uint* a, global const uint* b,
                                 global const uint* c, const uint n, const uint param,
                                 const uint seed) {
    const uint g = get_global_id(0);
    if (g >= n / param) return;
    const uint key = clg_mem_key(seed);
    for (uint j = 0; j < param; ++j)
        out[g * param + j] = clg_mem_pattern(key, g * param + j);
}

// Strided: column-major passes over the array seen as (n / param) rows of `param`
// words; consecutive work-items touch words `param` apart, and every word is read once, so
// the amount of data does not depend on the stride.
kernel void mem_strided_read(global uint* out, global const uint* restrict a,
                             global const uint* b, global const uint* c, const uint n,
                             const uint param, const uint seed) {
    const uint g = get_global_id(0), G = get_global_size(0);
    const uint rows = n / param;
    uint acc = 0;
    for (uint col = 0; col < param; ++col) {
#pragma unroll 4
        for (uint r = g; r < rows; r += G)
            acc += a[r * param + col];
    }
    out[g] = acc;
}

kernel void mem_strided_write(global uint* out, global const uint* a, global const uint* b,
                              global const uint* c, const uint n, const uint param,
                              const uint seed) {
    const uint g = get_global_id(0), G = get_global_size(0);
    const uint rows = n / param;
    const uint key = clg_mem_key(seed);
    for (uint col = 0; col < param; ++col) {
#pragma unroll 4
        for (uint r = g; r < rows; r += G)
            out[r * param + col] = clg_mem_pattern(key, r * param + col);
    }
}

// Vector width (memory_copy_vN): one unit of CLG_VEC words per work-item.
kernel void mem_vector_copy(global vecu* out, global const vecu* restrict a,
                            global const uint* b, global const uint* c, const uint n,
                            const uint param, const uint seed) {
    const uint i = get_global_id(0);
    if (i < n) out[i] = a[i];
}

// Atomics: atomic add to distinct and to contended addresses in global and local
// memory, and compare-exchange tickets. Harness contract (suite/harness/group.hpp):
// kernel void NAME(global T* out, uint seed, uint repeats); every work-item runs
// repeats x CLG_STEPS atomic operations; out holds the words reference/atomics.hpp sets
// before the launch. Work-item gid adds its own increment clg_atomic_inc(seed, gid) every
// step, so each final counter is its start plus a sum the CPU computes exactly.
// Build options pick the word and the built-ins:
//   (none)      uint, OpenCL 1.1 atomic_add / atomic_cmpxchg
//   -DCLG_U64   ulong, cl_khr_int64_base_atomics atom_add
//   -DCLG_C11   uint, OpenCL C 2.0 atomic_fetch_add_explicit, relaxed, at memory_scope_device
//               (global) and memory_scope_work_group (local)
//   -DCLG_F32   float, cl_ext_float_atomics atomic_fetch_add_explicit, scopes as CLG_C11;
//               with -DCLG_PTX: NVIDIA inline PTX red.global.add.f32 (global kernels only)
#include "clgauge_inputs.h"

#if defined(CLG_U64)
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
typedef ulong T;
#define CLG_ADD_G(p, v) atom_add(p, v)
#define CLG_ADD_L(p, v) atom_add(p, v)
#elif defined(CLG_F32) && defined(CLG_PTX)
// NVIDIA's OpenCL has no cl_ext_float_atomics; its hardware adds floats in L2 (red.add.f32).
typedef float T;
#define CLG_ADD_G(p, v) asm volatile("red.global.add.f32 [%0], %1;" : : "l"(p), "f"(v) : "memory")
#elif defined(CLG_F32) || defined(CLG_C11)
#if defined(CLG_F32)
typedef float T;
typedef atomic_float AT;
#else
typedef uint T;
typedef atomic_uint AT;
#endif
#define CLG_ADD_G(p, v)                                                                          \
    atomic_fetch_add_explicit((volatile global AT*)(p), v, memory_order_relaxed,                \
                              memory_scope_device)
#define CLG_ADD_L(p, v)                                                                          \
    atomic_fetch_add_explicit((volatile local AT*)(p), v, memory_order_relaxed,                 \
                              memory_scope_work_group)
#else
typedef uint T;
#define CLG_ADD_G(p, v) atomic_add(p, v)
#define CLG_ADD_L(p, v) atomic_add(p, v)
#endif

// Increments 1..16 (floats 1..4: every partial sum the harness allows stays below 2^24, so
// float sums are exact in any order).
inline T clg_atomic_inc(uint seed, uint gid) {
#if defined(CLG_F32)
    return (float)((clg_rand(seed, gid, 1) & 3u) + 1u);
#else
    return (T)((clg_rand(seed, gid, 1) & 15u) + 1u);
#endif
}

// Every work-item adds to its own word: neighbours hit neighbouring words.
kernel void atomic_global_distinct(global T* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    const T inc = clg_atomic_inc(seed, gid);
    global T* p = out + gid;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            CLG_ADD_G(p, inc);
    }
}

// Every work-item of the launch adds to out[0].
kernel void atomic_global_contended(global T* out, const uint seed, const uint repeats) {
    const T inc = clg_atomic_inc(seed, get_global_id(0));
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            CLG_ADD_G(out, inc);
    }
}

#ifdef CLG_ADD_L
// Every work-item adds to its own local word, which starts as and ends in out[gid].
kernel void atomic_local_distinct(global T* out, const uint seed, const uint repeats) {
    local T slot[CLG_LOCAL];
    const uint gid = get_global_id(0), lid = get_local_id(0);
    const T inc = clg_atomic_inc(seed, gid);
    slot[lid] = out[gid];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            CLG_ADD_L(&slot[lid], inc);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    out[gid] = slot[lid];
}

// Every work-item of a work-group adds to one local word, which starts as and ends in
// out[group].
kernel void atomic_local_contended(global T* out, const uint seed, const uint repeats) {
    local T counter;
    const uint lid = get_local_id(0), group = get_group_id(0);
    const T inc = clg_atomic_inc(seed, get_global_id(0));
    if (lid == 0) counter = out[group];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k)
            CLG_ADD_L(&counter, inc);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) out[group] = counter;
}

#endif // CLG_ADD_L

#if !defined(CLG_U64) && !defined(CLG_F32) && !defined(CLG_C11)
// Tickets: each step a work-item takes the next value of the counter out[0] with a
// compare-exchange loop and marks ticket slot out[1 + ticket - start] with gid + 1. Every
// ticket must be taken exactly once: the slots hold each work-item exactly repeats x
// CLG_STEPS times. out[0] starts at clg_rand(seed, 0, 2) (reference/atomics.hpp).
kernel void atomic_cmpxchg_tickets(global uint* out, const uint seed, const uint repeats) {
    const uint gid = get_global_id(0);
    const uint start = clg_rand(seed, 0, 2);
    const uint tickets = get_global_size(0) * repeats * CLG_STEPS;
    volatile global uint* counter = out;
    // The loop starts from a guess, not a plain read of the counter: a plain read of a word
    // other work-items update atomically is a data race (Oclgrind reports it); a wrong guess
    // costs one failed compare-exchange, which returns the current value.
    uint seen = start;
    for (uint r = 0; r < repeats; ++r) {
#pragma unroll
        for (uint k = 0; k < CLG_STEPS; ++k) {
            for (;;) {
                const uint prev = atomic_cmpxchg(counter, seen, seen + 1u);
                if (prev == seen) break;
                seen = prev;
            }
            const uint slot = seen - start;
            if (slot < tickets) out[1 + slot] = gid + 1u; // a wrong ticket must not write afar
            ++seen; // the guess for the next ticket: the counter as this work-item left it
        }
    }
}
#endif

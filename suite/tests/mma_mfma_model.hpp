// A host model of the AMD MFMA path of kernels/mma.cl: the kernel's own fragment code
// compiled as C++, with each v_mfma_i32_16x16x16i8 replaced by a model of the instruction on
// a wavefront of 64 with AMD's operand layout for it: lane l holds A row l % 16 and B column
// l % 16 at K positions 4 * (l / 16) + byte, and C/D column l % 16 at rows 4 * (l / 16) +
// register. A test file defines CLG_FMT_S8 and includes this header once.
#pragma once
#include "reference/mma.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <gtest/gtest.h>
#include <vector>

namespace clgauge::test::mfma_model {
namespace {

#include "opencl_c_shim.hpp"
inline size_t get_local_id(uint) {
    return 0;
}

// OpenCL vectors of 4, as far as the kernel uses them.
template <class T> struct vec4 {
    std::array<T, 4> s{};
    vec4() = default;
    explicit vec4(int v) { s.fill(T(v)); }
};
using int4 = vec4<int32_t>;
using uint4 = vec4<uint32_t>;
template <class T> vec4<T> vload4(size_t, const T* p) {
    vec4<T> v;
    for (int i = 0; i < 4; ++i)
        v.s[i] = p[i];
    return v;
}
template <class T> void vstore4(vec4<T> v, size_t, T* p) {
    for (int i = 0; i < 4; ++i)
        p[i] = v.s[i];
}
template <class F> int4 as_int4(vec4<F> v) {
    int4 r;
    for (int i = 0; i < 4; ++i)
        r.s[i] = std::bit_cast<int32_t>(v.s[i]);
    return r;
}
template <class F> uint4 as_uint4(vec4<F> v) {
    uint4 r;
    for (int i = 0; i < 4; ++i)
        r.s[i] = std::bit_cast<uint32_t>(v.s[i]);
    return r;
}

// The instruction model: as in mma_ptx_model.hpp, call i of lane L records its operands and
// returns the previous pass's result, until a chain of calls has settled.
struct Call {
    uint32_t a = 0, b = 0;
    std::array<uint32_t, 4> c{};
};
inline std::vector<std::array<Call, 64>> g_calls;
inline std::vector<std::array<std::array<uint32_t, 4>, 64>> g_results;
inline unsigned g_lane = 0, g_call = 0;

inline int4 mfma_i32_16x16x16i8(uint32_t a, uint32_t b, int4 c) {
    const unsigned i = g_call++;
    if (g_calls.size() <= i) {
        g_calls.resize(i + 1);
        g_results.resize(i + 1);
    }
    Call& call = g_calls[i][g_lane];
    call.a = a, call.b = b;
    for (int r = 0; r < 4; ++r)
        call.c[r] = std::bit_cast<uint32_t>(c.s[r]);
    int4 d;
    for (int r = 0; r < 4; ++r)
        d.s[r] = std::bit_cast<int32_t>(g_results[i][g_lane][r]);
    return d;
}

// D of every lane of one call: signed bytes, 32-bit wrapping sums.
inline void solve(std::array<Call, 64>& calls, std::array<std::array<uint32_t, 4>, 64>& out) {
    int32_t A[16][16], B[16][16];
    for (unsigned l = 0; l < 64; ++l)
        for (unsigned e = 0; e < 4; ++e) {
            const unsigned k = 4 * (l / 16) + e;
            A[l % 16][k] = int8_t(uint8_t(calls[l].a >> (8 * e)));
            B[k][l % 16] = int8_t(uint8_t(calls[l].b >> (8 * e)));
        }
    for (unsigned l = 0; l < 64; ++l)
        for (unsigned r = 0; r < 4; ++r) {
            const unsigned m = 4 * (l / 16) + r, n = l % 16;
            uint32_t s = calls[l].c[r];
            for (unsigned k = 0; k < 16; ++k)
                s += uint32_t(A[m][k] * B[k][n]);
            out[l][r] = s;
        }
}

namespace kern {
#define CLG_MMA_MFMA
#define CLG_MFMA(a, b, c) mfma_i32_16x16x16i8(a, b, c)
#include "mma_cl_as_cpp.inc"
} // namespace kern

constexpr unsigned kLanes = 64; // one wavefront
constexpr int kPasses = 4;
constexpr ref::mma::Shape kShape{16, 16, CLG_MMA_K};
inline void settle(size_t i) {
    solve(g_calls[i], g_results[i]);
}
#include "mma_model_tile.hpp"

} // namespace
} // namespace clgauge::test::mfma_model

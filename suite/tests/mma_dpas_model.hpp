// A host model of the Intel DPAS path of kernels/mma.cl: the kernel's own fragment code
// compiled as C++, with each intel_sub_group_*_matrix_mad_k* call replaced by a model of the
// built-in as cl_intel_subgroup_matrix_multiply_accumulate defines it for sub-groups of 16
// and repeat count 8: C row i is component i in lane n = column n; A row i is component i,
// lane l holding the 16 bits (16 / w elements) that start at K position l * 16 / w; B column n
// is lane n's 8 ints, int j holding the 32 / w elements from K position j * 32 / w; lower
// positions in lower bits. A test file defines one CLG_FMT_* and includes this header once.
#pragma once
#include "reference/mma.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <string>
#include <vector>

namespace clgauge::test::dpas_model {
namespace { // each test file includes the kernel with another format: keep it file-local

#include "opencl_c_shim.hpp"
// Sub-groups of 16 consecutive work-items (the kernel requires size 16, work-groups of 256).
inline uint get_sub_group_local_id() {
    return uint(g_global_id % 16);
}

// OpenCL vectors of 8, as far as the kernel uses them.
template <class T> struct vec8 {
    std::array<T, 8> s{};
    vec8() = default;
    explicit vec8(int v) { s.fill(T(v)); }
};
using short8 = vec8<int16_t>;
using ushort8 = vec8<uint16_t>;
using int8 = vec8<int32_t>;
using uint8 = vec8<uint32_t>;
using float8 = vec8<float>;
template <class T> vec8<T> vload8(size_t, const T* p) {
    vec8<T> v;
    for (int i = 0; i < 8; ++i)
        v.s[i] = p[i];
    return v;
}
template <class T> void vstore8(vec8<T> v, size_t, T* p) {
    for (int i = 0; i < 8; ++i)
        p[i] = v.s[i];
}
template <class To, class From> vec8<To> as_vec(vec8<From> v) {
    static_assert(sizeof(To) == sizeof(From));
    vec8<To> r;
    for (int i = 0; i < 8; ++i)
        r.s[i] = std::bit_cast<To>(v.s[i]);
    return r;
}
template <class F> short8 as_short8(vec8<F> v) {
    return as_vec<int16_t>(v);
}
template <class F> int8 as_int8(vec8<F> v) {
    return as_vec<int32_t>(v);
}
template <class F> uint8 as_uint8(vec8<F> v) {
    return as_vec<uint32_t>(v);
}
template <class F> float8 as_float8(vec8<F> v) {
    return as_vec<float>(v);
}

// The built-in model: as in mma_ptx_model.hpp, call i of lane L records its operands and
// returns the previous pass's result, until a chain of calls has settled.
struct Call {
    short8 a;
    int8 b;
    std::array<uint32_t, 8> c{};
};
inline std::vector<std::array<Call, 16>> g_calls;
inline std::vector<std::array<std::array<uint32_t, 8>, 16>> g_results;
inline unsigned g_lane = 0, g_call = 0;

template <class Acc> Acc record(short8 a, int8 b, Acc c) {
    const unsigned i = g_call++;
    if (g_calls.size() <= i) {
        g_calls.resize(i + 1);
        g_results.resize(i + 1);
    }
    Call& call = g_calls[i][g_lane];
    call.a = a;
    call.b = b;
    for (int r = 0; r < 8; ++r)
        call.c[r] = std::bit_cast<uint32_t>(c.s[r]);
    Acc d;
    for (int r = 0; r < 8; ++r)
        d.s[r] = std::bit_cast<typename decltype(d.s)::value_type>(g_results[i][g_lane][r]);
    return d;
}

// D of every lane of one call; w-bit elements of `format`, K = 8 * 32 / w ... as the
// built-in's name says (k16 for 16-bit, k32 for 8-bit, k64 for 4-bit).
inline void solve(ref::mma::Format f, unsigned w, std::array<Call, 16>& calls,
                  std::array<std::array<uint32_t, 8>, 16>& out) {
    const unsigned per_lane = 16 / w, per_int = 32 / w, K = 16 * per_lane;
    const uint32_t mask = (1u << w) - 1u;
    std::vector<double> A(8 * K), B(K * 16);
    for (unsigned l = 0; l < 16; ++l)
        for (unsigned i = 0; i < 8; ++i)
            for (unsigned e = 0; e < per_lane; ++e)
                A[i * K + l * per_lane + e] =
                    ref::mma::decode(f, (uint16_t(calls[l].a.s[i]) >> (e * w)) & mask);
    for (unsigned n = 0; n < 16; ++n)
        for (unsigned j = 0; j < 8; ++j)
            for (unsigned e = 0; e < per_int; ++e)
                B[(j * per_int + e) * 16 + n] =
                    ref::mma::decode(f, (uint32_t(calls[n].b.s[j]) >> (e * w)) & mask);
    for (unsigned n = 0; n < 16; ++n)
        for (unsigned i = 0; i < 8; ++i) {
            if (ref::mma::is_float(f)) {
                double s = std::bit_cast<float>(calls[n].c[i]);
                for (unsigned k = 0; k < K; ++k)
                    s += A[i * K + k] * B[k * 16 + n];
                out[n][i] = std::bit_cast<uint32_t>(float(s));
            } else {
                uint32_t s = calls[n].c[i];
                for (unsigned k = 0; k < K; ++k)
                    s += uint32_t(int64_t(A[i * K + k]) * int64_t(B[k * 16 + n]));
                out[n][i] = s;
            }
        }
}

inline ref::mma::Format g_format;
inline unsigned g_width = 0;
// The built-ins the kernel calls: each records its operands and the format and element width
// its name says.
template <ref::mma::Format F, unsigned W, class Acc> Acc dpas_builtin(short8 a, int8 b, Acc c) {
    g_format = F, g_width = W;
    return record(a, b, c);
}
using Fmt = ref::mma::Format;
constexpr auto intel_sub_group_f16_f16_matrix_mad_k16 = dpas_builtin<Fmt::F16, 16, float8>;
constexpr auto intel_sub_group_bf16_bf16_matrix_mad_k16 = dpas_builtin<Fmt::BF16, 16, float8>;
constexpr auto intel_sub_group_i8_i8_matrix_mad_k32 = dpas_builtin<Fmt::S8, 8, int8>;
constexpr auto intel_sub_group_i4_i4_matrix_mad_k64 = dpas_builtin<Fmt::S4, 4, int8>;

namespace kern {
#define CLG_MMA_DPAS
#include "mma_cl_as_cpp.inc"
} // namespace kern

constexpr unsigned kLanes = 16; // one sub-group of 16
constexpr int kPasses = 4;
constexpr ref::mma::Shape kShape{8, 16, CLG_MMA_K};
inline void settle(size_t i) {
    solve(g_format, g_width, g_calls[i], g_results[i]);
}
#include "mma_model_tile.hpp"

// The whole kernel, mma(out, seed, 1), run by every work-item of `groups` sub-groups through
// the built-in's model: its lane and sub-group mapping (CLG_LANE, CLG_GROUP), loops and stores
// included, which run_tile leaves out. Returns the number of elements unlike
// reference/mma.hpp (exact tiles bit-exact, special tiles within the bound) and the first.
inline size_t kernel_mismatches(ref::mma::Format f, std::string& first, uint32_t groups = 4) {
    constexpr uint32_t kSeed = 0x5eed2026u, kTile = kShape.m * kShape.n;
    constexpr int kChainPasses = 2 * CLG_STEPS + 2; // one more than the DPAS calls of a chain
    std::vector<uint32_t> out(size_t(groups) * CLG_MMA_TILES * kTile, 0xdeadbeefu);
    for (uint32_t sg = 0; sg < groups; ++sg) {
        g_calls.clear();
        g_results.clear();
        for (int pass = 0; pass < kChainPasses; ++pass) {
            for (uint lane = 0; lane < kLanes; ++lane) {
                g_lane = lane;
                g_call = 0;
                g_global_id = size_t(sg) * kLanes + lane;
                kern::mma(out.data(), kSeed, 1u);
            }
            for (size_t i = 0; i < g_calls.size(); ++i)
                settle(i);
        }
    }
    size_t bad = 0;
    for (uint32_t tile = 0; tile < groups * CLG_MMA_TILES; ++tile) {
        uint32_t expected[kTile];
        double bound[kTile];
        ref::mma::tile_reference(f, kShape, kSeed, tile, CLG_STEPS, expected, bound);
        for (uint32_t i = 0; i < kTile; ++i) {
            const uint32_t got = out[size_t(tile) * kTile + i];
            const float g = std::bit_cast<float>(got), e = std::bit_cast<float>(expected[i]);
            const bool ok = !ref::mma::is_float(f) || bound[i] == 0
                                ? got == expected[i] || (ref::mma::is_float(f) && g == e)
                            : std::isnan(e) ? std::isnan(g)
                                            : std::fabs(double(g) - double(e)) <= bound[i];
            if (!ok && bad++ == 0)
                first = "tile " + std::to_string(tile) + " C[" + std::to_string(i / kShape.n) +
                        "][" + std::to_string(i % kShape.n) + "]: got " + std::to_string(got) +
                        ", expected " + std::to_string(expected[i]);
        }
    }
    return bad;
}

} // namespace
} // namespace clgauge::test::dpas_model

// A host model of the NVIDIA path of kernels/mma.cl: the kernel's own fragment code (loads,
// the mma.sync calls, the store) compiled as C++, with each mma.sync replaced by a model of
// the instruction as the PTX ISA defines it ("Matrix Fragments for mma.m16n8k*": the
// fragments of all 32 lanes form A, B and C; D = A*B + C goes back to the lanes). It checks
// fragment layouts, packing and the instruction strings without a GPU. A test file defines
// one CLG_FMT_* and includes this header once.
#pragma once
#include "reference/mma.hpp"

#include <array>
#include <bit>
#include <cstdint>
#include <gtest/gtest.h>
#include <regex>
#include <string>
#include <vector>

namespace clgauge::test::ptx_model {
namespace { // each test file includes the kernel with another format: keep it file-local

#include "opencl_c_shim.hpp"
inline size_t get_local_id(uint) {
    return 0;
}

// The instruction model. Each lane runs the kernel code in turn; mma.sync call i of lane L
// records its operands and returns what the previous pass computed for it, so a chain of k
// dependent calls settles after k + 1 passes.
struct Call {
    std::string op;
    std::array<uint32_t, 4> a{}, c{};
    std::array<uint32_t, 2> b{};
};
inline std::vector<std::array<Call, 32>> g_calls;
inline std::vector<std::array<std::array<uint32_t, 4>, 32>> g_results;
inline unsigned g_lane = 0, g_call = 0;

template <class T> uint32_t bits_of(T v) {
    return std::bit_cast<uint32_t>(v);
}

template <class T>
void model_mma(const char* op, T* d, const T* c, uint a0, uint a1, uint a2, uint a3, uint b0,
               uint b1) {
    const unsigned i = g_call++;
    if (g_calls.size() <= i) {
        g_calls.resize(i + 1);
        g_results.resize(i + 1);
    }
    g_calls[i][g_lane] = {op,
                          {a0, a1, a2, a3},
                          {bits_of(c[0]), bits_of(c[1]), bits_of(c[2]), bits_of(c[3])},
                          {b0, b1}};
    for (int r = 0; r < 4; ++r)
        d[r] = std::bit_cast<T>(g_results[i][g_lane][r]);
}

// D for every lane of one call, from the PTX ISA's fragment tables for m16n8k<K> with
// w-bit elements (E = 32 / w per register): a_i is in register i / E at bits (i % E) * w,
// row groupID + 8 * ((i / E) % 2), column threadID_in_group * E + i % E + K/2 * (i >= 2E);
// b_i: row threadID_in_group * E + i % E + K/2 * (i >= E), column groupID;
// c_i: row groupID + 8 * (i >= 2), column threadID_in_group * 2 + i % 2.
inline void solve(std::array<Call, 32>& calls, std::array<std::array<uint32_t, 4>, 32>& out) {
    using ref::mma::Format;
    const std::string& op = calls[0].op;
    std::smatch m;
    static const std::regex re(R"(m16n8k(\d+)\.row\.col\.(\w+)\.(\w+)\.(\w+)\.(\w+))");
    ASSERT_TRUE(std::regex_search(op, m, re)) << op;
    const unsigned K = unsigned(std::stoul(m[1].str()));
    const std::string dt = m[2].str(), at = m[3].str(), bt = m[4].str();
    ASSERT_EQ(at, bt);
    struct T {
        const char* name;
        unsigned w;
        Format f;
    };
    const T types[] = {
        {"f16", 16, Format::F16},  {"bf16", 16, Format::BF16}, {"tf32", 32, Format::TF32},
        {"e4m3", 8, Format::E4M3}, {"e5m2", 8, Format::E5M2},  {"s8", 8, Format::S8},
        {"u8", 8, Format::S8},     {"s4", 4, Format::S4},      {"b1", 1, Format::S8}};
    const T* type = nullptr;
    for (const auto& x : types)
        if (at == x.name) type = &x;
    ASSERT_NE(type, nullptr) << op;
    const unsigned w = type->w, E = 32 / w;
    ASSERT_EQ(K, 8 * E) << op; // m16n8k16 f16, k8 tf32, k32 8-bit, k64 4-bit, k256 b1
    const bool popc = at == "b1", is_float = dt == "f32", unsigned_in = at == "u8";
    auto elem = [&](uint32_t reg, unsigned e) {
        const uint32_t bits = w == 32 ? reg : (reg >> (e * w)) & ((1u << w) - 1);
        if (popc) return double(bits);
        if (unsigned_in) return double(bits);
        return ref::mma::decode(type->f, bits);
    };
    std::vector<double> A(16 * K, -1e300), B(K * 8, -1e300);
    std::vector<uint32_t> C(128);
    std::vector<int> seen_a(16 * K), seen_b(K * 8), seen_c(128);
    for (unsigned lane = 0; lane < 32; ++lane) {
        const unsigned g = lane / 4, t = lane % 4;
        for (unsigned i = 0; i < 4 * E; ++i) {
            const unsigned row = g + 8 * ((i / E) % 2),
                           col = t * E + i % E + (i >= 2 * E ? K / 2 : 0);
            A[row * K + col] = elem(calls[lane].a[i / E], i % E);
            ++seen_a[row * K + col];
        }
        for (unsigned i = 0; i < 2 * E; ++i) {
            const unsigned k = t * E + i % E + (i >= E ? K / 2 : 0);
            B[k * 8 + g] = elem(calls[lane].b[i / E], i % E);
            ++seen_b[k * 8 + g];
        }
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned row = g + 8 * (i / 2), col = t * 2 + i % 2;
            C[row * 8 + col] = calls[lane].c[i];
            ++seen_c[row * 8 + col];
        }
    }
    for (int s : seen_a)
        ASSERT_EQ(s, 1) << "A fragment table does not cover the tile once";
    for (int s : seen_b)
        ASSERT_EQ(s, 1);
    for (int s : seen_c)
        ASSERT_EQ(s, 1);
    std::vector<uint32_t> D(128);
    for (unsigned r = 0; r < 16; ++r)
        for (unsigned n = 0; n < 8; ++n) {
            if (is_float) {
                double s = std::bit_cast<float>(C[r * 8 + n]);
                for (unsigned k = 0; k < K; ++k)
                    s += A[r * K + k] * B[k * 8 + n];
                D[r * 8 + n] = std::bit_cast<uint32_t>(float(s));
            } else {
                uint32_t s = C[r * 8 + n];
                for (unsigned k = 0; k < K; ++k)
                    s += uint32_t(int64_t(A[r * K + k]) * int64_t(B[k * 8 + n]));
                D[r * 8 + n] = s;
            }
        }
    for (unsigned lane = 0; lane < 32; ++lane) {
        const unsigned g = lane / 4, t = lane % 4;
        for (unsigned i = 0; i < 4; ++i)
            out[lane][i] = D[(g + 8 * (i / 2)) * 8 + t * 2 + i % 2];
    }
}

namespace kern {
#define CLG_MMA_PTX
#define CLG_PTX_MMA4(d, c, a0, a1, a2, a3, b0, b1)                                                 \
    ::clgauge::test::ptx_model::model_mma(CLG_PTX_OP, d, c, a0, a1, a2, a3, b0, b1)
#include "mma_cl_as_cpp.inc"
} // namespace kern

constexpr unsigned kLanes = 32; // one warp
constexpr int kPasses = 8;
constexpr ref::mma::Shape kShape{16, 8, CLG_MMA_K};
inline void settle(size_t i) {
    solve(g_calls[i], g_results[i]);
}
#include "mma_model_tile.hpp"

} // namespace
} // namespace clgauge::test::ptx_model

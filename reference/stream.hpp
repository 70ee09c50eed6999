// CPU model of kernels/stream.cl: the word each stream kernel leaves in `out`, bit for bit.
// Arrays a, b, c are input streams 0, 1, 2 of reference/mem_data.hpp.
#pragma once
#include "reference/memory.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

namespace clgauge::ref {

template <typename T> struct StreamData {
    static T at(uint32_t seed, size_t i, uint32_t k) {
        if constexpr (sizeof(T) == 4)
            return std::bit_cast<float>(mem_f32_bits(seed, uint32_t(i), k));
        else
            return std::bit_cast<double>(mem_f64_bits(seed, uint32_t(i), k));
    }
    static T scalar(uint32_t seed) {
        if constexpr (sizeof(T) == 4)
            return std::bit_cast<float>(f32_bits_half_1(rand(seed, 0, 16)));
        else
            return std::bit_cast<double>(f64_bits_half_1(rand(seed, 0, 16), rand(seed, 0, 17)));
    }
    static uint64_t bits(T x) {
        if constexpr (sizeof(T) == 4)
            return std::bit_cast<uint32_t>(x);
        else
            return std::bit_cast<uint64_t>(x);
    }
};

template <typename T> uint64_t stream_init(const MemLaunch& l, size_t i) {
    using D = StreamData<T>;
    return D::bits(D::scalar(l.seed) * static_cast<T>(static_cast<uint32_t>(i)));
}
template <typename T> uint64_t stream_read(const MemLaunch& l, size_t g) {
    using D = StreamData<T>;
    T sum = 0;
    for (size_t u = g; u < l.n; u += l.items)
        for (unsigned w = 0; w < l.vec; ++w)
            sum += D::at(l.seed, u * l.vec + w, 0);
    return D::bits(sum);
}
template <typename T> uint64_t stream_copy(const MemLaunch& l, size_t i) {
    using D = StreamData<T>;
    return D::bits(D::at(l.seed, i, 0));
}
template <typename T> uint64_t stream_scale(const MemLaunch& l, size_t i) {
    using D = StreamData<T>;
    return D::bits(D::scalar(l.seed) * D::at(l.seed, i, 0));
}
template <typename T> uint64_t stream_add(const MemLaunch& l, size_t i) {
    using D = StreamData<T>;
    return D::bits(D::at(l.seed, i, 0) + D::at(l.seed, i, 1));
}
template <typename T> uint64_t stream_triad(const MemLaunch& l, size_t i) {
    using D = StreamData<T>;
    return D::bits(std::fma(D::at(l.seed, i, 1), D::at(l.seed, i, 2), D::at(l.seed, i, 0)));
}

} // namespace clgauge::ref

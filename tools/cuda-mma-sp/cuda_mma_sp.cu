// The sparse tensor-core yardstick of clgauge's mma.sp.* entries: what a plain CUDA kernel
// reads for mma.sync and mma.sp.sync (2:4 structured sparsity) on this GPU, and which layout
// of the metadata operand the tensor cores decode. Built only where nvcc is found
// (tools/cuda-mma-sp/build); clgauge itself never needs CUDA.
//
//   cuda_mma_sp
//
// 1. Layout: for f16 and bf16 (m16n8k32), tf32 (m16n8k16, 1:2) and s8 (m16n8k64), one warp runs
//    one mma.sp.sync on a random sparse A, with the registers of every lane packed on the host
//    under each candidate map of the metadata (the PTX ISA gives them as figures); the product is
//    compared with the host's, and the map the hardware agrees with is printed (exit 1 if none).
//    The maps found are those of kernels/include/clgauge_mma_ptx.h.
// 2. Rate: dense mma.sync (m16n8k16 f16, m16n8k8 tf32, m16n8k32 s8) and sparse mma.sp.sync
//    (m16n8k32 f16, m16n8k16 tf32, m16n8k64 s8) in dependent chains of four independent
//    accumulators a warp, eight warps a block, eight blocks an SM; prints the multiply-adds
//    performed per second (2*M*N*K of the dense shape, M*N*K of the sparse one: half of A is zeros
//    the hardware skips) and the data-sheet figure (2*M*N*K for the sparse shape too).
#include "../common/cuda_check.h"

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

namespace {

enum class Ty { F16, BF16, S8, TF32 };

// ---- one warp, one instruction, registers packed by the host ----
__global__ void sp_once(const unsigned* a, const unsigned* b, const unsigned* e, const float* cf,
                        const int* ci, float* df, int* di, int ty) {
    const unsigned l = threadIdx.x;
    const unsigned a0 = a[l * 4], a1 = a[l * 4 + 1], a2 = a[l * 4 + 2], a3 = a[l * 4 + 3];
    const unsigned b0 = b[l * 4], b1 = b[l * 4 + 1], b2 = b[l * 4 + 2], b3 = b[l * 4 + 3];
    const unsigned m = e[l];
    if (ty == 2) {
        int d0, d1, d2, d3;
        asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0x0;"
                     : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),
                       "r"(ci[l * 4]), "r"(ci[l * 4 + 1]), "r"(ci[l * 4 + 2]), "r"(ci[l * 4 + 3]),
                       "r"(m));
        di[l * 4] = d0, di[l * 4 + 1] = d1, di[l * 4 + 2] = d2, di[l * 4 + 3] = d3;
        return;
    }
    float d0, d1, d2, d3;
    if (ty == 3)
        asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0x0;"
                     : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),
                       "f"(cf[l * 4]), "f"(cf[l * 4 + 1]), "f"(cf[l * 4 + 2]), "f"(cf[l * 4 + 3]),
                       "r"(m));
    else if (ty == 0)
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0x0;"
                     : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),
                       "f"(cf[l * 4]), "f"(cf[l * 4 + 1]), "f"(cf[l * 4 + 2]), "f"(cf[l * 4 + 3]),
                       "r"(m));
    else
        asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, "
                     "{%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0x0;"
                     : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
                     : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3),
                       "f"(cf[l * 4]), "f"(cf[l * 4 + 1]), "f"(cf[l * 4 + 2]), "f"(cf[l * 4 + 3]),
                       "r"(m));
    df[l * 4] = d0, df[l * 4 + 1] = d1, df[l * 4 + 2] = d2, df[l * 4 + 3] = d3;
}

const int kPairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};

struct Case {
    Ty ty;
    unsigned K, w; // logical K, element bits
    const char* name;
};

// Small exact values: every product and sum is exact in fp32.
unsigned elem_bits(Ty ty, int v) {
    if (ty == Ty::S8) return unsigned(v) & 0xffu;
    const float f = float(v);
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if (ty == Ty::BF16) return u >> 16;
    if (ty == Ty::TF32) return u;
    if (v == 0) return 0;
    const unsigned s = (u >> 31) << 15, e = ((u >> 23) & 0xff) - 127 + 15, m = (u >> 13) & 0x3ff;
    return s | (e << 10) | m;
}

// Metadata candidates: which lane holds which rows' chunks. Returns lane l's register
// (groupID g, threadID_in_group t; nibble c at bits 4c).
//  0: lane t (< K/16) holds chunks 4t..4t+3, row g in bits 0-15 and row g+8 in bits 16-31
//  1: lane t holds one row, g + 8 * (t % 2), chunks 8 * (t / 2) .. + 7
unsigned meta_reg(int cand, unsigned chunks, bool tf32, unsigned lane,
                  const std::vector<int>& pat) {
    const unsigned g = lane / 4, t = lane % 4;
    auto nib = [&](unsigned row, unsigned c) {
        if (c >= chunks) return 0u;
        const int p = pat[row * chunks + c];
        if (tf32) return p ? 0xeu : 0x4u; // element 1: halves 2 and 3; element 0: 0 and 1
        return unsigned(kPairs[p][0] | (kPairs[p][1] << 2));
    };
    unsigned r = 0;
    if (cand == 0) {
        if (t >= chunks / 4) return 0;
        for (unsigned c = 0; c < 4; ++c) {
            r |= nib(g, 4 * t + c) << (4 * c);
            r |= nib(g + 8, 4 * t + c) << (16 + 4 * c);
        }
    } else {
        for (unsigned c = 0; c < 8; ++c)
            r |= nib(g + 8 * (t % 2), 8 * (t / 2) + c) << (4 * c);
    }
    return r;
}

bool layout_case(const Case& cs, int cand, std::mt19937& rng) {
    // 2:4 (chunks of four, two kept) but tf32 1:2 (chunks of two, one kept).
    const bool tf32 = cs.ty == Ty::TF32;
    const unsigned K = cs.K, E = 32 / cs.w, size = tf32 ? 2 : 4, kept = tf32 ? 1 : 2;
    const unsigned chunks = K / size;
    std::vector<int> pat(16 * chunks), A(16 * K, 0), B(K * 8), C(16 * 8);
    std::uniform_int_distribution<int> pick(0, tf32 ? 1 : 5), v(-3, 3);
    for (auto& p : pat)
        p = pick(rng);
    auto kept_k = [&](unsigned row, unsigned chunk, unsigned slot) {
        const int p = pat[row * chunks + chunk];
        return size * chunk + unsigned(tf32 ? p : kPairs[p][slot]);
    };
    for (unsigned r = 0; r < 16; ++r)
        for (unsigned c = 0; c < chunks; ++c)
            for (unsigned s = 0; s < kept; ++s)
                A[r * K + kept_k(r, c, s)] = v(rng) ? v(rng) : 1;
    for (auto& x : B)
        x = v(rng);
    for (auto& x : C)
        x = v(rng);
    std::vector<unsigned> a(128, 0), b(128, 0), e(32);
    std::vector<float> cf(128);
    std::vector<int> ci(128);
    for (unsigned l = 0; l < 32; ++l) {
        const unsigned g = l / 4, t = l % 4;
        // A: the dense layout of the compressed 16 x K/2 tile (K/2 = 16 f16, 8 tf32, 32 s8)
        const unsigned KA = K / 2;
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned x = 0; x < E; ++x) {
                const unsigned row = g + 8 * (r & 1), cc = t * E + x + (KA / 2) * (r >> 1);
                const unsigned k = kept_k(row, cc / kept, cc % kept);
                a[l * 4 + r] |= elem_bits(cs.ty, A[row * K + k]) << (x * cs.w);
            }
        for (unsigned r = 0; r < 4; ++r)
            for (unsigned x = 0; x < E; ++x) {
                const unsigned k = t * E + x + (KA / 2) * r;
                b[l * 4 + r] |= elem_bits(cs.ty, B[k * 8 + g]) << (x * cs.w);
            }
        for (unsigned i = 0; i < 4; ++i) {
            const int c = C[(g + 8 * (i / 2)) * 8 + 2 * t + i % 2];
            cf[l * 4 + i] = float(c), ci[l * 4 + i] = c;
        }
        e[l] = meta_reg(cand, chunks, tf32, l, pat);
    }
    unsigned *da, *db, *de;
    float *dcf, *ddf;
    int *dci, *ddi;
    CHECK(cudaMalloc(&da, 512));
    CHECK(cudaMalloc(&db, 512));
    CHECK(cudaMalloc(&de, 128));
    CHECK(cudaMalloc(&dcf, 512));
    CHECK(cudaMalloc(&ddf, 512));
    CHECK(cudaMalloc(&dci, 512));
    CHECK(cudaMalloc(&ddi, 512));
    CHECK(cudaMemcpy(da, a.data(), 512, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, b.data(), 512, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(de, e.data(), 128, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dcf, cf.data(), 512, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dci, ci.data(), 512, cudaMemcpyHostToDevice));
    sp_once<<<1, 32>>>(da, db, de, dcf, dci, ddf, ddi, int(cs.ty));
    CHECK(cudaGetLastError());
    std::vector<float> df(128);
    std::vector<int> di(128);
    CHECK(cudaMemcpy(df.data(), ddf, 512, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(di.data(), ddi, 512, cudaMemcpyDeviceToHost));
    for (auto* p : {da, db, de})
        CHECK(cudaFree(p));
    CHECK(cudaFree(dcf));
    CHECK(cudaFree(ddf));
    CHECK(cudaFree(dci));
    CHECK(cudaFree(ddi));
    int bad = 0;
    for (unsigned l = 0; l < 32; ++l)
        for (unsigned i = 0; i < 4; ++i) {
            const unsigned row = l / 4 + 8 * (i / 2), col = 2 * (l % 4) + i % 2;
            long ref = C[row * 8 + col];
            for (unsigned k = 0; k < K; ++k)
                ref += long(A[row * K + k]) * B[k * 8 + col];
            const double got = cs.ty == Ty::S8 ? double(di[l * 4 + i]) : double(df[l * 4 + i]);
            bad += got != double(ref);
        }
    return bad == 0;
}

// ---- rates ----
template <int kTy> __global__ void rate(float* out, unsigned chain, unsigned seed) {
    unsigned r[8];
    for (int i = 0; i < 8; ++i)
        r[i] = (seed * (threadIdx.x + 1) * 2654435761u + i * 40503u) & 0x3c003c00u; // small f16
    const unsigned m = 0x44444444u; // chunks (0,1) everywhere: a valid pattern
    float acc[4][4] = {};
    int iacc[4][4] = {};
    for (unsigned s = 0; s < chain; ++s) {
#pragma unroll
        for (int t = 0; t < 4; ++t) {
            if (kTy == 0)
                asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
                             "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+f"(acc[t][0]), "+f"(acc[t][1]), "+f"(acc[t][2]), "+f"(acc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
            else if (kTy == 1)
                asm volatile("mma.sp.sync.aligned.m16n8k32.row.col.f32.f16.f16.f32 "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, "
                             "%12, 0x0;"
                             : "+f"(acc[t][0]), "+f"(acc[t][1]), "+f"(acc[t][2]), "+f"(acc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]),
                               "r"(r[6]), "r"(r[7]), "r"(m));
            else if (kTy == 4)
                asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, "
                             "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+f"(acc[t][0]), "+f"(acc[t][1]), "+f"(acc[t][2]), "+f"(acc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
            else if (kTy == 5)
                asm volatile("mma.sp.sync.aligned.m16n8k16.row.col.f32.tf32.tf32.f32 "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, "
                             "%12, 0x0;"
                             : "+f"(acc[t][0]), "+f"(acc[t][1]), "+f"(acc[t][2]), "+f"(acc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]),
                               "r"(r[6]), "r"(r[7]), "r"(m));
            else if (kTy == 2)
                asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0,%1,%2,%3}, "
                             "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
                             : "+r"(iacc[t][0]), "+r"(iacc[t][1]), "+r"(iacc[t][2]),
                               "+r"(iacc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]));
            else
                asm volatile("mma.sp.sync.aligned.m16n8k64.row.col.s32.s8.s8.s32 "
                             "{%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%0,%1,%2,%3}, "
                             "%12, 0x0;"
                             : "+r"(iacc[t][0]), "+r"(iacc[t][1]), "+r"(iacc[t][2]),
                               "+r"(iacc[t][3])
                             : "r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3]), "r"(r[4]), "r"(r[5]),
                               "r"(r[6]), "r"(r[7]), "r"(m));
        }
    }
    float sum = 0;
    for (int t = 0; t < 4; ++t)
        for (int i = 0; i < 4; ++i)
            sum += acc[t][i] + float(iacc[t][i]);
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

template <int kTy> double measure(int sms, unsigned chain) {
    const int blocks = sms * 8, threads = 256;
    float* out;
    CHECK(cudaMalloc(&out, size_t(blocks) * threads * 4));
    cudaEvent_t a, b;
    CHECK(cudaEventCreate(&a));
    CHECK(cudaEventCreate(&b));
    rate<kTy><<<blocks, threads>>>(out, chain / 8, 1); // warm-up
    double best = 1e30;
    for (int rep = 0; rep < 5; ++rep) {
        CHECK(cudaEventRecord(a));
        rate<kTy><<<blocks, threads>>>(out, chain, 1);
        CHECK(cudaEventRecord(b));
        CHECK(cudaEventSynchronize(b));
        float ms;
        CHECK(cudaEventElapsedTime(&ms, a, b));
        best = std::fmin(best, ms * 1e-3);
    }
    CHECK(cudaFree(out));
    const double mmas = double(blocks) * (threads / 32) * 4.0 * chain;
    return mmas / best;
}

} // namespace

int main() {
    cudaDeviceProp p{};
    CHECK(cudaGetDeviceProperties(&p, 0));
    std::printf("%s, %d SMs\n", p.name, p.multiProcessorCount);
    std::mt19937 rng(2026);
    const Case cases[] = {{Ty::F16, 32, 16, "f16 m16n8k32"},
                          {Ty::BF16, 32, 16, "bf16 m16n8k32"},
                          {Ty::TF32, 16, 32, "tf32 m16n8k16"},
                          {Ty::S8, 64, 8, "s8 m16n8k64"}};
    int failed = 0;
    for (const Case& c : cases) {
        int found = -1;
        for (int cand = 0; cand < 2 && found < 0; ++cand) {
            bool all = true;
            for (int trial = 0; trial < 4; ++trial)
                all = layout_case(c, cand, rng) && all;
            if (all) found = cand;
        }
        std::printf("layout %-14s metadata map %s\n", c.name,
                    found == 0   ? "lane t: chunks 4t..4t+3 of row g (bits 0-15) and g+8 (16-31)"
                    : found == 1 ? "lane t: chunks 8(t/2)..8(t/2)+7 of row g+8(t%2)"
                                 : "none of the candidates");
        failed += found < 0;
    }
    const unsigned chain = 4096;
    const double hd = measure<0>(p.multiProcessorCount, chain) * 2 * 16 * 8 * 16;
    const double hs = measure<1>(p.multiProcessorCount, chain) * 16 * 8 * 32;
    const double id = measure<2>(p.multiProcessorCount, chain) * 2 * 16 * 8 * 32;
    const double is = measure<3>(p.multiProcessorCount, chain) * 16 * 8 * 64;
    std::printf("rate f16 dense m16n8k16 %.1f TFLOP/s; sparse m16n8k32 %.1f performed (%.1f "
                "data sheet), performed/dense %.3f\n",
                hd * 1e-12, hs * 1e-12, 2 * hs * 1e-12, hs / hd);
    const double td = measure<4>(p.multiProcessorCount, chain) * 2 * 16 * 8 * 8;
    const double ts = measure<5>(p.multiProcessorCount, chain) * 16 * 8 * 16;
    std::printf("rate tf32 dense m16n8k8 %.1f TFLOP/s; sparse m16n8k16 %.1f performed (%.1f data "
                "sheet), performed/dense %.3f\n",
                td * 1e-12, ts * 1e-12, 2 * ts * 1e-12, ts / td);
    std::printf("rate s8  dense m16n8k32 %.1f TOP/s; sparse m16n8k64 %.1f performed (%.1f data "
                "sheet), performed/dense %.3f\n",
                id * 1e-12, is * 1e-12, 2 * is * 1e-12, is / id);
    return failed ? 1 : 0;
}

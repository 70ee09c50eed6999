// What the host models of kernels/mma.cl (mma_ptx_model.hpp, mma_dpas_model.hpp,
// mma_mfma_model.hpp) share: one tile's fragment code run for every lane through the model's
// instruction, and the result checked against reference/mma.hpp. Include it inside the model's
// namespace, after the model defines namespace kern (the kernel's code), g_calls, g_results,
// g_lane, g_call, kLanes (lanes of one tile), kPasses (passes until the chain has settled), kShape
// (the tile's m, n, k) and settle(i) (solves call i of every lane).

// Runs the kernel's fragment code for all lanes of one tile: C0, then B, NB, B (the chain
// with one pair; for fp8 the pair with its signs flipped, as the kernel's first pair is),
// through the instruction model; returns C as the kernel stores it.
inline std::vector<uint32_t> run_tile(uint32_t seed, uint32_t tile) {
    using namespace kern;
    std::array<clg_frag_a, kLanes> a;
    std::array<clg_frag_b, kLanes> b, nb;
    std::array<clg_acc, kLanes> c, d;
    for (uint lane = 0; lane < kLanes; ++lane) {
        a[lane] = clg_load_a(seed, tile, lane);
        b[lane] = clg_load_b(seed, tile, lane, 0u);
        nb[lane] = clg_load_b(seed, tile, lane, CLG_NEG_MASK);
        c[lane] = clg_load_c(seed, tile, lane);
    }
    g_calls.clear();
    g_results.clear();
    for (int pass = 0; pass < kPasses; ++pass) {
        for (uint lane = 0; lane < kLanes; ++lane) {
            g_lane = lane;
            g_call = 0;
#ifdef CLG_SIGNS_WORD // fp8: the pair with every sign of A, B and NB flipped
            const clg_frag_a fa = clg_xor_a(a[lane], CLG_SIGNS_WORD);
            CLG_MMA_ACC(d[lane], c[lane], fa, clg_xor_b(b[lane], CLG_SIGNS_WORD));
            CLG_MMA_ACC(d[lane], d[lane], fa, clg_xor_b(nb[lane], CLG_SIGNS_WORD));
#else
            CLG_MMA_ACC(d[lane], c[lane], a[lane], b[lane]);
            CLG_MMA_ACC(d[lane], d[lane], a[lane], nb[lane]);
#endif
            CLG_MMA_ACC(d[lane], d[lane], a[lane], b[lane]);
        }
        for (size_t i = 0; i < g_calls.size(); ++i)
            settle(i);
    }
    constexpr size_t kTile = size_t(kShape.m) * kShape.n;
    std::vector<uint32_t> out(size_t(tile + 1) * kTile);
    for (uint lane = 0; lane < kLanes; ++lane)
        clg_store_c(out.data(), tile, lane, d[lane]);
    return std::vector<uint32_t>(out.end() - std::ptrdiff_t(kTile), out.end());
}

// The modelled kernel against reference/mma.hpp on exact tiles (bit-exact) and a special
// tile (NaN where NaN is expected, finite values within the bound).
inline void check(ref::mma::Format f) {
    for (uint32_t tile = 0; tile < 8; ++tile) {
        const auto got = run_tile(0x5eed2026u, tile);
        constexpr uint32_t kTile = kShape.m * kShape.n;
        uint32_t expected[kTile];
        double bound[kTile];
        ref::mma::tile_reference(f, kShape, 0x5eed2026u, tile, 1, expected, bound);
        for (uint32_t i = 0; i < kTile; ++i) {
            const float g = std::bit_cast<float>(got[i]), e = std::bit_cast<float>(expected[i]);
            if (!ref::mma::is_float(f) || bound[i] == 0) {
                EXPECT_TRUE(got[i] == expected[i] || (ref::mma::is_float(f) && g == e))
                    << "tile " << tile << " C[" << i / kShape.n << "][" << i % kShape.n
                    << "]: got 0x" << std::hex << got[i] << " expected 0x" << expected[i];
            } else if (std::isnan(e)) {
                EXPECT_TRUE(std::isnan(g)) << "tile " << tile << " element " << i;
            } else {
                EXPECT_LE(std::fabs(double(g) - double(e)), bound[i])
                    << "tile " << tile << " element " << i;
            }
        }
    }
}

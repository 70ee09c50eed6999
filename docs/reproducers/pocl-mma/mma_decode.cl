// The element arithmetic of kernels/mma.cl's emulated path for the three formats that PoCL 5.0
// (cpu-skylake-avx512) gets wrong in `clgauge --conformance --only 'mma.*'` (mma.i4, mma.f8,
// mma.f4), copied verbatim, without sub-groups or local memory. mma_decode.c checks every
// output against C on the host.

// kernels/mma.cl, CLG_FMT_S4: the dot product of eight signed 4-bit lanes.
inline int clg_dot_word_s4(uint aw, uint bw) {
    int d = 0;
    for (uint e = 0; e < 8u; ++e)
        d += ((int)(aw << (28u - 4u * e)) >> 28) * ((int)(bw << (28u - 4u * e)) >> 28);
    return d;
}
inline float clg_e4m3_to_f32(uint b) {
    const uint s = (b & 0x80u) << 24, e = (b >> 3) & 15u, m = b & 7u;
    if (e == 15u && m == 7u) return as_float(0x7fc00000u | s);
    if (e != 0) return as_float(s | ((e + 120u) << 23) | (m << 20));
    return (s ? -1.0f : 1.0f) * (float)m * 0x1p-9f;
}
inline float clg_e2m1_to_f32(uint b) {
    const uint e = (b >> 1) & 3u, m = b & 1u;
    const float v = e == 0 ? 0.5f * (float)m : as_float(((e + 126u) << 23) | (m << 22));
    return (b & 8u) ? -v : v;
}
inline float clg_e8m0_to_f32(uint s) {
    return s == 0xffu ? as_float(0x7fc00000u) : as_float(s == 0 ? 0x00400000u : s << 23);
}
// kernels/mma.cl's float clg_dot_word: CLG_PER_WORD elements of CLG_EBITS bits per word.
inline float clg_dot_word_e4m3(uint aw, uint bw) {
    float d = 0.0f;
    for (uint e = 0; e < 4u; ++e)
        d += clg_e4m3_to_f32((aw >> (e * 8u)) & 0xffu) * clg_e4m3_to_f32((bw >> (e * 8u)) & 0xffu);
    return d;
}
inline float clg_dot_word_e2m1(uint aw, uint bw) {
    float d = 0.0f;
    for (uint e = 0; e < 8u; ++e)
        d += clg_e2m1_to_f32((aw >> (e * 4u)) & 0xfu) * clg_e2m1_to_f32((bw >> (e * 4u)) & 0xfu);
    return d;
}

// One work-item per pair of words: out[4i..4i+3] = dot s4, dot e4m3, dot e2m1 x scale, and
// the e4m3 decode of byte i % 256 (bits of floats, or the int for s4).
kernel void mma_decode(global const uint* a, global const uint* b, global uint* out) {
    const uint i = get_global_id(0);
    const uint aw = a[i], bw = b[i];
    out[4 * i + 0] = as_uint(clg_dot_word_s4(aw, bw));
    out[4 * i + 1] = as_uint(clg_dot_word_e4m3(aw, bw));
    out[4 * i + 2] =
        as_uint(clg_dot_word_e2m1(aw, bw) * (clg_e8m0_to_f32(126u + i % 3u) * clg_e8m0_to_f32(127u)));
    out[4 * i + 3] = as_uint(clg_e4m3_to_f32(i & 0xffu));
}

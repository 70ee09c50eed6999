// The OpenCL C scalar names and built-ins that kernels/mma.cl's fragment code uses, as C++,
// so the host models (mma_ptx_model.hpp, mma_dpas_model.hpp) can compile that code. Include
// it inside the model's namespace.
using uint = uint32_t;
using ushort = uint16_t;
using uchar = uint8_t;
using ulong = uint64_t;
inline float as_float(uint x) {
    return std::bit_cast<float>(x);
}
inline int as_int(uint x) {
    return int(x);
}
inline uint as_uint(float x) {
    return std::bit_cast<uint>(x);
}
inline uint popcount(uint x) {
    return uint(std::popcount(x));
}
inline size_t g_global_id = 0; // the work-item a model runs the whole kernel as
inline size_t get_global_id(uint) {
    return g_global_id;
}

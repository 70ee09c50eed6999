// int64.mad, int32.mad, int16.mad: wrapping integer multiply-add chains (kernels/mad.cl,
// reference/mad.hpp).
#include "reference/mad.hpp"
#include "harness/chain.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {

std::vector<Benchmark> mad() {
    // Per step: two dependent multiply-adds per lane, each counted as two operations.
    // Entry <name>.mad runs kernel <name>_mad.
    const std::vector<ImplPath> native = {{"native", {}, ""}};
    // NVIDIA has no 16-bit IMAD: lanes in 32-bit registers, truncated at the store
    // (kernels/mad.cl). Elsewhere the packed form, which 16-bit ALUs run natively.
    const std::vector<ImplPath> int16 = {{"wide", {Need::NvSm61}, "-DCLG_I16_WIDE"}, native[0]};
    std::vector<Benchmark> entries =
        chain_family("mad", Unit::OpPerSecond,
                     {{"int64", "INT64 compute", native, 4, WordKind::U64, 8, 2, ref::int64_mad,
                       "64-bit integer multiply-add chains"},
                      {"int32", "INT32 compute", native, 4, WordKind::U32, 4, 2, ref::int32_mad,
                       "32-bit integer multiply-add chains"},
                      // short2: two lanes
                      {"int16", "INT16 compute", int16, 8, WordKind::U16x2, 4, 2, ref::int16_mad,
                       "short2 integer multiply-add chains"}});
    // 32- and 64-bit integer lanes are at most as many as FP32 lanes; packed short2 may not be.
    for (Benchmark& b : entries)
        b.within_fp32_peak = b.id != "int16.mad";
    // What does the counted work on NVIDIA: a 32-bit IMAD is one multiply-add (2 operations);
    // a 64-bit one is an IMAD.WIDE.U32 of the low words and two IMADs of the cross terms; a
    // 16-bit lane is a 32-bit IMAD, wide or packed (IMAD.MOV, IMAD.SHL and IMAD.IADD are
    // moves, shifts and adds).
    // On AMD a 32-bit one is a v_mad_u64_u32 (the low word), or a v_mul_lo_u32 and an add.
    entries[0].counted = {{"native", R"(\bIMAD\.WIDE\.U32\b)", 2, Pipe::IntMad,
                           "IMAD.WIDE.U32, 2 OP each (with two IMADs)"}};
    entries[1].counted = {{"native", R"(\bIMAD )", 2, Pipe::IntMad, "IMAD, 2 OP each",
                           R"(^(v_mul_lo_u32|v_mad_u64_u32)(_e64)?\s)"}};
    for (const char* path : {"wide", "native"})
        entries[2].counted.push_back({path, R"(\bIMAD )", 2, Pipe::IntMad, "IMAD, 2 OP each"});
    return entries;
}

// Registry order 20: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(20, mad);

} // namespace clgauge::families

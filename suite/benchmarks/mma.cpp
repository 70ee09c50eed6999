// mma.h, mma.bf, mma.tf, mma.f8, mma.b8, mma.f4, mma.i8, mma.i4, mma.i2: matrix
// multiply-accumulate; mma.sp.h, mma.sp.bf, mma.sp.tf, mma.sp.i8: the same with a sparse A
// (kernels/mma.cl, reference/mma.hpp, harness/mma.hpp).
#include "harness/mma.hpp"
#include "registry/registry.hpp"

namespace clgauge::families {
namespace {

using ref::mma::Format;

struct Variant {
    const char* id;
    const char* label;
    const char* description;
    Format format;
    const char* define;
    unsigned elements_per_word; // per 32-bit word in the emulation
    unsigned ptx_k;             // K of the counted mma.sync tile (m16n8k<ptx_k>)
    const char* ptx_instruction;
    Need ptx_need;
    const char* ptx_path; // "ptx", or a name that says the format is not native there
    unsigned dpas_k = 0;  // K of the DPAS built-in, 0 where the extension has none
    const char* dpas_builtin = "";
    bool mfma = false; // an AMD MFMA path (kernels/include/clgauge_mma_mfma.h)
    // Where set, the ptx path needs a device whose tensor cores have the format (ptx_need), and
    // a second one, "ptx-f16" (need NvSm89), stands for the same kernel on a device where ptxas
    // decodes the format to f16 for HMMA: this says what one mma.sync becomes there.
    const char* ptx_f16_instruction = nullptr;
    // What one counted mma.sync is in SASS on the ptx path (the first path): `sass_per_mma`
    // instructions matching `sass`, issued at `pipe`'s rate where it is known.
    const char* sass = "";
    unsigned sass_per_mma = 1;
    Pipe pipe = Pipe::None;
};

// ptxas decodes fp8 and fp4 to f16 where the tensor cores lack them: two HMMA.16816.F32 (k16)
// per counted m16n8k32.
const char* kHmmaF16 = R"(\bHMMA\.16816\.F32 )";

// The counted instruction of path `p` of variant `v`, one counted MMA of `tile` being
// `per_mma` of them on a warp of 32.
CountedInstruction counted(const char* path, const char* sass, unsigned per_mma, Pipe pipe,
                           const ref::mma::Shape& tile) {
    const double work = ref::mma::ops_per_mma(tile) / 32.0 / per_mma;
    return {path, sass, work, pipe,
            std::to_string(per_mma) + " per counted MMA, " +
                std::to_string(static_cast<long>(work * 32)) + " OP a warp each"};
}

// Emulation on sub-groups: an 8 x 8 tile, each lane one 32-bit word of K, `how` its MMA.
MmaPath emulated(const char* name, std::vector<Need> needs, const std::string& options,
                 unsigned lanes, unsigned per_word, const std::string& how) {
    MmaShape s;
    s.tile = {8, 8, lanes * per_word};
    s.group_items = lanes;
    s.tiles_per_group = 1;
    s.steps = 2;
    s.local_size = 64;
    s.instruction = how + " on " + std::to_string(lanes) + " lanes";
    // The local-memory layer's scratch is sized for the work-group the path launches.
    return {{name, std::move(needs),
             options + " -DCLG_MMA_SG=" + std::to_string(lanes) +
                 " -DCLG_SG_EMU_MAX_WG=" + std::to_string(s.local_size)},
            s};
}

// A warp's tiles on the tensor cores (the ptx paths, dense and sparse).
MmaShape tensor_core_shape(const ref::mma::Shape& tile, const std::string& instruction) {
    MmaShape s;
    s.tile = tile;
    s.group_items = 32;
    // Four independent accumulators per warp and eight warps per work-group keep enough
    // mma.sync in flight to cover the tensor-core latency.
    s.tiles_per_group = 4;
    s.steps = 16;
    s.local_size = 256;
    s.instruction = instruction;
    return s;
}

MmaPath ptx(const Variant& v, const char* path, Need need, const char* instruction) {
    MmaShape s = tensor_core_shape({16, 8, v.ptx_k}, instruction);
    // Ternary tiles cost hundreds of MMAs' worth each besides their chain, which only long
    // chains amortize: half the work-groups let twice the chain fit the budget's bound.
    s.perf_wgs_per_cu = v.format == Format::Ternary ? 4 : 8;
    return {{path, {Need::InlinePtx, need}, "-DCLG_MMA_PTX"}, s, true};
}

// Intel DPAS: an 8 x 16 x K tile per built-in call on a sub-group of 16 (0: no built-in).
MmaPath dpas(const Variant& v) {
    MmaShape s;
    s.tile = {8, 16, v.dpas_k};
    s.group_items = 16;
    s.tiles_per_group = 2; // more spills registers on PVC
    s.steps = 8;
    s.local_size = 256;
    s.instruction = std::string("intel_sub_group_") + v.dpas_builtin;
    return {{"dpas",
             {Need::IntelDpas},
             "-DCLG_MMA_DPAS -Dcl_intel_subgroup_matrix_multiply_accumulate"},
            s};
}

// AMD MFMA: a 16 x 16 x 16 tile per v_mfma_i32_16x16x16i8 on a wavefront of 64 (gfx908,
// gfx90a; gfx94x replaced it with 16x16x32). Four tiles per wavefront, as on the ptx path.
MmaPath mfma() {
    MmaShape s;
    s.tile = {16, 16, 16};
    s.group_items = 64;
    s.tiles_per_group = 4;
    s.steps = 16;
    s.local_size = 256;
    s.instruction = "v_mfma_i32_16x16x16i8";
    return {{"mfma", {Need::AmdMfmaI8}, "-DCLG_MMA_MFMA"}, s};
}

const Variant kVariants[] = {
    {"mma.h", "MMA.h  compute", "fp16 x fp16 + fp32", Format::F16, "CLG_FMT_F16", 2, 16,
     "mma.sync.m16n8k16.f32.f16.f16.f32", Need::NvSm80, "ptx", 16, "f16_f16_matrix_mad_k16", false,
     nullptr, R"(\bHMMA\.16816\.F32 )", 1, Pipe::HmmaF16},
    {"mma.bf", "MMA.bf compute", "bf16 x bf16 + fp32", Format::BF16, "CLG_FMT_BF16", 2, 16,
     "mma.sync.m16n8k16.f32.bf16.bf16.f32", Need::NvSm80, "ptx", 16, "bf16_bf16_matrix_mad_k16",
     false, nullptr, R"(\bHMMA\.16816\.F32\.BF16 )", 1, Pipe::HmmaF16},
    {"mma.tf", "MMA.tf compute", "tf32 x tf32 + fp32", Format::TF32, "CLG_FMT_TF32", 1, 8,
     "mma.sync.m16n8k8.f32.tf32.tf32.f32", Need::NvSm80, "ptx", 0, "", false, nullptr,
     R"(\bHMMA\.1688\.F32\.TF32 )", 1, Pipe::HmmaTf32},
    {"mma.f8", "MMA.f8 compute", "fp8 E4M3 x E4M3 + fp32", Format::E4M3, "CLG_FMT_E4M3", 4, 32,
     "mma.sync.m16n8k32.f32.e4m3.e4m3.f32", Need::NvFp8Mma, "ptx", 0, "", false,
     "mma.sync.m16n8k32.f32.e4m3.e4m3.f32 as E4M3 decoded to fp16: 2x HMMA.16816.F32 (no fp8 "
     "mma.sync on sm_90/sm_100)",
     R"(\bQMMA\.16832\.F32\.E4M3\.E4M3 )", 1, Pipe::None},
    {"mma.b8", "MMA.b8 compute", "fp8 E5M2 x E5M2 + fp32", Format::E5M2, "CLG_FMT_E5M2", 4, 32,
     "mma.sync.m16n8k32.f32.e5m2.e5m2.f32", Need::NvFp8Mma, "ptx", 0, "", false,
     "mma.sync.m16n8k32.f32.e5m2.e5m2.f32 as E5M2 decoded to fp16: 2x HMMA.16816.F32 (no fp8 "
     "mma.sync on sm_90/sm_100)",
     R"(\bQMMA\.16832\.F32\.E5M2\.E5M2 )", 1, Pipe::None},
    {"mma.f4", "MMA.f4 compute", "MX fp4 E2M1 (E8M0 scale per 32) x E2M1 + fp32", Format::E2M1,
     "CLG_FMT_E2M1", 8, 32,
     "2x mma.sync.m16n8k16.f32.f16.f16.f32 on E2M1*scale decoded to fp16 (no fp4 before sm_100)",
     Need::NvSm80, "ptx-f16", 0, "", false, nullptr, kHmmaF16, 2, Pipe::HmmaF16},
    {"mma.i8", "MMA.i8 compute", "int8 x int8 + int32", Format::S8, "CLG_FMT_S8", 4, 32,
     "mma.sync.m16n8k32.s32.s8.s8.s32", Need::NvSm80, "ptx", 32, "i8_i8_matrix_mad_k32", true,
     nullptr, R"(\bIMMA\.16832\.S8\.S8 )", 1, Pipe::ImmaS8},
    {"mma.i4", "MMA.i4 compute", "int4 x int4 + int32", Format::S4, "CLG_FMT_S4", 8, 64,
     "mma.sync.m16n8k64.s32.s4.s4.s32", Need::NvSm80, "ptx", 64, "i4_i4_matrix_mad_k64", false,
     nullptr, R"(\bIMMA\.16864\.S4\.S4 |\bCALL\.REL\b)", 1, Pipe::None},
    {"mma.i2", "MMA.i2 compute", "ternary {-1,0,1} as bit planes (x+, x-) + int32", Format::Ternary,
     "CLG_FMT_TERNARY", 16, 256,
     "4x mma.sync.m16n8k256.s32.b1.b1.s32.and.popc (ternary bit planes)", Need::NvSm80, "ptx", 0,
     "", false, nullptr, R"(\bBMMA\.168256\.AND\.POPC )", 4, Pipe::None},
};

// Sparse tensor cores: mma.sp.sync with a 2:4 sparse A, on the tensor cores or emulated from
// the same fragments in local memory (any device: the lane and metadata maps checked on a CPU).
struct SparseVariant {
    const char* id;
    const char* label;
    const char* description;
    Format format;
    const char* define;
    unsigned k; // logical K of one mma.sp.sync (m16n8k<k>), the zeros of A included
    const char* ptx_instruction;
    const char* sass;
    Pipe pipe;
};

const SparseVariant kSparseVariants[] = {
    {"mma.sp.h", "MMA.h  sparse", "fp16 x fp16 + fp32, A 2:4 sparse", Format::F16, "CLG_FMT_F16",
     32, "mma.sp.sync.m16n8k32.f32.f16.f16.f32 (selector 0)", R"(\bHMMA\.SP\.16832\.F32 )",
     Pipe::HmmaSpF16},
    {"mma.sp.bf", "MMA.bf sparse", "bf16 x bf16 + fp32, A 2:4 sparse", Format::BF16, "CLG_FMT_BF16",
     32, "mma.sp.sync.m16n8k32.f32.bf16.bf16.f32 (selector 0)", R"(\bHMMA\.SP\.16832\.F32\.BF16 )",
     Pipe::HmmaSpF16},
    {"mma.sp.tf", "MMA.tf sparse", "tf32 x tf32 + fp32, A 1:2 sparse", Format::TF32, "CLG_FMT_TF32",
     16, "mma.sp.sync.m16n8k16.f32.tf32.tf32.f32 (selector 0)", R"(\bHMMA\.SP\.16816\.F32\.TF32 )",
     Pipe::HmmaSpTf32},
    {"mma.sp.i8", "MMA.i8 sparse", "int8 x int8 + int32, A 2:4 sparse", Format::S8, "CLG_FMT_S8",
     64, "mma.sp.sync.m16n8k64.s32.s8.s8.s32 (selector 0)", R"(\bIMMA\.SP\.16864\.S8\.S8 )",
     Pipe::ImmaSpS8},
};

MmaSpec sparse_spec(const SparseVariant& x) {
    const ref::mma::Shape tile{16, 8, x.k, true};
    MmaSpec spec;
    spec.entry.id = x.id;
    spec.entry.label = x.label;
    spec.entry.description =
        std::string(x.description) +
        " matrix multiply-accumulate; counts the multiply-adds performed, half of a dense "
        "product's (a data sheet's sparse figure counts the zeros: twice this)";
    spec.entry.unit = ref::mma::is_float(x.format) ? Unit::FlopPerSecond : Unit::OpPerSecond;
    spec.format = x.format;
    spec.options = std::string("-D") + x.define + " -DCLG_MMA_SPARSE";
    const MmaShape hw = tensor_core_shape(tile, x.ptx_instruction);
    MmaShape emu = hw;
    emu.tiles_per_group = 1;
    emu.steps = 2;
    emu.local_size = 64;
    emu.instruction = std::string(x.ptx_instruction) + " emulated in local memory on 32 lanes";
    spec.paths = {
        {{"ptx", {Need::InlinePtx, Need::NvSm80}, "-DCLG_MMA_PTX"}, hw, true},
        {{"emulated",
          {},
          "-DCLG_MMA_PTX -DCLG_PTX_EMU -DCLG_PTX_EMU_WG=" + std::to_string(emu.local_size)},
         emu}};
    spec.entry.counted = {counted("ptx", x.sass, 1, x.pipe, tile)};
    return spec;
}

} // namespace

std::vector<Benchmark> mma() {
    std::vector<Benchmark> v;
    for (const Variant& x : kVariants) {
        MmaSpec spec;
        spec.entry.id = x.id;
        spec.entry.label = x.label;
        spec.entry.description = std::string(x.description) + " matrix multiply-accumulate";
        spec.entry.unit = ref::mma::is_float(x.format) ? Unit::FlopPerSecond : Unit::OpPerSecond;
        spec.format = x.format;
        spec.options = std::string("-D") + x.define;
        spec.paths = {ptx(x, x.ptx_path, x.ptx_need, x.ptx_instruction)};
        const ref::mma::Shape& tile = spec.paths.front().shape.tile;
        spec.entry.counted = {counted(x.ptx_path, x.sass, x.sass_per_mma, x.pipe, tile)};
        if (x.ptx_f16_instruction) {
            spec.paths.push_back(ptx(x, "ptx-f16", Need::NvSm89, x.ptx_f16_instruction));
            spec.entry.counted.push_back(counted("ptx-f16", kHmmaF16, 2, Pipe::HmmaF16, tile));
        }
        if (x.dpas_k) spec.paths.push_back(dpas(x));
        if (x.mfma) spec.paths.push_back(mfma());
        spec.paths.push_back(emulated("emulated-ptx", {Need::InlinePtx},
                                      "-DCLG_MMA_EMU -DCLG_SG_PTX", 32, x.elements_per_word,
                                      "sub-group broadcast + reduce_add"));
        spec.paths.push_back(
            emulated("emulated", {}, "-DCLG_MMA_EMU -DCLG_SG_EMU -DCLG_SG_EMU_SIZE=16", 16,
                     x.elements_per_word, "A and B shared in local memory, each lane its C sums"));
        v.push_back(mma_benchmark(std::move(spec)));
    }
    for (const SparseVariant& x : kSparseVariants)
        v.push_back(mma_benchmark(sparse_spec(x)));
    return v;
}

// Registry order 80: where the family stands in the table, the JSON and the CSV.
const FamilyRegistrar registered(80, mma);

} // namespace clgauge::families

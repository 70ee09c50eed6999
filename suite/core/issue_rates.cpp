#include "core/issue_rates.hpp"

namespace clgauge {
namespace {

struct Row {
    int cc; // major * 10 + minor
    Pipe pipe;
    double lanes;
    const char* source;
};

const char* const kGuide = "CUDA C++ programming guide, arithmetic instruction throughput";
const char* const kTensor = "dense tensor-core rate per SM (NVIDIA H100 whitepaper)";
const char* const kSparseTensor =
    "sparse tensor-core rate per SM (NVIDIA H100 whitepaper), the zeros not counted";
// IDP.4A issues on the integer multiply pipe, at the IMAD rate.
const char* const kDp4a = "IDP.4A on the integer multiply pipe, at the IMAD rate";

// Hopper (H100, H200). The tensor rows are the whitepaper's dense peaks per SM per clock
// (f16 4096 FLOP, tf32 2048, s8 8192 OP) over one HMMA.16816 (4096 FLOP a warp), HMMA.1688
// tf32 (2048) and IMMA.16832 (8192): one warp instruction a clock, 32 lanes. The sparse peaks
// (f16 8192, tf32 4096, s8 16384 counting the zeros) are the same multiply-adds performed: one
// HMMA.SP.16832 (4096 performed a warp), tf32 HMMA.SP (2048) or IMMA.SP.16864 (8192) a clock.
const Row kRows[] = {
    {90, Pipe::Fp32Fma, 128, kGuide},        {90, Pipe::Fp64Fma, 64, kGuide},
    {90, Pipe::Fp16x2Fma, 128, kGuide},      {90, Pipe::IntMad, 64, kGuide},
    {90, Pipe::IntShift, 64, kGuide},        {90, Pipe::Popc, 16, kGuide},
    {90, Pipe::Shuffle, 32, kGuide},         {90, Pipe::Dp4a, 64, kDp4a},
    {90, Pipe::HmmaF16, 32, kTensor},        {90, Pipe::HmmaTf32, 32, kTensor},
    {90, Pipe::ImmaS8, 32, kTensor},         {90, Pipe::HmmaSpF16, 32, kSparseTensor},
    {90, Pipe::ImmaSpS8, 32, kSparseTensor}, {90, Pipe::HmmaSpTf32, 32, kSparseTensor},
};

} // namespace

const char* pipe_name(Pipe p) {
    switch (p) {
    case Pipe::None:
        return "none";
    case Pipe::Fp32Fma:
        return "FFMA";
    case Pipe::Fp64Fma:
        return "DFMA";
    case Pipe::Fp16x2Fma:
        return "HFMA2";
    case Pipe::IntMad:
        return "IMAD";
    case Pipe::IntShift:
        return "SHF";
    case Pipe::Dp4a:
        return "IDP.4A";
    case Pipe::Popc:
        return "POPC";
    case Pipe::Shuffle:
        return "SHFL";
    case Pipe::HmmaF16:
        return "HMMA f16";
    case Pipe::HmmaTf32:
        return "HMMA tf32";
    case Pipe::ImmaS8:
        return "IMMA s8";
    case Pipe::HmmaSpF16:
        return "HMMA.SP f16";
    case Pipe::ImmaSpS8:
        return "IMMA.SP s8";
    case Pipe::HmmaSpTf32:
        return "HMMA.SP tf32";
    }
    return "?";
}

std::optional<IssueRate> nvidia_issue_rate(int cc_major, int cc_minor, Pipe pipe) {
    const int cc = cc_major * 10 + cc_minor;
    for (const Row& r : kRows)
        if (r.cc == cc && r.pipe == pipe) {
            return IssueRate{r.lanes, "sm_" + std::to_string(cc) + ": " +
                                          std::to_string(static_cast<int>(r.lanes)) + " " +
                                          pipe_name(pipe) + " lanes/clock/SM (" + r.source + ")"};
        }
    return std::nullopt;
}

} // namespace clgauge

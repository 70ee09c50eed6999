// How many of one kind of instruction an NVIDIA SM issues per clock, by architecture: the
// peak of a path is its counted instruction's rate x the work one instruction does x SMs x
// clock (measure/ceiling.hpp). Rates are per SM per clock in work-item lanes (a warp-wide HMMA that
// issues once a clock counts 32), from NVIDIA's published arithmetic throughput and tensor
// core rates; an architecture or pipe without a published rate has none.
#pragma once
#include <optional>
#include <string>

namespace clgauge {

// The unit an instruction is issued on, as far as its rate goes.
enum class Pipe {
    None,       // no rate known or claimed
    Fp32Fma,    // FFMA
    Fp64Fma,    // DFMA
    Fp16x2Fma,  // HFMA2 (two half lanes)
    IntMad,     // IMAD, IMAD.WIDE (the integer multiply pipe)
    Dp4a,       // IDP.4A
    IntShift,   // SHF (funnel shifts and rotates)
    Popc,       // POPC
    Shuffle,    // SHFL
    HmmaF16,    // HMMA.16816 f16/bf16 inputs, f32 accumulate
    HmmaTf32,   // HMMA.1688 tf32
    ImmaS8,     // IMMA.16832 s8
    HmmaSpF16,  // HMMA.SP.16832 f16/bf16 inputs with a 2:4 sparse A, f32 accumulate
    HmmaSpTf32, // HMMA.SP tf32 (m16n8k16) with a 1:2 sparse A
    ImmaSpS8,   // IMMA.SP.16864 s8 with a 2:4 sparse A
};

struct IssueRate {
    double lanes_per_clock = 0; // per SM
    std::string basis; // "sm_90: 128 FFMA lanes/clock/SM (CUDA C guide, arithmetic throughput)"
};

std::optional<IssueRate> nvidia_issue_rate(int cc_major, int cc_minor, Pipe pipe);

const char* pipe_name(Pipe p);

} // namespace clgauge

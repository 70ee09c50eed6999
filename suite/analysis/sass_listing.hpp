// NVIDIA SASS as nvdisasm prints it, read into functions of instructions and labels, and the
// loops in them (a branch back to a label before it). What the work audit counts in.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace clgauge {

struct SassLine {
    bool label = false; // a label line (".L_x_3:")
    std::string text;   // the instruction without its address and ';', or the label (".L_x_3")
};

using SassFunction = std::vector<SassLine>;

// nvdisasm -c output: a section per function (".section .text.NAME,...") with a line per
// instruction ("/*0040*/  @!P0 BRA `(.L_x_1) ;") and label lines (".L_x_1:").
std::map<std::string, SassFunction> parse_sass_listing(const std::string& text);

// A loop: the lines [first, last] between a label and the last branch back to it.
struct SassLoop {
    size_t first = 0, last = 0;
};

// A branch in SASS: "@!P0 BRA `(.L_x_1)", its target label the first group.
inline constexpr const char* kSassBranch = R"(\bBRA\b[^`]*`\((\.L_x_\d+)\))";
// A branch in AMDGPU assembly: "s_cbranch_scc1 .LBB0_2", "s_branch .LBB0_2".
inline constexpr const char* kAmdgcnBranch = R"(^s_(cbranch_\w+|branch)\s+(\.LBB\d+_\d+))";

// The loops of `f`: `branch` matches a branch instruction, its last group the target label.
std::vector<SassLoop> sass_loops(const SassFunction& f, const std::string& branch = kSassBranch);

// An AMDGPU kernel's code as clang -S prints it, an instruction or a block label (".LBB0_2:")
// a line, in the same form.
SassFunction amdgcn_function(const std::string& code);

// How many instructions in lines [first, last] of `f` match `regex` (ECMAScript).
size_t count_instructions(const SassFunction& f, const std::string& regex, size_t first = 0,
                          size_t last = static_cast<size_t>(-1));

} // namespace clgauge

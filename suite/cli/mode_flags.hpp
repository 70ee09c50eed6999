// The flag spellings of the commands (clgauge NVIDIA --check, --compare A B, --list): a mode
// flag anywhere among the arguments stands for its subcommand, so that every command line
// written before the subcommands still means what it meant.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace clgauge {

// `args` as a subcommand of `app`: unchanged when the first is a subcommand's name; else the
// mode flag among them (with the values it takes) moved to the front as its subcommand, "run"
// where there is none. Which options take a value (and so are never a mode flag) is `app`'s.
// Two mode flags: UsageError naming both.
std::vector<std::string> as_subcommand(const std::vector<std::string>& args, const CLI::App& app);

} // namespace clgauge

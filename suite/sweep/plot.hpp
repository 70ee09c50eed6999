// Sweep output files: CSV of the points, a self-contained gnuplot script, and its PNG.
#pragma once
#include "sweep/sweep.hpp"

#include <string>

namespace clgauge::sweep {

std::string sweep_csv(const Result& r, const std::string& device);
// A gnuplot script with the data inline that draws `png_name` (pngcairo).
std::string sweep_gnuplot(const Result& r, const std::string& device, const std::string& png_name);

struct Written {
    std::string csv, script, png; // png empty when gnuplot is missing or failed
    std::string warning;
};
// Writes DIR/NAME.csv, DIR/NAME.gp and runs gnuplot for DIR/NAME.png.
Written write_sweep_files(const Result& r, const std::string& device, const std::string& dir);

// Runs `gnuplot script` in `dir`; an empty string on success, else what went wrong.
std::string run_gnuplot(const std::string& dir, const std::string& script_name);
// Quotes text for a gnuplot string literal (single quotes).
std::string gp_quote(const std::string& text);

} // namespace clgauge::sweep

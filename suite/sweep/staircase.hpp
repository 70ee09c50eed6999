// Features of a latency staircase (the chase sweep) and of a bank-conflict curve (the
// local-banks sweep). Pure functions of the points, so they are tested on synthetic curves.
#pragma once
#include <cstddef>
#include <string>
#include <vector>

namespace clgauge::sweep {

// One flat stretch of a latency-over-working-set curve: a cache level (or DRAM, or DRAM with
// TLB misses).
struct Level {
    double latency = 0;          // median y of its points
    double from_x = 0, to_x = 0; // its smallest and largest working set
    size_t first = 0, last = 0;  // indices of those points
    std::string name;            // given by name_levels
};

struct Staircase {
    std::vector<Level> levels; // ascending x; each one at least `min_rise` above the one before
    std::string note;
};

// x ascending (working sets), y latencies (> 0; others are ignored). The curve is cut into
// flat stretches by least squares on log(y) with a cost per stretch (optimal segmentation),
// stretches less than `min_rise` apart are joined, and stretches of one point, or spanning less
// than `min_span` in x (a quarter octave: where points lie close, two on a slope are no
// plateau), are transitions between levels, not levels.
Staircase detect_levels(const std::vector<double>& x, const std::vector<double>& y,
                        double min_rise = 0.08, double min_span = 1.189);

// Names the levels against the last-level cache's size: the first level "L1"; the first level
// that begins at or past `dram_from` x the cache (and every later one) is "DRAM" ("DRAM, TLB
// step k" after it); the levels between are "L2" ("L2 step k" when there are several: a level
// that begins inside the cache is mostly its hits, as the far partition of a split L2 is).
// Returns false when no level begins past the cache (the sweep did not reach DRAM).
bool name_levels(Staircase& s, double last_level_cache_bytes, double dram_from = 1.0);

// The bank count that best explains bandwidth over the stride of 4-byte local reads: a read
// of 32 lanes at stride s touches gcd(s, banks) words of each bank it uses, which the banks
// serve one after another, so the rate is the stride-1 rate / gcd(s, banks). Banks 1 (no
// conflicts) to 64, powers of two.
struct BankFit {
    bool found = false;
    unsigned banks = 0;              // best fit (1: the curve shows no bank conflicts)
    double rms_log_error = 0;        // of log(stride-1 rate / rate) against log(gcd(s, banks))
    double odd_stride_min_ratio = 0; // lowest rate at an odd stride / the stride-1 rate
    std::string note;
};
BankFit fit_banks(const std::vector<double>& strides, const std::vector<double>& rates,
                  double max_rms_log_error = 0.35);
// gcd(stride, banks): how many words of one bank a 32-lane read at this stride touches.
unsigned conflict_ways(unsigned stride, unsigned banks);

} // namespace clgauge::sweep

// Features of sweep curves: the cache bump of a bandwidth-over-size curve, its
// asymptote, the sawtooth period of a throughput-over-threads curve, and where a falling
// curve levels off. Pure functions of the points, so they are tested on synthetic curves.
#pragma once
#include <string>
#include <vector>

namespace clgauge::sweep {

struct Bump {
    bool found = false;   // the peak stands clear of the asymptote
    double asymptote = 0; // median of the largest sizes' values
    double peak = 0;      // highest value
    double peak_x = 0;    // where it is
    double end_x = 0;     // where the curve falls through halfway (in log) to the asymptote
    double bump_peak = 0, bump_peak_x = 0; // the bump's top: the peak, or a local maximum
    std::string note;                      // why not found, or how the asymptote was taken
};
// x ascending (sizes), y the measured values, smoothed by a running median of three (one
// outlier is no feature). `tail` largest points give the asymptote; a bump needs the peak
// above the asymptote by `min_rise` (a fraction).
Bump detect_bump(const std::vector<double>& x, const std::vector<double>& y, size_t tail = 3,
                 double min_rise = 0.15);

struct Sawtooth {
    bool found = false;
    double period = 0;         // x distance between drops (the wave size in work-items)
    std::vector<double> drops; // the last x before each drop
    size_t explained = 0;      // drops within one step of a multiple of the period
    std::string note;
};
// x ascending at (roughly) even steps, y a throughput. A drop is a fall by more than
// `min_drop` (a fraction) from one point to the next; the period is the largest one whose
// multiples explain the most drops, refined by least squares.
Sawtooth detect_sawtooth(const std::vector<double>& x, const std::vector<double>& y,
                         double min_drop = 0.03);

struct Plateau {
    bool found = false;
    double onset_x = 0; // first x from which every later y is within `tol` of the last y
    double level = 0;   // the last y
};
// For a curve that falls and then levels off (throughput over the lane stride).
Plateau detect_plateau(const std::vector<double>& x, const std::vector<double>& y,
                       double tol = 0.2);

// Running median of three: one outlier (a noisy host, one slow launch) is no feature.
std::vector<double> median3(const std::vector<double>& y);

} // namespace clgauge::sweep

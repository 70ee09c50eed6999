// Summary statistics of repeated timings: the median is the figure, the rest its spread.
#pragma once
#include <cstddef>
#include <vector>

namespace clgauge {

struct Stats {
    double median = 0, min = 0, max = 0, mean = 0;
    double mad = 0; // median absolute deviation from the median
    std::vector<double> samples;
    size_t count() const { return samples.size(); }
};

Stats summarize(std::vector<double> samples);

} // namespace clgauge

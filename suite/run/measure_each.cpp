#include "run/measure_each.hpp"

#include "core/program_cache.hpp"

#include <numeric>

namespace clgauge {

bool measure_each(const EachMeasured& loop, ProgressLine* progress) {
    std::vector<size_t> order = loop.order;
    if (order.empty()) {
        order.resize(loop.count);
        std::iota(order.begin(), order.end(), size_t{0});
    }
    bool hung = false;
    size_t done = 0;
    while (!order.empty()) {
        std::vector<size_t> put_off;
        for (size_t i : order) {
            if (hung) {
                if (loop.not_run) loop.not_run(i);
                continue;
            }
            if (progress)
                progress->show(loop.stage, done, loop.count, loop.name ? loop.name(i) : "");
            try {
                hung = loop.measure(i) == Status::Timeout;
                ++done;
            } catch (const BuildPending&) {
                put_off.push_back(i);
            }
        }
        order = std::move(put_off);
    }
    if (progress) progress->clear();
    return hung;
}

} // namespace clgauge

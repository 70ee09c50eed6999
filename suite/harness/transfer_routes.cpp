#include "harness/transfer_routes.hpp"

#include "base/host_copy.hpp"
#include "harness/launch.hpp"
#include "harness/transfer.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"
#include "reference/transfer.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace clgauge {
namespace {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

// One host thread moves a pageable copy at a fraction of what pinned DMA does (a memcpy out of
// a mapping reads about that on a GPU server; baselines/nvidia/NOTES.md). Several threads
// copy (HostCopyPool).
unsigned copy_threads() {
    return std::clamp(std::thread::hardware_concurrency(), 1u, 8u);
}

// The staged routes' two pinned staging buffers, made and mapped once for all their
// transfers (outside the timed span either way).
struct Staging {
    Staging(Session& s, size_t bytes)
        : chunk(bytes), buffer{cl::Buffer(s.context, CL_MEM_ALLOC_HOST_PTR, bytes),
                               cl::Buffer(s.context, CL_MEM_ALLOC_HOST_PTR, bytes)},
          map0(s.queue, buffer[0], CL_MAP_READ | CL_MAP_WRITE, bytes),
          map1(s.queue, buffer[1], CL_MAP_READ | CL_MAP_WRITE, bytes) {}
    size_t chunk;
    cl::Buffer buffer[2];
    Mapping map0, map1;
};

struct Setup {
    size_t bytes, words; // what each transfer moves: the buffers' size, or less (shrink)
    cl::Buffer buffer;   // ALLOC_HOST_PTR for the clpeak routes, device memory when staged
    PageableWords host;
    std::unique_ptr<HostCopyPool> copier;
    std::unique_ptr<Staging> staging; // the staged routes'
};

// One timed transfer of the route; returns its host-clock seconds.
double transfer_once(const RouteSpec& spec, Session& s, Setup& x, double timeout_s) {
    auto& q = s.queue;
    const cl_bool blocking = spec.blocking ? CL_TRUE : CL_FALSE;
    switch (spec.route) {
    case Route::WriteHostBuffer: {
        const auto t0 = Clock::now();
        q.enqueueWriteBuffer(x.buffer, blocking, 0, x.bytes, x.host.get());
        if (!spec.blocking) q.finish();
        return since(t0);
    }
    case Route::ReadHostBuffer: {
        const auto t0 = Clock::now();
        q.enqueueReadBuffer(x.buffer, blocking, 0, x.bytes, x.host.get());
        if (!spec.blocking) q.finish();
        return since(t0);
    }
    case Route::MapForRead: {
        const auto t0 = Clock::now();
        Mapping m(q, x.buffer, CL_MAP_READ, x.bytes);
        return since(t0);
    }
    case Route::UnmapAfterWrite: {
        Mapping m(q, x.buffer, CL_MAP_WRITE, x.bytes);
        x.copier->copy(m.data(), x.host.get(), x.bytes); // untimed: the unmap is the route
        const auto t0 = Clock::now();
        m.unmap();
        return since(t0);
    }
    case Route::MemcpyFromMapped: {
        Mapping m(q, x.buffer, CL_MAP_READ, x.bytes);
        const auto t0 = Clock::now();
        x.copier->copy(x.host.get(), m.data(), x.bytes);
        return since(t0);
    }
    case Route::MemcpyToMapped: {
        Mapping m(q, x.buffer, CL_MAP_WRITE, x.bytes);
        const auto t0 = Clock::now();
        x.copier->copy(m.data(), x.host.get(), x.bytes);
        return since(t0);
    }
    case Route::StagedToHost:
    case Route::StagedFromHost:
        break;
    }
    // Staged: chunks alternate between two pinned staging buffers, so the DMA of one chunk
    // overlaps the host threads' copy of the previous one.
    const bool down = spec.route == Route::StagedToHost;
    const size_t chunk = x.staging->chunk;
    uint32_t* pinned[2] = {x.staging->map0.data(), x.staging->map1.data()};
    char* host = reinterpret_cast<char*>(x.host.get());
    const size_t chunks = (x.bytes + chunk - 1) / chunk;
    auto size_of = [&](size_t k) { return std::min(chunk, x.bytes - k * chunk); };
    cl::Event dma[2];
    const auto t0 = Clock::now();
    if (down) {
        q.enqueueReadBuffer(x.buffer, CL_FALSE, 0, size_of(0), pinned[0], nullptr, &dma[0]);
        q.flush();
        for (size_t k = 0; k < chunks; ++k) {
            wait_for(dma[k % 2], timeout_s);
            if (k + 1 < chunks) {
                q.enqueueReadBuffer(x.buffer, CL_FALSE, (k + 1) * chunk, size_of(k + 1),
                                    pinned[(k + 1) % 2], nullptr, &dma[(k + 1) % 2]);
                q.flush();
            }
            x.copier->copy(host + k * chunk, pinned[k % 2], size_of(k));
        }
    } else {
        for (size_t k = 0; k < chunks; ++k) {
            if (k >= 2) wait_for(dma[k % 2], timeout_s); // its staging buffer is free again
            x.copier->copy(pinned[k % 2], host + k * chunk, size_of(k));
            q.enqueueWriteBuffer(x.buffer, CL_FALSE, k * chunk, size_of(k), pinned[k % 2], nullptr,
                                 &dma[k % 2]);
            q.flush();
        }
        q.finish();
    }
    return since(t0);
}

bool sends(Route r) {
    return r == Route::WriteHostBuffer || r == Route::UnmapAfterWrite ||
           r == Route::MemcpyToMapped || r == Route::StagedFromHost;
}

Measurement run_route(const RouteSpec& spec, Session& s, const ImplPath&, const RunOptions& opts) {
    build_fill_program(s, opts);
    Setup x;
    x.bytes = transfer_bytes(s, opts);
    x.words = x.bytes / 4;
    x.copier = std::make_unique<HostCopyPool>(copy_threads());
    require_allocation(s, x.bytes, spec.entry.id + " buffer");
    const bool staged = spec.route == Route::StagedToHost || spec.route == Route::StagedFromHost;
    x.buffer = cl::Buffer(
        s.context, staged ? CL_MEM_READ_WRITE : CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, x.bytes);
    x.host = pageable_words(x.words);
    if (staged) x.staging = std::make_unique<Staging>(s, std::min<size_t>(x.bytes, 32u << 20));
    const bool send = sends(spec.route);
    if (send) {
        fill_sent_words(x.host.get(), x.words, opts.seed);
        fill_device(s, x.buffer, x.words, opts.seed ^ 0xa5a5a5a5u, 7, opts); // junk to replace
    } else {
        fill_sentinel(x.host.get(), x.words, 0xdeadbeefu);
        fill_device(s, x.buffer, x.words, opts.seed, ref::kReceiveStream, opts);
    }
    s.queue.finish();
    // A buffer's first mapping is the driver's first touch of it (pinning, a staging copy),
    // many times a later one's: it is made here, before the budget's launches.
    const bool maps = spec.route == Route::MapForRead || spec.route == Route::UnmapAfterWrite ||
                      spec.route == Route::MemcpyFromMapped || spec.route == Route::MemcpyToMapped;
    if (maps) Mapping(s.queue, x.buffer, CL_MAP_READ | CL_MAP_WRITE, x.bytes).unmap();

    // The host clock is the only clock of these routes.
    MeasurementDriver d(s, opts);
    KernelHarness h;
    h.timed = [&](int warmups, int reps) {
        std::vector<double> times;
        for (int i = 0; i < warmups + reps; ++i) {
            const double t = transfer_once(spec, s, x, opts.timeout_s);
            if (i >= warmups) times.push_back(t);
        }
        const Stats st = summarize(std::move(times));
        return Timings{st, st};
    };
    // A copy's time follows its bytes. The routes through a mapping are not cut: fewer bytes
    // would measure the host's caches (a memcpy of tens of MiB) or a mapping's fixed cost (an
    // unmap), not the route; each sample pays for its mapping, which the ledger charges.
    if (!maps)
        h.sizing.shrink = [&](double factor) {
            if (!shrink_transfer(x.bytes, factor)) return false;
            x.words = x.bytes / 4;
            return true;
        };
    h.describe = [&](Measurement& m) {
        m.work_per_launch = double(x.bytes);
        m.details = {{"bytes", std::to_string(x.bytes)},
                     {"clock", "host (steady_clock)"},
                     {"host_threads", std::to_string(x.copier->threads())}};
    };
    // What arrived: the device-side buffer read back for the sending routes; for the
    // receiving ones the pageable memory, or the mapping itself.
    h.check.verify = [&] {
        Verification v;
        if (spec.route == Route::MapForRead) {
            Mapping map(s.queue, x.buffer, CL_MAP_READ, x.bytes);
            check_transfer_words(map.data(), x.words, opts.seed, true, "mapped", v);
        } else if (send) {
            const PageableWords back = pageable_words(x.words);
            fill_sentinel(back.get(), x.words, 0x5a5a5a5au);
            s.queue.enqueueReadBuffer(x.buffer, CL_TRUE, 0, x.bytes, back.get());
            check_transfer_words(back.get(), x.words, opts.seed, false, "sent", v);
        } else {
            check_transfer_words(x.host.get(), x.words, opts.seed, true, "received", v);
        }
        return v;
    };
    h.check.noun = "words that arrived";
    return d.run(h);
}

} // namespace

Benchmark transfer_route_benchmark(RouteSpec spec) {
    spec.entry.host_timed = true; // the host clock times it, the host's threads copy
    return make_benchmark(std::move(spec), run_route, "transfer", Unit::BytePerSecond);
}

} // namespace clgauge

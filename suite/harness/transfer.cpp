#include "harness/transfer.hpp"

#include "base/number_text.hpp"
#include "base/parallel_for.hpp"
#include "core/memory_peak.hpp"
#include "core/pcie_link.hpp"
#include "harness/host_reference.hpp"
#include "harness/launch.hpp"
#include "measure/measurement_driver.hpp"
#include "measure/verify.hpp"
#include "reference/transfer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace clgauge {
namespace {

constexpr size_t kConformanceBytes = (4u << 20) + 4100;
constexpr size_t kSmallBytes = (64u << 10) + 4100; // RunOptions::small_launch
// One transfer on a CPU device: 12.8 MiB, the size the default budget of 100 ms gave it when
// the size followed the budget, whatever the budget now.
constexpr double kCpuTransferBytes = double(32 << 20) * 0.4;
// The host memcpy timed beside each sample of a pageable copy: large against the last-level
// cache, small against the copy.
constexpr size_t kReferenceBytes = size_t(64) << 20;
// The piece sizes a pageable copy is tried in (0: the whole copy at once).
constexpr size_t kPageablePieces[] = {0, size_t(64) << 20, size_t(16) << 20, size_t(4) << 20};

} // namespace

size_t transfer_bytes(const Session& s, const RunOptions& opts) {
    if (opts.mode == Mode::Conformance) return opts.small_launch ? kSmallBytes : kConformanceBytes;
    double bytes = s.facts().is_cpu() ? kCpuTransferBytes : double(256 << 20);
    if (opts.launch.transfer_bytes) bytes = double(*opts.launch.transfer_bytes);
    bytes = std::min(bytes, double(max_buffer_bytes(s)) / 2);
    return std::max<size_t>(4096, size_t(bytes) / 4096 * 4096);
}

namespace {

// Host memory for one direction: a plain vector, or a mapped CL_MEM_ALLOC_HOST_PTR buffer
// (page-locked by the driver, so the copy engine reads it directly).
class HostBuffer {
  public:
    HostBuffer(Session& s, size_t bytes, HostMemory kind) {
        if (kind == HostMemory::Pageable) {
            pageable_ = pageable_words(bytes / 4);
            data_ = pageable_.get();
            return;
        }
        pinned_ = cl::Buffer(s.context, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes);
        data_ = mapping_.emplace(s.queue, pinned_, CL_MAP_READ | CL_MAP_WRITE, bytes).data();
    }
    uint32_t* data() { return data_; }

  private:
    PageableWords pageable_;
    cl::Buffer pinned_;
    std::optional<Mapping> mapping_; // after the buffer: unmapped first
    uint32_t* data_ = nullptr;
};

} // namespace

void build_fill_program(Session& s, const RunOptions& opts) {
    (void)build_kernel(s, "transfer.cl", "clg_fill_u32", "", opts);
}

void fill_device(Session& s, const cl::Buffer& buf, size_t words, uint32_t seed, uint32_t stream,
                 const RunOptions& opts) {
    cl::Kernel k = build_kernel(s, "transfer.cl", "clg_fill_u32", "", opts);
    fill_buffer(s, k, buf, words, opts.timeout_s, seed, stream);
}

PageableWords pageable_words(size_t words) {
    const size_t bytes = (words * sizeof(uint32_t) + 4095) / 4096 * 4096;
    PageableWords p(
        static_cast<uint32_t*>(std::aligned_alloc(4096, std::max<size_t>(bytes, 4096))));
    if (!p) throw std::bad_alloc();
    return p;
}

bool shrink_transfer(size_t& bytes, double factor) {
    const size_t cut = std::max<size_t>(4096, size_t(double(bytes) * factor) / 4096 * 4096);
    if (cut >= bytes) return false;
    bytes = cut;
    return true;
}

void fill_sentinel(uint32_t* dst, size_t words, uint32_t pattern) {
    parallel_for(
        words,
        [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                dst[i] = pattern ^ uint32_t(i);
        },
        size_t(1) << 20);
}

void fill_sent_words(uint32_t* dst, size_t words, uint32_t seed) {
    parallel_for(
        words,
        [&](size_t begin, size_t end) {
            for (size_t i = begin; i < end; ++i)
                dst[i] = ref::sent_word(seed, uint32_t(i));
        },
        size_t(1) << 20);
}

// Every word of `got` against the stream the CPU recomputes.
void check_transfer_words(const uint32_t* got, size_t words, uint32_t seed, bool received,
                          const char* what, Verification& v) {
    auto want = [&](size_t i) {
        return received ? ref::received_word(seed, uint32_t(i)) : ref::sent_word(seed, uint32_t(i));
    };
    // Hundreds of MiB of words: in pieces on every core, each counting its mismatches and
    // keeping its first.
    constexpr size_t kPieces = 256;
    std::vector<size_t> mismatches(kPieces, 0), first(kPieces, words);
    parallel_for(kPieces, [&](size_t begin, size_t end) {
        for (size_t p = begin; p < end; ++p)
            for (size_t i = words * p / kPieces; i < words * (p + 1) / kPieces; ++i)
                if (got[i] != want(i) && mismatches[p]++ == 0) first[p] = i;
    });
    v.checked += words;
    for (size_t p = 0; p < kPieces; ++p) {
        if (mismatches[p] == 0) continue;
        if (v.mismatches == 0) {
            const size_t i = first[p];
            char buf[160];
            std::snprintf(buf, sizeof buf, "%s word %zu: got 0x%08x, expected 0x%08x", what, i,
                          got[i], want(i));
            v.first_mismatch = buf;
        }
        v.mismatches += mismatches[p];
    }
}

Mapping::Mapping(cl::CommandQueue& q, const cl::Buffer& b, cl_map_flags flags, size_t bytes)
    : q_(q), b_(b) {
    p_ = static_cast<uint32_t*>(q.enqueueMapBuffer(b, CL_TRUE, flags, 0, bytes));
}

void Mapping::unmap() {
    if (!p_) return;
    try {
        q_.enqueueUnmapMemObject(b_, p_);
        q_.finish();
    } catch (const cl::Error&) {
    }
    p_ = nullptr;
}

namespace {

// The link that carries `per_direction` bytes/s: generation estimated for an x16 link.
void add_link(const Session& s, const TransferSpec& spec, double per_direction, Measurement& m) {
    if (s.facts().is_cpu()) {
        m.details.push_back({"link", "host memory"});
        m.details.push_back({"label_note", "host memory"});
        return;
    }
    if (auto sysfs = pcie_link_from_sysfs(s.facts())) m.details.push_back({"pcie_sysfs", *sysfs});
    if (spec.host != HostMemory::Pinned) return; // pageable copies say more about the host
    double x16[7] = {};
    for (int g = 1; g <= 6; ++g)
        x16[g] = pcie_bytes_per_second(g, 16);
    const int gen = ref::pcie_generation_for(per_direction, x16);
    if (gen == 0) {
        m.details.push_back({"link", "faster than PCIe Gen6 x16"});
        m.details.push_back({"label_note", "> Gen6 x16"});
        return;
    }
    const std::string link = "Gen" + std::to_string(gen) + " x16";
    m.details.push_back({"link", link + " (estimated from " +
                                     number_text(per_direction / 1e9, "%.1f") +
                                     " GB/s per direction)"});
    m.details.push_back({"link_peak_Bps", number_text(x16[gen])});
    m.details.push_back({"share", number_text(100.0 * per_direction / x16[gen], "%.0f%%")});
    m.details.push_back({"label_note", link});
}

Measurement run_transfer(const TransferSpec& spec, Session& s, const ImplPath&,
                         const RunOptions& opts) {
    MeasurementDriver d(s, opts);
    build_fill_program(s, opts);
    const size_t bytes = transfer_bytes(s, opts);
    const size_t words = bytes / 4;
    const bool up = spec.direction != Direction::DeviceToHost;
    const bool down = spec.direction != Direction::HostToDevice;

    std::optional<HostBuffer> src, dst;
    cl::Buffer dev_up, dev_down;
    if (up) {
        src.emplace(s, bytes, spec.host);
        fill_sent_words(src->data(), words, opts.seed);
        dev_up = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
        fill_device(s, dev_up, words, opts.seed ^ 0xa5a5a5a5u, 7, opts);
    }
    if (down) {
        dst.emplace(s, bytes, spec.host);
        fill_sentinel(dst->data(), words, 0xdeadbeefu);
        dev_down = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
        fill_device(s, dev_down, words, opts.seed, ref::kReceiveStream, opts);
    }
    // The bytes each transfer moves: all of them, or fewer where one transfer of all would
    // break the budget's bound (a pageable copy through the host's cores).
    size_t moved = bytes;
    auto send = [&](cl::CommandQueue& q) {
        cl::Event e;
        q.enqueueWriteBuffer(dev_up, CL_FALSE, 0, moved, src->data(), nullptr, &e);
        return e;
    };
    auto receive = [&](cl::CommandQueue& q) {
        cl::Event e;
        q.enqueueReadBuffer(dev_down, CL_FALSE, 0, moved, dst->data(), nullptr, &e);
        return e;
    };

    // Pageable memory goes through the driver's own pinned staging buffers. In pieces, the
    // driver stages one while the copy engine moves the one before, where one copy of hundreds
    // of MiB may be staged whole first: the piece size that moves fastest on this host is the
    // route's (the whole copy among the candidates), chosen once by timing each.
    size_t piece = moved;
    bool piece_chosen = spec.host == HostMemory::Pinned;
    auto copy_in_pieces = [&](cl::CommandQueue& q) {
        cl::Event first, last;
        for (size_t at = 0; at < moved; at += piece) {
            const size_t n = std::min(piece, moved - at);
            cl::Event e;
            if (up)
                q.enqueueWriteBuffer(dev_up, CL_FALSE, at, n, src->data() + at / 4, nullptr, &e);
            else
                q.enqueueReadBuffer(dev_down, CL_FALSE, at, n, dst->data() + at / 4, nullptr, &e);
            if (at == 0) first = e;
            last = e;
        }
        q.flush();
        wait_for(last, opts.timeout_s);
        return std::pair{first, last};
    };
    auto choose_piece = [&] {
        double best = HUGE_VAL;
        size_t best_piece = moved;
        for (const size_t candidate : kPageablePieces) {
            if (candidate != 0 && candidate >= moved) continue;
            piece = candidate == 0 ? moved : candidate;
            double fastest = HUGE_VAL;
            for (int i = 0; i < 2; ++i) {
                s.queue.finish();
                const auto t0 = std::chrono::steady_clock::now();
                (void)copy_in_pieces(s.queue);
                fastest = std::min(
                    fastest,
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
            }
            if (fastest < best) best = fastest, best_piece = piece;
        }
        piece = best_piece;
        piece_chosen = true;
    };

    // A pageable copy follows the host: beside each sample the host's own memcpy of as many
    // bytes (at most kReferenceBytes) is timed.
    HostReference reference(std::min(bytes, kReferenceBytes), spec.host == HostMemory::Pageable &&
                                                                  !s.facts().is_cpu() &&
                                                                  opts.mode == Mode::Perf);

    KernelHarness h;
    double per_direction = 0;
    if (spec.direction != Direction::Both && spec.host == HostMemory::Pageable) {
        h.timed = [&](int warmups, int reps) {
            if (!piece_chosen) choose_piece();
            std::vector<double> span, host;
            for (int i = 0; i < warmups + reps; ++i) {
                s.queue.finish();
                const auto t0 = std::chrono::steady_clock::now();
                const auto [first, last] = copy_in_pieces(s.queue);
                const auto t1 = std::chrono::steady_clock::now();
                if (i < warmups) continue;
                span.push_back(double(last.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                                      first.getProfilingInfo<CL_PROFILING_COMMAND_START>()) *
                               1e-9);
                host.push_back(std::chrono::duration<double>(t1 - t0).count());
                reference.time();
            }
            return Timings{summarize(span), summarize(host)};
        };
        h.describe = [&](Measurement& m) {
            m.work_per_launch = double(moved);
            per_direction =
                m.timings.device.median > 0 ? double(moved) / m.timings.device.median : 0;
            m.details.push_back({"piece_bytes", std::to_string(std::min(piece, moved))});
        };
    } else if (spec.direction != Direction::Both) {
        h.enqueue = up ? Enqueue(send) : Enqueue(receive);
        h.describe = [&](Measurement& m) {
            m.work_per_launch = double(moved);
            per_direction =
                m.timings.device.median > 0 ? double(moved) / m.timings.device.median : 0;
        };
    }
    // Both directions at once, on two in-order queues: the span from the first START to the
    // last END.
    std::optional<cl::CommandQueue> second;
    std::vector<double> each_up, each_down; // of every sample kept
    if (spec.direction == Direction::Both) {
        second.emplace(s.context, s.entry.device, CL_QUEUE_PROFILING_ENABLE);
        h.timed = [&](int warmups, int reps) {
            std::vector<double> span, host;
            for (int i = 0; i < warmups + reps; ++i) {
                s.queue.finish();
                second->finish();
                const auto t0 = std::chrono::steady_clock::now();
                cl::Event a = send(s.queue), b = receive(*second);
                s.queue.flush();
                second->flush();
                wait_for(a, opts.timeout_s);
                wait_for(b, opts.timeout_s);
                const auto t1 = std::chrono::steady_clock::now();
                if (i < warmups) continue;
                const auto start = std::min(a.getProfilingInfo<CL_PROFILING_COMMAND_START>(),
                                            b.getProfilingInfo<CL_PROFILING_COMMAND_START>());
                const auto end = std::max(a.getProfilingInfo<CL_PROFILING_COMMAND_END>(),
                                          b.getProfilingInfo<CL_PROFILING_COMMAND_END>());
                span.push_back(double(end - start) * 1e-9);
                host.push_back(std::chrono::duration<double>(t1 - t0).count());
                each_up.push_back(event_seconds(a));
                each_down.push_back(event_seconds(b));
                reference.time();
            }
            return Timings{summarize(span), summarize(host)};
        };
        h.describe = [&](Measurement& m) {
            m.work_per_launch = 2.0 * double(moved);
            const double t_up = summarize(each_up).median, t_down = summarize(each_down).median;
            m.details.push_back({"send_Bps", number_text(double(moved) / t_up)});
            m.details.push_back({"receive_Bps", number_text(double(moved) / t_down)});
            per_direction = std::max(double(moved) / t_up, double(moved) / t_down);
        };
    }
    const auto describe = h.describe;
    h.describe = [&, describe](Measurement& m) {
        describe(m);
        m.details.push_back({"bytes", std::to_string(moved)});
        reference.describe(m);
        m.details.push_back({"host_memory", spec.host == HostMemory::Pinned
                                                ? "pinned (CL_MEM_ALLOC_HOST_PTR, mapped)"
                                                : "pageable (std::vector)"});
    };
    // The round trip: what went up comes back into fresh host memory; what came down is
    // checked where it landed.
    h.sizing.shrink = [&](double factor) {
        each_up.clear(); // the first launch's, of all the bytes
        each_down.clear();
        piece_chosen = spec.host == HostMemory::Pinned; // chosen again at the size measured
        return shrink_transfer(moved, factor);
    };
    h.check.verify = [&] {
        Verification v;
        const size_t arrived = moved / 4;
        if (up) {
            const PageableWords back = pageable_words(arrived);
            fill_sentinel(back.get(), arrived, 0x5a5a5a5au);
            s.queue.enqueueReadBuffer(dev_up, CL_TRUE, 0, moved, back.get());
            check_transfer_words(back.get(), arrived, opts.seed, false, "sent", v);
        }
        if (down) check_transfer_words(dst->data(), arrived, opts.seed, true, "received", v);
        return v;
    };
    h.check.noun = "words after the round trip";
    Measurement m = d.run(h);
    if (m.status == Status::Ok) add_link(s, spec, per_direction, m);
    return m;
}

} // namespace

Benchmark transfer_benchmark(TransferSpec spec) {
    // A pageable copy goes through the driver's staging copies on the host's cores.
    spec.entry.host_timed = true;
    return make_benchmark(std::move(spec), run_transfer, "transfer", Unit::BytePerSecond);
}

} // namespace clgauge

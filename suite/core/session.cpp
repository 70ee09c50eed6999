#include "core/session.hpp"

namespace clgauge {

Session::Session(const DeviceEntry& e)
    : entry(e), context(std::vector<cl::Device>{e.device}),
      queue(context, e.device, CL_QUEUE_PROFILING_ENABLE), caps(detect_capabilities(context, e)),
      programs(context, e.device, e.facts.is_nvidia()), cores(estimate_cores(e.facts)) {}

} // namespace clgauge

// What the running benchmark is doing right now (a geometry, a path), kept where a fatal
// signal's handler can read it without allocating: the crash record then names the launch
// that took the process down (process/crash_journal.hpp).
#pragma once
#include <string_view>

namespace clgauge {

void set_crash_context(std::string_view what); // "" clears it
// The context as a JSON string literal, quotes included; safe to call in a signal handler.
std::string_view crash_context_json();

} // namespace clgauge

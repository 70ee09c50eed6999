// Text a user supplied, as a message echoes it: a value read from a file or the command line
// can be megabytes long, and an error that repeats it whole buries what it says.
#pragma once
#include <cstddef>
#include <string>

namespace clgauge {

// The longest text a message repeats whole.
constexpr size_t kClippedTextMax = 400;

// `text` itself when at most `max` characters; else its head and tail with how much was left
// out between them ("abc ... [10485360 characters left out] ... xyz").
std::string clipped(const std::string& text, size_t max = kClippedTextMax);

} // namespace clgauge

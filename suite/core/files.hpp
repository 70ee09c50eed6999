// File utilities shared by the reports, the baselines and the sweeps.
#pragma once
#include <optional>
#include <string>

namespace clgauge {

// Now, as "2026-11-21T07:30:00Z".
std::string utc_timestamp();

// The whole file, byte for byte; nothing when it cannot be opened.
std::optional<std::string> read_file_text(const std::string& path);

// Writes to path.tmp then renames, so a reader never sees half a file.
void write_file_atomically(const std::string& path, const std::string& text);

} // namespace clgauge

// Reading fields of a JSON object written by clgauge (reports, baselines) or edited by hand:
// every error names the file and the field ("b.json: devices[0].metrics[3].unit: ..."), as an
// `Error` (a std::runtime_error the caller chooses, so each file kind keeps its own type).
#pragma once
#include "base/clipped_text.hpp"
#include "base/files.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clgauge {

template <class Error> class JsonFields {
  public:
    JsonFields(const nlohmann::json& j, std::string file, std::string where)
        : j_(j), file_(std::move(file)), where_(std::move(where)) {
        if (!j_.is_object()) fail("", "must be a JSON object");
    }
    [[noreturn]] void fail(const std::string& key, const std::string& what) const {
        std::string field = where_;
        if (!key.empty()) field += (field.empty() ? "" : ".") + key;
        throw Error(file_ + ": " + (field.empty() ? "top level" : clipped(field)) + ": " +
                    clipped(what));
    }
    const nlohmann::json& at(const std::string& key) const {
        auto it = j_.find(key);
        if (it == j_.end()) fail(key, "missing field");
        return *it;
    }
    bool has(const std::string& key) const { return j_.contains(key); }
    std::string str(const std::string& key, bool required = true) const {
        if (!required && !has(key)) return "";
        const nlohmann::json& v = at(key);
        if (!v.is_string()) fail(key, "must be a string, got " + v.dump());
        return v.get<std::string>();
    }
    double number(const std::string& key) const {
        const nlohmann::json& v = at(key);
        if (!v.is_number()) fail(key, "must be a number, got " + v.dump());
        const double x = v.get<double>();
        if (!std::isfinite(x)) fail(key, "must be finite");
        return x;
    }
    double positive(const std::string& key) const {
        const double x = number(key);
        if (!(x > 0)) fail(key, "must be positive, got " + at(key).dump());
        return x;
    }
    bool boolean(const std::string& key) const {
        const nlohmann::json& v = at(key);
        if (!v.is_boolean()) fail(key, "must be true or false, got " + v.dump());
        return v.get<bool>();
    }
    uint32_t count(const std::string& key, bool required = true) const {
        if (!required && !has(key)) return 0;
        const nlohmann::json& v = at(key);
        if (!v.is_number_unsigned() || v.get<uint64_t>() > 0xffffffffu)
            fail(key, "must be a non-negative integer, got " + v.dump());
        return static_cast<uint32_t>(v.get<uint64_t>());
    }
    // An array of positive finite numbers, e.g. samples.
    std::vector<double> positives(const std::string& key) const {
        const nlohmann::json& s = at(key);
        if (!s.is_array()) fail(key, "must be an array of numbers, got " + s.dump());
        std::vector<double> out;
        out.reserve(s.size());
        for (size_t i = 0; i < s.size(); ++i) {
            if (!s[i].is_number() || !std::isfinite(s[i].get<double>()) ||
                !(s[i].get<double>() > 0))
                fail(key + "[" + std::to_string(i) + "]",
                     "must be a positive number, got " + s[i].dump());
            out.push_back(s[i].get<double>());
        }
        return out;
    }
    const nlohmann::json& array(const std::string& key) const {
        const nlohmann::json& v = at(key);
        if (!v.is_array()) fail(key, "must be an array, got " + v.dump().substr(0, 80));
        return v;
    }
    JsonFields object(const std::string& key) const {
        return JsonFields(at(key), file_, where_.empty() ? key : where_ + "." + key);
    }
    // The i-th element of the array `key`, itself an object.
    JsonFields element(const std::string& key, size_t i) const {
        return JsonFields(array(key).at(i), file_,
                          (where_.empty() ? key : where_ + "." + key) + "[" + std::to_string(i) +
                              "]");
    }
    const std::string& where() const { return where_; }
    const std::string& file() const { return file_; }

  private:
    const nlohmann::json& j_;
    std::string file_, where_;
};

// `text` as JSON; "file: not valid JSON: ..." (as Error) when it is not, a number in it
// overflows, or an object holds one key twice (JSON leaves that undefined: the reader would
// keep one value silently).
template <class Error> nlohmann::json parse_json(const std::string& text, const std::string& file) {
    // One set of keys per open object, and the key path for the message.
    std::vector<std::vector<std::string>> seen;
    std::vector<std::string> where;
    std::string duplicate;
    const nlohmann::json::parser_callback_t check_keys =
        [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
            using Event = nlohmann::json::parse_event_t;
            if (event == Event::object_start || event == Event::array_start)
                where.resize(size_t(depth)); // an array's level has no key: left empty
            if (event == Event::object_start) {
                seen.emplace_back();
            } else if (event == Event::object_end) {
                seen.pop_back();
            } else if (event == Event::key && duplicate.empty()) {
                const std::string key = parsed.get<std::string>();
                auto& keys = seen.back();
                if (std::find(keys.begin(), keys.end(), key) != keys.end()) {
                    std::string path;
                    for (size_t i = 0; i + 1 < size_t(depth) && i < where.size(); ++i)
                        if (!where[i].empty()) path += where[i] + ".";
                    duplicate = path + key;
                }
                keys.push_back(key);
                where.resize(size_t(depth));
                where[size_t(depth) - 1] = key;
            }
            return true;
        };
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(text, check_keys);
    } catch (const nlohmann::json::exception& e) {
        throw Error(file + ": not valid JSON: " + e.what());
    }
    if (!duplicate.empty()) throw Error(file + ": " + duplicate + ": duplicate key");
    return j;
}

// The whole file; "path: is a directory, not a file" and the like (as Error) when it cannot be
// read (base/files.hpp: read_file_text).
template <class Error> std::string read_text(const std::string& path) {
    std::string why;
    std::optional<std::string> text = read_file_text(path, &why);
    if (!text) throw Error(path + ": " + why);
    return std::move(*text);
}

} // namespace clgauge

#include "options/options.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <type_traits>

namespace lsmip {
namespace {

template <typename T>
constexpr OptionType type_of() {
  if constexpr (std::is_same_v<T, bool>) return OptionType::kBool;
  if constexpr (std::is_same_v<T, std::int64_t>) return OptionType::kInt;
  if constexpr (std::is_same_v<T, double>) return OptionType::kDouble;
  return OptionType::kString;
}

constexpr OptionSpec kSpecs[] = {
#define LSMIP_OPTION_SPEC(opt, type, def, lo, hi, choices, group, help) \
  {#opt, type_of<type>(), #def, static_cast<double>(lo), static_cast<double>(hi), choices, group, help},
    LSMIP_OPTIONS(LSMIP_OPTION_SPEC)
#undef LSMIP_OPTION_SPEC
};

std::string normalise(std::string_view name) {
  std::string out(name);
  for (char& c : out) {
    if (c == '-') c = '_';
  }
  return out;
}

std::string format_double(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  // Prefer the shortest form that reads back exactly.
  for (int p = 1; p <= 17; ++p) {
    char shorter[64];
    std::snprintf(shorter, sizeof shorter, "%.*g", p, v);
    if (std::strtod(shorter, nullptr) == v) return shorter;
  }
  return buf;
}

// A bool option with choices "on|off" is written on or off, the others true or false.
std::string text_of(const OptionSpec& spec, bool v) {
  if (!spec.choices.empty()) return v ? "on" : "off";
  return v ? "true" : "false";
}
std::string text_of(const OptionSpec&, std::int64_t v) { return std::to_string(v); }
std::string text_of(const OptionSpec&, double v) { return format_double(v); }
std::string text_of(const OptionSpec&, const std::string& v) { return v; }

Status usage(std::string msg) { return {StatusCode::kUsageError, std::move(msg)}; }

Status parse_into(const OptionSpec& spec, std::string_view text, bool& out) {
  if (text == "true" || text == "1" || text == "yes" || text == "on") {
    out = true;
  } else if (text == "false" || text == "0" || text == "no" || text == "off") {
    out = false;
  } else if (!spec.choices.empty()) {
    return usage("option '" + std::string(spec.name) + "' must be one of " + std::string(spec.choices) +
                 ", got '" + std::string(text) + "'");
  } else {
    return usage("option '" + std::string(spec.name) + "' expects true or false, got '" +
                 std::string(text) + "'");
  }
  return {};
}

Status parse_into(const OptionSpec& spec, std::string_view text, std::int64_t& out) {
  std::int64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) {
    return usage("option '" + std::string(spec.name) + "' expects an integer, got '" +
                 std::string(text) + "'");
  }
  if (static_cast<double>(v) < spec.min || static_cast<double>(v) > spec.max) {
    return usage("option '" + std::string(spec.name) + "' must be in [" + format_double(spec.min) +
                 ", " + format_double(spec.max) + "], got " + std::string(text));
  }
  out = v;
  return {};
}

Status parse_into(const OptionSpec& spec, std::string_view text, double& out) {
  double v = 0;
  std::string t(text);
  if (t == "inf" || t == "+inf" || t == "infinity") {
    v = kInf;
  } else if (t == "-inf" || t == "-infinity") {
    v = -kInf;
  } else {
    const char* b = text.data();
    const auto [ptr, ec] = std::from_chars(b + (t[0] == '+' ? 1 : 0), b + text.size(), v);
    if (ec != std::errc() || ptr != b + text.size() || std::isnan(v)) {
      return usage("option '" + std::string(spec.name) + "' expects a number, got '" + t + "'");
    }
  }
  if (v < spec.min || v > spec.max) {
    return usage("option '" + std::string(spec.name) + "' must be in [" + format_double(spec.min) +
                 ", " + format_double(spec.max) + "], got " + t);
  }
  out = v;
  return {};
}

Status parse_into(const OptionSpec& spec, std::string_view text, std::string& out) {
  if (!spec.choices.empty()) {
    std::string_view rest = spec.choices;
    bool found = false;
    while (!rest.empty()) {
      const auto bar = rest.find('|');
      if (rest.substr(0, bar) == text) found = true;
      rest = bar == std::string_view::npos ? std::string_view() : rest.substr(bar + 1);
    }
    if (!found) {
      return usage("option '" + std::string(spec.name) + "' must be one of " +
                   std::string(spec.choices) + ", got '" + std::string(text) + "'");
    }
  }
  out = std::string(text);
  return {};
}

}  // namespace

std::span<const OptionSpec> option_specs() { return kSpecs; }

Status set_option(Options& options, std::string_view name, std::string_view value) {
  const std::string key = normalise(name);
#define LSMIP_OPTION_SET(opt, type, def, lo, hi, choices, group, help)           \
  if (key == #opt) {                                                              \
    for (const OptionSpec& spec : kSpecs)                                         \
      if (spec.name == key) return parse_into(spec, value, options.opt);          \
  }
  LSMIP_OPTIONS(LSMIP_OPTION_SET)
#undef LSMIP_OPTION_SET
  return usage("unknown option '" + std::string(name) + "' (see --help)");
}

std::string option_value_text(const Options& options, std::string_view name) {
  const std::string key = normalise(name);
#define LSMIP_OPTION_GET(opt, type, def, lo, hi, choices, group, help) \
  if (key == #opt) {                                                   \
    for (const OptionSpec& spec : kSpecs)                              \
      if (spec.name == key) return text_of(spec, options.opt);         \
  }
  LSMIP_OPTIONS(LSMIP_OPTION_GET)
#undef LSMIP_OPTION_GET
  return "";
}

Status read_options_file(Options& options, const std::string& path) {
  std::ifstream in(path);
  if (!in) return {StatusCode::kIoError, "cannot open options file", {path, 0}};
  std::string line;
  std::int64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos) continue;
    const auto eq = line.find('=');
    if (eq == std::string::npos) {
      return {StatusCode::kUsageError, "expected 'name = value', got '" + line.substr(first) + "'",
              {path, number}};
    }
    auto trim = [](std::string s) {
      const auto b = s.find_first_not_of(" \t");
      const auto e = s.find_last_not_of(" \t");
      return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
    };
    const std::string key = trim(line.substr(0, eq));
    const std::string value = trim(line.substr(eq + 1));
    Status st = set_option(options, key, value);
    if (!st.ok()) return {st.code(), st.message(), {path, number}};
  }
  return {};
}

}  // namespace lsmip
